//! Double-precision steps inside float code: an `f32` value widens to one `f64`, an `f32x4`
//! to two `f64x2` halves (lanes 0-1 and 2-3), and such parts round back to one `f32` or
//! `f32x4`. Each lane goes through the same IEEE operations either way, so scalar and vector
//! code that compute through these parts give the same bits.

use cranelift_codegen::ir::{types, InstBuilder, Value};
use cranelift_frontend::FunctionBuilder;

use super::vector::{cast, shuffle32};

/// `x` (f32 or f32x4) widened exactly to double precision: one f64, or two f64x2 halves.
pub(super) fn widen(b: &mut FunctionBuilder, x: Value) -> Vec<Value> {
    if !b.func.dfg.value_type(x).is_vector() {
        return vec![b.ins().fpromote(types::F64, x)];
    }
    let bytes = cast(b, types::I8X16, x);
    let high = shuffle32(b, bytes, bytes, [2, 3, 0, 1]);
    let high = cast(b, types::F32X4, high);
    vec![b.ins().fvpromote_low(x), b.ins().fvpromote_low(high)]
}

/// The parts [`widen`] made, each lane rounded to float, as one f32 or f32x4.
pub(super) fn narrow(b: &mut FunctionBuilder, parts: &[Value]) -> Value {
    match parts {
        [x] if !b.func.dfg.value_type(*x).is_vector() => b.ins().fdemote(types::F32, *x),
        [lo, hi] => {
            let lo = b.ins().fvdemote(*lo);
            let hi = b.ins().fvdemote(*hi);
            let lo = cast(b, types::I8X16, lo);
            let hi = cast(b, types::I8X16, hi);
            let both = shuffle32(b, lo, hi, [0, 1, 4, 5]);
            cast(b, types::F32X4, both)
        }
        _ => unreachable!("f64 parts come from widen: one f64 or two f64x2"),
    }
}

/// `v` in the type of `like` (f64, or both lanes of an f64x2).
pub(super) fn splat64(b: &mut FunctionBuilder, like: Value, v: f64) -> Value {
    let s = b.ins().f64const(v);
    if b.func.dfg.value_type(like).is_vector() {
        b.ins().splat(types::F64X2, s)
    } else {
        s
    }
}

/// Horner's rule over `coeffs` (highest degree first) at `x` (f64 or f64x2), each step a
/// fused multiply-add (exact on every host, see `fast_math::horner`).
pub(super) fn horner64(b: &mut FunctionBuilder, x: Value, coeffs: &[f64]) -> Value {
    let mut p = splat64(b, x, coeffs[0]);
    for c in &coeffs[1..] {
        let c = splat64(b, x, *c);
        p = b.ins().fma(p, x, c);
    }
    p
}
