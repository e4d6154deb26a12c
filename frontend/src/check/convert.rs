//! OpenCL implicit conversions: integer promotion, usual arithmetic conversions
//! (with scalar→vector widening), assignment conversions and conversion to `Bool`.

use super::Checker;
use crate::checked::{AddrSpace, CType, Expr, ExprKind, ScalarKind};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// Integer rank (by size).
fn rank(k: ScalarKind) -> u64 {
    k.size()
}

/// Integer promotion of a scalar type (`bool`, `char`, `short` → `int`).
pub fn promote(t: &CType) -> CType {
    match t {
        CType::Bool => CType::INT,
        CType::Scalar(k) if k.is_integer() && k.size() < 4 => CType::INT,
        other => other.clone(),
    }
}

fn scalar_kind(t: &CType) -> Option<ScalarKind> {
    match promote(t) {
        CType::Scalar(k) => Some(k),
        _ => None,
    }
}

/// Usual arithmetic conversions of two scalar kinds (after promotion).
pub fn common_scalar(a: ScalarKind, b: ScalarKind) -> ScalarKind {
    use ScalarKind::*;
    for f in [Double, Float, Half] {
        if a == f || b == f {
            return f;
        }
    }
    if a == b {
        return a;
    }
    if a.is_signed() == b.is_signed() {
        return if rank(a) >= rank(b) { a } else { b };
    }
    let (s, u) = if a.is_signed() { (a, b) } else { (b, a) };
    if rank(u) >= rank(s) {
        u
    } else {
        s
    }
}

/// Result of the usual arithmetic conversions for a binary operator, or an error text.
pub fn usual_arith(a: &CType, b: &CType) -> Result<CType, String> {
    match (a, b) {
        (CType::Vector(..), CType::Vector(..)) => {
            if a == b {
                Ok(a.clone())
            } else {
                Err(format!(
                    "cannot convert between vector values of different types ('{}' and '{}')",
                    a.display(),
                    b.display()
                ))
            }
        }
        (CType::Vector(k, _), s) | (s, CType::Vector(k, _)) => {
            let sk =
                scalar_kind(s).ok_or_else(|| format!("invalid operand type '{}'", s.display()))?;
            let v = if matches!(a, CType::Vector(..)) { a } else { b };
            if k.is_integer() && sk.is_float() {
                return Err(format!(
                    "cannot convert between scalar type '{}' and vector type '{}'",
                    s.display(),
                    v.display()
                ));
            }
            Ok(v.clone())
        }
        _ => match (scalar_kind(a), scalar_kind(b)) {
            (Some(x), Some(y)) => Ok(CType::Scalar(common_scalar(x, y))),
            _ => Err(format!(
                "invalid operands of types '{}' and '{}'",
                a.display(),
                b.display()
            )),
        },
    }
}

/// Type of a comparison result for operands of type `t`.
pub fn comparison_result(t: &CType) -> CType {
    match t {
        CType::Vector(k, n) => CType::Vector(k.signed_of_same_width(), *n),
        _ => CType::INT,
    }
}

/// Explicit conversion node building (no legality checks): scalar↔scalar,
/// scalar→vector (convert + splat), vector→vector of same width.
pub fn convert(e: Expr, to: &CType) -> Expr {
    if &e.ty == to {
        return e;
    }
    let span = e.span;
    match (&e.ty, to) {
        (CType::Scalar(_) | CType::Bool, CType::Vector(k, _)) => {
            let inner = convert(e, &CType::Scalar(*k));
            Expr {
                kind: ExprKind::Splat(Box::new(inner)),
                ty: to.clone(),
                span,
            }
        }
        (CType::Pointer { .. }, CType::Pointer { .. }) => Expr {
            kind: ExprKind::PtrCast(Box::new(e)),
            ty: to.clone(),
            span,
        },
        (CType::Scalar(_), CType::Pointer { .. }) => {
            let e = convert(e, &CType::Scalar(ScalarKind::ULong));
            Expr {
                kind: ExprKind::IntToPtr(Box::new(e)),
                ty: to.clone(),
                span,
            }
        }
        (CType::Pointer { .. }, CType::Scalar(_)) => Expr {
            kind: ExprKind::PtrToInt(Box::new(e)),
            ty: to.clone(),
            span,
        },
        _ => {
            // Fold constant conversions of literals so that `1.0f * 2` stays simple.
            let kind = match (&e.kind, to) {
                (ExprKind::IntConst(v), CType::Scalar(k)) if k.is_integer() => {
                    let signed = e.ty.elem_kind().is_some_and(|k| k.is_signed());
                    let v = truncate(*v, &e.ty, signed);
                    ExprKind::IntConst(truncate(v, to, k.is_signed()))
                }
                (ExprKind::IntConst(v), CType::Scalar(k)) if k.is_float() => {
                    let signed = e.ty.elem_kind().is_some_and(|k| k.is_signed());
                    ExprKind::FloatConst(if signed { *v as i64 as f64 } else { *v as f64 })
                }
                (ExprKind::FloatConst(f), CType::Scalar(k)) if k.is_float() => {
                    ExprKind::FloatConst(*f)
                }
                _ => ExprKind::Convert(Box::new(e)),
            };
            Expr {
                kind,
                ty: to.clone(),
                span,
            }
        }
    }
}

/// Truncates / sign-extends an integer constant to the width of `t`.
pub fn truncate(v: u64, t: &CType, signed: bool) -> u64 {
    let bits = t.elem_kind().map_or(64, |k| k.size() * 8);
    if bits >= 64 {
        return v;
    }
    let mask = (1u64 << bits) - 1;
    let x = v & mask;
    if signed && (x >> (bits - 1)) & 1 == 1 {
        x | !mask
    } else {
        x
    }
}

/// True when a pointer into `from` converts implicitly to one into `to`: the same space,
/// or `__global`/`__local`/`__private` into `__generic` (OpenCL C 2.0).
pub fn space_converts(from: AddrSpace, to: AddrSpace) -> bool {
    from == to || (to == AddrSpace::Generic && from != AddrSpace::Constant)
}

/// True when an explicit cast may take a pointer from `from` to `to`: the implicit
/// conversions, and `__generic` back to a named space other than `__constant`.
pub fn space_casts(from: AddrSpace, to: AddrSpace) -> bool {
    space_converts(from, to) || space_converts(to, from)
}

/// The space both operands of a pointer comparison or `?:` convert to, if any.
pub fn common_space(a: AddrSpace, b: AddrSpace) -> Option<AddrSpace> {
    if space_converts(a, b) {
        Some(b)
    } else if space_converts(b, a) {
        Some(a)
    } else {
        None
    }
}

/// `t` (a pointer type) with its pointee moved into `space`.
pub fn with_space(t: &CType, space: AddrSpace) -> CType {
    match t {
        CType::Pointer {
            pointee, is_const, ..
        } => CType::Pointer {
            space,
            pointee: pointee.clone(),
            is_const: *is_const,
        },
        other => other.clone(),
    }
}

/// A null pointer constant as the integer constant 0 (which converts to any pointer).
pub(crate) fn null_as_int(e: &Expr) -> Expr {
    Expr {
        kind: ExprKind::IntConst(0),
        ty: CType::Scalar(ScalarKind::Int),
        span: e.span,
    }
}

/// True for C's null pointer constants: an integer constant 0, or one cast to `void *`
/// (`NULL`), which convert to a pointer in any address space.
pub(crate) fn is_null_pointer_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::IntConst(0) => matches!(e.ty, CType::Scalar(k) if k.is_integer()),
        ExprKind::IntToPtr(inner) | ExprKind::PtrCast(inner) | ExprKind::Convert(inner) => {
            matches!(&e.ty, CType::Pointer { pointee, .. } if **pointee == CType::Void)
                && matches!(inner.kind, ExprKind::IntConst(0))
        }
        _ => false,
    }
}

impl Checker {
    /// Converts `e` for assignment / initialization / argument passing to `to`.
    pub(crate) fn assign_convert(
        &mut self,
        e: Expr,
        to: &CType,
        span: Span,
        what: &str,
    ) -> Option<Expr> {
        if e.ty == *to {
            return Some(e);
        }
        self.warn_lossy_conversion(&e, to, span);
        if matches!(to, CType::Pointer { .. })
            && !matches!(e.kind, ExprKind::IntConst(0))
            && is_null_pointer_constant(&e)
        {
            return Some(convert(null_as_int(&e), to));
        }
        let ok = match (&e.ty, to) {
            (CType::Scalar(_) | CType::Bool, CType::Scalar(_) | CType::Bool) => true,
            (CType::Scalar(_) | CType::Bool, CType::Vector(..)) => true,
            (
                CType::Pointer {
                    space: s1,
                    pointee: p1,
                    is_const: c1,
                },
                CType::Pointer {
                    space: s2,
                    pointee: p2,
                    is_const: c2,
                },
            ) => {
                if !space_converts(*s1, *s2) && !is_null_pointer_constant(&e) {
                    self.error(Diagnostic::error(
                        "E0317",
                        format!(
                            "{what} '{}' from '{}' changes address space of pointer",
                            to.display(),
                            e.ty.display()
                        ),
                        span,
                    ));
                    return None;
                }
                if p1 != p2 && **p1 != CType::Void && **p2 != CType::Void {
                    self.diags.push(Diagnostic::warning(
                        "W0301",
                        format!(
                            "incompatible pointer types: {what} '{}' from '{}'",
                            to.display(),
                            e.ty.display()
                        ),
                        span,
                    ));
                } else if *c1 && !*c2 {
                    self.diags.push(Diagnostic::warning(
                        "W0302",
                        format!(
                            "{what} '{}' from '{}' discards const qualifier",
                            to.display(),
                            e.ty.display()
                        ),
                        span,
                    ));
                }
                true
            }
            (CType::Scalar(k), CType::Pointer { .. })
                if k.is_integer() && matches!(e.kind, ExprKind::IntConst(0)) =>
            {
                true
            }
            // `sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST;`
            (CType::Scalar(k), CType::Opaque(crate::checked::OpaqueKind::Sampler))
                if k.is_integer() =>
            {
                true
            }
            _ => false,
        };
        if !ok && matches!(e.ty, CType::Atomic(_)) {
            self.error(
                Diagnostic::error(
                    "E0302",
                    format!(
                        "{what} '{}' from an atomic object: atomic types are accessed only through the atomic_* built-in functions",
                        to.display()
                    ),
                    span,
                )
                .with_label(format!("this has type '{}'", e.ty.display()))
                .with_note("read it with atomic_load(&object) (OpenCL C 2.0 s6.13.11)"),
            );
            return None;
        }
        if !ok {
            let code = if matches!(e.ty, CType::Vector(..)) || matches!(to, CType::Vector(..)) {
                "E0303"
            } else {
                "E0302"
            };
            self.error(
                Diagnostic::error(
                    code,
                    format!(
                        "{what} '{}' from incompatible type '{}'",
                        to.display(),
                        e.ty.display()
                    ),
                    span,
                )
                .with_label(format!("this has type '{}'", e.ty.display())),
            );
            return None;
        }
        Some(convert(e, to))
    }

    /// Converts a scalar condition to `Bool`; vectors and other types are errors.
    pub(crate) fn bool_cond(&mut self, e: Expr) -> Option<Expr> {
        match &e.ty {
            CType::Bool => Some(e),
            CType::Scalar(_) | CType::Pointer { .. } => {
                let span = e.span;
                Some(Expr {
                    kind: ExprKind::Convert(Box::new(e)),
                    ty: CType::Bool,
                    span,
                })
            }
            t => {
                self.error(Diagnostic::error(
                    "E0302",
                    format!(
                        "expression of type '{}' is not a scalar condition",
                        t.display()
                    ),
                    e.span,
                ));
                None
            }
        }
    }
}
