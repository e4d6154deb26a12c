//! Where text came from: macro expansions and `#include` chains, recorded by the
//! preprocessor in the [`crate::source::SourceMap`] so that diagnostics can add
//! "in expansion of macro `X`" and "in file included from a.cl:3" notes.

use crate::source::{FileId, Span};

/// One macro expansion: which macro, where it is defined and where it was used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MacroExpansion {
    /// The macro's name.
    pub name: String,
    /// The name in the `#define`.
    pub def_span: Span,
    /// The replacement list in the `#define` (empty span at the name for empty bodies).
    pub body_span: Span,
    /// The outermost call site whose expansion produced this one.
    pub call_site: Span,
}

/// All recorded origins of one compilation.
#[derive(Clone, Debug, Default)]
pub struct Origins {
    /// Every macro expansion, in the order the preprocessor performed them.
    pub expansions: Vec<MacroExpansion>,
    /// For each included file, the `#include` directive that brought it in.
    pub includes: Vec<(FileId, Span)>,
}

/// Largest number of expansions kept (later ones are not noted; keeps memory bounded).
const MAX_EXPANSIONS: usize = 1 << 20;

impl Origins {
    /// Records a macro expansion.
    pub fn record_expansion(&mut self, e: MacroExpansion) {
        if self.expansions.len() < MAX_EXPANSIONS {
            self.expansions.push(e);
        }
    }

    /// Records that `file` was included by the directive at `directive`.
    pub fn record_include(&mut self, file: FileId, directive: Span) {
        self.includes.push((file, directive));
    }

    /// The `#include` directive that brought `file` in, if any.
    pub fn included_from(&self, file: FileId) -> Option<Span> {
        self.includes
            .iter()
            .find(|(f, _)| *f == file)
            .map(|(_, s)| *s)
    }

    /// Expansions whose call site covers the start of `span` (outermost first).
    pub fn expansions_at(&self, span: Span) -> impl Iterator<Item = &MacroExpansion> {
        self.expansions.iter().filter(move |e| {
            let c = e.call_site;
            c.file == span.file && c.start <= span.start && span.start < c.end.max(c.start + 1)
        })
    }

    /// The first expansion whose macro body contains `span` (a token spelled in a body).
    pub fn expansion_of_body(&self, span: Span) -> Option<&MacroExpansion> {
        self.expansions.iter().find(|e| {
            let b = e.body_span;
            b.file == span.file && b.start <= span.start && span.end <= b.end && b.end > b.start
        })
    }
}
