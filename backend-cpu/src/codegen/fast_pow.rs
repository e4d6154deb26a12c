//! Inline `pow` (and `powr`, `native_powr`) on f32 for a positive normal `x` and a `y` that
//! keeps `|y log2 x|` at most 126, in place of a call to the library routine, with the same
//! instructions for scalar and vector operands (see [`super::fast_math`]).
//!
//! `x = (1 + f) 2^e` with `1 + f` in [sqrt(1/2), sqrt(2)) (exact, as for `log`); then in
//! double precision ([`super::f64_parts`]):
//! - `ln(1 + f) = 2 atanh(s)` with `s = f / (2 + f)`, `|s| <= 0.1716`, by its series up to
//!   `s^13` (the first term left out is below 1.3e-12 of the sum);
//! - `t = y (e + ln(1 + f) log2 e)`: `|ln(1 + f)| <= 0.347` and `|y| <= 126` when `e = 0`
//!   (the test below), so `t`'s absolute error stays below 126 x 0.347 x 1.3e-12 x 1.45
//!   plus a few units of 2^-53 x 126, about 1e-10;
//! - `2^t = 2^n exp(r ln 2)` with `n = nearest(t)`, `r = t - n` exact, and `exp` by its
//!   Taylor series to degree 9 on `|r ln 2| <= 0.347` (the first term left out is below
//!   1e-11 of the sum).
//!
//! `exp(r ln 2)` is rounded to float once and multiplied by `2^n`, built in the exponent
//! field (`|n| <= 126`): exact, except that `t` may lie up to 2^-18 below -126 (the test
//! rounds in float), where the product is subnormal by that margin and rounds once more.
//! The double-precision steps add about 1e-10 relative error (0.002 ulp), so the result is
//! within about 0.5 ulp of `x^y`, far inside OpenCL 1.2's 16; `backend-cpu/tests/math_ulp.rs` measures it.
//!
//! The test that picks this form is cheap and conservative: `x` in [`f32::MIN_POSITIVE`,
//! `f32::MAX`] and `|y| (|E| + 1) <= 126`, `E` being `x`'s unbiased exponent field
//! (`|log2 x| < |E| + 1`); NaN and infinite `y` fail it. Everything else (zero, negative
//! or subnormal `x`, results that overflow or underflow far) calls the routine.

use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{InstBuilder, Value};
use cranelift_frontend::FunctionBuilder;

use super::f64_parts::{horner64, narrow, splat64, widen};
use super::fast_math::{
    bitcast, in_range, int_splat, int_type, log_reduce, pow2_of_integral, splat,
};

/// `1 / (2k + 1)` for k = 6 down to 0: `atanh(s) / s` as a series in `s^2`.
const ATANH_SERIES: [f64; 7] = [
    1.0 / 13.0,
    1.0 / 11.0,
    1.0 / 9.0,
    1.0 / 7.0,
    1.0 / 5.0,
    1.0 / 3.0,
    1.0,
];

/// `1 / k!` for k = 9 down to 0: `exp(u)`'s Taylor series.
const EXP_SERIES: [f64; 10] = [
    1.0 / 362_880.0,
    1.0 / 40_320.0,
    1.0 / 5_040.0,
    1.0 / 720.0,
    1.0 / 120.0,
    1.0 / 24.0,
    1.0 / 6.0,
    1.0 / 2.0,
    1.0,
    1.0,
];

/// The largest `|y log2 x|` (over-estimated from the exponent field) of the inline form.
const T_MAX: f32 = 126.0;

/// Whether the inline form serves `pow(x, y)` (see the module documentation).
pub(super) fn pow_serves(b: &mut FunctionBuilder, x: Value, y: Value) -> Value {
    let normal = in_range(b, x, f32::MIN_POSITIVE, f32::MAX);
    let int_ty = int_type(b, x);
    let bits = bitcast(b, int_ty, x);
    let field = b.ins().ushr_imm_u(bits, 23);
    let bias = int_splat(b, x, 127);
    let e = b.ins().isub(field, bias);
    let e = b.ins().iabs(e);
    let one = int_splat(b, x, 1);
    let e = b.ins().iadd(e, one);
    let float_ty = b.func.dfg.value_type(x);
    let log_bound = b.ins().fcvt_from_sint(float_ty, e);
    let ay = b.ins().fabs(y);
    let t_bound = b.ins().fmul(ay, log_bound);
    let t_max = splat(b, x, T_MAX);
    let small = b.ins().fcmp(FloatCC::LessThanOrEqual, t_bound, t_max);
    b.ins().band(normal, small)
}

/// `pow(x, y)` for arguments [`pow_serves`] accepts (f32 or f32x4).
pub(super) fn pow_served(b: &mut FunctionBuilder, x: Value, y: Value) -> Value {
    let (f, e) = log_reduce(b, x);
    let (fs, es, ys) = (widen(b, f), widen(b, e), widen(b, y));
    let (ps, ns): (Vec<Value>, Vec<Value>) = (0..fs.len())
        .map(|i| exp2_of_product(b, fs[i], es[i], ys[i]))
        .unzip();
    let p = narrow(b, &ps);
    let n = narrow(b, &ns);
    let pow2n = pow2_of_integral(b, n);
    b.ins().fmul(p, pow2n)
}

/// `(exp(r ln 2), n)` with `n + r = y (e + log2(1 + f))` (f64 or f64x2 each).
fn exp2_of_product(b: &mut FunctionBuilder, f: Value, e: Value, y: Value) -> (Value, Value) {
    let two = splat64(b, f, 2.0);
    let den = b.ins().fadd(two, f);
    let s = b.ins().fdiv(f, den);
    let z = b.ins().fmul(s, s);
    let q = horner64(b, z, &ATANH_SERIES);
    let half_ln = b.ins().fmul(s, q);
    let log2e_2 = splat64(b, f, 2.0 * std::f64::consts::LOG2_E);
    let log2m = b.ins().fmul(half_ln, log2e_2);
    let log2x = b.ins().fadd(e, log2m);
    let t = b.ins().fmul(y, log2x);
    let n = b.ins().nearest(t);
    let r = b.ins().fsub(t, n);
    let ln2 = splat64(b, f, std::f64::consts::LN_2);
    let u = b.ins().fmul(r, ln2);
    (horner64(b, u, &EXP_SERIES), n)
}
