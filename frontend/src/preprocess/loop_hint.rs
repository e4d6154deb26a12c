//! Loop-unrolling requests: `#pragma unroll`, `#pragma unroll N`, `#pragma unroll(N)`,
//! `#pragma nounroll`, `#pragma clang loop unroll(full|enable|disable)` and
//! `#pragma clang loop unroll_count(N)` (read while preprocessing), and
//! `__attribute__((opencl_unroll_hint))` / `opencl_unroll_hint(N)` before a loop (found in
//! the preprocessed tokens). The checker gives each loop the request whose next token is
//! the loop's first token, and rejects a request no loop follows, as clang does.

use crate::checked::{LoopHint, LoopUnroll};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::lexer::{TokKind, Token};
use crate::source::Span;

/// The request of the `#pragma` whose tokens after `pragma` are `rest`, if it is a
/// loop-unrolling pragma; a zero or malformed count is an error (reported in `diags`).
pub(super) fn unroll_pragma(
    rest: &[Token],
    span: Span,
    diags: &mut Diagnostics,
) -> Option<LoopUnroll> {
    let words: Vec<&str> = rest.iter().map(|t| &*t.text).collect();
    let count = |t: &Token, diags: &mut Diagnostics| -> Option<LoopUnroll> {
        match int_value(&t.text) {
            Some(0) => {
                diags.push(Diagnostic::error(
                    "E0108",
                    "invalid value '0'; must be positive",
                    t.span,
                ));
                None
            }
            Some(n) => Some(LoopUnroll::count(n.min(u32::MAX as u64) as u32)),
            None => {
                diags.push(Diagnostic::error(
                    "E0108",
                    "expected a positive integer loop unroll count",
                    t.span,
                ));
                None
            }
        }
    };
    match words[..] {
        ["unroll"] => Some(LoopUnroll::Full),
        ["nounroll"] => Some(LoopUnroll::Never),
        ["unroll", _] => count(&rest[1], diags),
        ["unroll", "(", _, ")"] => count(&rest[2], diags),
        ["clang", "loop", "unroll", "(", "full" | "enable", ")"] => Some(LoopUnroll::Full),
        ["clang", "loop", "unroll", "(", "disable", ")"] => Some(LoopUnroll::Never),
        ["clang", "loop", "unroll_count", "(", _, ")"] => count(&rest[4], diags),
        ["unroll", ..] | ["nounroll", ..] => {
            diags.push(
                Diagnostic::error("E0108", "malformed '#pragma unroll'", span).with_label(
                    "expected `#pragma unroll`, `#pragma unroll N` or `#pragma unroll(N)`",
                ),
            );
            None
        }
        _ => None,
    }
}

/// The `__attribute__((opencl_unroll_hint))` and `opencl_unroll_hint(N)` attributes among
/// `tokens`, each applying to the statement that starts with its `__attribute__`.
pub(super) fn unroll_hint_attributes(tokens: &[Token]) -> Vec<LoopHint> {
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.kind != TokKind::KwAttribute {
            continue;
        }
        let text = |k: usize| tokens.get(i + k).map(|t| &*t.text);
        if text(1) != Some("(") || text(2) != Some("(") || text(3) != Some("opencl_unroll_hint") {
            continue;
        }
        let unroll = match (text(4), text(5), text(6)) {
            (Some("("), Some(n), Some(")")) => match int_value(n) {
                Some(n) if n > 0 => LoopUnroll::count(n.min(u32::MAX as u64) as u32),
                _ => continue,
            },
            _ => LoopUnroll::Full,
        };
        out.push(LoopHint {
            unroll,
            span: t.span,
            next: t.span,
        });
    }
    out
}

/// The value of an integer literal's spelling (decimal, hex or octal, any `u`/`l` suffix).
fn int_value(text: &str) -> Option<u64> {
    let t = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()
    } else if t.len() > 1 && t.starts_with('0') {
        u64::from_str_radix(&t[1..], 8).ok()
    } else {
        t.parse().ok()
    }
}
