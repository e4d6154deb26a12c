//! Limits on how deeply a program may nest, checked before any stage recurses over it, so
//! that deep input gets a located error instead of a stack overflow:
//! * brackets: `(`, `[` and `{` nest at most `-fbracket-depth` levels (clang's limit and
//!   message; default 256);
//! * syntax trees: expressions, statements, initializer lists and declarators nest at most
//!   [`MAX_NESTING`] levels, however they nest (a chain of unary operators or casts, an
//!   `else if` chain, a long `a + b + ...` sum). The checker, the lowering, the passes and
//!   the backends recurse over these trees; the driver runs them on a thread whose stack
//!   holds [`MAX_NESTING`] levels of every stage (`oclc::compile_stack`).
//!
//! The walk here uses an explicit stack, and syntax trees drop without recursion (see
//! `ast_drop`), so a tree past the limit is measured and freed safely.

use crate::ast::{
    AttrArg, Attribute, DeclSpec, DeclSpecs, Declaration, Declarator, Derived, Expr, ExprKind,
    Initializer, Stmt, StmtKind, TranslationUnit, TypeName,
};
use crate::diagnostic::Diagnostic;
use crate::lexer::{TokKind, Token};
use crate::source::Span;

/// The deepest nesting of expressions, statements, initializer lists and declarator
/// levels accepted (clang accepts a 20 000-term sum; it overflows its own stack on 20 000
/// unary minus signs).
pub const MAX_NESTING: usize = 10_000;

/// The first `(`, `[` or `{` that opens more than `max` brackets at once, as clang reports
/// it (`fatal error: bracket nesting level exceeded maximum of 256`).
pub fn check_bracket_depth(toks: &[Token], max: u32) -> Option<Diagnostic> {
    let mut depth = 0u32;
    for t in toks {
        match t.kind {
            TokKind::LParen | TokKind::LBracket | TokKind::LBrace => {
                depth += 1;
                if depth > max {
                    return Some(bracket_error(t.report_span(), max));
                }
            }
            TokKind::RParen | TokKind::RBracket | TokKind::RBrace => {
                depth = depth.saturating_sub(1)
            }
            _ => {}
        }
    }
    None
}

/// The error for a bracket (or macro argument, or `#if` operand) nested past `max`.
pub fn bracket_error(span: Span, max: u32) -> Diagnostic {
    Diagnostic::error(
        "E0202",
        format!("bracket nesting level exceeded maximum of {max}"),
        span,
    )
    .with_note("use -fbracket-depth=N to increase the maximum nesting level")
}

/// A node of the syntax tree whose depth is measured.
enum Node<'a> {
    Expr(&'a Expr),
    Stmt(&'a Stmt),
    Init(&'a Initializer),
    Decl(&'a Declaration),
    Declarator(&'a Declarator),
    Type(&'a TypeName),
    Specs(&'a DeclSpecs),
    Attrs(&'a [Attribute]),
}

/// The first node of `tu` nested more than [`MAX_NESTING`] levels deep, as an error.
pub fn check_tree_depth(tu: &TranslationUnit) -> Option<Diagnostic> {
    let mut stack: Vec<(Node, usize)> = Vec::new();
    for item in &tu.items {
        match item {
            crate::ast::ExternalDecl::Function(f) => {
                stack.push((Node::Specs(&f.specs), 0));
                stack.push((Node::Declarator(&f.declarator), 0));
                stack.extend(f.body.stmts.iter().map(|s| (Node::Stmt(s), 1)));
            }
            crate::ast::ExternalDecl::Declaration(d) => stack.push((Node::Decl(d), 0)),
        }
        while let Some((node, depth)) = stack.pop() {
            if depth > MAX_NESTING {
                return Some(too_deep(&node));
            }
            children(node, depth, &mut stack);
        }
    }
    None
}

fn too_deep(node: &Node) -> Diagnostic {
    let span = match node {
        Node::Expr(e) => e.span,
        Node::Stmt(s) => s.span,
        Node::Init(i) => i.span(),
        Node::Decl(d) => d.span,
        Node::Declarator(d) => d.span,
        Node::Type(t) => t.span,
        Node::Specs(s) => s.span,
        Node::Attrs(a) => a.first().map(|a| a.span).unwrap_or_default(),
    };
    Diagnostic::error(
        "E0203",
        format!("program nested too deeply (more than {MAX_NESTING} levels of expressions, statements or declarators)"),
        span,
    )
    .with_label("nested too deeply")
}

/// Pushes the children of `node` (at `depth`) with their depths.
fn children<'a>(node: Node<'a>, depth: usize, out: &mut Vec<(Node<'a>, usize)>) {
    let d = depth + 1;
    let expr = |e: &'a Expr, out: &mut Vec<(Node<'a>, usize)>| out.push((Node::Expr(e), d));
    match node {
        Node::Expr(e) => expr_children(e, d, out),
        Node::Stmt(s) => match &s.kind {
            StmtKind::Block(b) => out.extend(b.stmts.iter().map(|s| (Node::Stmt(s), d))),
            StmtKind::Decl(decl) => out.push((Node::Decl(decl), d)),
            StmtKind::Expr(e) | StmtKind::Case(e) | StmtKind::Return(Some(e)) => expr(e, out),
            StmtKind::If(c, a, b) => {
                expr(c, out);
                out.push((Node::Stmt(a), d));
                if let Some(b) = b {
                    out.push((Node::Stmt(b), d));
                }
            }
            StmtKind::While(c, body) | StmtKind::DoWhile(body, c) | StmtKind::Switch(c, body) => {
                expr(c, out);
                out.push((Node::Stmt(body), d));
            }
            StmtKind::For(init, c, step, body) => {
                if let Some(i) = init {
                    out.push((Node::Stmt(i), d));
                }
                for e in c.iter().chain(step) {
                    expr(e, out);
                }
                out.push((Node::Stmt(body), d));
            }
            // A chain of labels (`case 0: case 1: ...`) is not nesting: its parts stay at
            // the labelled statement's depth.
            StmtKind::Labelled(label, body) => {
                out.push((Node::Stmt(label), depth));
                out.push((Node::Stmt(body), depth));
            }
            StmtKind::Empty
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Return(None)
            | StmtKind::Default
            | StmtKind::Label(_)
            | StmtKind::Goto(_) => {}
        },
        Node::Init(Initializer::Expr(e)) => expr(e, out),
        Node::Init(Initializer::List(items, _)) => init_items(items, d, out),
        Node::Decl(decl) => {
            out.push((Node::Specs(&decl.specs), depth));
            for i in &decl.declarators {
                out.push((Node::Declarator(&i.declarator), depth));
                if let Some(init) = &i.init {
                    out.push((Node::Init(init), d));
                }
            }
        }
        Node::Declarator(dc) => {
            // Each pointer or array level is one level of the declared type.
            let levels = depth + dc.derived.len();
            out.push((Node::Attrs(&dc.attrs), levels));
            for der in &dc.derived {
                match der {
                    Derived::Pointer(specs, _) => specs_children(specs, levels, out),
                    Derived::Array(Some(e), _) => out.push((Node::Expr(e), levels + 1)),
                    Derived::Array(None, _) => {}
                    Derived::Function(params, _) => {
                        for p in params {
                            out.push((Node::Specs(&p.specs), levels + 1));
                            out.push((Node::Declarator(&p.declarator), levels + 1));
                        }
                    }
                }
            }
        }
        Node::Type(t) => {
            out.push((Node::Specs(&t.specs), depth));
            out.push((Node::Declarator(&t.declarator), depth));
        }
        Node::Specs(specs) => specs_children(&specs.items, depth, out),
        Node::Attrs(attrs) => {
            for a in attrs {
                for arg in &a.args {
                    match arg {
                        AttrArg::Expr(e) => out.push((Node::Expr(e), d)),
                        AttrArg::Type(t) => out.push((Node::Type(t), d)),
                    }
                }
            }
        }
    }
}

fn init_items<'a>(items: &'a [crate::ast::InitItem], d: usize, out: &mut Vec<(Node<'a>, usize)>) {
    for item in items {
        for des in &item.designators {
            if let crate::ast::Designator::Index(e, _) = des {
                out.push((Node::Expr(e), d));
            }
        }
        out.push((Node::Init(&item.init), d));
    }
}

fn expr_children<'a>(e: &'a Expr, d: usize, out: &mut Vec<(Node<'a>, usize)>) {
    use ExprKind::*;
    let mut push = |e: &'a Expr| out.push((Node::Expr(e), d));
    match &e.kind {
        Paren(a) | Unary(_, a) | SizeofExpr(a) | VecStepExpr(a) | Member(a, _) | Arrow(a, _) => {
            push(a)
        }
        IncDec { expr, .. } => push(expr),
        Comma(a, b) | Assign(_, a, b) | Binary(_, a, b) | Index(a, b) => {
            push(a);
            push(b);
        }
        Ternary(c, a, b) => {
            push(c);
            push(a);
            push(b);
        }
        Call(f, args) => {
            push(f);
            args.iter().for_each(push);
        }
        Cast(t, a) => {
            push(a);
            out.push((Node::Type(t), d));
        }
        SizeofType(t) | AlignofType(t) | VecStepType(t) => out.push((Node::Type(t), d)),
        CompoundLit(t, items) => {
            out.push((Node::Type(t), d));
            init_items(items, d, out);
        }
        StmtExpr(b) => out.extend(b.stmts.iter().map(|s| (Node::Stmt(s), d))),
        Ident(_) | IntLit(_) | FloatLit(_) | CharLit(_) | StrLit(_) => {}
    }
}

fn specs_children<'a>(items: &'a [DeclSpec], depth: usize, out: &mut Vec<(Node<'a>, usize)>) {
    let d = depth + 1;
    for s in items {
        match s {
            DeclSpec::Attributes(attrs, _) => out.push((Node::Attrs(attrs), depth)),
            DeclSpec::Struct(st) => {
                out.push((Node::Attrs(&st.attrs), depth));
                for m in st.members.iter().flatten() {
                    out.push((Node::Specs(&m.specs), d));
                    for (dc, width) in &m.declarators {
                        out.push((Node::Declarator(dc), d));
                        if let Some(w) = width {
                            out.push((Node::Expr(w), d));
                        }
                    }
                }
            }
            DeclSpec::Enum(en) => {
                for (_, v) in en.items.iter().flatten() {
                    if let Some(v) = v {
                        out.push((Node::Expr(v), d));
                    }
                }
            }
            _ => {}
        }
    }
}
