//! Inline `cbrt` and `hypot` on f32, in place of a call to the library routine, with the
//! same instructions for scalar and vector operands (see [`super::fast_math`]); both
//! compute in double precision ([`super::f64_parts`]) and round to float once.
//!
//! `hypot(x, y) = sqrt(x^2 + y^2)`: the squares of floats are exact in double, their sum
//! rounds once (2^-53) and the square root once more, so the result is within 0.5 ulp and
//! a few units of 2^-29 ulp of the true one (OpenCL 1.2 allows 4); no float overflows or
//! underflows in double. It serves finite arguments (an infinity wins over a NaN in the
//! routine).
//!
//! `cbrt(x)` for a normal `x`: an estimate from `|x|`'s bits (the exponent field divided
//! by three: `bits / 3 + 709921077`, within 3.5% of the root over every normal float),
//! then two steps of Halley's iteration `t = t (t^3 + 2a) / (2 t^3 + a)` in double, each
//! about cubing the relative error (3.5% -> 5e-5 -> 1e-13), so the result rounds from
//! close to the root (OpenCL allows 2 ulp); `x`'s sign is put back last. Zeros,
//! subnormals, infinities and NaN call the routine.
//!
//! A model of these steps in Rust against double precision: `cbrt` within 0.500 ulp (to
//! three decimals) over every normal float. `backend-cpu/tests/math_ulp.rs` measures the
//! generated code.

use cranelift_codegen::ir::{InstBuilder, Value};
use cranelift_frontend::FunctionBuilder;

use super::f64_parts::{narrow, splat64, widen};
use super::fast_math::{bitcast, in_range, int_splat, int_type, splat};
use super::fast_trig::{flip_sign, sign_bit};

/// Added to a third of a float's bits to estimate its cube root's bits.
const CBRT_BIAS: i32 = 709_921_077;

/// Whether the inline `hypot` serves `(x, y)`: both finite.
pub(super) fn hypot_serves(b: &mut FunctionBuilder, x: Value, y: Value) -> Value {
    let x_ok = in_range(b, x, -f32::MAX, f32::MAX);
    let y_ok = in_range(b, y, -f32::MAX, f32::MAX);
    b.ins().band(x_ok, y_ok)
}

/// `hypot(x, y)` for finite `x` and `y` (f32 or f32x4).
pub(super) fn hypot_served(b: &mut FunctionBuilder, x: Value, y: Value) -> Value {
    let (xs, ys) = (widen(b, x), widen(b, y));
    let parts: Vec<Value> = xs
        .iter()
        .zip(&ys)
        .map(|(&x, &y)| {
            let xx = b.ins().fmul(x, x);
            let yy = b.ins().fmul(y, y);
            let s = b.ins().fadd(xx, yy);
            b.ins().sqrt(s)
        })
        .collect();
    narrow(b, &parts)
}

/// Whether the inline `cbrt` serves `x`: a normal number.
pub(super) fn cbrt_serves(b: &mut FunctionBuilder, x: Value) -> Value {
    let ax = b.ins().fabs(x);
    in_range(b, ax, f32::MIN_POSITIVE, f32::MAX)
}

/// `cbrt(x)` for a normal `x` (f32 or f32x4).
pub(super) fn cbrt_served(b: &mut FunctionBuilder, x: Value) -> Value {
    let float_ty = b.func.dfg.value_type(x);
    let int_ty = int_type(b, x);
    let ax = b.ins().fabs(x);
    let bits = bitcast(b, int_ty, ax);
    let bits_f = b.ins().fcvt_from_sint(float_ty, bits);
    let third = splat(b, x, 1.0 / 3.0);
    let third_f = b.ins().fmul(bits_f, third);
    let third_bits = b.ins().fcvt_to_sint_sat(int_ty, third_f);
    let bias = int_splat(b, x, CBRT_BIAS);
    let estimate_bits = b.ins().iadd(third_bits, bias);
    let estimate = bitcast(b, float_ty, estimate_bits);
    let (ts, avals) = (widen(b, estimate), widen(b, ax));
    let parts: Vec<Value> = ts
        .into_iter()
        .zip(avals)
        .map(|(mut t, a)| {
            let two = splat64(b, a, 2.0);
            let two_a = b.ins().fmul(two, a);
            for _ in 0..2 {
                let t2 = b.ins().fmul(t, t);
                let t3 = b.ins().fmul(t2, t);
                let num = b.ins().fadd(t3, two_a);
                let two_t3 = b.ins().fmul(two, t3);
                let den = b.ins().fadd(two_t3, a);
                let tn = b.ins().fmul(t, num);
                t = b.ins().fdiv(tn, den);
            }
            t
        })
        .collect();
    let r = narrow(b, &parts);
    let sign = sign_bit(b, x);
    flip_sign(b, r, sign)
}
