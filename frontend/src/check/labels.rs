//! Labels and `goto` with C's rules: a label is defined once per function (labels have
//! function scope), and every `goto` names a label defined somewhere in the same function.
//! The checker accepts them; oclc's code generators reject `goto` when lowering.

use super::Checker;
use crate::ast::Ident;
use crate::diagnostic::Diagnostic;

impl Checker {
    /// Records the definition of label `l`; reports a redefinition and returns false.
    pub(crate) fn define_label(&mut self, l: &Ident) -> bool {
        let Some(ctx) = self.cur.as_mut() else {
            return false;
        };
        if let Some((_, first)) = ctx.labels.iter().find(|(n, _)| *n == l.name) {
            let first = *first;
            self.error(
                Diagnostic::error(
                    "E0309",
                    format!("redefinition of label '{}'", l.name),
                    l.span,
                )
                .with_secondary(first, "previous definition is here"),
            );
            return false;
        }
        ctx.labels.push((l.name.clone(), l.span));
        true
    }

    /// Records a `goto l` to resolve when the whole body has been seen.
    pub(crate) fn note_goto(&mut self, l: &Ident) {
        if let Some(ctx) = self.cur.as_mut() {
            ctx.gotos.push((l.name.clone(), l.span));
        }
    }

    /// Reports every `goto` of the current function whose label is not defined in it.
    pub(crate) fn check_gotos(&mut self) {
        let Some(ctx) = self.cur.as_ref() else {
            return;
        };
        let missing: Vec<_> = ctx
            .gotos
            .iter()
            .filter(|(n, _)| !ctx.labels.iter().any(|(l, _)| l == n))
            .cloned()
            .collect();
        for (name, span) in missing {
            self.error(Diagnostic::error(
                "E0300",
                format!("use of undeclared label '{name}'"),
                span,
            ));
        }
    }
}
