//! Statement checking.

use super::convert::{convert, promote, truncate};
use super::Checker;
use crate::ast::{self, StmtKind};
use crate::checked::{CType, Stmt, SwitchCase};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

impl Checker {
    /// Checks a block's statements in a new scope.
    pub(crate) fn block_stmts(&mut self, b: &ast::Block) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in &b.stmts {
            self.stmt(s, &mut out);
        }
        out
    }

    fn cond(&mut self, e: &ast::Expr) -> Option<crate::checked::Expr> {
        let v = self.rvalue(e)?;
        self.bool_cond(v)
    }

    fn sub_stmt(&mut self, s: &ast::Stmt) -> Stmt {
        self.push_scope();
        let mut out = Vec::new();
        self.stmt(s, &mut out);
        self.pop_scope();
        if out.len() == 1 {
            out.pop().expect("one statement")
        } else {
            Stmt::Block(out)
        }
    }

    fn loop_body(&mut self, s: &ast::Stmt) -> Stmt {
        let saved = self.cur.as_ref().map(|c| (c.loop_depth, c.switch_depth));
        if let Some(c) = self.cur.as_mut() {
            c.loop_depth += 1;
            c.switch_depth = 0;
        }
        let b = self.sub_stmt(s);
        if let (Some(c), Some((l, w))) = (self.cur.as_mut(), saved) {
            c.loop_depth = l;
            c.switch_depth = w;
        }
        b
    }

    fn switch(&mut self, c: &ast::Expr, body: &ast::Stmt, out: &mut Vec<Stmt>) {
        let sel = self.rvalue(c).and_then(|v| {
            if matches!(&v.ty, CType::Scalar(k) if k.is_integer()) || v.ty == CType::Bool {
                let t = promote(&v.ty);
                Some(convert(v, &t))
            } else {
                self.error(Diagnostic::error(
                    "E0323",
                    format!(
                        "statement requires expression of integer type ('{}' invalid)",
                        v.ty.display()
                    ),
                    c.span,
                ));
                None
            }
        });
        let found = super::nested_cases::switch_labels(body);
        if found.nested {
            return self.switch_with_nested_cases(sel, body, &found.labels, out);
        }
        let top: Vec<&ast::Stmt> = match &body.kind {
            StmtKind::Block(b) => b.stmts.iter().collect(),
            _ => vec![body],
        };
        let mut stmts: Vec<&ast::Stmt> = Vec::with_capacity(top.len());
        for st in top {
            let (labels, labelled) = st.unlabelled();
            stmts.extend(labels);
            stmts.push(labelled);
        }
        let saved_break = self.cur.as_ref().map(|c| c.switch_depth);
        if let Some(cx) = self.cur.as_mut() {
            cx.switch_depth += 1;
        }
        self.push_scope();
        let mut cases: Vec<SwitchCase> = Vec::new();
        let mut seen: Vec<(i64, crate::source::Span)> = Vec::new();
        let mut default_at: Option<crate::source::Span> = None;
        let mut ok = sel.is_some();
        let mut before: Vec<Stmt> = Vec::new();
        for st in stmts {
            let label = match &st.kind {
                StmtKind::Case(e) => {
                    let v = self.const_int(e);
                    match (v, &sel) {
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
                            Some(Some(v))
                        }
                        _ => {
                            ok = false;
                            Some(None)
                        }
                    }
                }
                StmtKind::Default => {
                    if let Some(prev) = default_at {
                        self.error(
                            Diagnostic::error(
                                "E0323",
                                "multiple default labels in one switch",
                                st.span,
                            )
                            .with_secondary(prev, "previous default label is here"),
                        );
                        ok = false;
                    }
                    default_at = Some(st.span);
                    Some(None)
                }
                _ => None,
            };
            match label {
                Some(value) => {
                    let is_default = matches!(st.kind, StmtKind::Default);
                    let reuse = cases.last().is_some_and(|c| c.body.is_empty());
                    if !reuse {
                        cases.push(SwitchCase {
                            values: Vec::new(),
                            is_default: false,
                            body: Vec::new(),
                        });
                    }
                    let last = cases.last_mut().expect("a case");
                    if let Some(v) = value {
                        last.values.push(v);
                    }
                    last.is_default |= is_default;
                }
                None => match cases.last_mut() {
                    Some(cur) => {
                        let mut body = std::mem::take(&mut cur.body);
                        self.stmt(st, &mut body);
                        cases.last_mut().expect("a case").body = body;
                    }
                    None => self.stmt(st, &mut before),
                },
            }
        }
        self.pop_scope();
        if let (Some(cx), Some(d)) = (self.cur.as_mut(), saved_break) {
            cx.switch_depth = d;
        }
        // Statements before the first label never run; declarations keep their scope only.
        drop(before);
        if let (true, Some(cond)) = (ok, sel) {
            out.push(Stmt::Switch { cond, cases });
        }
    }

    /// Checks one statement, appending the checked form(s) to `out`.
    pub(crate) fn stmt(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) {
        match &s.kind {
            StmtKind::Block(b) => {
                self.push_scope();
                let v = self.block_stmts(b);
                self.pop_scope();
                out.push(Stmt::Block(v));
            }
            StmtKind::Decl(d) => self.local_decl(d, out),
            StmtKind::Expr(e) => {
                if let Some(e) = self.rvalue(e) {
                    self.warn_unused_value(&e);
                    out.push(Stmt::Expr(e));
                }
            }
            StmtKind::Empty => {}
            StmtKind::If(c, t, e) => {
                let c = self.cond(c);
                let t = self.sub_stmt(t);
                let e = e.as_ref().map(|e| Box::new(self.sub_stmt(e)));
                if let Some(cond) = c {
                    out.push(Stmt::If {
                        cond,
                        then: Box::new(t),
                        els: e,
                    });
                }
            }
            StmtKind::While(c, b) => {
                let unroll = self.take_loop_hint(s.span);
                let c = self.cond(c);
                let body = self.loop_body(b);
                if let Some(cond) = c {
                    out.push(Stmt::While {
                        cond,
                        body: Box::new(body),
                        unroll,
                    });
                }
            }
            StmtKind::DoWhile(b, c) => {
                let unroll = self.take_loop_hint(s.span);
                let body = self.loop_body(b);
                if let Some(cond) = self.cond(c) {
                    out.push(Stmt::DoWhile {
                        body: Box::new(body),
                        cond,
                        unroll,
                    });
                }
            }
            StmtKind::For(init, c, step, b) => {
                let unroll = self.take_loop_hint(s.span);
                self.push_scope();
                let mut init_out = Vec::new();
                if let Some(i) = init {
                    self.stmt(i, &mut init_out);
                }
                let cond = c.as_ref().and_then(|c| self.cond(c));
                let step = step.as_ref().and_then(|s| self.rvalue(s));
                let body = self.loop_body(b);
                self.pop_scope();
                out.push(Stmt::For {
                    init: init_out,
                    cond,
                    step,
                    body: Box::new(body),
                    unroll,
                });
            }
            StmtKind::Switch(c, body) => self.switch(c, body, out),
            StmtKind::Labelled(..) => {
                let (labels, labelled) = s.unlabelled();
                for label in labels {
                    self.stmt(label, out);
                }
                self.stmt(labelled, out);
            }
            StmtKind::Case(_) | StmtKind::Default => {
                if let Some(label) = self.nested_case_label(s) {
                    out.push(Stmt::Label(label));
                    return;
                }
                let what = if s.kind == StmtKind::Default {
                    "default"
                } else {
                    "case"
                };
                let msg = format!("'{what}' statement not in switch statement");
                self.error(Diagnostic::error("E0323", msg, s.span));
            }
            StmtKind::Label(l) => {
                if self.define_label(l) {
                    out.push(Stmt::Label(l.name.clone()));
                }
            }
            StmtKind::Goto(l) => {
                self.note_goto(l);
                out.push(Stmt::Goto {
                    label: l.name.clone(),
                    span: s.span,
                });
            }
            StmtKind::Break if self.cur.as_ref().is_some_and(|c| c.switch_depth > 0) => {
                out.push(Stmt::Break);
            }
            StmtKind::Break | StmtKind::Continue => {
                if self.cur.as_ref().is_none_or(|c| c.loop_depth == 0) {
                    let what = if s.kind == StmtKind::Break {
                        "break"
                    } else {
                        "continue"
                    };
                    self.error(Diagnostic::error(
                        "E0315",
                        if self.cur.as_ref().is_some_and(|c| c.leaving_stmt_expr) {
                            format!(
                                "'{what}' out of a statement expression is not supported by oclc"
                            )
                        } else if what == "break" {
                            "'break' statement not in loop or switch statement".to_string()
                        } else {
                            "'continue' statement not in loop statement".to_string()
                        },
                        s.span,
                    ));
                } else {
                    out.push(if s.kind == StmtKind::Break {
                        Stmt::Break
                    } else {
                        Stmt::Continue
                    });
                }
            }
            StmtKind::Return(e) => {
                let ret = self.cur.as_ref().map_or(CType::Void, |c| c.ret.clone());
                match (e, &ret) {
                    (None, CType::Void) => out.push(Stmt::Return(None)),
                    (None, _) => self.error(Diagnostic::error(
                        "E0316",
                        format!(
                            "non-void function '{}' should return a value",
                            self.current_fn_name()
                        ),
                        s.span,
                    )),
                    (Some(e), CType::Void) => {
                        self.error(Diagnostic::error(
                            "E0316",
                            format!(
                                "void function '{}' should not return a value",
                                self.current_fn_name()
                            ),
                            e.span,
                        ));
                    }
                    (Some(e), _) => {
                        if let Some(v) = self.rvalue(e) {
                            if let Some(v) = self.assign_convert(v, &ret, e.span, "returning") {
                                out.push(Stmt::Return(Some(v)));
                            }
                        }
                    }
                }
            }
        }
    }
}

impl Checker {
    /// The unrolling request before the loop statement at `span` (consumed).
    fn take_loop_hint(&mut self, span: Span) -> crate::checked::LoopUnroll {
        self.loop_hints
            .remove(&(span.file, span.start))
            .map(|h| h.unroll)
            .unwrap_or_default()
    }

    /// Unrolling requests that precede no loop are errors, as in clang.
    pub(crate) fn report_stray_loop_hints(&mut self) {
        let mut stray: Vec<_> = self.loop_hints.drain().map(|(_, h)| h).collect();
        stray.sort_by_key(|h| (h.span.file, h.span.start));
        for h in stray {
            self.error(
                Diagnostic::error(
                    "E0108",
                    "expected a for, while, or do-while loop to follow '#pragma unroll'",
                    h.next,
                )
                .with_label("not a loop"),
            );
        }
    }
}
