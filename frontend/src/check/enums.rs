//! `enum` specifiers with clang's C rules (a GNU extension beyond C99's `int`-only
//! enumerators): an enumerator whose value fits `int` has type `int`; the enumeration's
//! own type is the smallest of `unsigned int`, `unsigned long` (no negative values) or
//! `int`, `long` (some negative value) that holds every value; an enumerator that does
//! not fit `int` takes the enumeration's type (`enum { K = 0x736f6d6570736575UL }` makes
//! `K` and the enum `unsigned long`). While the list is read, an enumerator has the type
//! its value came with (`int` when it fits), and an implicit `previous + 1` that leaves
//! the previous enumerator's type warns as clang does and moves to the next wider type.

use super::{Binding, Checker};
use crate::ast;
use crate::checked::{CType, ScalarKind};
use crate::diagnostic::Diagnostic;

/// Whether `v` is a value of `int`.
fn fits_int(v: i128) -> bool {
    i32::try_from(v).is_ok()
}

/// Whether the integer type `kind` holds `v`.
fn fits(v: i128, kind: ScalarKind) -> bool {
    let bits = kind.size() * 8;
    if kind.is_signed() {
        let half = 1i128 << (bits - 1);
        (-half..half).contains(&v)
    } else {
        (0..(1i128 << bits)).contains(&v)
    }
}

/// The next wider integer kind of the same signedness (clang's
/// `getNextLargerIntegralType`); `None` past 64 bits, which oclc does not have.
fn next_wider(kind: ScalarKind) -> Option<ScalarKind> {
    use ScalarKind::*;
    match kind {
        Char | Short | Int => Some(Long),
        UChar | UShort | UInt => Some(ULong),
        _ => None,
    }
}

/// The enumeration's type for the values `values` (clang's `ActOnEnumBody` for C without
/// `packed`); `None` when they need more than 64 bits.
fn best_type(values: &[i128]) -> Option<ScalarKind> {
    let negative = values.iter().any(|&v| v < 0);
    if negative {
        [ScalarKind::Int, ScalarKind::Long]
            .into_iter()
            .find(|&k| values.iter().all(|&v| fits(v, k)))
    } else {
        [ScalarKind::UInt, ScalarKind::ULong]
            .into_iter()
            .find(|&k| values.iter().all(|&v| fits(v, k)))
    }
}

impl Checker {
    /// Resolves an `enum` specifier, binding its constants; returns the enumeration's
    /// integer type.
    pub(crate) fn enum_spec(&mut self, en: &ast::EnumSpec) -> Option<CType> {
        let Some(items) = &en.items else {
            // A reference `enum E`: the type its definition gave it (`int` before one).
            return Some(
                match en.tag.as_ref().and_then(|t| self.lookup_tag(&t.name)) {
                    Some(Binding::EnumTag(ty)) => ty,
                    _ => CType::INT,
                },
            );
        };
        if let Some(tag) = &en.tag {
            self.bind_tag(tag, Binding::EnumTag(CType::INT));
        }
        let mut values: Vec<i128> = Vec::with_capacity(items.len());
        let mut previous: Option<(i128, ScalarKind)> = None;
        for (name, value) in items {
            let (v, kind) = match value {
                Some(e) => match self.enumerator_value(e) {
                    Some((v, _)) if fits_int(v) => (v, ScalarKind::Int),
                    Some(vk) => vk,
                    None => (previous.map_or(0, |(p, _)| p + 1), ScalarKind::Int),
                },
                None => match previous {
                    None => (0, ScalarKind::Int),
                    Some((p, k)) if fits(p + 1, k) => (p + 1, k),
                    Some((p, k)) => {
                        self.diags.push(Diagnostic::warning(
                            "W0307",
                            "overflow in enumeration value",
                            name.span,
                        ));
                        (p + 1, next_wider(k).unwrap_or(ScalarKind::ULong))
                    }
                },
            };
            if !(i64::MIN as i128..=u64::MAX as i128).contains(&v) {
                self.error(Diagnostic::error(
                    "E0322",
                    format!("enumerator value {v} is not representable in a 64-bit integer type (oclc has no 128-bit integers)"),
                    name.span,
                ));
            }
            let ty = CType::Scalar(kind);
            self.bind(name, Binding::EnumConst(v, ty));
            values.push(v);
            previous = Some((v, kind));
        }
        let Some(kind) = best_type(&values) else {
            if values
                .iter()
                .all(|&v| (i64::MIN as i128..=u64::MAX as i128).contains(&v))
            {
                self.error(Diagnostic::error(
                    "E0322",
                    "enumeration values need a 128-bit integer type, which oclc does not have",
                    en.span,
                ));
            }
            return Some(CType::INT);
        };
        let enum_ty = CType::Scalar(kind);
        // The list is complete: enumerators that do not fit `int` take the enum's type.
        for ((name, _), &v) in items.iter().zip(&values) {
            if !fits_int(v) {
                self.rebind(name, Binding::EnumConst(v, enum_ty.clone()));
            }
        }
        if let Some(tag) = &en.tag {
            self.bind_tag(tag, Binding::EnumTag(enum_ty.clone()));
        }
        Some(enum_ty)
    }

    /// The value of an enumerator's `= expr` and its (promoted) integer kind.
    fn enumerator_value(&mut self, e: &ast::Expr) -> Option<(i128, ScalarKind)> {
        let c = self.rvalue(e)?;
        let kind = match c.ty.elem_kind() {
            Some(k) if k.is_integer() && c.ty.lanes() == 1 => {
                if k.size() < 4 {
                    ScalarKind::Int
                } else {
                    k
                }
            }
            _ => ScalarKind::Int,
        };
        match super::consteval::eval(&c) {
            Some(crate::checked::ConstInit::Int(v)) => Some((v, kind)),
            _ => {
                self.error(Diagnostic::error(
                    "E0318",
                    "expression is not an integer constant expression",
                    e.span,
                ));
                None
            }
        }
    }

    /// Replaces the binding of `name` in the innermost scope (no redefinition check).
    fn rebind(&mut self, name: &ast::Ident, b: Binding) {
        self.scopes
            .last_mut()
            .expect("scope")
            .insert(name.name.clone(), b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_types_follow_clang() {
        use ScalarKind::*;
        assert_eq!(best_type(&[0, 1]), Some(UInt));
        assert_eq!(best_type(&[-1, 1]), Some(Int));
        assert_eq!(best_type(&[0xFFFF_FFFF]), Some(UInt));
        assert_eq!(best_type(&[-1, 0x8000_0000]), Some(Long));
        assert_eq!(best_type(&[0x736f_6d65_7073_6575]), Some(ULong));
        assert_eq!(best_type(&[-1, u64::MAX as i128]), None);
        assert_eq!(next_wider(Int), Some(Long));
        assert_eq!(next_wider(UInt), Some(ULong));
        assert_eq!(next_wider(Long), None);
    }
}
