//! Statement checking.

use super::Checker;
use crate::ast::{self, StmtKind};
use crate::checked::{CType, Stmt};
use crate::diagnostic::Diagnostic;

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
        if let Some(c) = self.cur.as_mut() {
            c.loop_depth += 1;
        }
        let b = self.sub_stmt(s);
        if let Some(c) = self.cur.as_mut() {
            c.loop_depth -= 1;
        }
        b
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
                let c = self.cond(c);
                let body = self.loop_body(b);
                if let Some(cond) = c {
                    out.push(Stmt::While {
                        cond,
                        body: Box::new(body),
                    });
                }
            }
            StmtKind::DoWhile(b, c) => {
                let body = self.loop_body(b);
                if let Some(cond) = self.cond(c) {
                    out.push(Stmt::DoWhile {
                        body: Box::new(body),
                        cond,
                    });
                }
            }
            StmtKind::For(init, c, step, b) => {
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
                });
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
                        format!("'{what}' statement not in loop statement"),
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
