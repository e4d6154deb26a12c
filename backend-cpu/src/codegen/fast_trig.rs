//! Inline `sin`, `cos` and `tan` on f32 for `|x| <= `[`TRIG_MAX`], in place of a call to the library
//! routine, with the same instructions for a scalar (`f32`) and a vector (`f32x4`, one
//! work-item per lane) operand, so that a work-item's result never depends on how it ran
//! (see [`super::fast_math`]).
//!
//! Reduction, in double precision: `|x| = k pi/2 + r` with `k = nearest(|x| 2/pi)` and
//! `r = (|x| - k P1) - k P2`, where `P1` is `pi/2` to 33 significant bits and `P2` the next 53
//! (the rest, `P3`, is below 4e-27):
//! - `k <= 41723` in the range, so `k P1` (at most 49 bits) is exact, and `|x| - k P1` is
//!   exact too (both are multiples of the last bit of `k P1` and the difference is below 1);
//! - `k P2` and the second subtraction round by 2^-53 relatively, and leaving out `P3`
//!   costs `k P3 < 2^-71` absolutely; the closest a float of the range comes to a nonzero
//!   multiple of `pi/2` is 4.2e-9 (252.89821, found by the model below), so `r` rounded to
//!   float carries about half an ulp of relative error, and `k` (an integer below 2^24)
//!   converts exactly.
//!
//! On a vector the reduction runs on two `f64x2` halves whose results are joined back; every
//! step is the same IEEE operation per lane, so the bits equal the scalar code's.
//!
//! Polynomials, in float, on `|r| <= pi/4`: Cephes' `sinf` and `cosf` ones
//! (`sin r = r + r^3 s(r^2)`, `cos r = 1 - r^2/2 + r^4 c(r^2)`); quadrant `k mod 4` picks
//! `sin r`, `cos r`, `-sin r` or `-cos r` (one more quadrant for `cos`), bitwise so that
//! scalar and vector code agree; `tan` divides `sin r` by `cos r`, or `-cos r` by `sin r` in
//! odd quadrants; `sin` and `tan` are odd, so they run on `|x|` and take `x`'s sign last
//! (signed zeros right).
//!
//! Measured over every float of [0, 65536] by a model of these steps in Rust, against
//! double precision: `sin` and `cos` at most 1.562 ulp (at 2265.6082 and 12149.595; OpenCL
//! 1.2 allows 4), `tan` 3.449 ulp (at 3.921601; OpenCL allows 5);
//! `backend-cpu/tests/math_ulp.rs` measures the compiled code over dense sweeps. NaN,
//! infinities and larger arguments call the routine.

use cranelift_codegen::ir::{InstBuilder, Value};
use cranelift_frontend::FunctionBuilder;

use super::f64_parts::{narrow, splat64, widen};
use super::fast_math::{bitcast, horner, int_splat, int_type, splat, two_part_reduction};

/// The largest `|x|` of the inline `sin`, `cos` and `tan` (`k` stays below 2^16).
pub const TRIG_MAX: f32 = 65536.0;

/// `pi/2` to 33 significant bits: `k P1` is exact for `k < 2^20`.
const P1: f64 = 1.570_796_326_734_125_6;
/// `pi/2 - P1`, rounded.
const P2: f64 = 6.077_100_506_506_192e-11;

/// Cephes' `sinf` coefficients of `s`, highest degree first.
#[allow(clippy::excessive_precision)]
const SIN_POLY: [f32; 3] = [-1.951_529_589_1e-4, 8.332_160_873_6e-3, -1.666_665_461_1e-1];

/// Cephes' `cosf` coefficients of `c`, highest degree first.
#[allow(clippy::excessive_precision)]
const COS_POLY: [f32; 3] = [
    2.443_315_711_809_948e-5,
    -1.388_731_625_493_765e-3,
    4.166_664_568_298_827e-2,
];

/// `sin(x)` for `|x| <= TRIG_MAX` (f32 or f32x4).
pub(super) fn sin_in_range(b: &mut FunctionBuilder, x: Value) -> Value {
    let ax = b.ins().fabs(x);
    let (r, k) = reduce(b, ax);
    let y = pick(b, r, k);
    // sin(-x) = -sin(x): x's sign bit flips the result's.
    let sign = sign_bit(b, x);
    flip_sign(b, y, sign)
}

/// `cos(x)` for `|x| <= TRIG_MAX` (f32 or f32x4).
pub(super) fn cos_in_range(b: &mut FunctionBuilder, x: Value) -> Value {
    let ax = b.ins().fabs(x);
    let (r, k) = reduce(b, ax);
    let one = int_splat(b, x, 1);
    let k = b.ins().iadd(k, one);
    pick(b, r, k)
}

/// `tan(x)` for `|x| <= TRIG_MAX` (f32 or f32x4): `sin r / cos r`, or `-cos r / sin r` in
/// odd quadrants.
pub(super) fn tan_in_range(b: &mut FunctionBuilder, x: Value) -> Value {
    let ax = b.ins().fabs(x);
    let (r, k) = reduce(b, ax);
    let (s, c) = sin_cos_poly(b, r);
    let odd = odd_mask(b, k);
    let num = choose(b, odd, c, s);
    let den = choose(b, odd, s, c);
    let t = b.ins().fdiv(num, den);
    // Negated in odd quadrants, and tan(-x) = -tan(x).
    let odd_sign = b.ins().ishl_imm_u(odd, 31);
    let sign = sign_bit(b, x);
    let sign = b.ins().bxor(odd_sign, sign);
    flip_sign(b, t, sign)
}

/// `(r, k)` with `ax = k pi/2 + r` (see the module documentation): `r` in `ax`'s float
/// type, `k` in its integer type.
fn reduce(b: &mut FunctionBuilder, ax: Value) -> (Value, Value) {
    let (rs, ks): (Vec<Value>, Vec<Value>) =
        widen(b, ax).into_iter().map(|xd| reduce_f64(b, xd)).unzip();
    let r = narrow(b, &rs);
    let k = narrow(b, &ks);
    let int_ty = int_type(b, ax);
    (r, b.ins().fcvt_to_sint_sat(int_ty, k))
}

/// `(r, k)` of the reduction on `xd` (f64 or f64x2).
fn reduce_f64(b: &mut FunctionBuilder, xd: Value) -> (Value, Value) {
    let two_over_pi = splat64(b, xd, std::f64::consts::FRAC_2_PI);
    let p1 = splat64(b, xd, P1);
    let p2 = splat64(b, xd, P2);
    two_part_reduction(b, xd, two_over_pi, p1, p2)
}

/// `sin r`, `cos r`, `-sin r` or `-cos r` as `k mod 4` is 0, 1, 2 or 3.
fn pick(b: &mut FunctionBuilder, r: Value, k: Value) -> Value {
    let (s, c) = sin_cos_poly(b, r);
    let odd = odd_mask(b, k);
    let y = choose(b, odd, c, s);
    let two = int_splat(b, r, 2);
    let negate = b.ins().band(k, two);
    let sign = b.ins().ishl_imm_u(negate, 30);
    flip_sign(b, y, sign)
}

/// `(sin r, cos r)` for `|r| <= pi/4`: `r + r z s(z)` and `z^2 c(z) - z/2 + 1`, `z = r^2`.
fn sin_cos_poly(b: &mut FunctionBuilder, r: Value) -> (Value, Value) {
    let z = b.ins().fmul(r, r);
    let s = horner(b, z, &SIN_POLY);
    let s = b.ins().fmul(s, z);
    let s = b.ins().fmul(s, r);
    let s = b.ins().fadd(s, r);
    let c = horner(b, z, &COS_POLY);
    let c = b.ins().fmul(c, z);
    let c = b.ins().fmul(c, z);
    let half = splat(b, r, 0.5);
    let hz = b.ins().fmul(half, z);
    let c = b.ins().fsub(c, hz);
    let one = splat(b, r, 1.0);
    (s, b.ins().fadd(c, one))
}

/// All ones where `k` is odd, else zero (`k`'s integer type).
fn odd_mask(b: &mut FunctionBuilder, k: Value) -> Value {
    let one = int_splat(b, k, 1);
    let odd = b.ins().band(k, one);
    b.ins().ineg(odd)
}

/// `if_set` where `mask` is all ones, else `if_clear` (floats chosen bitwise, so that scalar
/// and vector code run the same steps).
fn choose(b: &mut FunctionBuilder, mask: Value, if_set: Value, if_clear: Value) -> Value {
    let float_ty = b.func.dfg.value_type(if_set);
    let int_ty = int_type(b, if_set);
    let set = bitcast(b, int_ty, if_set);
    let clear = bitcast(b, int_ty, if_clear);
    let set = b.ins().band(set, mask);
    let clear = b.ins().band_not(clear, mask);
    let y = b.ins().bor(set, clear);
    bitcast(b, float_ty, y)
}

/// Float `y` with its sign bit flipped where integer `sign` has bit 31 set.
pub(super) fn flip_sign(b: &mut FunctionBuilder, y: Value, sign: Value) -> Value {
    let float_ty = b.func.dfg.value_type(y);
    let int_ty = int_type(b, y);
    let bits = bitcast(b, int_ty, y);
    let bits = b.ins().bxor(bits, sign);
    bitcast(b, float_ty, bits)
}

/// The sign bit of float `x` (as its integer type).
pub(super) fn sign_bit(b: &mut FunctionBuilder, x: Value) -> Value {
    let int_ty = int_type(b, x);
    let bits = bitcast(b, int_ty, x);
    let mask = int_splat(b, x, i32::MIN);
    b.ins().band(bits, mask)
}
