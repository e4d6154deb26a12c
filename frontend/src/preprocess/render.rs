//! Rendering a preprocessed token stream back to text (`-E`, `-save-temps`).

use crate::lexer::Token;
use crate::source::{FileId, SourceMap};

/// Renders tokens as text, one output line per source line (like `clang -E`),
/// emitting `# LINE "FILE"` markers when the file changes or lines jump far.
pub fn render_preprocessed(map: &SourceMap, tokens: &[Token]) -> String {
    let mut out = String::new();
    let mut cur: Option<(FileId, usize)> = None;
    let mut line_has_tokens = false;
    for t in tokens {
        let site = t.report_span();
        let (line, _) = map.line_col(site.file, site.start as usize);
        match cur {
            Some((f, l)) if f == site.file && line >= l && line - l <= 8 => {
                for _ in l..line {
                    out.push('\n');
                    line_has_tokens = false;
                }
            }
            Some((f, l)) if f == site.file && line < l => {}
            _ => {
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str(&format!("# {} \"{}\"\n", line, map.file(site.file).name));
                line_has_tokens = false;
            }
        }
        if cur.is_none_or(|(f, l)| f != site.file || line >= l) {
            cur = Some((site.file, line));
        }
        if line_has_tokens && (t.leading_space || needs_space(&out, t)) {
            out.push(' ');
        } else if !line_has_tokens {
            let (_, col) = map.line_col(t.span.file, t.span.start as usize);
            if t.expansion.is_none() && col > 1 {
                out.push_str(&" ".repeat(col.min(80) - 1));
            }
        }
        out.push_str(&t.text);
        line_has_tokens = true;
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Avoids accidental token merging (`a` `b` -> `ab`, `+` `+` -> `++`).
fn needs_space(out: &str, t: &Token) -> bool {
    let (Some(prev), Some(next)) = (out.chars().last(), t.text.chars().next()) else {
        return false;
    };
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    (word(prev) && word(next)) || ("+-<>=&|#".contains(prev) && "+-<>=&|#".contains(next))
}
