//! `#pragma pack`, as clang-14 reads it: `pack(N)`, `pack()`, `pack(push[, LABEL][, N])`,
//! `pack(pop[, LABEL][, N])` and `pack(show)`, N one of 1, 2, 4, 8 and 16 (0 is the
//! default packing), the tokens after `pack` macro-expanded. Under a packing N every member
//! of a struct or union defined there is aligned to at most N (its own `aligned` attribute
//! included; the struct's `aligned` attribute is not capped): every `struct`/`union`
//! keyword met while a packing is in effect is followed by
//! `__attribute__((__oclc_pack__(N)))` ([`PRAGMA_PACK_ATTRIBUTE`]), which the checker's
//! layout reads. Malformed forms are ignored with clang's warnings (`-Wignored-pragmas`).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::lexer::{TokKind, Token};
use crate::source::Span;
use std::rc::Rc;

/// The attribute standing for the packing in effect where a struct is defined (a name in
/// the implementation's reserved space; clang ignores it with a warning, so `-E` output
/// carries it and means the same to oclc).
pub const PRAGMA_PACK_ATTRIBUTE: &str = "__oclc_pack__";

/// clang's warning for a token `#pragma pack` cannot take (the pragma is ignored).
const EXPECTED_INT_OR_IDENT: &str = "expected integer or identifier in '#pragma pack' - ignored";

/// What one `#pragma pack` does to the packing in effect (`None`: the default packing).
#[derive(Clone, Debug)]
pub(super) enum PackChange {
    /// `pack(N)` or `pack()`.
    Set(Option<u64>),
    /// `pack(push[, LABEL][, N])`: saves the packing (under the label), then sets `N` if
    /// given.
    Push(Option<Rc<str>>, Option<Option<u64>>),
    /// `pack(pop[, LABEL][, N])`: restores the last saved packing (the one saved under the
    /// label, dropping those above it), then sets `N` if given.
    Pop(Option<Rc<str>>, Option<Option<u64>>),
    /// `pack(show)`: reports the packing in effect.
    Show,
}

/// The value of a packing literal: `Some(None)` for 0 (the default), `Some(Some(n))` for a
/// valid `n`, `None` when it is not an integer literal.
fn literal_value(t: &Token) -> Option<u64> {
    if t.kind != TokKind::IntLit {
        return None;
    }
    let s = t.text.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if s.len() > 1 && s.starts_with('0') {
        u64::from_str_radix(&s[1..], 8).ok()
    } else {
        s.parse().ok()
    }
}

/// The change a `#pragma` with tokens `rest` (after `pragma`, those after `pack` already
/// macro-expanded) asks for, if it is a well-formed `pack` pragma; a `pack` pragma clang
/// ignores is reported in `diags` as clang warns about it.
pub(super) fn pack_pragma(
    rest: &[Token],
    span: Span,
    diags: &mut Diagnostics,
) -> Option<PackChange> {
    if rest.first().map(|t| &*t.text) != Some("pack") {
        return None;
    }
    let warn = |diags: &mut Diagnostics, msg: &str, at: Span| {
        diags.push(Diagnostic::warning("W0108", msg.to_string(), at));
    };
    let end_span = rest.last().map_or(span, |t| t.span);
    let Some(open) = rest.get(1).filter(|t| t.kind == TokKind::LParen) else {
        warn(
            diags,
            "missing '(' after '#pragma pack' - ignoring",
            rest.get(1).map_or(end_span, |t| t.span),
        );
        return None;
    };
    let mut i = 2;
    let at = |i: usize| rest.get(i).map_or(open.span, |t| t.span);
    // The value, checked as clang checks it.
    let value = |diags: &mut Diagnostics, t: &Token| -> Option<Option<u64>> {
        match literal_value(t)? {
            0 => Some(None),
            n @ (1 | 2 | 4 | 8 | 16) => Some(Some(n)),
            _ => {
                warn(
                    diags,
                    "expected #pragma pack parameter to be '1', '2', '4', '8', or '16'",
                    span,
                );
                Some(Some(0))
            }
        }
    };
    let change = match rest.get(i) {
        Some(t) if t.kind == TokKind::RParen => Some(PackChange::Set(None)),
        Some(t) if t.kind == TokKind::IntLit => {
            i += 1;
            value(diags, t).map(PackChange::Set)
        }
        Some(t) if &*t.text == "show" => {
            i += 1;
            Some(PackChange::Show)
        }
        Some(t) if &*t.text == "push" || &*t.text == "pop" => {
            let push = &*t.text == "push";
            i += 1;
            let (mut label, mut n) = (None, None);
            while rest.get(i).is_some_and(|t| t.kind == TokKind::Comma) {
                i += 1;
                match rest.get(i) {
                    Some(t) if t.kind == TokKind::IntLit && n.is_none() => n = value(diags, t),
                    Some(t) if t.kind.is_identifier_like() && label.is_none() && n.is_none() => {
                        label = Some(t.text.clone())
                    }
                    _ => {
                        warn(diags, EXPECTED_INT_OR_IDENT, at(i));
                        return None;
                    }
                }
                i += 1;
            }
            if !push && label.is_some() && n.is_some() {
                warn(
                    diags,
                    "specifying both a name and alignment to 'pop' is undefined",
                    span,
                );
            }
            Some(if push {
                PackChange::Push(label, n)
            } else {
                PackChange::Pop(label, n)
            })
        }
        Some(t) if t.kind.is_identifier_like() => {
            warn(diags, "unknown action for '#pragma pack' - ignored", t.span);
            return None;
        }
        _ => {
            warn(diags, EXPECTED_INT_OR_IDENT, at(i));
            return None;
        }
    };
    if rest.get(i).is_none_or(|t| t.kind != TokKind::RParen) {
        warn(diags, "missing ')' after '#pragma pack' - ignoring", at(i));
        return None;
    }
    if i + 1 < rest.len() {
        warn(
            diags,
            "extra tokens at end of '#pragma pack' - ignored",
            rest[i + 1].span,
        );
        return None;
    }
    // An invalid value makes the whole pragma ignored (after its warning).
    match &change {
        Some(PackChange::Set(Some(0)))
        | Some(PackChange::Push(_, Some(Some(0))))
        | Some(PackChange::Pop(_, Some(Some(0)))) => None,
        _ => change,
    }
}

/// Applies the pack pragmas (`changes`: the index of the first token after each, its span
/// and the change) to `tokens`: adds [`PRAGMA_PACK_ATTRIBUTE`] after each `struct`/`union`
/// keyword under a packing, and reports what clang reports (`pop` on an empty stack,
/// `show`).
pub(super) fn apply(
    tokens: &mut Vec<Token>,
    changes: &[(usize, Span, PackChange)],
    diags: &mut Diagnostics,
) {
    if changes.is_empty() {
        return;
    }
    let mut out = Vec::with_capacity(tokens.len());
    let mut current: Option<u64> = None;
    let mut stack: Vec<(Option<Rc<str>>, Option<u64>)> = Vec::new();
    let mut next = changes.iter().peekable();
    let input = std::mem::take(tokens);
    let defines: Vec<bool> = (0..input.len()).map(|i| is_definition(&input, i)).collect();
    let mut input = input.into_iter();
    let mut i = 0;
    loop {
        while let Some((at, span, change)) = next.peek() {
            if *at > i {
                break;
            }
            match change {
                PackChange::Set(n) => current = *n,
                PackChange::Show => diags.push(Diagnostic::warning(
                    "W0108",
                    format!("value of #pragma pack(show) == {}", current.unwrap_or(8)),
                    *span,
                )),
                PackChange::Push(label, n) => {
                    stack.push((label.clone(), current));
                    if let Some(n) = n {
                        current = *n;
                    }
                }
                PackChange::Pop(label, n) => {
                    let found = match label {
                        Some(l) => stack.iter().rposition(|(s, _)| s.as_deref() == Some(l)),
                        None => stack.len().checked_sub(1),
                    };
                    if stack.is_empty() {
                        diags.push(Diagnostic::warning(
                            "W0108",
                            "#pragma pack(pop, ...) failed: stack empty",
                            *span,
                        ));
                    }
                    if let Some(k) = found {
                        current = stack[k].1;
                        stack.truncate(k);
                    }
                    if let Some(n) = n {
                        current = *n;
                    }
                }
            }
            next.next();
        }
        let Some(t) = input.next() else { break };
        let aggregate = defines[i];
        i += 1;
        match current {
            Some(n) if aggregate => {
                let attr = attribute(&t, n);
                out.push(t);
                out.extend(attr);
            }
            _ => out.push(t),
        }
    }
    *tokens = out;
}

/// Whether `tokens[i]` is the `struct`/`union` keyword of a definition: attributes and a
/// tag may follow it, then `{` (clang takes the packing in effect where a definition
/// starts; `sizeof(struct S)` and other references are left alone).
fn is_definition(tokens: &[Token], mut i: usize) -> bool {
    if !matches!(tokens[i].kind, TokKind::KwStruct | TokKind::KwUnion) {
        return false;
    }
    i += 1;
    loop {
        match tokens.get(i).map(|t| t.kind) {
            Some(TokKind::LBrace) => return true,
            Some(TokKind::KwAttribute) => {
                // Skip `__attribute__((...))`: balanced parentheses.
                let mut depth = 0usize;
                i += 1;
                while let Some(t) = tokens.get(i) {
                    match t.kind {
                        TokKind::LParen => depth += 1,
                        TokKind::RParen => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            Some(k) if k.is_identifier_like() => i += 1,
            _ => return false,
        }
    }
}

/// `__attribute__((__oclc_pack__(N)))`, spelled at `at`.
fn attribute(at: &Token, n: u64) -> Vec<Token> {
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
        tok(TokKind::Ident, PRAGMA_PACK_ATTRIBUTE),
        tok(TokKind::LParen, "("),
        tok(TokKind::IntLit, &n.to_string()),
        tok(TokKind::RParen, ")"),
        tok(TokKind::RParen, ")"),
        tok(TokKind::RParen, ")"),
    ]
}
