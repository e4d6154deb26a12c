//! Address constants: the value of a program-scope `__constant` pointer initialized with the
//! address of another program-scope object (`= table`, `= &arr[2]`, `= table + 1`) or
//! with a string literal (`= "abc"`, a `__constant char` array of its own).
//!
//! Such a pointer is never stored: the checker binds its name to the address expression
//! itself, so every read is that (constant) address, on every target.

use super::consteval;
use crate::checked::{Expr, ExprKind, LValue, LValueKind};

/// True when `e` is the address of (a part of) a program-scope variable at a constant
/// offset: what C calls an address constant.
pub(crate) fn is_address_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::ArrayDecay(l) | ExprKind::AddrOf(l) => is_static_location(l),
        ExprKind::PtrCast(inner) => is_address_constant(inner),
        ExprKind::StringLit(_) => true,
        ExprKind::PtrAdd { ptr, offset } => {
            is_address_constant(ptr) && consteval::eval(offset).is_some()
        }
        _ => false,
    }
}

/// A location inside a program-scope variable found at compile time.
fn is_static_location(l: &LValue) -> bool {
    match &l.kind {
        LValueKind::Global(_) => true,
        LValueKind::ArrayIndex { base, index } => {
            is_static_location(base) && consteval::eval(index).is_some()
        }
        LValueKind::Field { base, .. } => is_static_location(base),
        LValueKind::Deref(p) => is_address_constant(p),
        LValueKind::Var(_) | LValueKind::Components { .. } | LValueKind::VectorLane { .. } => false,
    }
}
