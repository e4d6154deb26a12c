//! `#line N ["name"]` (and the GNU `# N "name"` form): renumbers the following lines of
//! a file, and optionally renames it, for `__LINE__` and `__FILE__`.

use super::macros::PTok;
use super::Preprocessor;
use crate::diagnostic::Diagnostic;
use crate::lexer::{TokKind, Token};
use crate::literal;
use crate::source::{FileId, Span};
use std::rc::Rc;

/// The effect of one `#line`: from physical line `from_line` of its file on, lines are
/// numbered from `number`, and the file is called `name` (when one was given so far).
#[derive(Clone, Debug)]
pub(crate) struct LineMark {
    from_line: usize,
    number: usize,
    name: Option<Rc<str>>,
}

impl Preprocessor<'_> {
    /// Handles `#line` whose operands (macro-expanded first) are `args`; `hash` is the
    /// directive's `#`.
    pub(crate) fn line_directive(
        &mut self,
        file: FileId,
        hash: &Token,
        args: &[Token],
        dspan: Span,
    ) {
        let expanded: Vec<Token> = self
            .expand(args.iter().cloned().map(PTok::new).collect())
            .into_iter()
            .map(|p| p.tok)
            .collect();
        let number = expanded
            .first()
            .filter(|t| t.kind == TokKind::IntLit && t.text.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|t| t.text.parse::<usize>().ok());
        let Some(number) = number else {
            self.diags.push(Diagnostic::error(
                "E0103",
                "#line directive requires a simple digit sequence",
                dspan,
            ));
            return;
        };
        let (line, _) = self.map.line_col(file, hash.span.start as usize);
        let name = match expanded.get(1) {
            Some(t) if t.kind == TokKind::StrLit => match literal::parse_string(&t.text) {
                Ok(bytes) => Some(Rc::from(String::from_utf8_lossy(&bytes).as_ref())),
                Err(m) => {
                    self.diags.push(Diagnostic::error("E0201", m, t.span));
                    return;
                }
            },
            Some(t) => {
                self.diags.push(Diagnostic::error(
                    "E0103",
                    "invalid filename for #line directive",
                    t.span,
                ));
                return;
            }
            None => self.presumed(file, line).1,
        };
        self.line_marks.entry(file).or_default().push(LineMark {
            from_line: line + 1,
            number,
            name,
        });
    }

    /// The presumed line number of physical `line` of `file`, and the name `#line` gave
    /// the file (`None` if it was never renamed).
    pub(crate) fn presumed(&self, file: FileId, line: usize) -> (usize, Option<Rc<str>>) {
        let mark = self
            .line_marks
            .get(&file)
            .and_then(|marks| marks.iter().rev().find(|m| m.from_line <= line));
        match mark {
            Some(m) => (m.number.saturating_add(line - m.from_line), m.name.clone()),
            None => (line, None),
        }
    }
}
