//! The IR text-form parser: reads back exactly what [`crate::print_module`] writes (see
//! `print.rs` for the syntax), so that `-save-temps` output and hand-written test inputs can
//! be turned into modules. Blank lines and lines starting with `;` are ignored.
//!
//! Value numbers are kept as the [`crate::ValueId`]s; a number used but never defined gets
//! the void type, and [`crate::verify_module`] reports the misuse. The parser never panics:
//! malformed input yields a [`ParseError`] with a line and column.

mod body;
mod consts;
mod cursor;
mod function;
mod ops;
mod types;

use std::fmt;

use crate::module::{FuncId, Module, Stmt};
use crate::op::Op;
use cursor::Cursor;

/// A syntax error in IR text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A call whose callee is known only by name until every function has been read.
pub(crate) struct PendingCall {
    name: String,
    line: usize,
    column: usize,
}

/// The meaningful lines of the input, in order, with their 1-based numbers.
pub(crate) struct Lines<'a> {
    lines: Vec<(usize, &'a str)>,
    next: usize,
    last: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let all: Vec<&str> = text.lines().collect();
        let lines = all
            .iter()
            .enumerate()
            .filter(|(_, l)| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with(';')
            })
            .map(|(i, l)| (i + 1, *l))
            .collect();
        Lines {
            lines,
            next: 0,
            last: all.len().max(1),
        }
    }

    /// The next meaningful line, if any.
    fn next_line(&mut self) -> Option<Cursor<'a>> {
        let (n, text) = *self.lines.get(self.next)?;
        self.next += 1;
        Some(Cursor::new(text, n))
    }

    /// The next meaningful line, or an error naming what was expected.
    fn expect_line(&mut self, expected: &str) -> Result<Cursor<'a>, ParseError> {
        self.next_line().ok_or_else(|| ParseError {
            line: self.last,
            column: 1,
            message: format!("unexpected end of input, expected {expected}"),
        })
    }
}

/// Parses a module from its text form.
pub fn parse_module(text: &str) -> Result<Module, ParseError> {
    let mut lines = Lines::new(text);
    let mut module = Module::new();
    let mut calls = Vec::new();
    while let Some(mut cur) = lines.next_line() {
        let start = cur.pos();
        match cur.word() {
            "global" => function::parse_global(&mut cur, &mut module)?,
            "module" => {
                if !cur.eat_keyword("volatile_memory") {
                    return Err(cur.error("expected `volatile_memory`"));
                }
                cur.expect_end()?;
                module.volatile_memory = true;
            }
            w @ ("kernel" | "func") => {
                let f = function::parse_function(w, cur, &mut lines, &mut module, &mut calls)?;
                module.functions.push(f);
            }
            _ => {
                return Err(cur.error_at(start, "expected `global`, `kernel` or `func`"));
            }
        }
    }
    resolve_calls(&mut module, &calls)?;
    Ok(module)
}

/// Replaces the call-site indices left in `Op::Call` by the callees' ids.
fn resolve_calls(module: &mut Module, calls: &[PendingCall]) -> Result<(), ParseError> {
    let mut ids = Vec::with_capacity(calls.len());
    for c in calls {
        let id = module.find_function(&c.name).ok_or_else(|| ParseError {
            line: c.line,
            column: c.column,
            message: format!("call of unknown function @{}", c.name),
        })?;
        ids.push(id);
    }
    for f in &mut module.functions {
        for_each_op_mut(&mut f.body.stmts, &mut |op| {
            if let Op::Call { func, .. } = op {
                *func = ids.get(func.0 as usize).copied().unwrap_or(FuncId(0));
            }
        });
    }
    Ok(())
}

fn for_each_op_mut(stmts: &mut [Stmt], visit: &mut dyn FnMut(&mut Op)) {
    for s in stmts {
        match s {
            Stmt::Let { op, .. } => visit(op),
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                for_each_op_mut(&mut then_body.stmts, visit);
                for_each_op_mut(&mut else_body.stmts, visit);
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                for_each_op_mut(&mut body.stmts, visit);
                for_each_op_mut(&mut continuing.stmts, visit);
            }
            _ => {}
        }
    }
}
