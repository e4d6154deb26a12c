//! `#pragma pack`: `pack(1)`, `pack()`, `pack(push)`, `pack(push, 1)`, `pack(pop)`. As clang
//! lays out structs declared under `pack(1)` as if each were `__attribute__((packed))`,
//! every `struct`/`union` keyword met while `pack(1)` is in effect is followed by that
//! attribute. A packing of 2 or more (which caps member alignments at the value) is refused
//! at the first struct it would lay out: never a silently different layout.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::lexer::{TokKind, Token};
use crate::source::Span;
use std::rc::Rc;

/// What one `#pragma pack` does to the packing in effect.
#[derive(Clone, Copy, Debug)]
pub(super) enum PackChange {
    /// `pack(N)` or `pack()` (`None`: the default packing).
    Set(Option<u64>),
    /// `pack(push)` or `pack(push, N)`: saves the packing, then sets `N` if given.
    Push(Option<u64>),
    /// `pack(pop)`: restores the last saved packing.
    Pop,
}

/// The change a `#pragma` with tokens `rest` (after `pragma`) asks for, if it is a
/// `pack` pragma; malformed or unsupported forms are reported in `diags`.
pub(super) fn pack_pragma(
    rest: &[Token],
    span: Span,
    diags: &mut Diagnostics,
) -> Option<PackChange> {
    let words: Vec<&str> = rest.iter().map(|t| &*t.text).collect();
    if words.first() != Some(&"pack") {
        return None;
    }
    let value = |w: &str| w.parse::<u64>().ok().filter(|n| n.is_power_of_two());
    let change = match words[1..] {
        ["(", ")"] => Some(PackChange::Set(None)),
        ["(", "push", ")"] => Some(PackChange::Push(None)),
        ["(", "pop", ")"] => Some(PackChange::Pop),
        ["(", n, ")"] => value(n).map(|n| PackChange::Set(Some(n))),
        ["(", "push", ",", n, ")"] => value(n).map(|n| PackChange::Push(Some(n))),
        _ => None,
    };
    if change.is_none() {
        diags.push(
            Diagnostic::error("E0108", "unsupported form of '#pragma pack'", span).with_label(
                "expected pack(N), pack(), pack(push), pack(push, N) or pack(pop), N a power of 2",
            ),
        );
    }
    change
}

/// Applies the pack pragmas (`changes`: the index of the first token after each, and the
/// change) to `tokens`: adds `__attribute__((packed))` after each `struct`/`union` keyword
/// under `pack(1)`, and reports one under a larger packing.
pub(super) fn apply(
    tokens: &mut Vec<Token>,
    changes: &[(usize, Span, PackChange)],
    diags: &mut Diagnostics,
) {
    if changes.is_empty() {
        return;
    }
    let mut out = Vec::with_capacity(tokens.len());
    let (mut current, mut stack): (Option<u64>, Vec<Option<u64>>) = (None, Vec::new());
    let mut next = changes.iter().peekable();
    let mut reported = false;
    for (i, t) in std::mem::take(tokens).into_iter().enumerate() {
        while let Some(&&(at, _, change)) = next.peek() {
            if at > i {
                break;
            }
            match change {
                PackChange::Set(n) => current = n,
                PackChange::Push(n) => {
                    stack.push(current);
                    if n.is_some() {
                        current = n;
                    }
                }
                PackChange::Pop => current = stack.pop().unwrap_or(None),
            }
            next.next();
        }
        let aggregate = matches!(t.kind, TokKind::KwStruct | TokKind::KwUnion);
        let attr = aggregate.then(|| attribute(&t));
        match (current, attr) {
            (Some(1), Some(attr)) => {
                out.push(t);
                out.extend(attr);
            }
            (Some(n), Some(_)) if !reported => {
                reported = true;
                diags.push(
                    Diagnostic::error(
                        "E0108",
                        format!("'#pragma pack({n})' is not supported (only pack(1))"),
                        t.span,
                    )
                    .with_label("struct laid out under it"),
                );
                out.push(t);
            }
            _ => out.push(t),
        }
    }
    *tokens = out;
}

/// `__attribute__((packed))`, spelled at `at`.
fn attribute(at: &Token) -> Vec<Token> {
    let tok = |kind, text: &str| Token {
        kind,
        text: Rc::from(text),
        span: at.span,
        leading_space: true,
        expansion: at.expansion,
    };
    vec![
        tok(TokKind::KwAttribute, "__attribute__"),
        tok(TokKind::LParen, "("),
        tok(TokKind::LParen, "("),
        tok(TokKind::Ident, "packed"),
        tok(TokKind::RParen, ")"),
        tok(TokKind::RParen, ")"),
    ]
}
