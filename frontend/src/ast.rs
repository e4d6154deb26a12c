//! Untyped syntax tree produced by the parser. Every node carries a [`Span`].
//! Declarations keep the C structure (specifier list + declarator); the checker
//! turns them into types.

use crate::source::Span;

/// A whole source file after preprocessing.
#[derive(Clone, Debug, PartialEq)]
pub struct TranslationUnit {
    /// Top-level items in source order.
    pub items: Vec<ExternalDecl>,
}

/// A top-level item.
#[derive(Clone, Debug, PartialEq)]
pub enum ExternalDecl {
    /// Function with a body.
    Function(FunctionDef),
    /// Declaration (prototype, typedef, program-scope variable).
    Declaration(Declaration),
}

/// A function definition.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    /// Specifiers (return type, `kernel`, attributes...).
    pub specs: DeclSpecs,
    /// Name and parameter list (last derived item is `Derived::Function`).
    pub declarator: Declarator,
    /// Body.
    pub body: Block,
    /// Whole definition.
    pub span: Span,
}

/// `specs declarator [= init], ... ;`
#[derive(Clone, Debug, PartialEq)]
pub struct Declaration {
    /// Specifiers shared by all declarators.
    pub specs: DeclSpecs,
    /// Declared entities.
    pub declarators: Vec<InitDeclarator>,
    /// Whole declaration.
    pub span: Span,
}

/// One declarator with its optional initializer.
#[derive(Clone, Debug, PartialEq)]
pub struct InitDeclarator {
    /// The declarator.
    pub declarator: Declarator,
    /// `= initializer`.
    pub init: Option<Initializer>,
}

/// Initializer: expression or brace list.
#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    /// `= expr`
    Expr(Expr),
    /// `= { ... }`
    List(Vec<InitItem>, Span),
}

impl Initializer {
    /// Source span.
    pub fn span(&self) -> Span {
        match self {
            Initializer::Expr(e) => e.span,
            Initializer::List(_, s) => *s,
        }
    }
}

/// One element of a brace initializer, with optional designators.
#[derive(Clone, Debug, PartialEq)]
pub struct InitItem {
    /// `.field` / `[index]` designators (empty for positional items).
    pub designators: Vec<Designator>,
    /// The value.
    pub init: Initializer,
}

/// A designator in a brace initializer.
#[derive(Clone, Debug, PartialEq)]
pub enum Designator {
    /// `.name`
    Field(Ident),
    /// `[constant]`
    Index(Expr, Span),
}

/// Ordered list of declaration specifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct DeclSpecs {
    /// Items in source order.
    pub items: Vec<DeclSpec>,
    /// Span of the whole list.
    pub span: Span,
}

/// One declaration specifier.
#[derive(Clone, Debug, PartialEq)]
pub enum DeclSpec {
    /// Type keyword (`int`, `unsigned`, ...).
    Type(TypeKw, Span),
    /// Built-in OpenCL type name (`float4`, `uint`, `size_t`) or typedef name.
    TypeName(String, Span),
    /// Type qualifier.
    Qual(Qualifier, Span),
    /// Address-space qualifier.
    AddrSpace(AddrSpaceKw, Span),
    /// Storage class.
    Storage(StorageKw, Span),
    /// `kernel` / `__kernel`.
    Kernel(Span),
    /// `inline`.
    Inline(Span),
    /// Image access qualifier.
    Access(AccessKw, Span),
    /// `__attribute__((a, b(...)))`: the listed attributes.
    Attributes(Vec<Attribute>, Span),
    /// `struct`/`union` specifier.
    Struct(Box<StructSpec>),
    /// `enum` specifier.
    Enum(Box<EnumSpec>),
}

/// `struct|union [attrs] [tag] [{ members }]`.
#[derive(Clone, Debug, PartialEq)]
pub struct StructSpec {
    /// `union` rather than `struct`.
    pub is_union: bool,
    /// Attributes written after the keyword.
    pub attrs: Vec<Attribute>,
    /// Tag.
    pub tag: Option<Ident>,
    /// Members when this is a definition.
    pub members: Option<Vec<MemberDecl>>,
    /// Whole specifier.
    pub span: Span,
}

/// `specs declarator[: width], ... ;` inside a struct.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberDecl {
    /// Specifiers.
    pub specs: DeclSpecs,
    /// Declarators with optional bit-field widths.
    pub declarators: Vec<(Declarator, Option<Expr>)>,
    /// Whole member declaration.
    pub span: Span,
}

/// `enum [tag] [{ A = 1, B }]`.
#[derive(Clone, Debug, PartialEq)]
pub struct EnumSpec {
    /// Tag.
    pub tag: Option<Ident>,
    /// Enumerators when this is a definition.
    pub items: Option<Vec<(Ident, Option<Expr>)>>,
    /// Whole specifier.
    pub span: Span,
}

/// C type keywords.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TypeKw {
    /// `void`
    Void,
    /// `char`
    Char,
    /// `short`
    Short,
    /// `int`
    Int,
    /// `long`
    Long,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `signed`
    Signed,
    /// `unsigned`
    Unsigned,
}

/// Type qualifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Qualifier {
    /// `const`
    Const,
    /// `volatile`
    Volatile,
    /// `restrict`
    Restrict,
}

/// Address-space keywords.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AddrSpaceKw {
    /// `__global`
    Global,
    /// `__local`
    Local,
    /// `__constant`
    Constant,
    /// `__private`
    Private,
    /// `__generic`
    Generic,
}

/// Storage classes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StorageKw {
    /// `typedef`
    Typedef,
    /// `static`
    Static,
    /// `extern`
    Extern,
    /// `auto`
    Auto,
    /// `register`
    Register,
}

/// Image access qualifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AccessKw {
    /// `read_only`
    ReadOnly,
    /// `write_only`
    WriteOnly,
    /// `read_write`
    ReadWrite,
}

/// `__attribute__((name(args)))`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// Attribute name.
    pub name: String,
    /// Arguments (expressions or type names).
    pub args: Vec<AttrArg>,
    /// Span of the attribute item.
    pub span: Span,
}

/// Attribute argument.
#[derive(Clone, Debug, PartialEq)]
pub enum AttrArg {
    /// Expression argument.
    Expr(Expr),
    /// Type argument (`vec_type_hint(float4)`).
    Type(TypeName),
}

/// A declarator: pointers, name and array/function suffixes.
#[derive(Clone, Debug, PartialEq)]
pub struct Declarator {
    /// Declared name (absent for abstract declarators).
    pub name: Option<Ident>,
    /// Type constructors applied to the base type, innermost (closest to the base
    /// type) first: `float *a[4]` is `[Pointer, Array(4)]`.
    pub derived: Vec<Derived>,
    /// `__attribute__((...))` written after the declarator (e.g. after a function's
    /// parameter list).
    pub attrs: Vec<Attribute>,
    /// Span.
    pub span: Span,
}

/// An identifier with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// Spelling.
    pub name: String,
    /// Location.
    pub span: Span,
}

/// A type constructor in a declarator.
#[derive(Clone, Debug, PartialEq)]
pub enum Derived {
    /// `*` followed by qualifiers that apply to the pointer itself.
    Pointer(Vec<DeclSpec>, Span),
    /// `[size]`.
    Array(Option<Box<Expr>>, Span),
    /// `(params)`.
    Function(Vec<ParamDecl>, Span),
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamDecl {
    /// Specifiers.
    pub specs: DeclSpecs,
    /// Declarator (possibly abstract).
    pub declarator: Declarator,
    /// Span.
    pub span: Span,
}

/// A type name as in casts and `sizeof`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeName {
    /// Specifiers.
    pub specs: DeclSpecs,
    /// Abstract declarator.
    pub declarator: Declarator,
    /// Span.
    pub span: Span,
}

/// `{ ... }`
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Statements.
    pub stmts: Vec<Stmt>,
    /// Span including braces.
    pub span: Span,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What kind.
    pub kind: StmtKind,
    /// Where.
    pub span: Span,
}

impl Stmt {
    /// The labels in front of this statement, in order, and the statement they label
    /// (`case 1: case 2: s;` gives `[case 1, case 2]` and `s`); no labels for an unlabelled one.
    pub fn unlabelled(&self) -> (Vec<&Stmt>, &Stmt) {
        let mut labels = Vec::new();
        let mut cur = self;
        while let StmtKind::Labelled(label, body) = &cur.kind {
            labels.push(label.as_ref());
            cur = body;
        }
        (labels, cur)
    }
}

/// Statement kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `{ ... }`
    Block(Block),
    /// Local declaration.
    Decl(Declaration),
    /// `expr;`
    Expr(Expr),
    /// `;`
    Empty,
    /// `if (c) a else b`
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while (c) body`
    While(Expr, Box<Stmt>),
    /// `do body while (c);`
    DoWhile(Box<Stmt>, Expr),
    /// `for (init; cond; step) body`; init is a declaration or expression statement.
    For(Option<Box<Stmt>>, Option<Expr>, Option<Expr>, Box<Stmt>),
    /// `break;`
    Break,
    /// `continue;`
    Continue,
    /// `return [expr];`
    Return(Option<Expr>),
    /// `switch (e) body`
    Switch(Expr, Box<Stmt>),
    /// `case e:` (a label statement; the following statements belong to it)
    Case(Expr),
    /// `default:`
    Default,
    /// `name:`
    Label(Ident),
    /// `goto name;`
    Goto(Ident),
    /// A label (`Case`, `Default` or `Label`) and the statement it labels, as C's grammar
    /// has it: `switch (x) case 1: s;` keeps `s` inside the switch. Chains of labels
    /// (`case 1: case 2: s;`) nest here; [`Stmt::unlabelled`] walks them without recursion.
    Labelled(Box<Stmt>, Box<Stmt>),
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What kind.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
}

/// Binary operators (including `&&`, `||`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
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
    /// `&`
    BitAnd,
    /// `^`
    BitXor,
    /// `|`
    BitOr,
    /// `&&`
    LogAnd,
    /// `||`
    LogOr,
}

impl BinaryOp {
    /// Operator spelling.
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Mul => "*",
            Div => "/",
            Rem => "%",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            BitAnd => "&",
            BitXor => "^",
            BitOr => "|",
            LogAnd => "&&",
            LogOr => "||",
        }
    }
}

/// Prefix unary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-`
    Neg,
    /// `+`
    Plus,
    /// `!`
    Not,
    /// `~`
    BitNot,
    /// `&`
    AddrOf,
    /// `*`
    Deref,
}

/// One part of `__builtin_offsetof`'s member designator.
#[derive(Clone, Debug, PartialEq)]
pub enum OffsetofPart {
    /// `.name` (or the leading name).
    Member(Ident),
    /// `[index]`.
    Index(Box<Expr>),
}

/// Expression kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// Name.
    Ident(String),
    /// Integer literal spelling.
    IntLit(String),
    /// Floating literal spelling.
    FloatLit(String),
    /// Character literal spelling.
    CharLit(String),
    /// String literal spelling(s), concatenated later.
    StrLit(Vec<String>),
    /// `( e )` — kept because `(float4)(a, b)` is a vector literal.
    Paren(Box<Expr>),
    /// `a, b`
    Comma(Box<Expr>, Box<Expr>),
    /// `a = b` (op `None`) or `a op= b`.
    Assign(Option<BinaryOp>, Box<Expr>, Box<Expr>),
    /// `c ? a : b`
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Binary operator.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// Prefix unary operator.
    Unary(UnaryOp, Box<Expr>),
    /// `++`/`--`, prefix or postfix.
    IncDec {
        /// `++` (true) or `--`.
        inc: bool,
        /// Prefix form.
        prefix: bool,
        /// Operand.
        expr: Box<Expr>,
    },
    /// `(type) expr` (also vector literals, see `Paren`).
    Cast(Box<TypeName>, Box<Expr>),
    /// `sizeof expr`
    SizeofExpr(Box<Expr>),
    /// `sizeof(type)`
    SizeofType(Box<TypeName>),
    /// `__alignof__(type)` / `_Alignof(type)`
    AlignofType(Box<TypeName>),
    /// `vec_step(type)`
    VecStepType(Box<TypeName>),
    /// `vec_step(expr)`
    VecStepExpr(Box<Expr>),
    /// `__builtin_offsetof(type, member designator)`: the designator's parts in order,
    /// the first a member.
    Offsetof(Box<TypeName>, Vec<OffsetofPart>),
    /// `a[i]`
    Index(Box<Expr>, Box<Expr>),
    /// `f(args)`
    Call(Box<Expr>, Vec<Expr>),
    /// `e.name`
    Member(Box<Expr>, Ident),
    /// `e->name`
    Arrow(Box<Expr>, Ident),
    /// Compound literal `(type){ items }`.
    CompoundLit(Box<TypeName>, Vec<InitItem>),
    /// GNU statement expression `({ stmts })`: the value of the last expression statement.
    StmtExpr(Block),
}
