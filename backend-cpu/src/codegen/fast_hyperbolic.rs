//! Inline `sinh`, `cosh` and `tanh` on f32 from the inline `exp` ([`super::fast_math`]), in
//! place of a call to the library routine, with the same instructions for scalar and vector
//! operands. Each works on `a = |x|` and puts `x`'s sign back last (`cosh` is even).
//!
//! - `cosh(x) = (E + 1/E) / 2`, `E = exp(a)`: a sum of positive terms, so its error is
//!   about `exp`'s (under 1 ulp) plus the roundings of the reciprocal, the sum and nothing
//!   for the halving. Served for `a <= 88` (where `exp` is inline and `E` finite).
//! - `sinh(x)`: for `a < 1` its Taylor series `a + a z p(z)`, `z = a^2`, to degree 11 (the
//!   first term left out is below 1.4e-10 of the sum); from 1 on `(E - 1/E) / 2`, where the
//!   difference magnifies its terms' relative error at most 1.31 times. Served for
//!   `a <= 88`.
//! - `tanh(x)`: for `a < 0.625` Cephes' `tanhf` polynomial `a + a z q(z)`; from there on
//!   `1 - 2 / (exp(2a) + 1)`, with `a` clamped to 10 (where `tanh` rounds to 1). Served for
//!   every `x`, infinities and NaN included, so it needs no test and no call.
//!
//! Worst errors over every float of each range, by a model of these steps in Rust against
//! double precision: `cosh` 1.433 ulp (at 4.563496), `sinh` 1.619 (at 1.4182405), `tanh`
//! 1.330 (at 0.62830955) (OpenCL 1.2 allows 4, 4 and 5); `backend-cpu/tests/math_ulp.rs`
//! measures the generated code. For sinh and cosh, infinities, NaN and `|x| > 88` call the
//! routine.

use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{InstBuilder, Value};
use cranelift_frontend::FunctionBuilder;

use super::fast_math::{exp_in_range, horner, in_range, select_float, splat};
use super::fast_trig::{flip_sign, sign_bit};

/// `1 / (2k + 1)!` for k = 5 down to 1: `(sinh(a) - a) / a^3` as a series in `a^2`.
const SINH_SERIES: [f32; 5] = [
    1.0 / 39_916_800.0,
    1.0 / 362_880.0,
    1.0 / 5_040.0,
    1.0 / 120.0,
    1.0 / 6.0,
];

/// Cephes' `tanhf` coefficients of `q`, highest degree first (as published).
#[allow(clippy::excessive_precision)]
const TANH_POLY: [f32; 5] = [
    -5.704_988_727_45e-3,
    2.063_908_879_54e-2,
    -5.373_971_555_31e-2,
    1.333_144_220_36e-1,
    -3.333_328_194_22e-1,
];

/// The largest `|x|` of the inline `sinh` and `cosh`.
const HYPERBOLIC_MAX: f32 = 88.0;

/// Whether the inline `sinh` or `cosh` serves `x`: `|x| <= 88`.
pub(super) fn sinh_cosh_serves(b: &mut FunctionBuilder, x: Value) -> Value {
    in_range(b, x, -HYPERBOLIC_MAX, HYPERBOLIC_MAX)
}

/// `cosh(x)` for `|x| <= 88` (f32 or f32x4).
pub(super) fn cosh_served(b: &mut FunctionBuilder, x: Value) -> Value {
    let a = b.ins().fabs(x);
    let (e, r) = exp_and_reciprocal(b, a);
    let s = b.ins().fadd(e, r);
    let half = splat(b, x, 0.5);
    b.ins().fmul(s, half)
}

/// `sinh(x)` for `|x| <= 88` (f32 or f32x4).
pub(super) fn sinh_served(b: &mut FunctionBuilder, x: Value) -> Value {
    let a = b.ins().fabs(x);
    let (e, r) = exp_and_reciprocal(b, a);
    let d = b.ins().fsub(e, r);
    let half = splat(b, x, 0.5);
    let large = b.ins().fmul(d, half);
    let z = b.ins().fmul(a, a);
    let p = horner(b, z, &SINH_SERIES);
    let small = odd_tail(b, a, z, p);
    let one = splat(b, x, 1.0);
    let below = b.ins().fcmp(FloatCC::LessThan, a, one);
    let y = select_float(b, below, small, large);
    let sign = sign_bit(b, x);
    flip_sign(b, y, sign)
}

/// `tanh(x)` for every `x` (f32 or f32x4): an infinity takes the clamp to 10 (giving
/// +-1), and a NaN passes the clamp and every later step as a NaN.
pub(super) fn tanh_served(b: &mut FunctionBuilder, x: Value) -> Value {
    let a = b.ins().fabs(x);
    let z = b.ins().fmul(a, a);
    let q = horner(b, z, &TANH_POLY);
    let small = odd_tail(b, a, z, q);
    let ten = splat(b, x, 10.0);
    // A compare and a blend, where `fmin`'s NaN rules take seven instructions on x86-64
    // vectors; a NaN `a` compares false and stays.
    let above = b.ins().fcmp(FloatCC::GreaterThan, a, ten);
    let clamped = select_float(b, above, ten, a);
    let twice = b.ins().fadd(clamped, clamped);
    let e = exp_in_range(b, twice);
    let one = splat(b, x, 1.0);
    let two = splat(b, x, 2.0);
    let den = b.ins().fadd(e, one);
    let frac = b.ins().fdiv(two, den);
    let large = b.ins().fsub(one, frac);
    let cut = splat(b, x, 0.625);
    let below = b.ins().fcmp(FloatCC::LessThan, a, cut);
    let y = select_float(b, below, small, large);
    let sign = sign_bit(b, x);
    flip_sign(b, y, sign)
}

/// `(exp(a), 1 / exp(a))` for `0 <= a <= 88`.
fn exp_and_reciprocal(b: &mut FunctionBuilder, a: Value) -> (Value, Value) {
    let e = exp_in_range(b, a);
    let one = splat(b, a, 1.0);
    (e, b.ins().fdiv(one, e))
}

/// `a + a z p` (`a z p` first, then the sum).
fn odd_tail(b: &mut FunctionBuilder, a: Value, z: Value, p: Value) -> Value {
    let az = b.ins().fmul(a, z);
    let t = b.ins().fmul(az, p);
    b.ins().fadd(t, a)
}
