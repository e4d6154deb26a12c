//! Adds macro-expansion and include-chain context to a diagnostic, from the origins the
//! preprocessor recorded in the [`SourceMap`].

use crate::diagnostic::Diagnostic;
use crate::source::{SourceMap, Span};

/// Most macro-expansion notes added to one diagnostic.
const MAX_EXPANSION_NOTES: usize = 4;
/// Most include-chain notes added to one diagnostic.
const MAX_INCLUDE_NOTES: usize = 32;

fn valid(map: &SourceMap, span: Span) -> bool {
    (span.file.0 as usize) < map.len()
        && span.end as usize <= map.file(span.file).text.len()
        && span.start <= span.end
}

/// `name:line:col` of the start of a span.
pub fn location(map: &SourceMap, span: Span) -> String {
    if !valid(map, span) {
        return "<unknown>".to_string();
    }
    let (line, col) = map.line_col(span.file, span.start as usize);
    format!("{}:{line}:{col}", map.file(span.file).name)
}

/// A copy of `d` with notes (and labels) for the macro expansions and `#include`s
/// that its primary span lies in.
pub fn with_origins(d: &Diagnostic, map: &SourceMap) -> Diagnostic {
    let mut out = d.clone();
    let primary = d.primary;
    if !valid(map, primary) {
        return out;
    }
    let origins = &map.origins;
    let mut noted = 0;
    for e in origins.expansions_at(primary) {
        if noted == MAX_EXPANSION_NOTES {
            break;
        }
        noted += 1;
        out.notes.push(format!(
            "in expansion of macro `{}` (defined at {})",
            e.name,
            location(map, e.def_span)
        ));
        if valid(map, e.def_span) {
            out = out.with_secondary(e.def_span, format!("macro `{}` defined here", e.name));
        }
    }
    if noted == 0 {
        if let Some(e) = origins.expansion_of_body(primary) {
            out.notes.push(format!(
                "in expansion of macro `{}` used at {}",
                e.name,
                location(map, e.call_site)
            ));
            if valid(map, e.call_site) {
                out =
                    out.with_secondary(e.call_site, format!("in expansion of macro `{}`", e.name));
            }
        }
    }
    let mut file = primary.file;
    for _ in 0..MAX_INCLUDE_NOTES {
        let Some(site) = origins.included_from(file) else {
            break;
        };
        out.notes
            .push(format!("in file included from {}", location(map, site)));
        file = site.file;
    }
    out
}
