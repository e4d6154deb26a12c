//! JSON Lines rendering of diagnostics (`--diagnostics-format json`): one object per
//! diagnostic with severity, code, message, location (1-based lines and columns, byte
//! offsets), labels and notes.

use crate::diagnostic::{Diagnostic, Severity};
use crate::source::{SourceMap, Span};

/// Appends `s` to `out` as a JSON string literal (with quotes).
pub fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The lowercase name of a severity ("error", "warning", "note").
pub fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// Appends the location fields of `span` (no braces): file, lines, columns, bytes.
fn push_location(out: &mut String, map: &SourceMap, span: Span) {
    let known =
        (span.file.0 as usize) < map.len() && span.end as usize <= map.file(span.file).text.len();
    if !known {
        out.push_str("\"file\":null");
        return;
    }
    let (line_start, column_start) = map.line_col(span.file, span.start as usize);
    let (line_end, column_end) = map.line_col(span.file, span.end as usize);
    out.push_str("\"file\":");
    push_json_string(out, &map.file(span.file).name);
    out.push_str(&format!(
        ",\"line_start\":{line_start},\"column_start\":{column_start},\
         \"line_end\":{line_end},\"column_end\":{column_end},\
         \"byte_start\":{},\"byte_end\":{}",
        span.start, span.end
    ));
}

fn push_label(out: &mut String, map: &SourceMap, span: Span, message: &str, primary: bool) {
    out.push('{');
    push_location(out, map, span);
    out.push_str(",\"message\":");
    push_json_string(out, message);
    out.push_str(&format!(",\"primary\":{primary}}}"));
}

/// One diagnostic as a single-line JSON object (no trailing newline). `d` should already
/// carry its origin notes (see [`crate::diagnostic_origins::with_origins`]).
pub fn to_json(d: &Diagnostic, map: &SourceMap) -> String {
    let mut out = String::from("{\"severity\":");
    push_json_string(&mut out, severity_name(d.severity));
    out.push_str(",\"code\":");
    if d.code.is_empty() {
        out.push_str("null");
    } else {
        push_json_string(&mut out, d.code);
    }
    out.push_str(",\"flag\":");
    match d.flag_option() {
        Some(f) => push_json_string(&mut out, &f),
        None => out.push_str("null"),
    }
    out.push_str(",\"message\":");
    push_json_string(&mut out, &d.message);
    out.push(',');
    push_location(&mut out, map, d.primary);
    out.push_str(",\"labels\":[");
    push_label(&mut out, map, d.primary, &d.primary_label, true);
    for l in &d.secondary {
        out.push(',');
        push_label(&mut out, map, l.span, &l.message, false);
    }
    out.push_str("],\"notes\":[");
    for (i, n) in d.notes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_json_string(&mut out, n);
    }
    out.push_str("]}");
    out
}

/// A diagnostic without a source location (driver and back-end errors) as a JSON object.
pub fn message_to_json(severity: Severity, code: Option<&str>, message: &str) -> String {
    let mut out = String::from("{\"severity\":");
    push_json_string(&mut out, severity_name(severity));
    out.push_str(",\"code\":");
    match code {
        Some(c) => push_json_string(&mut out, c),
        None => out.push_str("null"),
    }
    out.push_str(",\"flag\":null,\"message\":");
    push_json_string(&mut out, message);
    out.push_str(",\"file\":null,\"labels\":[],\"notes\":[]}");
    out
}
