//! Macro definitions and expansion (Prosser's hide-set algorithm: a macro is never
//! re-expanded inside its own expansion).

use super::Preprocessor;
use crate::diagnostic::Diagnostic;
use crate::lexer::{lex_single, TokKind, Token};
use crate::source::Span;
use std::collections::VecDeque;
use std::rc::Rc;

/// A `#define`d macro.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Macro {
    /// Name.
    pub name: Rc<str>,
    /// Parameter names for function-like macros (`__VA_ARGS__` last when variadic).
    pub params: Option<Vec<Rc<str>>>,
    /// Whether the macro takes `...`.
    pub variadic: bool,
    /// Replacement list.
    pub body: Vec<Token>,
    /// Span of the name in the `#define`.
    pub def_span: Span,
}

impl Macro {
    /// Same definition (for redefinition warnings): params and body spelling.
    pub fn same_as(&self, other: &Macro) -> bool {
        self.params == other.params
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(&other.body)
                .enumerate()
                .all(|(i, (a, b))| {
                    a.text == b.text && (i == 0 || a.leading_space == b.leading_space)
                })
    }
}

/// Token plus the set of macro names that must not expand it again.
#[derive(Clone, Debug)]
pub(crate) struct PTok {
    pub tok: Token,
    pub hide: Rc<Vec<Rc<str>>>,
}

thread_local! {
    /// The empty hide set, shared so that plain tokens need no allocation of their own.
    static EMPTY_HIDE_SET: Rc<Vec<Rc<str>>> = Rc::new(Vec::new());
}

impl PTok {
    pub fn new(tok: Token) -> Self {
        PTok {
            tok,
            hide: EMPTY_HIDE_SET.with(Rc::clone),
        }
    }
}

/// `a` ∪ `b`, sharing `a` or `b` when one already contains the other.
fn union_shared(a: &Rc<Vec<Rc<str>>>, b: &Rc<Vec<Rc<str>>>) -> Rc<Vec<Rc<str>>> {
    if b.iter().all(|x| a.contains(x)) {
        a.clone()
    } else if a.iter().all(|x| b.contains(x)) {
        b.clone()
    } else {
        union(a, b)
    }
}

fn union(a: &[Rc<str>], b: &[Rc<str>]) -> Rc<Vec<Rc<str>>> {
    let mut v = a.to_vec();
    for x in b {
        if !v.contains(x) {
            v.push(x.clone());
        }
    }
    Rc::new(v)
}

impl Preprocessor<'_> {
    /// Fully macro-expands a token list.
    pub(crate) fn expand(&mut self, tokens: Vec<PTok>) -> Vec<PTok> {
        let mut out = Vec::with_capacity(tokens.len());
        let mut input: VecDeque<PTok> = tokens.into();
        while let Some(t) = input.pop_front() {
            self.expansion_steps += 1;
            if self.expansion_steps >= super::MAX_EXPANSION_STEPS {
                if self.expansion_steps == super::MAX_EXPANSION_STEPS {
                    self.diags.push(Diagnostic::error(
                        "E0105",
                        format!(
                            "macro expansion is too large (more than {} tokens)",
                            super::MAX_EXPANSION_STEPS
                        ),
                        t.tok.report_span(),
                    ));
                }
                break;
            }
            if !t.tok.kind.is_identifier_like() || t.hide.contains(&t.tok.text) {
                out.push(t);
                continue;
            }
            let name = t.tok.text.clone();
            if let Some(tok) = self.dynamic_macro(&t.tok) {
                out.push(PTok {
                    tok,
                    hide: t.hide.clone(),
                });
                continue;
            }
            let Some(m) = self.macros.get(&name).cloned() else {
                out.push(t);
                continue;
            };
            let call_site = t.tok.report_span();
            let expanded = match &m.params {
                None => {
                    let hs = union(&t.hide, std::slice::from_ref(&name));
                    self.subst(&m, &[], &hs, call_site)
                }
                Some(params) => {
                    if input.front().map(|x| x.tok.kind) != Some(TokKind::LParen) {
                        out.push(t);
                        continue;
                    }
                    input.pop_front();
                    let Some((args, rparen)) = self.collect_args(&mut input, &m, call_site) else {
                        continue;
                    };
                    let args = match self.check_arg_count(&m, params.len(), args, call_site) {
                        Some(a) => a,
                        None => continue,
                    };
                    let inter: Vec<Rc<str>> = t
                        .hide
                        .iter()
                        .filter(|h| rparen.hide.contains(h))
                        .cloned()
                        .collect();
                    let hs = union(&inter, std::slice::from_ref(&name));
                    self.subst(&m, &args, &hs, call_site)
                }
            };
            self.map
                .origins
                .record_expansion(crate::source_origins::MacroExpansion {
                    name: String::from(&*m.name),
                    def_span: m.def_span,
                    body_span: match (m.body.first(), m.body.last()) {
                        (Some(a), Some(b)) => a.span.to(b.span),
                        _ => Span::new(
                            m.def_span.file,
                            m.def_span.end as usize,
                            m.def_span.end as usize,
                        ),
                    },
                    call_site,
                });
            let mut expanded = expanded;
            if let Some(first) = expanded.first_mut() {
                first.tok.leading_space = t.tok.leading_space;
            }
            for e in expanded.into_iter().rev() {
                input.push_front(e);
            }
        }
        out
    }

    fn collect_args(
        &mut self,
        input: &mut VecDeque<PTok>,
        m: &Macro,
        call_site: Span,
    ) -> Option<(Vec<Vec<PTok>>, PTok)> {
        let mut args: Vec<Vec<PTok>> = vec![Vec::new()];
        let mut depth = 0usize;
        while let Some(a) = input.pop_front() {
            match a.tok.kind {
                TokKind::LParen => depth += 1,
                TokKind::RParen if depth == 0 => return Some((args, a)),
                TokKind::RParen => depth -= 1,
                TokKind::Comma if depth == 0 => {
                    args.push(Vec::new());
                    continue;
                }
                _ => {}
            }
            if let Some(last) = args.last_mut() {
                last.push(a);
            }
        }
        self.diags.push(
            Diagnostic::error(
                "E0105",
                format!(
                    "unterminated function-like macro invocation of '{}'",
                    m.name
                ),
                call_site,
            )
            .with_secondary(m.def_span, "macro defined here"),
        );
        None
    }

    fn check_arg_count(
        &mut self,
        m: &Macro,
        nparams: usize,
        mut args: Vec<Vec<PTok>>,
        call_site: Span,
    ) -> Option<Vec<Vec<PTok>>> {
        if nparams == 0 && args.len() == 1 && args[0].is_empty() {
            return Some(Vec::new());
        }
        if m.variadic && args.len() + 1 == nparams {
            args.push(Vec::new());
        }
        if m.variadic && args.len() > nparams {
            let extra: Vec<Vec<PTok>> = args.drain(nparams - 1..).collect();
            let mut joined = Vec::new();
            for (i, e) in extra.into_iter().enumerate() {
                if i > 0 {
                    let mut comma = lex_single(",", call_site).expect("comma lexes");
                    comma.expansion = Some(call_site);
                    joined.push(PTok::new(comma));
                }
                joined.extend(e);
            }
            args.push(joined);
        }
        if args.len() != nparams {
            self.diags.push(
                Diagnostic::error(
                    "E0105",
                    format!(
                        "macro '{}' requires {} argument{}, but {} given",
                        m.name,
                        nparams,
                        if nparams == 1 { "" } else { "s" },
                        args.len()
                    ),
                    call_site,
                )
                .with_secondary(m.def_span, "macro defined here"),
            );
            return None;
        }
        Some(args)
    }

    fn param_index(m: &Macro, t: &Token) -> Option<usize> {
        if !t.kind.is_identifier_like() {
            return None;
        }
        m.params.as_ref()?.iter().position(|p| *p == t.text)
    }

    fn subst(
        &mut self,
        m: &Macro,
        args: &[Vec<PTok>],
        hs: &Rc<Vec<Rc<str>>>,
        call_site: Span,
    ) -> Vec<PTok> {
        let body = &m.body;
        let mut res: Vec<PTok> = Vec::new();
        let from_body = |t: &Token| {
            let mut t = t.clone();
            t.expansion = Some(call_site);
            PTok::new(t)
        };
        let mut i = 0;
        while i < body.len() {
            let b = &body[i];
            let next_param = body.get(i + 1).and_then(|n| Self::param_index(m, n));
            if m.params.is_some() && b.kind == TokKind::Hash {
                if let Some(p) = next_param {
                    let mut s = stringify(&args[p], b.span);
                    s.expansion = Some(call_site);
                    s.leading_space = b.leading_space;
                    res.push(PTok::new(s));
                    i += 2;
                    continue;
                }
            }
            // GNU `, ## __VA_ARGS__`: with no variable arguments the comma is removed,
            // otherwise they follow the comma unexpanded (nothing is pasted).
            let va_index = m.params.as_ref().map_or(0, |p| p.len().saturating_sub(1));
            if b.kind == TokKind::HashHash
                && m.variadic
                && next_param == Some(va_index)
                && i > 0
                && body[i - 1].kind == TokKind::Comma
            {
                if args[va_index].is_empty() {
                    res.pop();
                } else {
                    res.extend(args[va_index].iter().cloned());
                }
                i += 2;
                continue;
            }
            if b.kind == TokKind::HashHash && i + 1 < body.len() && i > 0 {
                let rhs: Vec<PTok> = match next_param {
                    Some(p) => args[p].clone(),
                    None => vec![from_body(&body[i + 1])],
                };
                i += 2;
                let mut rhs = rhs.into_iter();
                match (res.pop(), rhs.next()) {
                    (Some(l), Some(r)) => {
                        let text = format!("{}{}", l.tok.text, r.tok.text);
                        match lex_single(&text, l.tok.span) {
                            Some(mut t) => {
                                t.expansion = Some(call_site);
                                t.leading_space = l.tok.leading_space;
                                res.push(PTok::new(t));
                            }
                            None => {
                                self.diags.push(Diagnostic::error(
                                    "E0105",
                                    format!(
                                        "pasting formed '{text}', an invalid preprocessing token"
                                    ),
                                    call_site,
                                ));
                                res.push(l);
                                res.push(r);
                            }
                        }
                    }
                    (Some(l), None) => res.push(l),
                    (None, Some(r)) => res.push(r),
                    (None, None) => {}
                }
                res.extend(rhs);
                continue;
            }
            if let Some(p) = Self::param_index(m, b) {
                let pasted_next = body.get(i + 1).map(|n| n.kind) == Some(TokKind::HashHash);
                let mut arg = if pasted_next {
                    args[p].clone()
                } else {
                    self.expand_argument(&args[p], call_site)
                };
                if let Some(f) = arg.first_mut() {
                    f.tok.leading_space = b.leading_space;
                }
                res.extend(arg);
                i += 1;
                continue;
            }
            res.push(from_body(b));
            i += 1;
        }
        for t in &mut res {
            t.hide = union_shared(&t.hide, hs);
        }
        res
    }

    /// Macro-expands an argument before substitution: a macro call inside a macro's
    /// argument recurses, so such calls nest at most `-fbracket-depth` levels.
    fn expand_argument(&mut self, arg: &[PTok], call_site: Span) -> Vec<PTok> {
        if self.arg_depth >= self.bracket_depth {
            if self.arg_depth == self.bracket_depth {
                self.diags
                    .push(crate::nesting::bracket_error(call_site, self.bracket_depth));
                // Report once: deeper calls see a depth past the limit.
                self.arg_depth += 1;
            }
            return Vec::new();
        }
        self.arg_depth += 1;
        let out = self.expand(arg.to_vec());
        self.arg_depth -= 1;
        out
    }

    /// `__LINE__` and `__FILE__`.
    fn dynamic_macro(&self, t: &Token) -> Option<Token> {
        let site = t.report_span();
        let (kind, text) = match &*t.text {
            "__LINE__" => {
                let (line, _) = self.map.line_col(site.file, site.start as usize);
                (
                    TokKind::IntLit,
                    self.presumed(site.file, line).0.to_string(),
                )
            }
            "__FILE__" => {
                let (line, _) = self.map.line_col(site.file, site.start as usize);
                let renamed = self.presumed(site.file, line).1;
                let name = renamed.as_deref().unwrap_or(&self.map.file(site.file).name);
                (TokKind::StrLit, format!("{:?}", name))
            }
            _ => return None,
        };
        Some(Token {
            kind,
            text: Rc::from(text.as_str()),
            span: t.span,
            leading_space: t.leading_space,
            expansion: Some(site),
        })
    }
}

/// Implements the `#` operator.
fn stringify(arg: &[PTok], span: Span) -> Token {
    let mut s = String::from("\"");
    for (i, t) in arg.iter().enumerate() {
        if i > 0 && t.tok.leading_space {
            s.push(' ');
        }
        if matches!(t.tok.kind, TokKind::StrLit | TokKind::CharLit) {
            for c in t.tok.text.chars() {
                if c == '"' || c == '\\' {
                    s.push('\\');
                }
                s.push(c);
            }
        } else {
            s.push_str(&t.tok.text);
        }
    }
    s.push('"');
    Token {
        kind: TokKind::StrLit,
        text: Rc::from(s.as_str()),
        span,
        leading_space: false,
        expansion: None,
    }
}
