//! Inline `atan`, `atan2`, `atanpi`, `atan2pi`, `asin` and `acos` on f32, in place of a call
//! to the library routine, with the same instructions for scalar and vector operands (see
//! [`super::fast_math`]). Every step runs in double precision ([`super::f64_parts`]) and
//! the result is rounded to float once.
//!
//! `atan(a)` for `a >= 0` (Cephes' `atanf` scheme, its arithmetic in double): above
//! `tan(3 pi/8)` it is `pi/2 + atan(-1/a)`, above `tan(pi/8)` `pi/4 + atan((a - 1)/(a + 1))`,
//! so that the argument `t` of the polynomial has `|t| <= tan(pi/8)`; there
//! `atan(t) = t + t z p(z)`, `z = t^2`, with Cephes' degree-3 `p`. The reductions' divisions
//! and additions err by a few units of 2^-53, far below the polynomial's own error. The
//! sign of the argument is put back last (`atan(-x) = -atan(x)`, signed zeros kept).
//!
//! `atan2(y, x)`: `q = |y| / |x|` in double (exact to 2^-53 for any two floats: no
//! overflow or underflow), `atan(q)`, `pi - atan(q)` when `x < 0`, then `y`'s sign. The
//! `pi` forms divide by `pi` in double before rounding.
//!
//! `asin(a)` for `0 <= a <= 1` (Cephes' `asinf` scheme in double): up to 1/2 it is
//! `a + a z p(z)`, `z = a^2`, with Cephes' degree-4 `p`; above, `pi/2 - 2 asin(s)` with
//! `s = sqrt((1 - a) / 2)` by the same polynomial. `acos(a)` is `pi/2 - asin(a)` up to 1/2
//! and `2 asin(s)` above; `acos(-a) = pi - acos(a)`, `asin(-x) = -asin(x)`.
//!
//! Worst errors, measured by a model of these steps in Rust against double precision:
//! `atan` 0.826 ulp over every float (OpenCL 1.2 allows 5), `atan2` 0.826 ulp over 200
//! million random pairs (OpenCL 6); `asin` 0.583 ulp and `acos` 0.581 ulp over every float
//! of [-1, 1] (OpenCL 4 each). `backend-cpu/tests/math_ulp.rs` measures the generated code.
//!
//! `atan` serves every finite argument; `atan2` arguments that are finite and not zero
//! (zeros, infinities and NaN, with their special results, call the routine); `asin` and
//! `acos` arguments in [-1, 1].

use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{InstBuilder, Value};
use cranelift_frontend::FunctionBuilder;

use super::f64_parts::{horner64, narrow, splat64, widen};
use super::fast_math::{in_range, select_float};
use super::fast_trig::{flip_sign, sign_bit};

/// Cephes' `atanf` coefficients of `p`, highest degree first.
#[allow(clippy::excessive_precision)]
const ATAN_POLY: [f64; 4] = [
    8.053_744_495_38e-2,
    -1.387_768_560_32e-1,
    1.997_771_064_78e-1,
    -3.333_294_915_39e-1,
];

/// `tan(3 pi/8)`.
const TAN_3PI_8: f64 = 2.414_213_562_373_095;
/// `tan(pi/8)`.
const TAN_PI_8: f64 = 0.414_213_562_373_095_1;

/// Cephes' `asinf` coefficients of `p`, highest degree first.
#[allow(clippy::excessive_precision)]
const ASIN_POLY: [f64; 5] = [
    4.216_319_904_8e-2,
    2.418_131_104_9e-2,
    4.547_002_599_8e-2,
    7.495_300_268_6e-2,
    1.666_675_242_2e-1,
];

/// Whether the inline `asin` or `acos` serves `x`: `|x| <= 1`.
pub(super) fn asin_acos_serves(b: &mut FunctionBuilder, x: Value) -> Value {
    in_range(b, x, -1.0, 1.0)
}

/// `asin(x)` for `|x| <= 1` (f32 or f32x4).
pub(super) fn asin_served(b: &mut FunctionBuilder, x: Value) -> Value {
    let ax = b.ins().fabs(x);
    let parts: Vec<Value> = widen(b, ax)
        .into_iter()
        .map(|a| {
            let (p, big) = asin_core(b, a);
            let half_pi = splat64(b, a, FRAC_PI_2);
            let twice = b.ins().fadd(p, p);
            let above = b.ins().fsub(half_pi, twice);
            select_float(b, big, above, p)
        })
        .collect();
    narrow_with_sign_of(b, &parts, x)
}

/// `acos(x)` for `|x| <= 1` (f32 or f32x4).
pub(super) fn acos_served(b: &mut FunctionBuilder, x: Value) -> Value {
    let ax = b.ins().fabs(x);
    let (avals, xs) = (widen(b, ax), widen(b, x));
    let parts: Vec<Value> = avals
        .into_iter()
        .zip(xs)
        .map(|(a, x)| {
            let (p, big) = asin_core(b, a);
            let half_pi = splat64(b, a, FRAC_PI_2);
            let below = b.ins().fsub(half_pi, p);
            let twice = b.ins().fadd(p, p);
            let r = select_float(b, big, twice, below);
            let pi = splat64(b, a, PI);
            let mirrored = b.ins().fsub(pi, r);
            let zero = splat64(b, a, 0.0);
            let negative = b.ins().fcmp(FloatCC::LessThan, x, zero);
            select_float(b, negative, mirrored, r)
        })
        .collect();
    narrow(b, &parts)
}

/// `(p, big)` for `0 <= a <= 1` (f64 or f64x2): `big` when `a > 1/2`, and `p` is `asin(a)`,
/// or when `big` `asin(sqrt((1 - a) / 2))` (see the module documentation).
fn asin_core(b: &mut FunctionBuilder, a: Value) -> (Value, Value) {
    let half = splat64(b, a, 0.5);
    let big = b.ins().fcmp(FloatCC::GreaterThan, a, half);
    let one = splat64(b, a, 1.0);
    let rest = b.ins().fsub(one, a);
    let z_big = b.ins().fmul(rest, half);
    let s_big = b.ins().sqrt(z_big);
    let z_small = b.ins().fmul(a, a);
    let z = select_float(b, big, z_big, z_small);
    let s = select_float(b, big, s_big, a);
    let p = horner64(b, z, &ASIN_POLY);
    let pz = b.ins().fmul(p, z);
    let tail = b.ins().fmul(pz, s);
    (b.ins().fadd(tail, s), big)
}

/// Whether the inline `atan` serves `x` (every finite float).
pub(super) fn atan_serves(b: &mut FunctionBuilder, x: Value) -> Value {
    in_range(b, x, -f32::MAX, f32::MAX)
}

/// Whether the inline `atan2` serves `(y, x)`: both finite and not zero.
pub(super) fn atan2_serves(b: &mut FunctionBuilder, y: Value, x: Value) -> Value {
    let tiny = f32::from_bits(1);
    let ay = b.ins().fabs(y);
    let ax = b.ins().fabs(x);
    let y_ok = in_range(b, ay, tiny, f32::MAX);
    let x_ok = in_range(b, ax, tiny, f32::MAX);
    b.ins().band(y_ok, x_ok)
}

/// `atan(x)`, or `atan(x) / pi` when `per_pi`, for a finite `x` (f32 or f32x4).
pub(super) fn atan_served(b: &mut FunctionBuilder, x: Value, per_pi: bool) -> Value {
    let ax = b.ins().fabs(x);
    let parts: Vec<Value> = widen(b, ax)
        .into_iter()
        .map(|a| {
            let r = atan_of_nonnegative(b, a);
            per_pi_if(b, r, per_pi)
        })
        .collect();
    narrow_with_sign_of(b, &parts, x)
}

/// `atan2(y, x)`, or `atan2(y, x) / pi` when `per_pi`, for finite nonzero `y` and `x`.
pub(super) fn atan2_served(b: &mut FunctionBuilder, y: Value, x: Value, per_pi: bool) -> Value {
    let ay = b.ins().fabs(y);
    let ax = b.ins().fabs(x);
    let (ys, xs, signed_xs) = (widen(b, ay), widen(b, ax), widen(b, x));
    let parts: Vec<Value> = (0..ys.len())
        .map(|i| {
            let q = b.ins().fdiv(ys[i], xs[i]);
            let a = atan_of_nonnegative(b, q);
            let pi = splat64(b, a, PI);
            let pi_minus = b.ins().fsub(pi, a);
            let zero = splat64(b, a, 0.0);
            let negative = b.ins().fcmp(FloatCC::LessThan, signed_xs[i], zero);
            let r = select_float(b, negative, pi_minus, a);
            per_pi_if(b, r, per_pi)
        })
        .collect();
    narrow_with_sign_of(b, &parts, y)
}

/// The nonnegative double-precision `parts` rounded to float, with the sign of `s`.
fn narrow_with_sign_of(b: &mut FunctionBuilder, parts: &[Value], s: Value) -> Value {
    let r = narrow(b, parts);
    let sign = sign_bit(b, s);
    flip_sign(b, r, sign)
}

/// `atan(a)` for `a >= 0` (f64 or f64x2; see the module documentation).
fn atan_of_nonnegative(b: &mut FunctionBuilder, a: Value) -> Value {
    let one = splat64(b, a, 1.0);
    let big_at = splat64(b, a, TAN_3PI_8);
    let mid_at = splat64(b, a, TAN_PI_8);
    let big = b.ins().fcmp(FloatCC::GreaterThan, a, big_at);
    let mid = b.ins().fcmp(FloatCC::GreaterThan, a, mid_at);
    let minus_one = splat64(b, a, -1.0);
    let inverse = b.ins().fdiv(minus_one, a);
    let num = b.ins().fsub(a, one);
    let den = b.ins().fadd(a, one);
    let shifted = b.ins().fdiv(num, den);
    let t = select_float(b, mid, shifted, a);
    let t = select_float(b, big, inverse, t);
    let zero = splat64(b, a, 0.0);
    let quarter = splat64(b, a, FRAC_PI_4);
    let half = splat64(b, a, FRAC_PI_2);
    let base = select_float(b, mid, quarter, zero);
    let base = select_float(b, big, half, base);
    let z = b.ins().fmul(t, t);
    let p = horner64(b, z, &ATAN_POLY);
    let pz = b.ins().fmul(p, z);
    let tail = b.ins().fmul(pz, t);
    let s = b.ins().fadd(tail, t);
    b.ins().fadd(s, base)
}

/// `r / pi` when `per_pi`, else `r` (f64 or f64x2).
fn per_pi_if(b: &mut FunctionBuilder, r: Value, per_pi: bool) -> Value {
    if !per_pi {
        return r;
    }
    let pi = splat64(b, r, PI);
    b.ins().fdiv(r, pi)
}
