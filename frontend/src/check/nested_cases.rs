//! A `switch` whose `case` or `default` labels sit inside other statements of its body
//! (Duff's device; coroutine macros such as miniz's `TINFL_CR_RETURN`, which put
//! `case N:` inside a `do { ... } while (0)`). C allows a case label anywhere in the
//! switch body outside a nested switch; the checked form's `Switch` only has labels at the
//! top of its body, so such a switch is rewritten with labels and jumps:
//!
//! ```text
//! switch (s) { case 1: goto case#1;  case 7: goto case#2;  ...
//!              default: goto case#3 (the default label, or the end);
//!                       <the body, each case label now the label case#k> case#end: ; }
//! ```
//!
//! `break` in the body still leaves the switch, and the function is lowered through the
//! `goto` machinery (lower/src/goto.rs), which allows jumps into loops. The generated
//! label names contain `#`, so they cannot clash with the program's own labels.

use std::collections::HashMap;

use super::convert::truncate;
use super::Checker;
use crate::ast::{self, StmtKind};
use crate::checked::{Expr, Stmt, SwitchCase};
use crate::diagnostic::Diagnostic;

/// The case labels of one switch, found before its body is checked.
pub(crate) struct SwitchLabels<'a> {
    /// Every `case` and `default` statement of the body in source order, not counting
    /// those of nested switches.
    pub labels: Vec<&'a ast::Stmt>,
    /// Whether one of them is nested inside another statement of the body.
    pub nested: bool,
}

/// The case labels of the switch body `body` (see [`SwitchLabels`]).
pub(crate) fn switch_labels(body: &ast::Stmt) -> SwitchLabels<'_> {
    let mut labels = Vec::new();
    let mut nested = false;
    // Explicit stack of (statement, depth below the body's top level), children pushed in
    // reverse so that labels come out in source order.
    let top: Vec<&ast::Stmt> = match &body.kind {
        StmtKind::Block(b) => b.stmts.iter().collect(),
        _ => vec![body],
    };
    let mut stack: Vec<(&ast::Stmt, bool)> = top.into_iter().rev().map(|s| (s, false)).collect();
    while let Some((s, inner)) = stack.pop() {
        match &s.kind {
            StmtKind::Case(_) | StmtKind::Default => {
                nested |= inner;
                labels.push(s);
            }
            StmtKind::Labelled(label, stmt) => {
                // A label chain keeps the top-level position of the statement it labels.
                stack.push((stmt, inner));
                stack.push((label, inner));
            }
            StmtKind::Block(b) => stack.extend(b.stmts.iter().rev().map(|s| (s, true))),
            StmtKind::If(_, t, e) => {
                if let Some(e) = e {
                    stack.push((e, true));
                }
                stack.push((t, true));
            }
            StmtKind::While(_, b) | StmtKind::DoWhile(b, _) | StmtKind::For(_, _, _, b) => {
                stack.push((b, true))
            }
            _ => {}
        }
    }
    SwitchLabels { labels, nested }
}

impl Checker {
    /// Checks `switch (sel) body` whose case labels `labels` include nested ones, as the
    /// module documentation describes; `sel` is the checked selector (None after an error).
    pub(crate) fn switch_with_nested_cases(
        &mut self,
        sel: Option<Expr>,
        body: &ast::Stmt,
        labels: &[&ast::Stmt],
        out: &mut Vec<Stmt>,
    ) {
        let mut ok = sel.is_some();
        let mut targets: HashMap<usize, String> = HashMap::new();
        let mut cases: Vec<SwitchCase> = Vec::new();
        let mut seen: Vec<(i64, crate::source::Span)> = Vec::new();
        let mut default: Option<(String, crate::source::Span)> = None;
        for &label in labels {
            let name = self.new_case_label();
            targets.insert(stmt_key(label), name.clone());
            match &label.kind {
                StmtKind::Case(e) => match (self.const_int(e), &sel) {
                    (Some(v), Some(sel)) => {
                        let v = truncate(v as u64, &sel.ty, true) as i64;
                        if let Some((_, prev)) = seen.iter().find(|(x, _)| *x == v) {
                            self.error(
                                Diagnostic::error(
                                    "E0323",
                                    format!("duplicate case value '{v}'"),
                                    e.span,
                                )
                                .with_secondary(*prev, "previous case defined here"),
                            );
                            ok = false;
                        }
                        seen.push((v, e.span));
                        cases.push(SwitchCase {
                            values: vec![v],
                            is_default: false,
                            body: vec![jump(&name, label)],
                        });
                    }
                    _ => ok = false,
                },
                _ => {
                    if let Some((_, prev)) = &default {
                        self.error(
                            Diagnostic::error(
                                "E0323",
                                "multiple default labels in one switch",
                                label.span,
                            )
                            .with_secondary(*prev, "previous default label is here"),
                        );
                        ok = false;
                    }
                    default = Some((name, label.span));
                }
            }
        }
        let end = self.new_case_label();
        let first = default.as_ref().map_or(&end, |(name, _)| name);
        let mut rest = vec![jump(first, body)];
        let saved = self.cur.as_ref().map(|c| c.switch_depth);
        if let Some(cx) = self.cur.as_mut() {
            cx.switch_depth += 1;
            cx.case_labels.push(targets);
        }
        self.push_scope();
        self.stmt(body, &mut rest);
        self.pop_scope();
        if let (Some(cx), Some(d)) = (self.cur.as_mut(), saved) {
            cx.switch_depth = d;
            cx.case_labels.pop();
        }
        rest.push(Stmt::Label(end));
        cases.push(SwitchCase {
            values: Vec::new(),
            is_default: true,
            body: rest,
        });
        if let (true, Some(cond)) = (ok, sel) {
            out.push(Stmt::Switch { cond, cases });
        }
    }

    /// The label a nested `case`/`default` statement `s` became, if it belongs to a
    /// switch rewritten here.
    pub(crate) fn nested_case_label(&self, s: &ast::Stmt) -> Option<String> {
        let cx = self.cur.as_ref()?;
        cx.case_labels.last()?.get(&stmt_key(s)).cloned()
    }

    /// A fresh label name no program label can have.
    fn new_case_label(&mut self) -> String {
        let Some(cx) = self.cur.as_mut() else {
            return "case#".to_string();
        };
        cx.case_label_count += 1;
        format!("case#{}", cx.case_label_count)
    }
}

/// `goto name;` located at `at`.
fn jump(name: &str, at: &ast::Stmt) -> Stmt {
    Stmt::Goto {
        label: name.to_string(),
        span: at.span,
    }
}

/// The identity of a statement of the syntax tree (its address; the tree is not moved
/// while a function is checked).
fn stmt_key(s: &ast::Stmt) -> usize {
    s as *const ast::Stmt as usize
}
