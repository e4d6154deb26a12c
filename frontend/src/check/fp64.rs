//! `double` needs `cl_khr_fp64` (on unless `-cl-ext=-cl_khr_fp64`), and
//! `-cl-single-precision-constant` makes unsuffixed floating constants `float`, as in
//! clang-14: without `cl_khr_fp64`, `double` is an error and an unsuffixed constant is
//! `float` with a warning.

use super::Checker;
use crate::checked::ScalarKind;
use crate::diagnostic::Diagnostic;
use crate::source::Span;

impl Checker {
    /// The type of an unsuffixed floating constant at `span`: `double`, or `float` under
    /// `-cl-single-precision-constant` or without `cl_khr_fp64` (with clang's warning).
    pub(crate) fn unsuffixed_float_kind(&mut self, span: Span) -> ScalarKind {
        if self.single_precision_constant {
            return ScalarKind::Float;
        }
        if self.fp64 {
            return ScalarKind::Double;
        }
        self.diags.push(Diagnostic::warning(
            "W0109",
            "double precision constant requires cl_khr_fp64, casting to single precision",
            span,
        ));
        ScalarKind::Float
    }

    /// Reports a use of the type `double` at `span` when `cl_khr_fp64` is off.
    pub(crate) fn require_fp64(&mut self, span: Span) {
        if !self.fp64 {
            self.error(Diagnostic::error(
                "E0326",
                "use of type 'double' requires cl_khr_fp64 support",
                span,
            ));
        }
    }
}
