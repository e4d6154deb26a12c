//! The conditional operator `c ? a : b`: scalar conditions (short-circuit, one operand
//! evaluated) and OpenCL's vector conditions, which choose per component by the most
//! significant bit of each condition lane like `select(b, a, c)` and evaluate both operands.

use super::builtins::BuiltinId;
use super::convert::{convert, is_null_pointer_constant, null_as_int, usual_arith};
use super::Checker;
use crate::ast;
use crate::checked::{CType, Expr, ExprKind as K};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// The `__generic` pointer type two pointers of the same pointee in different spaces meet
/// in (`global int *` and `int *`), as clang types such a `?:` in OpenCL C 2.0.
fn generic_common_pointer(a: &CType, b: &CType) -> Option<CType> {
    let (
        CType::Pointer {
            space: sa,
            pointee: pa,
            is_const: ca,
        },
        CType::Pointer {
            space: sb,
            pointee: pb,
            is_const: cb,
        },
    ) = (a, b)
    else {
        return None;
    };
    let space = super::convert::common_space(*sa, *sb)?;
    (sa != sb && pa == pb).then(|| CType::Pointer {
        space,
        pointee: pa.clone(),
        is_const: *ca || *cb,
    })
}

impl Checker {
    /// Checks `c ? a : b`.
    pub(crate) fn ternary(
        &mut self,
        c: &ast::Expr,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> Option<Expr> {
        let c = self.rvalue(c);
        let a = self.rvalue(a);
        let b = self.rvalue(b);
        let (c, a, b) = (c?, a?, b?);
        if !self.opaque_operands_ok(&a.ty, &b.ty, span) {
            return None;
        }
        if matches!(c.ty, CType::Vector(..)) {
            return self.vector_ternary(c, a, b, span);
        }
        let c = self.bool_cond(c)?;
        let ty = if a.ty == b.ty {
            a.ty.clone()
        } else if a.ty.is_arith() && b.ty.is_arith() {
            match usual_arith(&a.ty, &b.ty) {
                Ok(t) => t,
                Err(m) => {
                    self.error(Diagnostic::error("E0303", m, span));
                    return None;
                }
            }
        } else if a.ty.is_pointer() && is_null_pointer_constant(&b) {
            a.ty.clone()
        } else if let Some(t) = generic_common_pointer(&a.ty, &b.ty) {
            t
        } else if b.ty.is_pointer() && is_null_pointer_constant(&a) {
            b.ty.clone()
        } else {
            self.error(Diagnostic::error(
                "E0302",
                format!(
                    "incompatible operand types ('{}' and '{}')",
                    a.ty.display(),
                    b.ty.display()
                ),
                span,
            ));
            return None;
        };
        let null_to_int = |e: Expr| {
            if ty.is_pointer() && e.ty != ty && is_null_pointer_constant(&e) {
                null_as_int(&e)
            } else {
                e
            }
        };
        let (a, b) = (null_to_int(a), null_to_int(b));
        let (a, b) = (convert(a, &ty), convert(b, &ty));
        Some(Expr {
            kind: K::Ternary {
                cond: Box::new(c),
                then: Box::new(a),
                els: Box::new(b),
            },
            ty,
            span,
        })
    }

    /// `c ? a : b` with an integer vector `c`: the operands take a common vector type
    /// (scalars widen; two scalars give a vector of `c`'s lane count) whose element size
    /// and lane count must equal `c`'s. Checked as the built-in `select(b, a, c)`.
    fn vector_ternary(&mut self, c: Expr, a: Expr, b: Expr, span: Span) -> Option<Expr> {
        let CType::Vector(ck, lanes) = c.ty else {
            unreachable!("vector condition");
        };
        if ck.is_float() {
            self.error(Diagnostic::error(
                "E0303",
                format!(
                    "vector condition type '{}' is not an integer vector",
                    c.ty.display()
                ),
                c.span,
            ));
            return None;
        }
        if !(a.ty.is_arith() && b.ty.is_arith()) {
            self.error(Diagnostic::error(
                "E0302",
                format!(
                    "invalid operand types '{}' and '{}' for a vector condition (integer or floating point types are required)",
                    a.ty.display(),
                    b.ty.display()
                ),
                span,
            ));
            return None;
        }
        let common = if a.ty == b.ty {
            Ok(a.ty.clone())
        } else {
            usual_arith(&a.ty, &b.ty)
        };
        let ty = match common {
            Ok(CType::Vector(k, n)) => CType::Vector(k, n),
            Ok(CType::Scalar(k)) => CType::Vector(k, lanes),
            Ok(CType::Bool) => CType::Vector(crate::checked::ScalarKind::Int, lanes),
            Ok(t) => unreachable!("arithmetic common type {t:?}"),
            Err(m) => {
                self.error(Diagnostic::error("E0303", m, span));
                return None;
            }
        };
        let CType::Vector(k, n) = ty else {
            unreachable!("vector result");
        };
        if n != lanes {
            self.error(Diagnostic::error(
                "E0303",
                format!(
                    "vector condition type '{}' and result type '{}' do not have the same number of elements",
                    c.ty.display(),
                    ty.display()
                ),
                span,
            ));
            return None;
        }
        if k.size() != ck.size() {
            self.error(Diagnostic::error(
                "E0303",
                format!(
                    "vector condition type '{}' and result type '{}' do not have elements of the same size",
                    c.ty.display(),
                    ty.display()
                ),
                span,
            ));
            return None;
        }
        let (a, b) = (convert(a, &ty), convert(b, &ty));
        let cty = c.ty.clone();
        Some(Expr {
            kind: K::CallBuiltin {
                id: BuiltinId::Named("select"),
                params: vec![ty.clone(), ty.clone(), cty],
                args: vec![b, a, c],
            },
            ty,
            span,
        })
    }
}
