//! The GNU/clang `__builtin_*` functions clang-14 accepts in OpenCL C that only guide the
//! optimizer or ask a question of the compiler: `__builtin_expect(e, c)` is `e` as a
//! `long`, `__builtin_assume(e)` and `__builtin_unreachable()` do nothing (their
//! arguments are not evaluated), and `__builtin_constant_p(e)` says whether `e` is a
//! constant expression.

use super::convert::convert;
use super::Checker;
use crate::ast;
use crate::checked::{CType, Expr, ExprKind as K, ScalarKind};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// Whether `name` is one of the built-ins of this module.
pub(crate) fn is_gnu_builtin(name: &str) -> bool {
    matches!(
        name,
        "__builtin_expect" | "__builtin_assume" | "__builtin_unreachable" | "__builtin_constant_p"
    )
}

fn void_nothing(span: Span) -> Expr {
    let zero = Expr {
        kind: K::IntConst(0),
        ty: CType::INT,
        span,
    };
    Expr {
        kind: K::Convert(Box::new(zero)),
        ty: CType::Void,
        span,
    }
}

impl Checker {
    /// Checks a call of the GNU built-in `name` (see [`is_gnu_builtin`]).
    pub(crate) fn gnu_builtin_call(
        &mut self,
        name: &str,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<Expr> {
        let wanted = match name {
            "__builtin_expect" => 2,
            "__builtin_unreachable" => 0,
            _ => 1,
        };
        if args.len() != wanted {
            self.error(Diagnostic::error(
                "E0311",
                format!(
                    "too {} arguments to function call, expected {wanted}, have {}",
                    if args.len() < wanted { "few" } else { "many" },
                    args.len()
                ),
                span,
            ));
            return None;
        }
        let long = CType::Scalar(ScalarKind::Long);
        match name {
            "__builtin_expect" => {
                let value = self.rvalue(&args[0])?;
                self.const_int(&args[1])?;
                if !value.ty.is_scalar() {
                    self.error(Diagnostic::error(
                        "E0302",
                        format!(
                            "passing '{}' to parameter of incompatible type 'long'",
                            value.ty.display()
                        ),
                        args[0].span,
                    ));
                    return None;
                }
                Some(convert(value, &long))
            }
            "__builtin_constant_p" => {
                let value = self.rvalue(&args[0])?;
                let constant = super::consteval::eval(&value).is_some();
                Some(Expr {
                    kind: K::IntConst(u64::from(constant)),
                    ty: CType::INT,
                    span,
                })
            }
            "__builtin_assume" => {
                self.rvalue(&args[0])?;
                Some(void_nothing(span))
            }
            _ => Some(void_nothing(span)),
        }
    }
}
