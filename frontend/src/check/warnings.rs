//! Warnings about conversions that lose information and results that are thrown away
//! (clang's -Wconstant-conversion, -Wliteral-conversion, -Wfloat-conversion and
//! -Wunused-value). `-w` silences them and `-Werror` turns them into errors.

use super::Checker;
use crate::checked::{CType, Expr, ExprKind, LValue, LValueKind, ScalarKind};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

impl Checker {
    /// Warns when the implicit conversion of `e` to the scalar type `to` changes an integer
    /// constant's value (W0304) or a floating constant's (W0307), or drops the fraction of a floating-point value (W0306).
    pub(crate) fn warn_lossy_conversion(&mut self, e: &Expr, to: &CType, span: Span) {
        let (CType::Scalar(from), CType::Scalar(to_kind)) = (&e.ty, to) else {
            return;
        };
        if !to_kind.is_integer() {
            return;
        }
        let (code, message) = match e.kind {
            ExprKind::IntConst(bits) if from.is_integer() => {
                let value = if from.is_signed() {
                    bits as i64 as i128
                } else {
                    bits as i128
                };
                let width = to_kind.size() * 8;
                if width >= 64 || fits(value, width) {
                    return;
                }
                let after = wrapped(value, *to_kind);
                let message = format!(
                    "implicit conversion from '{}' to '{}' changes value from {value} to {after}",
                    e.ty.display(),
                    to.display()
                );
                ("W0304", message)
            }
            ExprKind::FloatConst(f) => {
                if f.fract() == 0.0 && f.is_finite() && fits(f as i128, to_kind.size() * 8) {
                    return;
                }
                let message = format!(
                    "implicit conversion from '{}' to '{}' changes value from {f} to {}",
                    e.ty.display(),
                    to.display(),
                    float_to_int(f, *to_kind)
                );
                ("W0307", message)
            }
            _ if from.is_float() => {
                let message = format!(
                    "implicit conversion turns floating-point number into integer: '{}' to '{}' \
                     (the fraction is dropped; convert explicitly if intended)",
                    e.ty.display(),
                    to.display()
                );
                self.diags.push(Diagnostic::warning("W0306", message, span));
                return;
            }
            _ => return,
        };
        self.diags.push(Diagnostic::warning(code, message, span));
    }

    /// Warns about an expression statement whose value is unused and that does nothing
    /// else (no assignment, increment, call or statement expression anywhere in it): W0305.
    pub(crate) fn warn_unused_value(&mut self, e: &Expr) {
        if e.ty == CType::Void || has_effect(e) {
            return;
        }
        self.diags.push(Diagnostic::warning(
            "W0305",
            "expression result unused",
            e.span,
        ));
    }
}

/// True when `value` is representable in `width` bits as a signed or an unsigned integer.
fn fits(value: i128, width: u64) -> bool {
    value >= -(1i128 << (width - 1)) && value < (1i128 << width)
}

/// `value` converted to the integer type `to` (two's complement wrap-around).
fn wrapped(value: i128, to: ScalarKind) -> i128 {
    let width = to.size() * 8;
    let mask = (1i128 << width) - 1;
    let low = value & mask;
    if to.is_signed() && low >> (width - 1) == 1 {
        low - (1i128 << width)
    } else {
        low
    }
}

/// What C's conversion of an in-range `f` to `to` gives (the fraction dropped), for the
/// message; out-of-range values are undefined and shown as such.
fn float_to_int(f: f64, to: ScalarKind) -> String {
    let t = f.trunc();
    if t.is_finite() && fits(t as i128, to.size() * 8) {
        format!("{}", wrapped(t as i128, to))
    } else {
        "an undefined value".to_string()
    }
}

/// True when evaluating `e` changes something besides producing its value.
fn has_effect(e: &Expr) -> bool {
    use ExprKind::*;
    match &e.kind {
        Assign { .. }
        | CompoundAssign { .. }
        | IncDec { .. }
        | CallUser { .. }
        | CallBuiltin { .. }
        | StmtExpr { .. } => true,
        IntConst(_) | FloatConst(_) | StringLit(_) => false,
        Load(l) | AddrOf(l) | ArrayDecay(l) => lvalue_has_effect(l),
        Convert(a) | Splat(a) | PtrCast(a) | PtrToInt(a) | IntToPtr(a) => has_effect(a),
        Unary { expr, .. } => has_effect(expr),
        Swizzle { base, .. } => has_effect(base),
        Binary { lhs, rhs, .. } | Logical { lhs, rhs, .. } | PtrDiff { lhs, rhs } => {
            has_effect(lhs) || has_effect(rhs)
        }
        PtrAdd { ptr, offset } => has_effect(ptr) || has_effect(offset),
        Ternary { cond, then, els } => has_effect(cond) || has_effect(then) || has_effect(els),
        VectorLiteral(parts) => parts.iter().any(has_effect),
        Comma(a, b) => has_effect(a) || has_effect(b),
    }
}

/// True when computing the location `l` has an effect (e.g. `a[i++]`).
fn lvalue_has_effect(l: &LValue) -> bool {
    match &l.kind {
        LValueKind::Var(_) | LValueKind::Global(_) => false,
        LValueKind::Deref(e) => has_effect(e),
        LValueKind::ArrayIndex { base, index } | LValueKind::VectorLane { base, index } => {
            lvalue_has_effect(base) || has_effect(index)
        }
        LValueKind::Field { base, .. } | LValueKind::Components { base, .. } => {
            lvalue_has_effect(base)
        }
    }
}
