//! Constant evaluation of `convert`: integer <-> integer (wrapping, or clamping when
//! saturating), integer -> float (to nearest even; other rounding modes only when exact),
//! float -> integer (by the rounding mode, only in range unless saturating), float <-> float
//! (widening exactly; narrowing f64 -> f32 to nearest or when exact), bool -> number (true
//! is 1) and number -> bool (`value != 0`). Anything rounding to `f16` is not folded.

use super::float::{from_f32, from_f64};
use crate::op::{Const, Rounding};
use crate::types::ScalarType;

/// The range of an integer type.
fn int_range(ty: ScalarType) -> (i128, i128) {
    let bits = ty.bits();
    if ty.is_signed() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

/// An integer constant's value.
fn int_value(c: Const) -> i128 {
    if c.ty.is_signed() {
        i128::from(c.as_i64())
    } else {
        i128::from(c.bits)
    }
}

/// True when a rounding mode agrees with round-to-nearest-even.
fn nearest(rounding: Rounding) -> bool {
    matches!(rounding, Rounding::Default | Rounding::Rte)
}

/// Folds `convert[.sat][.rounding] c` to scalar type `to`.
pub fn convert(c: Const, to: ScalarType, saturate: bool, rounding: Rounding) -> Option<Const> {
    let from = c.ty;
    if to == ScalarType::Bool {
        // A number converts to bool as `value != 0` (true for NaN).
        let nonzero = if from.is_float() {
            c.as_f64() != 0.0
        } else {
            c.bits != 0
        };
        return Some(Const::bool(nonzero));
    }
    if from == ScalarType::Bool {
        return Some(if to.is_int() {
            Const::int(to, c.bits as i64)
        } else {
            Const::float(to, c.bits as f64)
        });
    }
    match (from.is_int(), to.is_int()) {
        (true, true) => {
            let v = int_value(c);
            if saturate {
                let (lo, hi) = int_range(to);
                Some(Const::int(to, v.clamp(lo, hi) as i64))
            } else {
                Some(Const::int(to, v as i64))
            }
        }
        (true, false) => int_to_float(int_value(c), to, rounding),
        (false, true) => float_to_int(c.as_f64(), to, saturate, rounding),
        (false, false) => float_to_float(c, to, saturate, rounding),
    }
}

fn int_to_float(v: i128, to: ScalarType, rounding: Rounding) -> Option<Const> {
    // `as` from a 64-bit integer rounds to nearest even, once.
    let (r, exact) = match to {
        ScalarType::F32 => {
            let r = if v < 0 {
                v as i64 as f32
            } else {
                v as u64 as f32
            };
            (r as f64, r as i128 == v)
        }
        ScalarType::F64 => {
            let r = if v < 0 {
                v as i64 as f64
            } else {
                v as u64 as f64
            };
            (r, r as i128 == v)
        }
        _ => return None,
    };
    if !exact && !nearest(rounding) {
        return None;
    }
    from_f64(to, r)
}

fn float_to_int(x: f64, to: ScalarType, saturate: bool, rounding: Rounding) -> Option<Const> {
    if x.is_nan() {
        return saturate.then(|| Const::int(to, 0));
    }
    let r = match rounding {
        Rounding::Default | Rounding::Rtz => x.trunc(),
        Rounding::Rte => x.round_ties_even(),
        Rounding::Rtp => x.ceil(),
        Rounding::Rtn => x.floor(),
    };
    let v = r as i128;
    let (lo, hi) = int_range(to);
    if v < lo || v > hi {
        return saturate.then(|| Const::int(to, v.clamp(lo, hi) as i64));
    }
    Some(Const::int(to, v as i64))
}

fn float_to_float(c: Const, to: ScalarType, saturate: bool, rounding: Rounding) -> Option<Const> {
    if saturate {
        return None;
    }
    let x = c.as_f64();
    match (c.ty, to) {
        (a, b) if a == b => Some(c),
        (_, ScalarType::F16) => None,
        (_, ScalarType::F64) => from_f64(to, x),
        (ScalarType::F16, ScalarType::F32) => from_f64(to, x),
        (ScalarType::F64, ScalarType::F32) => {
            let r = x as f32;
            if r as f64 != x && !nearest(rounding) {
                return None;
            }
            from_f32(r)
        }
        _ => None,
    }
}
