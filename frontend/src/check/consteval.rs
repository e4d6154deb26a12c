//! Constant folding of checked expressions (array sizes, attributes, program-scope
//! initializers).

use crate::checked::{BinOp, CType, ConstInit, Expr, ExprKind, GlobalId, LValueKind, UnOp};

fn wrap(v: i128, t: &CType) -> i128 {
    match t.elem_kind() {
        Some(k) if k.is_integer() => {
            let bits = k.size() * 8;
            let m = v & ((1i128 << bits) - 1);
            if k.is_signed() && (m >> (bits - 1)) & 1 == 1 {
                m - (1i128 << bits)
            } else {
                m
            }
        }
        _ if *t == CType::Bool => (v != 0) as i128,
        _ => v,
    }
}

/// Folds a scalar (or vector literal) constant expression; `None` if not constant.
pub fn eval(e: &Expr) -> Option<ConstInit> {
    eval_in(e, &|_| None)
}

/// Folds like [`eval`], also reading scalar and vector program-scope `__constant` variables
/// through `globals` (their folded initializers), as clang folds them in the initializers
/// of other program-scope variables.
pub fn eval_in(e: &Expr, globals: &dyn Fn(GlobalId) -> Option<ConstInit>) -> Option<ConstInit> {
    use ConstInit::*;
    Some(match &e.kind {
        ExprKind::Load(lv) if e.ty.is_scalar() || matches!(e.ty, CType::Vector(..)) => {
            match lv.kind {
                LValueKind::Global(g) => globals(g)?,
                _ => return None,
            }
        }
        ExprKind::IntConst(v) => {
            let signed = e.ty.elem_kind().is_some_and(|k| k.is_signed());
            Int(wrap(
                if signed {
                    *v as i64 as i128
                } else {
                    *v as i128
                },
                &e.ty,
            ))
        }
        ExprKind::FloatConst(f) => Float(*f),
        ExprKind::Convert(inner) => match (eval_in(inner, globals)?, &e.ty) {
            (Int(v), t) if t.elem_kind().is_some_and(|k| k.is_float()) => Float(v as f64),
            (Int(v), t) => Int(wrap(v, t)),
            (Float(f), CType::Bool) => Int((f != 0.0) as i128),
            (Float(f), t) if t.elem_kind().is_some_and(|k| k.is_integer()) => {
                Int(wrap(f as i128, t))
            }
            (Float(f), _) => Float(f),
            (List(_), _) => return None,
        },
        ExprKind::Splat(inner) => List(vec![eval_in(inner, globals)?; e.ty.lanes() as usize]),
        ExprKind::VectorLiteral(parts) => {
            let mut v = Vec::new();
            for p in parts {
                match eval_in(p, globals)? {
                    List(l) => v.extend(l),
                    x => v.push(x),
                }
            }
            List(v)
        }
        ExprKind::Unary { op, expr } => match (op, eval_in(expr, globals)?) {
            (UnOp::Neg, Int(v)) => Int(wrap(-v, &e.ty)),
            (UnOp::Neg, Float(f)) => Float(-f),
            (UnOp::BitNot, Int(v)) => Int(wrap(!v, &e.ty)),
            (UnOp::Not, Int(v)) => Int((v == 0) as i128),
            _ => return None,
        },
        ExprKind::Binary { op, lhs, rhs } => match (eval_in(lhs, globals)?, eval_in(rhs, globals)?)
        {
            (Int(a), Int(b)) => {
                let r = match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Sub => a.wrapping_sub(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    BinOp::Div if b != 0 => a / b,
                    BinOp::Rem if b != 0 => a % b,
                    BinOp::Shl => a.wrapping_shl((b & 63) as u32),
                    BinOp::Shr => a >> (b & 63),
                    BinOp::BitAnd => a & b,
                    BinOp::BitOr => a | b,
                    BinOp::BitXor => a ^ b,
                    BinOp::Eq => (a == b) as i128,
                    BinOp::Ne => (a != b) as i128,
                    BinOp::Lt => (a < b) as i128,
                    BinOp::Gt => (a > b) as i128,
                    BinOp::Le => (a <= b) as i128,
                    BinOp::Ge => (a >= b) as i128,
                    _ => return None,
                };
                Int(wrap(r, &e.ty))
            }
            (Float(a), Float(b)) => match op {
                BinOp::Add => Float(a + b),
                BinOp::Sub => Float(a - b),
                BinOp::Mul => Float(a * b),
                BinOp::Div => Float(a / b),
                BinOp::Eq => Int((a == b) as i128),
                BinOp::Ne => Int((a != b) as i128),
                BinOp::Lt => Int((a < b) as i128),
                BinOp::Gt => Int((a > b) as i128),
                BinOp::Le => Int((a <= b) as i128),
                BinOp::Ge => Int((a >= b) as i128),
                _ => return None,
            },
            _ => return None,
        },
        ExprKind::Logical { is_and, lhs, rhs } => {
            match (eval_in(lhs, globals)?, eval_in(rhs, globals)?) {
                (Int(a), Int(b)) => Int(if *is_and {
                    a != 0 && b != 0
                } else {
                    a != 0 || b != 0
                } as i128),
                _ => return None,
            }
        }
        ExprKind::Ternary { cond, then, els } => match eval_in(cond, globals)? {
            Int(c) => {
                if c != 0 {
                    eval_in(then, globals)?
                } else {
                    eval_in(els, globals)?
                }
            }
            _ => return None,
        },
        _ => return None,
    })
}
