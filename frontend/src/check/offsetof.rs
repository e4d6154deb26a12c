//! `__builtin_offsetof(type, designator)`: the byte offset of a member of a struct or
//! union, as clang computes it (the layout of `checked::StructLayout`, `#pragma pack` and
//! `aligned` included). The designator names a member, then any sequence of `.member`
//! (members of anonymous structs and unions found through them) and `[index]`. With
//! constant indices the result is an integer constant expression of type `size_t` (array
//! sizes, case labels, program-scope initialisers); a non-constant index makes it an
//! ordinary `size_t` expression, as clang allows. Bit-fields cannot occur: OpenCL C
//! rejects them where the struct is declared.

use super::Checker;
use crate::ast::{self, OffsetofPart};
use crate::checked::{BinOp, CType, Expr, ExprKind as K};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

impl Checker {
    /// Checks `__builtin_offsetof(t, parts)` spanning `span`.
    pub(crate) fn offsetof(
        &mut self,
        t: &ast::TypeName,
        parts: &[OffsetofPart],
        span: Span,
    ) -> Option<Expr> {
        let mut ty = self.resolve_type_name(t)?;
        if !ty.is_struct() {
            self.error(Diagnostic::error(
                "E0325",
                format!(
                    "offsetof requires struct, union, or class type, '{}' invalid",
                    ty.display()
                ),
                span,
            ));
            return None;
        }
        let mut offset: u64 = 0;
        let mut dynamic: Option<Expr> = None;
        for part in parts {
            match part {
                OffsetofPart::Member(m) => {
                    let CType::Struct(s) = &ty else {
                        self.error(Diagnostic::error(
                            "E0310",
                            format!(
                                "member reference base type '{}' is not a structure or union",
                                ty.display()
                            ),
                            m.span,
                        ));
                        return None;
                    };
                    let Some(layout) = s.layout() else {
                        self.error(Diagnostic::error(
                            "E0325",
                            format!("offsetof of incomplete type '{}'", ty.display()),
                            span,
                        ));
                        return None;
                    };
                    let Some((at, fty)) = member_offset(layout, &m.name) else {
                        self.unknown_member(m, &ty);
                        return None;
                    };
                    offset = offset.wrapping_add(at);
                    ty = fty;
                }
                OffsetofPart::Index(i) => {
                    let CType::Array { elem, .. } = &ty else {
                        self.error(Diagnostic::error(
                            "E0325",
                            format!("offsetof requires array type, '{}' invalid", ty.display()),
                            i.span,
                        ));
                        return None;
                    };
                    let elem = (**elem).clone();
                    let index = self.rvalue(i)?;
                    if !matches!(&index.ty, CType::Scalar(k) if k.is_integer()) {
                        self.error(Diagnostic::error(
                            "E0325",
                            format!(
                                "array subscript is not an integer ('{}')",
                                index.ty.display()
                            ),
                            i.span,
                        ));
                        return None;
                    }
                    let size = elem.size();
                    match super::consteval::eval(&index) {
                        Some(crate::checked::ConstInit::Int(v)) => {
                            offset = offset.wrapping_add((v as u64).wrapping_mul(size));
                        }
                        _ => {
                            let idx = super::convert::convert(index, &CType::SIZE_T);
                            let scaled = binary(
                                BinOp::Mul,
                                idx,
                                Expr {
                                    kind: K::IntConst(size),
                                    ty: CType::SIZE_T,
                                    span: i.span,
                                },
                                i.span,
                            );
                            dynamic = Some(match dynamic {
                                Some(d) => binary(BinOp::Add, d, scaled, span),
                                None => scaled,
                            });
                        }
                    }
                    ty = elem;
                }
            }
        }
        let constant = Expr {
            kind: K::IntConst(offset),
            ty: CType::SIZE_T,
            span,
        };
        Some(match dynamic {
            Some(d) => binary(BinOp::Add, d, constant, span),
            None => constant,
        })
    }
}

/// `lhs op rhs` in `size_t`.
fn binary(op: BinOp, lhs: Expr, rhs: Expr, span: Span) -> Expr {
    Expr {
        kind: K::Binary {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
        ty: CType::SIZE_T,
        span,
    }
}

/// The offset and type of member `name` of a struct laid out as `layout`, looking through
/// anonymous struct and union members as member access does.
fn member_offset(layout: &crate::checked::StructLayout, name: &str) -> Option<(u64, CType)> {
    if let Some(f) = layout.fields.iter().find(|f| f.name == name) {
        return Some((f.offset, f.ty.clone()));
    }
    layout
        .fields
        .iter()
        .find_map(|f| match (&f.ty, f.name.is_empty()) {
            (CType::Struct(inner), true) => {
                let (at, ty) = member_offset(inner.layout()?, name)?;
                Some((f.offset + at, ty))
            }
            _ => None,
        })
}
