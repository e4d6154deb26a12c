//! Constant evaluation of float operations in the type's own precision (f32 in f32). Only
//! IEEE-exact operations of `f32` and `f64` are folded (add, sub, mul, div, fmod: correctly
//! rounded in Rust and within OpenCL's limits); `f16` arithmetic is left alone because
//! evaluating it through f32 could round twice. Results that are NaN are never folded,
//! since NaN payloads could differ from the target's.

use crate::op::{BinaryOp, CmpOp, Const, UnaryOp};
use crate::types::ScalarType;

/// A float of type `ty` as a constant, unless it is NaN.
pub fn from_f64(ty: ScalarType, v: f64) -> Option<Const> {
    (!v.is_nan()).then(|| Const::float(ty, v))
}

/// An f32 result as a constant, unless it is NaN.
pub fn from_f32(v: f32) -> Option<Const> {
    (!v.is_nan()).then_some(Const {
        ty: ScalarType::F32,
        bits: u64::from(v.to_bits()),
    })
}

/// An f32 constant's value.
pub fn f32_of(c: Const) -> f32 {
    f32::from_bits(c.bits as u32)
}

/// Folds `a op b` for two f32 or two f64 constants.
pub fn binary(op: BinaryOp, a: Const, b: Const) -> Option<Const> {
    match a.ty {
        ScalarType::F32 => {
            let (x, y) = (f32_of(a), f32_of(b));
            from_f32(match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x * y,
                BinaryOp::Div => x / y,
                BinaryOp::Rem => x % y,
                _ => return None,
            })
        }
        ScalarType::F64 => {
            let (x, y) = (a.as_f64(), b.as_f64());
            from_f64(
                ScalarType::F64,
                match op {
                    BinaryOp::Add => x + y,
                    BinaryOp::Sub => x - y,
                    BinaryOp::Mul => x * y,
                    BinaryOp::Div => x / y,
                    BinaryOp::Rem => x % y,
                    _ => return None,
                },
            )
        }
        _ => None,
    }
}

/// Folds negation (a sign flip, exact for every float type).
pub fn unary(op: UnaryOp, a: Const) -> Option<Const> {
    match op {
        UnaryOp::Neg => Some(Const {
            ty: a.ty,
            bits: a.bits ^ (1u64 << (a.ty.bits() - 1)),
        }),
        UnaryOp::Not => None,
    }
}

/// Compares two floats: ordered comparisons are false on NaN, `Ne` is true.
pub fn compare(op: CmpOp, a: Const, b: Const) -> Const {
    let (x, y) = (a.as_f64(), b.as_f64());
    Const::bool(match op {
        CmpOp::Eq => x == y,
        CmpOp::Ne => x != y,
        CmpOp::Lt => x < y,
        CmpOp::Le => x <= y,
        CmpOp::Gt => x > y,
        CmpOp::Ge => x >= y,
    })
}
