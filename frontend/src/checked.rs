//! The checked (typed) AST: the contract between the front end and the IR lowering.
//!
//! Invariants the lowering may rely on:
//! * every [`Expr`] carries its final [`CType`] and a [`Span`];
//! * every implicit conversion is an explicit node: [`ExprKind::Convert`] for
//!   arithmetic conversions (scalar→scalar, vector→vector of the same width,
//!   anything→`Bool` meaning "!= 0"), [`ExprKind::Splat`] for scalar→vector widening
//!   (operand already converted to the element type), [`ExprKind::ArrayDecay`] for
//!   array→pointer, [`ExprKind::PtrCast`] for pointer→pointer;
//! * operands of [`ExprKind::Binary`] have the same type (the operation type) except
//!   for shifts, whose right operand is converted to the left operand's type (OpenCL
//!   masks the shift count to the bit width of the element); comparison results are
//!   `int` for scalars and a signed integer vector (−1/0) of the operand element
//!   width for vectors;
//! * conditions of `if`/loops/`?:`/`&&`/`||`/`!` on scalars are of type `Bool`;
//! * `c ? a : b` with an integer vector `c` is the built-in call `select(b, a, c)` (per lane
//!   by the most significant bit of `c`, both operands evaluated);
//! * struct/array compound literals and members of struct values are [`ExprKind::StmtExpr`]s
//!   that initialize an unnamed variable and read it;
//! * reads of storage go through [`ExprKind::Load`] of an explicit [`LValue`];
//! * all calls have their arguments converted to the callee's parameter types;
//! * pointer indexing `p[i]` is `Deref(PtrAdd(p, i))` with `i` converted to `long`;
//! * `size_t` is `ulong` (64-bit devices: spir64 / host CPU).

use crate::source::Span;
use std::sync::{Arc, OnceLock};

/// Scalar element kinds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ScalarKind {
    /// 8-bit signed.
    Char,
    /// 8-bit unsigned.
    UChar,
    /// 16-bit signed.
    Short,
    /// 16-bit unsigned.
    UShort,
    /// 32-bit signed.
    Int,
    /// 32-bit unsigned.
    UInt,
    /// 64-bit signed.
    Long,
    /// 64-bit unsigned (also `size_t`).
    ULong,
    /// 16-bit float.
    Half,
    /// 32-bit float.
    Float,
    /// 64-bit float.
    Double,
}

impl ScalarKind {
    /// Size in bytes.
    pub fn size(self) -> u64 {
        use ScalarKind::*;
        match self {
            Char | UChar => 1,
            Short | UShort | Half => 2,
            Int | UInt | Float => 4,
            Long | ULong | Double => 8,
        }
    }
    /// Floating-point kind.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ScalarKind::Half | ScalarKind::Float | ScalarKind::Double
        )
    }
    /// Integer kind.
    pub fn is_integer(self) -> bool {
        !self.is_float()
    }
    /// Signed integer kind (floats return false).
    pub fn is_signed(self) -> bool {
        use ScalarKind::*;
        matches!(self, Char | Short | Int | Long)
    }
    /// OpenCL C spelling.
    pub fn name(self) -> &'static str {
        use ScalarKind::*;
        match self {
            Char => "char",
            UChar => "uchar",
            Short => "short",
            UShort => "ushort",
            Int => "int",
            UInt => "uint",
            Long => "long",
            ULong => "ulong",
            Half => "half",
            Float => "float",
            Double => "double",
        }
    }
    /// Signed integer kind of the same width (used for comparison results).
    pub fn signed_of_same_width(self) -> ScalarKind {
        match self.size() {
            1 => ScalarKind::Char,
            2 => ScalarKind::Short,
            4 => ScalarKind::Int,
            _ => ScalarKind::Long,
        }
    }
    /// Unsigned kind of the same width (integers only).
    pub fn to_unsigned(self) -> ScalarKind {
        match self.size() {
            1 => ScalarKind::UChar,
            2 => ScalarKind::UShort,
            4 => ScalarKind::UInt,
            _ => ScalarKind::ULong,
        }
    }
}

/// Address spaces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AddrSpace {
    /// `__private` (default for locals and unqualified pointers in OpenCL 1.2).
    Private,
    /// `__global`.
    Global,
    /// `__local`.
    Local,
    /// `__constant`.
    Constant,
    /// `__generic` (OpenCL C 2.0+): the pointee of an unqualified pointer, which may point
    /// into `__global`, `__local` or `__private` memory.
    Generic,
}

impl AddrSpace {
    /// Spelling.
    pub fn name(self) -> &'static str {
        match self {
            AddrSpace::Private => "__private",
            AddrSpace::Global => "__global",
            AddrSpace::Local => "__local",
            AddrSpace::Constant => "__constant",
            AddrSpace::Generic => "__generic",
        }
    }
}

/// A checked type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CType {
    /// `void`.
    Void,
    /// `bool`.
    Bool,
    /// Scalar arithmetic type.
    Scalar(ScalarKind),
    /// Vector of 2, 3, 4, 8 or 16 elements.
    Vector(ScalarKind, u8),
    /// Pointer.
    Pointer {
        /// Address space of the pointee.
        space: AddrSpace,
        /// Pointed-to type.
        pointee: Box<CType>,
        /// Pointee is `const`.
        is_const: bool,
    },
    /// Fixed-size array.
    Array {
        /// Element type.
        elem: Box<CType>,
        /// Number of elements.
        len: u64,
    },
    /// Structure or union (compared by identity).
    Struct(StructRef),
    /// Opaque OpenCL object type (images, samplers, events).
    Opaque(OpaqueKind),
    /// An OpenCL C 2.0 atomic type (`atomic_int`, ..., `atomic_flag` = `atomic_int`): stored
    /// like the scalar, accessed only through the `atomic_*` built-ins.
    Atomic(ScalarKind),
}

/// Image dimensionality (the `imageNd[_array|_buffer]_t` type names).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageDim {
    /// `image1d_t`
    D1,
    /// `image1d_array_t`
    D1Array,
    /// `image1d_buffer_t`
    D1Buffer,
    /// `image2d_t`
    D2,
    /// `image2d_array_t`
    D2Array,
    /// `image3d_t`
    D3,
}

impl ImageDim {
    /// Every dimensionality.
    pub const ALL: [ImageDim; 6] = [
        ImageDim::D1,
        ImageDim::D1Array,
        ImageDim::D1Buffer,
        ImageDim::D2,
        ImageDim::D2Array,
        ImageDim::D3,
    ];
    /// OpenCL C type name.
    pub fn name(self) -> &'static str {
        match self {
            ImageDim::D1 => "image1d_t",
            ImageDim::D1Array => "image1d_array_t",
            ImageDim::D1Buffer => "image1d_buffer_t",
            ImageDim::D2 => "image2d_t",
            ImageDim::D2Array => "image2d_array_t",
            ImageDim::D3 => "image3d_t",
        }
    }
    /// Lanes of an integer or float coordinate (`int`, `int2`, `int4`: arrays add the layer).
    pub fn coord_lanes(self) -> u8 {
        match self {
            ImageDim::D1 | ImageDim::D1Buffer => 1,
            ImageDim::D1Array | ImageDim::D2 => 2,
            ImageDim::D2Array | ImageDim::D3 => 4,
        }
    }
}

/// Image access qualifier (`read_only` is the default).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageAccess {
    /// `read_only` / `__read_only`.
    ReadOnly,
    /// `write_only` / `__write_only`.
    WriteOnly,
    /// `read_write` / `__read_write` (OpenCL C 2.0).
    ReadWrite,
}

impl ImageAccess {
    /// Spelling as clang prints it in types.
    pub fn name(self) -> &'static str {
        match self {
            ImageAccess::ReadOnly => "__read_only",
            ImageAccess::WriteOnly => "__write_only",
            ImageAccess::ReadWrite => "__read_write",
        }
    }
}

/// Opaque OpenCL object types.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpaqueKind {
    /// An image of some dimensionality with its access qualifier (part of the type).
    Image(ImageDim, ImageAccess),
    /// `sampler_t`
    Sampler,
    /// `event_t`
    Event,
}

impl OpaqueKind {
    /// OpenCL C type name without the access qualifier.
    pub fn name(self) -> &'static str {
        match self {
            OpaqueKind::Image(d, _) => d.name(),
            OpaqueKind::Sampler => "sampler_t",
            OpaqueKind::Event => "event_t",
        }
    }
    /// Spelling with the access qualifier of images (`__read_only image2d_t`).
    pub fn display(self) -> String {
        match self {
            OpaqueKind::Image(d, a) => format!("{} {}", a.name(), d.name()),
            other => other.name().to_string(),
        }
    }
    /// Image type.
    pub fn is_image(self) -> bool {
        matches!(self, OpaqueKind::Image(..))
    }
    /// Parses a type name (images get the default `read_only` access).
    pub fn from_name(n: &str) -> Option<OpaqueKind> {
        match n {
            "sampler_t" => Some(OpaqueKind::Sampler),
            "event_t" => Some(OpaqueKind::Event),
            _ => ImageDim::ALL
                .into_iter()
                .find(|d| d.name() == n)
                .map(|d| OpaqueKind::Image(d, ImageAccess::ReadOnly)),
        }
    }
}

/// Shared handle to a struct/union definition; equality and hashing use the id.
#[derive(Clone)]
pub struct StructRef(pub Arc<StructDef>);

impl PartialEq for StructRef {
    fn eq(&self, o: &Self) -> bool {
        self.0.id == o.0.id
    }
}
impl Eq for StructRef {}
impl std::hash::Hash for StructRef {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.id.hash(h)
    }
}
impl std::fmt::Debug for StructRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}#{}", self.0.keyword(), self.0.name, self.0.id)
    }
}

impl StructRef {
    /// Layout and members; `None` while the type is incomplete.
    pub fn layout(&self) -> Option<&StructLayout> {
        self.0.layout.get()
    }
    /// Tag name (empty for anonymous types).
    pub fn name(&self) -> &str {
        &self.0.name
    }
    /// `union` rather than `struct`.
    pub fn is_union(&self) -> bool {
        self.0.is_union
    }
}

/// A struct or union declaration; its members are filled in once when completed.
#[derive(Debug)]
pub struct StructDef {
    /// Unique id within the translation unit.
    pub id: u32,
    /// Tag name (empty if anonymous).
    pub name: String,
    /// `union`.
    pub is_union: bool,
    /// Members and layout, set when the definition is complete.
    pub layout: OnceLock<StructLayout>,
    /// Where the tag was declared.
    pub span: Span,
}

impl StructDef {
    /// `struct` or `union`.
    pub fn keyword(&self) -> &'static str {
        if self.is_union {
            "union"
        } else {
            "struct"
        }
    }
}

/// Members of a completed struct/union with their C layout.
#[derive(Clone, Debug)]
pub struct StructLayout {
    /// Members in declaration order.
    pub fields: Vec<Field>,
    /// Size in bytes (with tail padding).
    pub size: u64,
    /// Alignment in bytes.
    pub align: u64,
    /// Declared `__attribute__((packed))` (no padding between members).
    pub packed: bool,
    /// Alignment raised by `__attribute__((aligned(N)))`, if any.
    pub explicit_align: Option<u64>,
}

/// One struct/union member.
#[derive(Clone, Debug)]
pub struct Field {
    /// Name.
    pub name: String,
    /// Type.
    pub ty: CType,
    /// Byte offset from the start of the object.
    pub offset: u64,
}

impl CType {
    /// `int`.
    pub const INT: CType = CType::Scalar(ScalarKind::Int);
    /// `size_t` (= `ulong`).
    pub const SIZE_T: CType = CType::Scalar(ScalarKind::ULong);

    /// Element kind of a scalar or vector.
    pub fn elem_kind(&self) -> Option<ScalarKind> {
        match self {
            CType::Scalar(k) | CType::Vector(k, _) => Some(*k),
            _ => None,
        }
    }
    /// Number of vector lanes (1 for scalars).
    pub fn lanes(&self) -> u8 {
        match self {
            CType::Vector(_, n) => *n,
            _ => 1,
        }
    }
    /// Scalar (incl. bool) type.
    pub fn is_scalar(&self) -> bool {
        matches!(self, CType::Scalar(_) | CType::Bool)
    }
    /// Arithmetic scalar or vector.
    pub fn is_arith(&self) -> bool {
        matches!(self, CType::Scalar(_) | CType::Vector(..) | CType::Bool)
    }
    /// Pointer type.
    pub fn is_pointer(&self) -> bool {
        matches!(self, CType::Pointer { .. })
    }
    /// Size in bytes (3-element vectors occupy 4 elements).
    pub fn size(&self) -> u64 {
        match self {
            CType::Void => 1,
            CType::Bool => 1,
            CType::Scalar(k) => k.size(),
            CType::Vector(k, n) => k.size() * if *n == 3 { 4 } else { *n as u64 },
            CType::Pointer { .. } => 8,
            CType::Array { elem, len } => elem.size() * len,
            CType::Struct(s) => s.layout().map_or(0, |l| l.size),
            CType::Opaque(_) => 8,
            CType::Atomic(k) => k.size(),
        }
    }
    /// Alignment in bytes (vectors are aligned to their size).
    pub fn align(&self) -> u64 {
        match self {
            CType::Array { elem, .. } => elem.align(),
            CType::Struct(s) => s.layout().map_or(1, |l| l.align),
            t => t.size(),
        }
    }
    /// Struct or union type.
    pub fn is_struct(&self) -> bool {
        matches!(self, CType::Struct(_))
    }
    /// OpenCL C spelling, e.g. `__global float *`.
    pub fn display(&self) -> String {
        match self {
            CType::Void => "void".into(),
            CType::Bool => "bool".into(),
            CType::Scalar(k) => k.name().into(),
            CType::Vector(k, n) => format!("{}{}", k.name(), n),
            CType::Pointer {
                space,
                pointee,
                is_const,
            } => format!(
                "{} {}{} *",
                space.name(),
                if *is_const { "const " } else { "" },
                pointee.display()
            ),
            CType::Array { elem, len } => format!("{}[{}]", elem.display(), len),
            CType::Struct(s) if s.name().is_empty() => {
                format!("{} (anonymous)", s.0.keyword())
            }
            CType::Struct(s) => format!("{} {}", s.0.keyword(), s.name()),
            CType::Opaque(k) => k.display(),
            CType::Atomic(k) => format!("atomic_{}", k.name()),
        }
    }
}

/// Index of a local variable or parameter in [`Function::vars`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct VarId(pub u32);

/// Index into [`CheckedProgram::functions`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FuncId(pub u32);

/// Index into [`CheckedProgram::globals`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GlobalId(pub u32);

/// A whole checked translation unit.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedProgram {
    /// Program-scope variables (`__constant` in OpenCL 1.2).
    pub globals: Vec<GlobalVar>,
    /// Functions in order of first declaration; prototypes and definitions merged.
    pub functions: Vec<Function>,
    /// The program spells `volatile` somewhere (after preprocessing): some memory accesses
    /// may be volatile, which the checked types do not record per access.
    pub uses_volatile: bool,
}

impl CheckedProgram {
    /// Kernels (functions with `is_kernel` and a body).
    pub fn kernels(&self) -> impl Iterator<Item = &Function> {
        self.functions
            .iter()
            .filter(|f| f.is_kernel && f.body.is_some())
    }
    /// Finds a function by name.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }
}

/// What the source asks of unrolling a loop: `#pragma unroll` (full), `#pragma unroll N`,
/// `#pragma unroll(N)` or `__attribute__((opencl_unroll_hint(N)))` (by N; 1 means not at
/// all), `#pragma nounroll`, `#pragma clang loop unroll(full|enable|disable)` and
/// `unroll_count(N)`; `opencl_unroll_hint` without a count asks for full unrolling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LoopUnroll {
    /// No request.
    #[default]
    Auto,
    /// Do not unroll.
    Never,
    /// Unroll completely.
    Full,
    /// Unroll by this factor (at least 2).
    Count(u32),
}

impl LoopUnroll {
    /// The request "unroll by `n`" (1 means never).
    pub fn count(n: u32) -> LoopUnroll {
        if n <= 1 {
            LoopUnroll::Never
        } else {
            LoopUnroll::Count(n)
        }
    }
}

/// A loop-unrolling request found before a loop: the request, where it is (for errors),
/// and the first token it applies to (the loop's `for`/`while`/`do`, or the `__attribute__`
/// before it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoopHint {
    /// The request.
    pub unroll: LoopUnroll,
    /// The `#pragma` or attribute.
    pub span: Span,
    /// The first token of the statement it precedes.
    pub next: Span,
}

/// Program-scope variable.
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalVar {
    /// Name.
    pub name: String,
    /// Type.
    pub ty: CType,
    /// Address space (`Constant` in OpenCL 1.2).
    pub space: AddrSpace,
    /// Initializer, constant-folded.
    pub init: Option<ConstInit>,
    /// Declaration span.
    pub span: Span,
}

/// Constant initializer value.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstInit {
    /// Integer (or bool) value, two's complement.
    Int(i128),
    /// Floating value.
    Float(f64),
    /// Aggregate (array elements / vector lanes), missing trailing elements are zero.
    List(Vec<ConstInit>),
}

/// Function attributes.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct FunctionAttrs {
    /// `reqd_work_group_size(X, Y, Z)`.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `work_group_size_hint(X, Y, Z)`.
    pub work_group_size_hint: Option<[u32; 3]>,
    /// `vec_type_hint(T)`.
    pub vec_type_hint: Option<CType>,
}

/// A function (kernel or helper).
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// Name.
    pub name: String,
    /// Declared with `__kernel`.
    pub is_kernel: bool,
    /// Attributes.
    pub attrs: FunctionAttrs,
    /// Return type.
    pub ret: CType,
    /// Parameters (their `VarId`s index `vars`).
    pub params: Vec<Param>,
    /// All variables: parameters first, then locals in declaration order.
    pub vars: Vec<VarInfo>,
    /// Body; `None` for a prototype never defined.
    pub body: Option<Vec<Stmt>>,
    /// Span of the definition (or first declaration).
    pub span: Span,
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Name (may be empty for unnamed prototype parameters).
    pub name: String,
    /// Type (arrays already adjusted to pointers).
    pub ty: CType,
    /// Variable holding the parameter value.
    pub var: VarId,
    /// The parameter is a pointer declared `restrict` (no other pointer reaches its object).
    pub is_restrict: bool,
}

/// A parameter or local variable.
#[derive(Clone, Debug, PartialEq)]
pub struct VarInfo {
    /// Name.
    pub name: String,
    /// Type.
    pub ty: CType,
    /// `Private` or `Local` (kernel-scope `__local` variables, one per work-group).
    pub space: AddrSpace,
    /// Declared `const`.
    pub is_const: bool,
    /// Is a parameter.
    pub is_param: bool,
    /// Declaration span.
    pub span: Span,
}

/// Checked statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// Expression evaluated for side effects.
    Expr(Expr),
    /// Variable comes into scope (initializer already converted to its type).
    Decl {
        /// Variable.
        var: VarId,
        /// Initializer.
        init: Option<Initializer>,
    },
    /// Nested block.
    Block(Vec<Stmt>),
    /// `if` (condition is `Bool`).
    If {
        /// Condition.
        cond: Expr,
        /// Then branch.
        then: Box<Stmt>,
        /// Else branch.
        els: Option<Box<Stmt>>,
    },
    /// `while`.
    While {
        /// Condition (`Bool`).
        cond: Expr,
        /// Body.
        body: Box<Stmt>,
        /// What `#pragma unroll` or `opencl_unroll_hint` asked.
        unroll: LoopUnroll,
    },
    /// `do ... while`.
    DoWhile {
        /// Body.
        body: Box<Stmt>,
        /// Condition (`Bool`).
        cond: Expr,
        /// What `#pragma unroll` or `opencl_unroll_hint` asked.
        unroll: LoopUnroll,
    },
    /// `for`; `init` runs in a new scope containing the whole loop.
    For {
        /// Init statements.
        init: Vec<Stmt>,
        /// Condition (`Bool`); `None` = forever.
        cond: Option<Expr>,
        /// Step expression.
        step: Option<Expr>,
        /// Body.
        body: Box<Stmt>,
        /// What `#pragma unroll` or `opencl_unroll_hint` asked.
        unroll: LoopUnroll,
    },
    /// `switch`: the selector is an integer (promoted); `break` leaves the switch.
    Switch {
        /// Selector.
        cond: Expr,
        /// Cases in source order; execution falls through from one to the next.
        cases: Vec<SwitchCase>,
    },
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return` (value converted to the return type).
    Return(Option<Expr>),
    /// `name:` (C labels have function scope; the checker makes them unique).
    Label(String),
    /// `goto name;` to a label defined in the same function.
    Goto {
        /// Target label.
        label: String,
        /// The statement's location.
        span: Span,
    },
}

/// One arm of a [`Stmt::Switch`].
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    /// `case` values (in the selector's type, two's complement).
    pub values: Vec<i64>,
    /// Has a `default:` label.
    pub is_default: bool,
    /// Statements up to the next label; control falls through to the next case
    /// unless the body ends in `break`/`return`/`continue`.
    pub body: Vec<Stmt>,
}

/// Checked initializer.
#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    /// Single value of the variable's type.
    Expr(Expr),
    /// Array elements / struct members / vector lanes in order (missing trailing
    /// elements are zero).
    List(Vec<Initializer>),
    /// Zero-fill of the element (gap left by a designated initializer).
    Zero,
}

/// Typed expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// Node.
    pub kind: ExprKind,
    /// Result type.
    pub ty: CType,
    /// Source location.
    pub span: Span,
}

/// Binary operations on operands of one type (see module docs).
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
    /// `%` (integers only)
    Rem,
    /// `<<`
    Shl,
    /// `>>` (arithmetic for signed)
    Shr,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// Component-wise `&&` on vectors (not short-circuit).
    VecAnd,
    /// Component-wise `||` on vectors.
    VecOr,
}

impl BinOp {
    /// Comparison (result is int / signed int vector).
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge
        )
    }
}

/// Unary operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// Arithmetic negation.
    Neg,
    /// Bitwise not.
    BitNot,
    /// Logical not: scalar `Bool` operand → `int` 0/1; vector → signed int vector −1/0.
    Not,
}

/// Storage location.
#[derive(Clone, Debug, PartialEq)]
pub struct LValue {
    /// Location kind.
    pub kind: LValueKind,
    /// Type of the stored value.
    pub ty: CType,
    /// Address space of the storage.
    pub space: AddrSpace,
    /// Source span.
    pub span: Span,
}

/// Kinds of storage locations.
#[derive(Clone, Debug, PartialEq)]
pub enum LValueKind {
    /// Local variable or parameter.
    Var(VarId),
    /// Program-scope variable.
    Global(GlobalId),
    /// `*ptr` (ptr is an rvalue of pointer type).
    Deref(Box<Expr>),
    /// Element of an array-typed location; index is `long`.
    ArrayIndex {
        /// Array location.
        base: Box<LValue>,
        /// Index.
        index: Box<Expr>,
    },
    /// Member `field` (index into the struct layout's fields) of a struct/union
    /// location.
    Field {
        /// Struct location.
        base: Box<LValue>,
        /// Member index.
        field: u32,
    },
    /// Vector components (`v.xy`, `v.s3`, `v.hi`) of a vector location; indices are
    /// lane numbers, distinct when used as an assignment target.
    Components {
        /// Vector location.
        base: Box<LValue>,
        /// Lanes selected, in order.
        lanes: Vec<u8>,
    },
    /// One lane of a vector location chosen at run time (`v[i]`, clang's vector
    /// subscript); index is `long`, a lane past the width reads lane 0 and writes nothing.
    VectorLane {
        /// Vector location.
        base: Box<LValue>,
        /// Lane index.
        index: Box<Expr>,
    },
}

/// Expression kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// Integer constant of type `ty` (value as two's complement bits).
    IntConst(u64),
    /// Floating constant of type `ty`.
    FloatConst(f64),
    /// Read the value stored at a location.
    Load(Box<LValue>),
    /// Address of a location (`&x`); `ty` is a pointer in the location's space.
    AddrOf(Box<LValue>),
    /// Array location used as a value → pointer to its first element.
    ArrayDecay(Box<LValue>),
    /// Arithmetic conversion to `ty` (to `Bool`: compare != 0).
    Convert(Box<Expr>),
    /// Scalar of the element type replicated to vector `ty`.
    Splat(Box<Expr>),
    /// Pointer → pointer conversion (address space preserved).
    PtrCast(Box<Expr>),
    /// Pointer → integer.
    PtrToInt(Box<Expr>),
    /// Integer → pointer.
    IntToPtr(Box<Expr>),
    /// Element-wise binary operation.
    Binary {
        /// Operation.
        op: BinOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
    /// Unary operation.
    Unary {
        /// Operation.
        op: UnOp,
        /// Operand.
        expr: Box<Expr>,
    },
    /// Short-circuit `&&` (`is_and`) or `||` on `Bool` operands; result `int`.
    Logical {
        /// `&&` if true, `||` otherwise.
        is_and: bool,
        /// Left (`Bool`).
        lhs: Box<Expr>,
        /// Right (`Bool`).
        rhs: Box<Expr>,
    },
    /// `cond ? a : b` with `Bool` cond; branches converted to `ty`.
    Ternary {
        /// Condition.
        cond: Box<Expr>,
        /// Value if true.
        then: Box<Expr>,
        /// Value if false.
        els: Box<Expr>,
    },
    /// `ptr + offset` in elements (`offset` is `long`).
    PtrAdd {
        /// Pointer.
        ptr: Box<Expr>,
        /// Element offset.
        offset: Box<Expr>,
    },
    /// `a - b` of two pointers: element distance as `long`.
    PtrDiff {
        /// Left pointer.
        lhs: Box<Expr>,
        /// Right pointer.
        rhs: Box<Expr>,
    },
    /// Store `value` (already of the target type) and yield it.
    Assign {
        /// Location.
        target: Box<LValue>,
        /// Value.
        value: Box<Expr>,
    },
    /// `target op= value`: load target, convert to `op_ty`, apply `op` with `value`
    /// (already of `op_ty`, or of target type for shifts / pointer offsets as `long`),
    /// convert back to the target type, store and yield the stored value.
    CompoundAssign {
        /// Operation (`Add`/`Sub` on pointers mean element offsets).
        op: BinOp,
        /// Location.
        target: Box<LValue>,
        /// Right-hand side.
        value: Box<Expr>,
        /// Type the operation is computed in.
        op_ty: CType,
    },
    /// `++`/`--` (by 1, or one element for pointers); yields new value if prefix.
    IncDec {
        /// Location.
        target: Box<LValue>,
        /// Increment.
        inc: bool,
        /// Prefix form.
        prefix: bool,
    },
    /// Vector components of an rvalue vector.
    Swizzle {
        /// Vector value.
        base: Box<Expr>,
        /// Lanes.
        lanes: Vec<u8>,
    },
    /// Vector literal; parts are scalars of the element type or vectors of it,
    /// lanes summing to the vector width.
    VectorLiteral(Vec<Expr>),
    /// Call of a user function with converted arguments.
    CallUser {
        /// Callee.
        func: FuncId,
        /// Arguments.
        args: Vec<Expr>,
    },
    /// Call of a built-in with the chosen overload.
    CallBuiltin {
        /// Which built-in.
        id: crate::check::builtins::BuiltinId,
        /// Parameter types of the chosen overload (args already converted).
        params: Vec<CType>,
        /// Arguments.
        args: Vec<Expr>,
    },
    /// `a, b`: evaluate `a`, yield `b`.
    Comma(Box<Expr>, Box<Expr>),
    /// String literal (bytes without the terminating NUL); type is
    /// `__constant char *`.
    StringLit(Vec<u8>),
    /// GNU statement expression `({ ... })`: runs `body`, then yields `value` (`ty` is
    /// `Void` when the last statement is not an expression).
    StmtExpr {
        /// Statements before the value.
        body: Vec<Stmt>,
        /// The last expression statement.
        value: Option<Box<Expr>>,
    },
}
