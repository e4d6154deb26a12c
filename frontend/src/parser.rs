//! Parsing: classifies identifiers that name types, runs the lalrpop grammar over
//! the preprocessed tokens and converts syntax errors into located diagnostics.

use crate::ast::TranslationUnit;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::fast_hash::{FxHashMap, FxHashSet};
use crate::lexer::{TokKind, Token};
use crate::source::Span;
use lalrpop_util::ParseError;

/// Error type of the token stream fed to lalrpop (never produced: lexical errors
/// are reported by the preprocessor).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexicalError;

/// Built-in OpenCL type names that are not C keywords.
pub fn is_builtin_type_name(name: &str) -> bool {
    const SCALARS: [&str; 11] = [
        "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double",
        "half",
    ];
    match name {
        "bool" | "half" | "uchar" | "ushort" | "uint" | "ulong" | "size_t" | "ptrdiff_t"
        | "intptr_t" | "uintptr_t" | "image2d_t" | "image3d_t" | "image1d_t"
        | "image2d_array_t" | "image1d_array_t" | "image1d_buffer_t" | "sampler_t" | "event_t"
        | "cl_mem_fence_flags" => true,
        _ if crate::check::cl20_type_name(name) => true,
        _ => SCALARS.iter().any(|s| {
            name.strip_prefix(s)
                .is_some_and(|w| matches!(w, "2" | "3" | "4" | "8" | "16"))
        }),
    }
}

/// Marks identifiers naming types (built-in names and typedef names) as
/// [`TokKind::TypeName`]. Typedef names are found by a light scan of
/// `typedef ... NAME ;`; a typedef name re-declared as an object in an inner scope
/// (`int T = 3;`) stays an identifier until that scope closes. One linear pass.
pub fn classify_type_names(tokens: &mut [Token]) {
    let mut typedefs: FxHashSet<std::rc::Rc<str>> = FxHashSet::default();
    // Typedef names shadowed by objects: name -> brace depth of the shadowing scope.
    let mut shadowed: FxHashMap<std::rc::Rc<str>, i32> = FxHashMap::default();
    // (start depth, last identifier index) while inside a typedef declaration.
    let mut in_typedef: Option<(i32, Option<usize>)> = None;
    // In a typedef, the first identifier right after '(' or '*' inside parentheses: the
    // name of a parenthesised declarator such as `typedef int (*T)[3];`, used when no
    // identifier follows at parenthesis depth 0.
    let mut paren_name: Option<usize> = None;
    let (mut braces, mut parens) = (0i32, 0i32);
    for i in 0..tokens.len() {
        let kind = tokens[i].kind;
        match kind {
            TokKind::LBrace => braces += 1,
            TokKind::RBrace => {
                braces -= 1;
                if !shadowed.is_empty() {
                    shadowed.retain(|_, d| *d <= braces);
                }
            }
            TokKind::LParen | TokKind::LBracket => parens += 1,
            TokKind::RParen | TokKind::RBracket => parens -= 1,
            TokKind::KwTypedef => {
                in_typedef = Some((braces, None));
                paren_name = None;
            }
            TokKind::Ident => {
                let t = &tokens[i].text;
                let builtin = is_builtin_type_name(t);
                if (builtin || typedefs.contains(t)) && !shadowed.contains_key(t) {
                    // `typedef float T;` (or `typedef char T[2];`) re-declaring typedef
                    // `T`: `T` is the declarator.
                    let redeclares_typedef = !builtin
                        && in_typedef.is_some_and(|(d, _)| d == braces && parens == 0)
                        && i > 0
                        && is_type_end(tokens[i - 1].kind)
                        && tokens.get(i + 1).is_some_and(|n| {
                            matches!(n.kind, TokKind::Semi | TokKind::Comma | TokKind::LBracket)
                        });
                    if redeclares_typedef {
                        continue;
                    }
                    let declares = !builtin
                        && in_typedef.is_none()
                        && braces > 0
                        && i > 0
                        && is_type_end(tokens[i - 1].kind)
                        && tokens.get(i + 1).is_some_and(|n| {
                            matches!(
                                n.kind,
                                TokKind::Assign
                                    | TokKind::Semi
                                    | TokKind::Comma
                                    | TokKind::LBracket
                            )
                        });
                    if declares {
                        shadowed.insert(t.clone(), braces);
                    } else {
                        tokens[i].kind = TokKind::TypeName;
                    }
                } else if let Some((d, last)) = &mut in_typedef {
                    if *d == braces && parens == 0 {
                        *last = Some(i);
                    } else if *d == braces
                        && parens > 0
                        && paren_name.is_none()
                        && matches!(tokens[i - 1].kind, TokKind::LParen | TokKind::Star)
                    {
                        paren_name = Some(i);
                    }
                }
            }
            TokKind::Semi | TokKind::Comma => {
                if let Some((d, last)) = in_typedef {
                    if d == braces && parens == 0 {
                        if let Some(idx) = last.or(paren_name.take()) {
                            typedefs.insert(tokens[idx].text.clone());
                        }
                        paren_name = None;
                        in_typedef = if kind == TokKind::Semi {
                            None
                        } else {
                            Some((d, None))
                        };
                    }
                }
            }
            _ => {}
        }
    }
}

/// Token kinds that can end a type specifier before a declarator name.
fn is_type_end(k: TokKind) -> bool {
    matches!(
        k,
        TokKind::TypeName
            | TokKind::KwInt
            | TokKind::KwChar
            | TokKind::KwShort
            | TokKind::KwLong
            | TokKind::KwFloat
            | TokKind::KwDouble
            | TokKind::KwUnsigned
            | TokKind::KwSigned
            | TokKind::Star
    )
}

/// Span covered by tokens `l..r` (token indexes), using macro call sites.
pub(crate) fn sp(toks: &[Token], l: usize, r: usize) -> Span {
    if toks.is_empty() {
        return Span::default();
    }
    let li = l.min(toks.len() - 1);
    let a = toks[li].report_span();
    if r <= l {
        return Span::new(a.file, a.start as usize, a.start as usize);
    }
    let b = toks[(r - 1).min(toks.len() - 1)].report_span();
    a.to(b)
}

/// Spelling of token `i`.
pub(crate) fn text(toks: &[Token], i: usize) -> String {
    // `String::from(&str)`: `Rc<str>::to_string` would go through `Display` formatting.
    toks.get(i)
        .map(|t| String::from(&*t.text))
        .unwrap_or_default()
}

/// Moves boxed grammar values (see the note at the top of grammar.lalrpop) into a `Vec`.
pub(crate) fn unbox_all<T>(items: Vec<Box<T>>) -> Vec<T> {
    items.into_iter().map(|b| *b).collect()
}

/// Identifier node for token `i`.
pub(crate) fn ident(toks: &[Token], i: usize) -> crate::ast::Ident {
    crate::ast::Ident {
        name: text(toks, i),
        span: sp(toks, i, i + 1),
    }
}

fn describe_expected(expected: &[String]) -> String {
    let names: Vec<String> = expected
        .iter()
        .map(|e| e.trim_matches('"').replace("\\\"", "\""))
        .collect();
    let has = |n: &str| names.iter().any(|x| x == n);
    if has("identifier") && has("integer literal") && names.len() > 8 {
        let mut v = Vec::new();
        for p in [";", ")", "]", ",", "}"] {
            if has(p) {
                v.push(format!("'{p}'"));
            }
        }
        v.push("expression".into());
        return v.join(" or ");
    }
    if has("identifier") && names.len() > 8 {
        return "declaration or statement".into();
    }
    let mut v: Vec<String> = names
        .iter()
        .map(|n| {
            if n.contains(' ') {
                n.clone()
            } else {
                format!("'{n}'")
            }
        })
        .take(6)
        .collect();
    if names.len() > 6 {
        v.push("...".into());
    }
    if v.len() > 1 {
        format!("one of {}", v.join(", "))
    } else {
        v.join("")
    }
}

/// Parses preprocessed tokens into a translation unit.
pub fn parse_tokens(tokens: &[Token]) -> Result<TranslationUnit, Diagnostics> {
    parse_tokens_in_place(&mut tokens.to_vec())
}

/// [`parse_tokens`] without copying the tokens: identifiers that name types become
/// [`TokKind::TypeName`] in `toks` itself (see [`classify_type_names`]).
pub fn parse_tokens_in_place(toks: &mut [Token]) -> Result<TranslationUnit, Diagnostics> {
    parse_tokens_limited(toks, crate::options::DEFAULT_BRACKET_DEPTH)
}

/// [`parse_tokens_in_place`] with brackets nesting at most `bracket_depth` levels; a tree
/// nested past [`crate::nesting::MAX_NESTING`] levels is an error too (see
/// [`crate::nesting`]).
pub fn parse_tokens_limited(
    toks: &mut [Token],
    bracket_depth: u32,
) -> Result<TranslationUnit, Diagnostics> {
    let fail = |d: Diagnostic| {
        let mut diags = Diagnostics::new();
        diags.push(d);
        Err(diags)
    };
    if let Some(d) = crate::nesting::check_bracket_depth(toks, bracket_depth) {
        return fail(d);
    }
    classify_type_names(toks);
    let toks: &[Token] = toks;
    let stream = toks
        .iter()
        .enumerate()
        .map(|(i, t)| Ok::<_, LexicalError>((i, t.kind, i + 1)));
    let parser = crate::grammar::TranslationUnitParser::new();
    match parser.parse(toks, stream) {
        Ok(tu) => match crate::nesting::check_tree_depth(&tu) {
            Some(d) => fail(d),
            None => Ok(tu),
        },
        Err(e) => fail(error_to_diag(toks, e)),
    }
}

/// Whether the unexpected token at `l` is an identifier that directly follows
/// an identifier at the start of a statement or declaration (`mytype x`):
/// the first identifier was meant as a type name but names no type.
fn starts_with_unknown_type_name(toks: &[Token], l: usize) -> bool {
    if l == 0
        || !matches!(toks[l].kind, TokKind::Ident)
        || !matches!(toks[l - 1].kind, TokKind::Ident)
    {
        return false;
    }
    l == 1 || matches!(&*toks[l - 2].text, ";" | "{" | "}" | "(" | ",")
}

/// Clang-style messages for tokens that cannot start anything where they appear:
/// an `else` with no `if` before it, and a `}` that closes no brace.
fn misplaced_token(toks: &[Token], l: usize) -> Option<Diagnostic> {
    let t = toks.get(l)?;
    match t.kind {
        TokKind::KwElse => Some(
            Diagnostic::error(
                "E0200",
                "expected expression, found 'else'",
                t.report_span(),
            )
            .with_label("'else' without a matching 'if'"),
        ),
        TokKind::RBrace if l > 0 && &*toks[l - 1].text == ":" => Some(
            Diagnostic::error(
                "E0200",
                "label at end of compound statement: expected statement",
                t.report_span(),
            )
            .with_label("a label must be followed by a statement (add ';' for an empty one)"),
        ),
        TokKind::RBrace => {
            let depth: i32 = toks[..l]
                .iter()
                .map(|t| match t.kind {
                    TokKind::LBrace => 1,
                    TokKind::RBrace => -1,
                    _ => 0,
                })
                .sum();
            (depth <= 0).then(|| {
                Diagnostic::error("E0200", "extraneous closing brace ('}')", t.report_span())
                    .with_label("no '{' left open here")
            })
        }
        _ => None,
    }
}

fn error_to_diag(toks: &[Token], e: ParseError<usize, TokKind, LexicalError>) -> Diagnostic {
    if let ParseError::UnrecognizedToken {
        token: (l, _, _), ..
    }
    | ParseError::ExtraToken { token: (l, _, _) } = &e
    {
        if let Some(d) = misplaced_token(toks, *l) {
            return d;
        }
    }
    match e {
        ParseError::UnrecognizedToken {
            token: (l, _, _),
            expected,
        } if starts_with_unknown_type_name(toks, l) && expected.iter().any(|e| e == "\";\"") => {
            let ty = &toks[l - 1];
            Diagnostic::error(
                "E0200",
                format!("unknown type name '{}'", ty.text),
                ty.report_span(),
            )
            .with_label("not a type in scope")
        }
        ParseError::UnrecognizedToken {
            token: (l, _, _),
            expected,
        } if l > 0 && expected.iter().any(|e| e == "\";\"") => {
            let prev = toks[l - 1].report_span();
            Diagnostic::error(
                "E0200",
                format!("expected ';', found '{}'", toks[l].text),
                prev,
            )
            .with_label("expected ';' after this")
            .with_secondary(toks[l].report_span(), "unexpected token")
        }
        ParseError::UnrecognizedToken {
            token: (l, _, _),
            expected,
        } => {
            let t = &toks[l];
            let mut d = Diagnostic::error(
                "E0200",
                format!(
                    "expected {}, found '{}'",
                    describe_expected(&expected),
                    t.text
                ),
                t.report_span(),
            )
            .with_label("unexpected token");
            if let Some(site) = t.expansion {
                if site != t.span {
                    d = d.with_secondary(t.span, "token comes from this macro expansion");
                }
            }
            d
        }
        ParseError::UnrecognizedEof { expected, .. } => {
            let span = toks
                .last()
                .map(|t| {
                    let s = t.report_span();
                    Span::new(s.file, s.end as usize, s.end as usize)
                })
                .unwrap_or_default();
            Diagnostic::error(
                "E0200",
                format!("expected {} at end of input", describe_expected(&expected)),
                span,
            )
        }
        ParseError::ExtraToken { token: (l, _, _) } => Diagnostic::error(
            "E0200",
            format!("unexpected '{}'", toks[l].text),
            toks[l].report_span(),
        ),
        ParseError::InvalidToken { location } => {
            let s = toks
                .get(location)
                .map(|t| t.report_span())
                .unwrap_or_default();
            Diagnostic::error("E0200", "invalid token", s)
        }
        ParseError::User { .. } => {
            Diagnostic::error("E0200", "invalid token stream", Span::default())
        }
    }
}
