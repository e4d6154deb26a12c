//! The Brook+ syntax tree produced by [`super::parser`].

use super::types::Ty;
use crate::source::Span;

/// A whole `.br` file: struct definitions and functions (kernels, reduce kernels, helpers).
#[derive(Clone, Debug, Default)]
pub struct BrProgram {
    /// Struct definitions in order.
    pub structs: Vec<StructDef>,
    /// Functions in order.
    pub funcs: Vec<Func>,
}

/// `struct Name { float a; int2 b; };`
#[derive(Clone, Debug)]
pub struct StructDef {
    /// The struct's name.
    pub name: String,
    /// Members in order.
    pub fields: Vec<(Ty, String)>,
    /// Where it was defined.
    pub span: Span,
}

/// What kind of function a definition is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FuncKind {
    /// `kernel void f(...)`.
    Kernel,
    /// `reduce void f(...)`.
    Reduce,
    /// A plain helper function (callable from kernels, inlined).
    Helper,
}

/// A function definition.
#[derive(Clone, Debug)]
pub struct Func {
    /// Kernel, reduce kernel or helper.
    pub kind: FuncKind,
    /// Its name.
    pub name: String,
    /// The name's span.
    pub name_span: Span,
    /// The result type.
    pub ret: Ty,
    /// Parameters.
    pub params: Vec<Param>,
    /// The body.
    pub body: Vec<Stmt>,
    /// `Attribute[GroupSize(x, y, z)]` values and where it was written.
    pub group_size: Option<(Vec<i64>, Span)>,
}

/// How a parameter is passed.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamShape {
    /// A plain value (a constant for kernels).
    Value,
    /// A stream `a<>` / `a<10,20>` (`None` = unspecified extent).
    Stream(Vec<Option<i64>>),
    /// A gather or scatter array `a[]`, `a[5][5]`.
    Array(Vec<Option<i64>>),
}

/// One parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// Its span (whole declaration).
    pub span: Span,
    /// Element type.
    pub ty: Ty,
    /// `out` qualifier.
    pub is_out: bool,
    /// `reduce` qualifier.
    pub is_reduce: bool,
    /// `const` qualifier.
    pub is_const: bool,
    /// Value, stream or array.
    pub shape: ParamShape,
}

/// A statement.
#[derive(Clone, Debug)]
pub enum Stmt {
    /// `T a = e, b[4];` (`shared` arrays too).
    Decl {
        /// The declared type.
        ty: Ty,
        /// `shared` qualifier.
        shared: bool,
        /// `const` qualifier.
        is_const: bool,
        /// Each declarator.
        vars: Vec<VarDecl>,
        /// The whole statement.
        span: Span,
    },
    /// An expression statement.
    Expr(Expr),
    /// `if (c) a else b`.
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while (c) s`.
    While(Expr, Box<Stmt>),
    /// `do s while (c);`.
    DoWhile(Box<Stmt>, Expr),
    /// `for (init; cond; step) s`.
    For(Option<Box<Stmt>>, Option<Expr>, Option<Expr>, Box<Stmt>),
    /// `return e;`.
    Return(Option<Expr>, Span),
    /// `break;`.
    Break(Span),
    /// `continue;`.
    Continue(Span),
    /// `{ ... }`.
    Block(Vec<Stmt>),
    /// `;`.
    Empty,
}

/// One declarator of a declaration.
#[derive(Clone, Debug)]
pub struct VarDecl {
    /// The name.
    pub name: String,
    /// The name's span.
    pub span: Span,
    /// Array extents (local arrays); each an expression.
    pub dims: Vec<Expr>,
    /// Initializer.
    pub init: Option<Expr>,
}

/// An expression with a unique id (the checker records its type under that id).
#[derive(Clone, Debug)]
pub struct Expr {
    /// Unique within the program.
    pub id: u32,
    /// What it is.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
}

/// Unary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-x`.
    Neg,
    /// `+x`.
    Plus,
    /// `!x`.
    Not,
    /// `~x`.
    BitNot,
    /// `++x`.
    PreInc,
    /// `--x`.
    PreDec,
    /// `x++`.
    PostInc,
    /// `x--`.
    PostDec,
}

/// Binary operators (also the operator of a compound assignment).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

impl BinOp {
    /// The C spelling.
    pub fn text(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Lt => "<",
            BinOp::Gt => ">",
            BinOp::Le => "<=",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
        }
    }

    /// True for the relational and equality operators.
    pub fn is_relational(self) -> bool {
        matches!(
            self,
            BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge | BinOp::Eq | BinOp::Ne
        )
    }
}

/// Expression forms.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// An integer literal (`unsigned` when it had a `u` suffix).
    Int(i64, bool),
    /// A floating literal; `true` when it had an `f` suffix.
    Float(f64, bool),
    /// A name.
    Ident(String),
    /// A unary operation.
    Unary(UnOp, Box<Expr>),
    /// A binary operation.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `l = r` (`None`) or `l op= r`.
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A call `f(args)` (intrinsic, helper or sub-kernel).
    Call(String, Vec<Expr>),
    /// A constructor `float4(..)` / `float4_(..)`.
    Ctor(Ty, Vec<Expr>),
    /// A cast `(T) e`.
    Cast(Ty, Box<Expr>),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `a.name` (struct member or swizzle).
    Member(Box<Expr>, String),
}
