//! The error of a pass that cannot rewrite a construct for its target: a message naming
//! the source value, and that value's source span when it has one.

use std::fmt;

use crate::span::SourceSpan;
use crate::{Function, Stmt, ValueId};

/// A construct a pass refuses, in words a user understands, and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What is not supported.
    pub message: String,
    /// The source span of the value the message is about, if known.
    pub span: Option<SourceSpan>,
}

impl Refusal {
    /// A refusal without a location.
    pub fn new(message: impl Into<String>) -> Self {
        Refusal {
            message: message.into(),
            span: None,
        }
    }

    /// Attaches `span` unless a span is already set (the innermost is the most precise).
    pub fn at(mut self, span: Option<SourceSpan>) -> Self {
        if self.span.is_none() {
            self.span = span;
        }
        self
    }

    /// Attaches the span of `v` in `f` (see [`Refusal::at`]).
    pub fn at_value(self, f: &Function, v: ValueId) -> Self {
        self.at(f.span(v))
    }

    /// Attaches the span of the statement `s` of `f` (see [`stmt_span`]).
    pub fn at_stmt(self, f: &Function, s: &Stmt) -> Self {
        self.at(stmt_span(f, s))
    }

    /// The same refusal with `prefix` before its message (`in `k`: `).
    pub fn prefixed(mut self, prefix: &str) -> Self {
        self.message.insert_str(0, prefix);
        self
    }
}

impl From<String> for Refusal {
    fn from(message: String) -> Self {
        Refusal::new(message)
    }
}

impl From<&str> for Refusal {
    fn from(message: &str) -> Self {
        Refusal::new(message)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

/// The source span that locates an error at statement `s` of `f`: that of the value a
/// `let` defines, of the value a store writes (else its address), of a branch's condition
/// or selector, of the value returned. Nested blocks locate their own errors.
pub fn stmt_span(f: &Function, s: &Stmt) -> Option<SourceSpan> {
    match s {
        Stmt::Let { value, .. } => f.span(*value),
        Stmt::Store { ptr, value } => f.span(*value).or(f.span(*ptr)),
        Stmt::If { cond, .. } => f.span(*cond),
        Stmt::Switch { selector, .. } => f.span(*selector),
        Stmt::Return(Some(v)) => f.span(*v),
        _ => None,
    }
}

/// The source span of the first use of the variable `l` of `f` that has one (its
/// `local_addr`s are made where the source names it): for refusals about a variable.
pub fn local_span(f: &Function, l: crate::LocalId) -> Option<SourceSpan> {
    let mut found = None;
    crate::walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: crate::Op::LocalAddr(x),
        } = s
        {
            if *x == l && found.is_none() {
                found = f.span(*value);
            }
        }
    });
    found
}
