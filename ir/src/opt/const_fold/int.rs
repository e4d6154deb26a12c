//! Constant evaluation of integer (and bool) operations with OpenCL C semantics: wrapping
//! arithmetic at the type's width, shift counts masked to the width, signedness by type.
//! Division or remainder by zero, and the overflowing `MIN / -1`, are not folded.

use crate::op::{BinaryOp, CmpOp, Const, UnaryOp};
use crate::types::ScalarType;

/// The smallest value of a signed integer type.
fn signed_min(ty: ScalarType) -> i64 {
    i64::MIN >> (64 - ty.bits())
}

/// Folds `a op b` for integers or bools of one type.
pub fn binary(op: BinaryOp, a: Const, b: Const) -> Option<Const> {
    let ty = a.ty;
    let (x, y) = (a.bits, b.bits);
    let count = (y & u64::from(ty.bits() - 1)) as u32;
    let r = match op {
        BinaryOp::Add => x.wrapping_add(y),
        BinaryOp::Sub => x.wrapping_sub(y),
        BinaryOp::Mul => x.wrapping_mul(y),
        BinaryOp::Div | BinaryOp::Rem => {
            if y == 0 {
                return None;
            }
            if ty.is_signed() {
                let (sx, sy) = (a.as_i64(), b.as_i64());
                if sy == -1 && sx == signed_min(ty) {
                    return None;
                }
                let r = if op == BinaryOp::Div {
                    sx / sy
                } else {
                    sx % sy
                };
                r as u64
            } else if op == BinaryOp::Div {
                x / y
            } else {
                x % y
            }
        }
        BinaryOp::Shl => x << count,
        BinaryOp::Shr if ty.is_signed() => (a.as_i64() >> count) as u64,
        BinaryOp::Shr => x >> count,
        BinaryOp::And => x & y,
        BinaryOp::Or => x | y,
        BinaryOp::Xor => x ^ y,
    };
    Some(Const::int(ty, r as i64))
}

/// Folds a unary operator on an integer or bool.
pub fn unary(op: UnaryOp, a: Const) -> Const {
    match op {
        UnaryOp::Neg => Const::int(a.ty, (a.bits as i64).wrapping_neg()),
        UnaryOp::Not => Const::int(a.ty, !a.bits as i64),
    }
}

/// Compares two integers (or bools) of one type, by its signedness.
pub fn compare(op: CmpOp, a: Const, b: Const) -> Const {
    let ord = if a.ty.is_signed() {
        a.as_i64().cmp(&b.as_i64())
    } else {
        a.bits.cmp(&b.bits)
    };
    Const::bool(match op {
        CmpOp::Eq => ord.is_eq(),
        CmpOp::Ne => ord.is_ne(),
        CmpOp::Lt => ord.is_lt(),
        CmpOp::Le => ord.is_le(),
        CmpOp::Gt => ord.is_gt(),
        CmpOp::Ge => ord.is_ge(),
    })
}
