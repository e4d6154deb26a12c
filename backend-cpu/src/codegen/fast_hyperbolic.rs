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
//! - `tanh(x)`: `a P(z) / Q(z)`, `z = a^2`, a rational approximation of `tanh(a) / a` of
//!   degrees 4 and 4 in `z` (scripts/fit-tanh-rational.py: least squares iterated towards equal
//!   relative error over [0, 9.2]: worst relative error 2.6e-8), evaluated in double
//!   precision and rounded once, with `a` clamped to 9.2 (from 9.01 on `tanh` rounds to 1).
//!   Served for every `x`: an infinity takes the clamp, a NaN passes every step.
//!
//! Worst errors over every float of each range, by a model of these steps against double
//! precision: `cosh` 1.433 ulp (at 4.563496), `sinh` 1.619 (at 1.4182405), `tanh` 0.941 (at
//! 6.633613, every float of [2^-30, 12]; below, the result is `x` itself) (OpenCL 1.2
//! allows 4, 4 and 5); `backend-cpu/tests/math_ulp.rs`
//! measures the generated code. For sinh and cosh, infinities, NaN and `|x| > 88` call the
//! routine.

use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{InstBuilder, Value};
use cranelift_frontend::FunctionBuilder;

use super::f64_parts::{horner64, narrow, widen};
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

/// `tanh(a) / a ~ P(z) / Q(z)`, `z = a^2`: `P`'s coefficients, highest degree first.
#[allow(clippy::excessive_precision)]
const TANH_P: [f64; 5] = [
    1.306_793_416_598_896_2e-8,
    2.040_720_984_035_731e-5,
    3.483_562_550_784_937_6e-3,
    1.337_099_015_633_620_7e-1,
    1.0,
];

/// `Q`'s coefficients, highest degree first.
#[allow(clippy::excessive_precision)]
const TANH_Q: [f64; 5] = [
    7.660_661_231_464_726e-7,
    3.265_793_144_893_045e-4,
    2.583_150_416_016_284_6e-2,
    4.670_430_911_869_225_5e-1,
    1.0,
];

/// Where `tanh`'s argument is clamped: from 9.01 on, `tanh` rounds to 1.
const TANH_CLAMP: f32 = 9.2;

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

/// `tanh(x)` for every `x` (f32 or f32x4; see the module documentation).
pub(super) fn tanh_served(b: &mut FunctionBuilder, x: Value) -> Value {
    let a = b.ins().fabs(x);
    let clamp = splat(b, x, TANH_CLAMP);
    // A compare and a blend (`fmin`'s NaN rules take seven instructions on x86-64
    // vectors); a NaN `a` compares false and stays.
    let above = b.ins().fcmp(FloatCC::GreaterThan, a, clamp);
    let c = select_float(b, above, clamp, a);
    let parts: Vec<Value> = widen(b, c)
        .into_iter()
        .map(|cd| {
            let z = b.ins().fmul(cd, cd);
            let p = horner64(b, z, &TANH_P);
            let q = horner64(b, z, &TANH_Q);
            let num = b.ins().fmul(cd, p);
            b.ins().fdiv(num, q)
        })
        .collect();
    let y = narrow(b, &parts);
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
