//! Dropping syntax trees without recursion: a chain of 100 000 unary minus signs or
//! `else if`s is a tree that deep, and the compiler's own drop glue would recurse once
//! per level and overflow the stack. [`Expr`] and [`Stmt`] move their boxed children onto
//! a heap stack and drop them one at a time, so dropping any tree takes constant stack
//! (apart from nesting through initializer lists and declarators, which the bracket
//! depth limit bounds).

use crate::ast::{Block, Expr, ExprKind, OffsetofPart, Stmt, StmtKind};

/// A child moved out of a node being dropped.
enum Child {
    Expr(Expr),
    Stmt(Stmt),
}

/// A childless expression left in place of a moved-out child.
fn hole() -> Expr {
    Expr {
        kind: ExprKind::IntLit(String::new()),
        span: Default::default(),
    }
}

fn take_expr(e: &mut Box<Expr>, out: &mut Vec<Child>) {
    out.push(Child::Expr(std::mem::replace(&mut **e, hole())));
}

fn take_stmt(s: &mut Box<Stmt>, out: &mut Vec<Child>) {
    let empty = Stmt {
        kind: StmtKind::Empty,
        span: s.span,
    };
    out.push(Child::Stmt(std::mem::replace(&mut **s, empty)));
}

fn take_block(b: &mut Block, out: &mut Vec<Child>) {
    out.extend(std::mem::take(&mut b.stmts).into_iter().map(Child::Stmt));
}

/// Moves the expression and statement children of `kind` to `out`.
fn expr_children(kind: &mut ExprKind, out: &mut Vec<Child>) {
    use ExprKind::*;
    match kind {
        Paren(a) | Unary(_, a) | SizeofExpr(a) | VecStepExpr(a) | Cast(_, a) => take_expr(a, out),
        IncDec { expr, .. } => take_expr(expr, out),
        Member(a, _) | Arrow(a, _) => take_expr(a, out),
        Comma(a, b) | Assign(_, a, b) | Binary(_, a, b) | Index(a, b) => {
            take_expr(a, out);
            take_expr(b, out);
        }
        Ternary(c, a, b) => {
            take_expr(c, out);
            take_expr(a, out);
            take_expr(b, out);
        }
        Call(f, args) => {
            take_expr(f, out);
            out.extend(std::mem::take(args).into_iter().map(Child::Expr));
        }
        StmtExpr(b) => take_block(b, out),
        Offsetof(_, parts) => {
            for p in parts {
                if let OffsetofPart::Index(i) = p {
                    take_expr(i, out);
                }
            }
        }
        Ident(_) | IntLit(_) | FloatLit(_) | CharLit(_) | StrLit(_) | SizeofType(_)
        | AlignofType(_) | VecStepType(_) | CompoundLit(..) => {}
    }
}

/// Moves the statement children of `kind` to `out` (its expressions drop themselves
/// without recursion).
fn stmt_children(kind: &mut StmtKind, out: &mut Vec<Child>) {
    use StmtKind::*;
    match kind {
        Block(b) => take_block(b, out),
        If(_, a, b) => {
            take_stmt(a, out);
            if let Some(b) = b {
                take_stmt(b, out);
            }
        }
        While(_, body) | DoWhile(body, _) | Switch(_, body) => take_stmt(body, out),
        Labelled(label, body) => {
            take_stmt(label, out);
            take_stmt(body, out);
        }
        For(init, _, _, body) => {
            if let Some(i) = init {
                take_stmt(i, out);
            }
            take_stmt(body, out);
        }
        Decl(_) | Expr(_) | Empty | Break | Continue | Return(_) | Case(_) | Default | Label(_)
        | Goto(_) => {}
    }
}

/// Drops the children taken from one node, and theirs, one node at a time.
fn drop_all(mut stack: Vec<Child>) {
    while let Some(child) = stack.pop() {
        match child {
            Child::Expr(mut e) => expr_children(&mut e.kind, &mut stack),
            Child::Stmt(mut s) => stmt_children(&mut s.kind, &mut stack),
        }
    }
}

impl Drop for Expr {
    fn drop(&mut self) {
        let mut stack = Vec::new();
        expr_children(&mut self.kind, &mut stack);
        if !stack.is_empty() {
            drop_all(stack);
        }
    }
}

impl Drop for Stmt {
    fn drop(&mut self) {
        let mut stack = Vec::new();
        stmt_children(&mut self.kind, &mut stack);
        if !stack.is_empty() {
            drop_all(stack);
        }
    }
}
