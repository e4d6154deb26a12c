//! Limits on how deeply a program may nest, checked before any stage recurses over it, so
//! that deep input gets a located error instead of a stack overflow:
//! * brackets: `(`, `[` and `{` nest at most `-fbracket-depth` levels (clang's limit and
//!   message; default 256), counted on the tokens, separately from the rules below;
//! * syntax trees: expressions, statements, initializer lists and declarators nest at most
//!   [`MAX_NESTING`] levels, however they nest (a chain of unary operators or casts, an
//!   `else if` chain, a `?:` chain, an `a = b = ...` chain);
//! * binary operator chains: real kernels (hashcat's, generated code) hold sums, `|` and
//!   `^` chains and comma lists of tens of thousands of terms, and `a + b + ...` nests one
//!   level per operator. So levels under a binary operator (arithmetic, bitwise, shift,
//!   comparison) or a comma count apart: at most [`MAX_CHAIN`] operands chained (49 999
//!   such levels), independently of the [`MAX_NESTING`] other levels. Assignments, `?:`,
//!   `&&` and `||` count there: the last three are control flow, and a 50 000-operand
//!   `&&` chain of array elements took a minute to SPIR-V and 21 GB to a CPU object. For
//!   comparison clang-14 (`-cl-std=CL1.2 -fsyntax-only`, 8 MiB stack) always accepts a
//!   sum of 32 660 terms `x + x + ...` in a kernel and always crashes with a stack overflow
//!   (SIGSEGV, no diagnostic) from 32 690 terms on (in between it depends on the stack's
//!   random placement); oclc compiles a 50 000-term sum for every target and refuses a
//!   50 001-term one with a located error.
//!
//! The checker, the lowering, the passes and the backends recurse over these trees; the
//! driver runs them on a thread whose stack holds [`MAX_CHAIN`] binary levels and
//! [`MAX_NESTING`] other levels at once of every stage (`oclc::compile_stack`; tests/deep_nesting.rs
//! and tests/binary_chains.rs compile programs at the limits for every target).
//!
//! The walk here uses an explicit stack, and syntax trees drop without recursion (see
//! `ast_drop`), so a tree past the limit is measured and freed safely.

use crate::ast::{
    AttrArg, Attribute, BinaryOp, DeclSpec, DeclSpecs, Declaration, Declarator, Derived, Expr,
    ExprKind, Initializer, OffsetofPart, Stmt, StmtKind, TranslationUnit, TypeName,
};
use crate::diagnostic::Diagnostic;
use crate::lexer::{TokKind, Token};
use crate::source::Span;

/// The deepest nesting of expressions, statements, initializer lists and declarator
/// levels accepted (clang-14 overflows its own stack on 20 000 unary minus signs).
pub const MAX_NESTING: usize = 10_000;

/// The longest chain of binary operators or commas accepted, in operands: a sum of up to
/// 50 000 terms. Levels under a binary operator or a comma count against this limit
/// instead of [`MAX_NESTING`] (the two are independent, and the compile stack holds both
/// at once).
pub const MAX_CHAIN: usize = 50_000;

/// The depth of a node: levels under binary operators or commas, and all other levels.
#[derive(Clone, Copy, Default)]
struct Depth {
    binary: usize,
    other: usize,
}

impl Depth {
    /// `n` levels deeper, none of them binary.
    fn levels(self, n: usize) -> Depth {
        Depth {
            other: self.other + n,
            ..self
        }
    }

    /// One level deeper, not binary.
    fn deeper(self) -> Depth {
        self.levels(1)
    }

    /// One level deeper, under a binary operator or a comma.
    fn binary(self) -> Depth {
        Depth {
            binary: self.binary + 1,
            ..self
        }
    }

    /// Past either limit: a chain of `n` operands puts its first operand `n - 1` binary
    /// levels deep.
    fn too_deep(self) -> bool {
        self.other > MAX_NESTING || self.binary >= MAX_CHAIN
    }
}

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

/// The first node of `tu` nested past the limits (see the module doc), as an error.
pub fn check_tree_depth(tu: &TranslationUnit) -> Option<Diagnostic> {
    let mut stack: Vec<(Node, Depth)> = Vec::new();
    let top = Depth::default();
    for item in &tu.items {
        match item {
            crate::ast::ExternalDecl::Function(f) => {
                stack.push((Node::Specs(&f.specs), top));
                stack.push((Node::Declarator(&f.declarator), top));
                stack.extend(f.body.stmts.iter().map(|s| (Node::Stmt(s), top.deeper())));
            }
            crate::ast::ExternalDecl::Declaration(d) => stack.push((Node::Decl(d), top)),
        }
        while let Some((node, depth)) = stack.pop() {
            if depth.too_deep() {
                return Some(too_deep(&node, depth));
            }
            children(node, depth, &mut stack);
        }
    }
    None
}

fn too_deep(node: &Node, depth: Depth) -> Diagnostic {
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
    let message = if depth.binary >= MAX_CHAIN {
        format!(
            "program nested too deeply (more than {MAX_CHAIN} operands chained by binary \
             operators or commas)"
        )
    } else {
        format!(
            "program nested too deeply (more than {MAX_NESTING} levels of expressions, \
             statements or declarators)"
        )
    };
    Diagnostic::error("E0203", message, span).with_label("nested too deeply")
}

/// A node with its depth, waiting on the walk's stack.
type Pending<'a> = (Node<'a>, Depth);

/// Pushes the children of `node` (at `depth`) with their depths.
fn children<'a>(node: Node<'a>, depth: Depth, out: &mut Vec<Pending<'a>>) {
    let d = depth.deeper();
    let expr = |e: &'a Expr, out: &mut Vec<Pending<'a>>| out.push((Node::Expr(e), d));
    match node {
        Node::Expr(e) => expr_children(e, depth, out),
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
            let levels = depth.levels(dc.derived.len());
            out.push((Node::Attrs(&dc.attrs), levels));
            for der in &dc.derived {
                match der {
                    Derived::Pointer(specs, _) => specs_children(specs, levels, out),
                    Derived::Array(Some(e), _) => out.push((Node::Expr(e), levels.deeper())),
                    Derived::Array(None, _) => {}
                    Derived::Function(params, _) => {
                        for p in params {
                            out.push((Node::Specs(&p.specs), levels.deeper()));
                            out.push((Node::Declarator(&p.declarator), levels.deeper()));
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

fn init_items<'a>(items: &'a [crate::ast::InitItem], d: Depth, out: &mut Vec<Pending<'a>>) {
    for item in items {
        for des in &item.designators {
            if let crate::ast::Designator::Index(e, _) = des {
                out.push((Node::Expr(e), d));
            }
        }
        out.push((Node::Init(&item.init), d));
    }
}

/// Pushes the operands of `e` (at `depth`): one level deeper, a cheap level under a binary
/// operator or a comma.
fn expr_children<'a>(e: &'a Expr, depth: Depth, out: &mut Vec<Pending<'a>>) {
    use ExprKind::*;
    let d = match e.kind {
        // `&&` and `||` are control flow, each a nested `if` in the IR: they stay at the
        // general limit, like `?:`.
        Binary(BinaryOp::LogAnd | BinaryOp::LogOr, ..) => depth.deeper(),
        Comma(..) | Binary(..) => depth.binary(),
        _ => depth.deeper(),
    };
    let mut push = |e: &'a Expr| out.push((Node::Expr(e), d));
    match &e.kind {
        Paren(a) | Unary(_, a) | SizeofExpr(a) | VecStepExpr(a) | Member(a, _) | Arrow(a, _) => {
            push(a)
        }
        IncDec { expr, .. } => push(expr),
        Comma(a, b) | Binary(_, a, b) | Assign(_, a, b) | Index(a, b) => {
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
        Offsetof(t, parts) => {
            for p in parts {
                if let OffsetofPart::Index(i) = p {
                    push(i);
                }
            }
            out.push((Node::Type(t), d));
        }
        CompoundLit(t, items) => {
            out.push((Node::Type(t), d));
            init_items(items, d, out);
        }
        StmtExpr(b) => out.extend(b.stmts.iter().map(|s| (Node::Stmt(s), d))),
        Ident(_) | IntLit(_) | FloatLit(_) | CharLit(_) | StrLit(_) => {}
    }
}

fn specs_children<'a>(items: &'a [DeclSpec], depth: Depth, out: &mut Vec<Pending<'a>>) {
    let d = depth.deeper();
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
