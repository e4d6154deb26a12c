//! Constant evaluation of math built-ins on scalars whose result is exact or correctly
//! rounded: `fabs` (any float type), `sqrt`, `floor`, `ceil`, `trunc`, `round` and `fma` on
//! f32/f64; `min`, `max` and `clamp` on integers (by signedness) and on f32/f64 with
//! `fmin`/`fmax` semantics (a NaN operand yields the other; `min(-0, +0)` is not folded
//! because targets may pick either); integer `abs`. Transcendentals, `rsqrt` and `mad`
//! are left for the target.

use std::cmp::Ordering;

use super::float::{f32_of, from_f32, from_f64};
use crate::op::{Const, MathFn};
use crate::types::ScalarType;

/// Folds `func(args)` where every argument is a scalar constant of one type and the
/// result has scalar type `result`.
pub fn fold(func: MathFn, args: &[Const], result: ScalarType) -> Option<Const> {
    let a = *args.first()?;
    if args.iter().any(|c| c.ty != a.ty) {
        return None;
    }
    match func {
        MathFn::Fabs if a.ty.is_float() => Some(Const {
            ty: a.ty,
            bits: a.bits & !(1u64 << (a.ty.bits() - 1)),
        }),
        MathFn::Sqrt | MathFn::Floor | MathFn::Ceil | MathFn::Trunc | MathFn::Round => {
            unary_float(func, a)
        }
        MathFn::Fma => fma(a, *args.get(1)?, *args.get(2)?),
        MathFn::Min => min_max(a, *args.get(1)?, Ordering::Less),
        MathFn::Max => min_max(a, *args.get(1)?, Ordering::Greater),
        MathFn::Clamp => {
            let lo = min_max(a, *args.get(1)?, Ordering::Greater)?;
            min_max(lo, *args.get(2)?, Ordering::Less)
        }
        MathFn::Abs if a.ty.is_int() && result.is_int() => {
            Some(Const::int(result, a.as_i64().unsigned_abs() as i64))
        }
        _ => None,
    }
}

fn unary_float(func: MathFn, a: Const) -> Option<Const> {
    let apply32 = |x: f32| match func {
        MathFn::Sqrt => x.sqrt(),
        MathFn::Floor => x.floor(),
        MathFn::Ceil => x.ceil(),
        MathFn::Trunc => x.trunc(),
        _ => x.round(),
    };
    let apply64 = |x: f64| match func {
        MathFn::Sqrt => x.sqrt(),
        MathFn::Floor => x.floor(),
        MathFn::Ceil => x.ceil(),
        MathFn::Trunc => x.trunc(),
        _ => x.round(),
    };
    match a.ty {
        ScalarType::F32 => from_f32(apply32(f32_of(a))),
        ScalarType::F64 => from_f64(ScalarType::F64, apply64(a.as_f64())),
        _ => None,
    }
}

fn fma(a: Const, b: Const, c: Const) -> Option<Const> {
    match a.ty {
        ScalarType::F32 => from_f32(f32_of(a).mul_add(f32_of(b), f32_of(c))),
        ScalarType::F64 => from_f64(ScalarType::F64, a.as_f64().mul_add(b.as_f64(), c.as_f64())),
        _ => None,
    }
}

/// The smaller (`want == Less`) or larger of two constants of one type.
fn min_max(a: Const, b: Const, want: Ordering) -> Option<Const> {
    let ty = a.ty;
    if ty.is_int() {
        let ord = if ty.is_signed() {
            a.as_i64().cmp(&b.as_i64())
        } else {
            a.bits.cmp(&b.bits)
        };
        return Some(if ord == want { a } else { b });
    }
    if !matches!(ty, ScalarType::F32 | ScalarType::F64) {
        return None;
    }
    let (x, y) = (a.as_f64(), b.as_f64());
    match (x.is_nan(), y.is_nan()) {
        (true, true) => None,
        (true, false) => Some(b),
        (false, true) => Some(a),
        _ if x == y && a.bits != b.bits => None,
        _ => Some(if x.partial_cmp(&y) == Some(want) {
            a
        } else {
            b
        }),
    }
}
