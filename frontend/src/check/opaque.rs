//! OpenCL's rules for image and sampler objects: they are values only as parameters
//! (and samplers as constant-initialized variables); they cannot be assigned, compared,
//! combined with `?:`, stored in structs, pointed to, or returned.

use super::types::DeclType;
use super::Checker;
use crate::checked::{AddrSpace, CType, Expr, ExprKind, OpaqueKind};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// An image or sampler type (event_t is an ordinary value type).
pub(crate) fn is_image_or_sampler(t: &CType) -> bool {
    matches!(t, CType::Opaque(k) if *k != OpaqueKind::Event)
}

impl Checker {
    /// Checks a program-scope `sampler_t` declaration: it needs `const` or `__constant`
    /// and no other address space. Reports and returns false otherwise.
    pub(crate) fn program_sampler_ok(&mut self, dt: &DeclType, span: Span) -> bool {
        let msg = match dt.space {
            Some(AddrSpace::Global | AddrSpace::Local) => {
                "sampler type cannot be used with the __local and __global address space qualifiers"
            }
            None if !dt.is_const => {
                "global sampler requires a const or constant address space qualifier"
            }
            _ => return true,
        };
        self.error(Diagnostic::error("E0317", msg, span));
        false
    }

    /// Rejects an image or sampler operand of an assignment or `?:` (clang: "invalid
    /// operands"). Returns true when `a`/`b` are acceptable.
    pub(crate) fn opaque_operands_ok(&mut self, a: &CType, b: &CType, span: Span) -> bool {
        if !is_image_or_sampler(a) && !is_image_or_sampler(b) {
            return true;
        }
        self.error(Diagnostic::error(
            "E0302",
            format!(
                "invalid operands of types '{}' and '{}' (images and samplers cannot be assigned or selected)",
                a.display(),
                b.display()
            ),
            span,
        ));
        false
    }

    /// Rejects a struct or union member of image or sampler type.
    pub(crate) fn opaque_field_ok(&mut self, t: &CType, span: Span) -> bool {
        if !is_image_or_sampler(t) {
            return true;
        }
        self.error(Diagnostic::error(
            "E0305",
            format!(
                "the '{}' type cannot be used to declare a structure or union field",
                t.display()
            ),
            span,
        ));
        false
    }

    /// An `event_t` parameter takes an `event_t` or the null event `0`; reports any other
    /// integer argument.
    pub(crate) fn null_events_ok(&mut self, args: &[Expr], params: &[CType]) -> bool {
        let event = CType::Opaque(OpaqueKind::Event);
        for (a, p) in args.iter().zip(params) {
            if *p == event && a.ty != event && !matches!(a.kind, ExprKind::IntConst(0)) {
                self.error(Diagnostic::error(
                    "E0302",
                    format!(
                        "passing '{}' to parameter of type 'event_t' (only an event_t or the constant 0)",
                        a.ty.display()
                    ),
                    a.span,
                ));
                return false;
            }
        }
        true
    }
}
