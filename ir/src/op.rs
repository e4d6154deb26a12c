//! IR operations: what a `let` statement computes. Every operation has a precise meaning
//! that does not depend on the source language; implicit conversions are already explicit.

use crate::module::{FuncId, GlobalId, LocalId};
use crate::types::{ScalarType, TypeId};

/// A value defined by a statement or a parameter, unique within its function.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// A scalar constant, stored as the bit pattern of its type (floats as their IEEE bits,
/// integers zero-extended to 64 bits, bool as 0 or 1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Const {
    /// The constant's scalar type.
    pub ty: ScalarType,
    /// The raw bits, in the low `ty.bits()` bits.
    pub bits: u64,
}

impl Const {
    /// A 32-bit signed integer constant.
    pub fn i32(v: i32) -> Const {
        Const::int(ScalarType::I32, v as i64)
    }

    /// A 32-bit unsigned integer constant.
    pub fn u32(v: u32) -> Const {
        Const::int(ScalarType::U32, v as i64)
    }

    /// An integer constant of type `ty`, truncated to its width.
    pub fn int(ty: ScalarType, v: i64) -> Const {
        let bits = ty.bits();
        let mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        Const {
            ty,
            bits: (v as u64) & mask,
        }
    }

    /// A float constant of type `ty` (rounded to its precision).
    pub fn float(ty: ScalarType, v: f64) -> Const {
        let bits = match ty {
            ScalarType::F64 => v.to_bits(),
            ScalarType::F32 => (v as f32).to_bits() as u64,
            ScalarType::F16 => f32_to_f16_bits(v as f32) as u64,
            _ => panic!("Const::float with non-float type {ty:?}"),
        };
        Const { ty, bits }
    }

    /// A bool constant.
    pub fn bool(v: bool) -> Const {
        Const {
            ty: ScalarType::Bool,
            bits: v as u64,
        }
    }

    /// The value as a sign- or zero-extended integer (by the type's signedness).
    pub fn as_i64(&self) -> i64 {
        let bits = self.ty.bits();
        if self.ty.is_signed() && bits < 64 {
            let shift = 64 - bits;
            ((self.bits << shift) as i64) >> shift
        } else {
            self.bits as i64
        }
    }

    /// The value as a double (floats exactly, integers converted).
    pub fn as_f64(&self) -> f64 {
        match self.ty {
            ScalarType::F64 => f64::from_bits(self.bits),
            ScalarType::F32 => f32::from_bits(self.bits as u32) as f64,
            ScalarType::F16 => f16_bits_to_f32(self.bits as u16) as f64,
            t if t.is_signed() => self.as_i64() as f64,
            _ => self.bits as f64,
        }
    }
}

/// Converts an f32 to IEEE binary16 bits, rounding to nearest even.
pub fn f32_to_f16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && (r & 1) == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && (r & 1) == 1) {
        r += 1;
    }
    sign | r as u16
}

/// Converts IEEE binary16 bits to an f32 (exact).
pub fn f16_bits_to_f32(h: u16) -> f32 {
    let sign = ((h as u32) & 0x8000) << 16;
    let exp = ((h >> 10) & 0x1f) as u32;
    let man = (h & 0x3ff) as u32;
    let bits = if exp == 0 {
        if man == 0 {
            sign
        } else {
            let mut e = 127 - 15 + 1;
            let mut m = man;
            while m & 0x400 == 0 {
                m <<= 1;
                e -= 1;
            }
            sign | ((e as u32) << 23) | ((m & 0x3ff) << 13)
        }
    } else if exp == 0x1f {
        sign | 0x7f80_0000 | (man << 13)
    } else {
        sign | ((exp + 127 - 15) << 23) | (man << 13)
    };
    f32::from_bits(bits)
}

/// Unary operators on scalars or vectors.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnaryOp {
    /// Arithmetic negation (integer wraps; float flips the sign).
    Neg,
    /// Bitwise complement of an integer, or logical not of a bool.
    Not,
}

/// Binary operators; both operands and the result have the same type. Integer semantics
/// follow OpenCL C: wrapping arithmetic, shift counts masked to the element width, division
/// by the signedness of the type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinaryOp {
    /// Addition.
    Add,
    /// Subtraction.
    Sub,
    /// Multiplication.
    Mul,
    /// Division (truncating for integers).
    Div,
    /// Remainder (sign of the dividend for integers; fmod-like for floats).
    Rem,
    /// Left shift, count masked to the element width.
    Shl,
    /// Right shift (arithmetic for signed, logical for unsigned), count masked.
    Shr,
    /// Bitwise and (logical and on bools, without short-circuit).
    And,
    /// Bitwise or (logical or on bools, without short-circuit).
    Or,
    /// Bitwise exclusive or.
    Xor,
}

/// Comparison operators; the result is `bool` (or a bool vector) of the operands' shape.
/// Float comparisons are ordered except `Ne`, which is true when either side is NaN.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CmpOp {
    /// Equal.
    Eq,
    /// Not equal.
    Ne,
    /// Less than.
    Lt,
    /// Less than or equal.
    Le,
    /// Greater than.
    Gt,
    /// Greater than or equal.
    Ge,
}

/// Rounding mode of a conversion (OpenCL's `_rte`, `_rtz`, `_rtp`, `_rtn`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rounding {
    /// The default for the conversion: to nearest even for int->float and float narrowing,
    /// toward zero for float->int.
    #[default]
    Default,
    /// To nearest, ties to even.
    Rte,
    /// Toward zero.
    Rtz,
    /// Toward positive infinity.
    Rtp,
    /// Toward negative infinity.
    Rtn,
}

/// The work-item functions of OpenCL. Results are `u64` (`size_t`), except `WorkDim` (`u32`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WorkItemQuery {
    /// `get_global_id`.
    GlobalId,
    /// `get_local_id`.
    LocalId,
    /// `get_group_id`.
    GroupId,
    /// `get_global_size`.
    GlobalSize,
    /// `get_local_size`.
    LocalSize,
    /// `get_num_groups`.
    NumGroups,
    /// `get_global_offset`.
    GlobalOffset,
    /// `get_work_dim` (takes no dimension).
    WorkDim,
}

impl WorkItemQuery {
    /// The text-form name.
    pub fn name(self) -> &'static str {
        match self {
            WorkItemQuery::GlobalId => "global_id",
            WorkItemQuery::LocalId => "local_id",
            WorkItemQuery::GroupId => "group_id",
            WorkItemQuery::GlobalSize => "global_size",
            WorkItemQuery::LocalSize => "local_size",
            WorkItemQuery::NumGroups => "num_groups",
            WorkItemQuery::GlobalOffset => "global_offset",
            WorkItemQuery::WorkDim => "work_dim",
        }
    }

    /// Value for a dimension index at or past `get_work_dim()`: 1 for sizes, 0 for ids.
    pub fn out_of_range_value(self) -> u64 {
        match self {
            WorkItemQuery::GlobalSize | WorkItemQuery::LocalSize | WorkItemQuery::NumGroups => 1,
            _ => 0,
        }
    }
}

/// The dimension argument of a work-item query.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dim {
    /// A constant dimension (0, 1 or 2; larger constants yield the out-of-range value).
    Const(u32),
    /// A dimension computed at run time (a `u32` value).
    Dynamic(ValueId),
}

/// Element-wise math, common and integer built-ins. Operands and result share one type
/// (scalar or vector) unless noted. Float functions must meet OpenCL's full-profile ULP
/// limits on every target.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MathFn {
    /// Square root (correctly rounded in SPIR-V terms: OpenCL allows 3 ulp).
    Sqrt,
    /// Reciprocal square root.
    Rsqrt,
    /// Sine.
    Sin,
    /// Cosine.
    Cos,
    /// Tangent.
    Tan,
    /// e^x.
    Exp,
    /// 2^x.
    Exp2,
    /// Natural logarithm.
    Log,
    /// Base-2 logarithm.
    Log2,
    /// x^y.
    Pow,
    /// Absolute value of a float.
    Fabs,
    /// Round toward negative infinity.
    Floor,
    /// Round toward positive infinity.
    Ceil,
    /// Round toward zero.
    Trunc,
    /// Round half away from zero.
    Round,
    /// Fused multiply-add a*b+c with one rounding.
    Fma,
    /// a*b+c, fused or not.
    Mad,
    /// Minimum; floats follow `fmin` (a NaN operand yields the other), integers by signedness.
    Min,
    /// Maximum; floats follow `fmax`, integers by signedness.
    Max,
    /// clamp(x, lo, hi) = min(max(x, lo), hi).
    Clamp,
    /// Integer absolute value; the result is the unsigned type of the same width.
    Abs,
}

impl MathFn {
    /// Every math function, for the text-form parser.
    pub const ALL: [MathFn; 21] = [
        MathFn::Sqrt,
        MathFn::Rsqrt,
        MathFn::Sin,
        MathFn::Cos,
        MathFn::Tan,
        MathFn::Exp,
        MathFn::Exp2,
        MathFn::Log,
        MathFn::Log2,
        MathFn::Pow,
        MathFn::Fabs,
        MathFn::Floor,
        MathFn::Ceil,
        MathFn::Trunc,
        MathFn::Round,
        MathFn::Fma,
        MathFn::Mad,
        MathFn::Min,
        MathFn::Max,
        MathFn::Clamp,
        MathFn::Abs,
    ];

    /// Number of operands.
    pub fn arity(self) -> usize {
        match self {
            MathFn::Pow | MathFn::Min | MathFn::Max => 2,
            MathFn::Fma | MathFn::Mad | MathFn::Clamp => 3,
            _ => 1,
        }
    }

    /// The text-form name.
    pub fn name(self) -> &'static str {
        match self {
            MathFn::Sqrt => "sqrt",
            MathFn::Rsqrt => "rsqrt",
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
            MathFn::Tan => "tan",
            MathFn::Exp => "exp",
            MathFn::Exp2 => "exp2",
            MathFn::Log => "log",
            MathFn::Log2 => "log2",
            MathFn::Pow => "pow",
            MathFn::Fabs => "fabs",
            MathFn::Floor => "floor",
            MathFn::Ceil => "ceil",
            MathFn::Trunc => "trunc",
            MathFn::Round => "round",
            MathFn::Fma => "fma",
            MathFn::Mad => "mad",
            MathFn::Min => "min",
            MathFn::Max => "max",
            MathFn::Clamp => "clamp",
            MathFn::Abs => "abs",
        }
    }

    /// True for functions defined only on floats.
    pub fn float_only(self) -> bool {
        !matches!(
            self,
            MathFn::Min | MathFn::Max | MathFn::Clamp | MathFn::Abs | MathFn::Mad
        )
    }
}

/// Memory fences named by a barrier (`CLK_LOCAL_MEM_FENCE`, `CLK_GLOBAL_MEM_FENCE`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct MemFence {
    /// Orders `__local` memory.
    pub local: bool,
    /// Orders `__global` memory.
    pub global: bool,
}

/// What a `let` statement computes.
#[derive(Clone, PartialEq, Debug)]
pub enum Op {
    /// A scalar constant.
    Const(Const),
    /// A unary operation.
    Unary(UnaryOp, ValueId),
    /// A binary operation on two values of the same type.
    Binary(BinaryOp, ValueId, ValueId),
    /// A comparison giving bool (or a bool vector).
    Compare(CmpOp, ValueId, ValueId),
    /// Per-lane choice: `cond ? if_true : if_false`; `cond` is bool of the same lane count
    /// (or a scalar bool choosing whole values).
    Select {
        /// The condition.
        cond: ValueId,
        /// Chosen where the condition holds.
        if_true: ValueId,
        /// Chosen elsewhere.
        if_false: ValueId,
    },
    /// Numeric conversion between scalar/vector types of the same lane count, including
    /// bool <-> integer/float: true converts to 1 (1.0), and a number converts to bool as
    /// `value != 0`.
    Convert {
        /// The value converted.
        value: ValueId,
        /// The result type.
        to: TypeId,
        /// Clamp to the result range instead of wrapping or being undefined.
        saturate: bool,
        /// Rounding mode.
        rounding: Rounding,
    },
    /// Reinterprets the bits as another type of the same size. Also converts between a
    /// pointer and a 64-bit integer (its address), and between pointers of the same address
    /// space or between a named space and the generic one.
    Bitcast {
        /// The value reinterpreted.
        value: ValueId,
        /// The result type.
        to: TypeId,
    },
    /// Broadcasts a scalar to every lane of a vector type.
    Splat {
        /// The scalar.
        value: ValueId,
        /// The vector result type.
        to: TypeId,
    },
    /// Reads one lane of a vector.
    Extract {
        /// The vector.
        vector: ValueId,
        /// Lane index.
        lane: u8,
    },
    /// A copy of a vector with one lane replaced.
    Insert {
        /// The vector.
        vector: ValueId,
        /// Lane index.
        lane: u8,
        /// The new lane value.
        value: ValueId,
    },
    /// Picks lanes from the concatenation of `a` and `b` (same vector type) into a vector of
    /// `lanes.len()` lanes (or a scalar when one lane is picked).
    Shuffle {
        /// First source.
        a: ValueId,
        /// Second source.
        b: ValueId,
        /// Indices into `a ++ b`.
        lanes: Vec<u8>,
    },
    /// Builds a vector of type `ty` from scalars and vectors whose lanes add up.
    Compose {
        /// The vector type built.
        ty: TypeId,
        /// The parts, in lane order.
        parts: Vec<ValueId>,
    },
    /// The address of a function-local variable.
    LocalAddr(LocalId),
    /// The address of a program-scope variable.
    GlobalAddr(GlobalId),
    /// `base + index` in elements of the pointee type (`index` is an `i64`).
    PtrOffset {
        /// A pointer.
        base: ValueId,
        /// Signed element offset.
        index: ValueId,
    },
    /// The address of element `index` of the array `base` points to (`index` is an `i64`).
    IndexAddr {
        /// A pointer to an array.
        base: ValueId,
        /// Signed element index.
        index: ValueId,
    },
    /// The address of field `field` of the struct `base` points to.
    FieldAddr {
        /// A pointer to a struct.
        base: ValueId,
        /// Field number.
        field: u32,
    },
    /// Reads memory.
    Load {
        /// The address read.
        ptr: ValueId,
    },
    /// A work-item query.
    WorkItem {
        /// Which query.
        query: WorkItemQuery,
        /// The dimension asked about.
        dim: Dim,
    },
    /// A math/common/integer built-in.
    Math {
        /// The function.
        func: MathFn,
        /// Its operands.
        args: Vec<ValueId>,
    },
    /// A call of a function of the module (result may be void).
    Call {
        /// The callee.
        func: FuncId,
        /// Arguments, already of the parameter types.
        args: Vec<ValueId>,
    },
}

impl Op {
    /// The values this operation reads, in order.
    pub fn operands(&self) -> Vec<ValueId> {
        match self {
            Op::Const(_) | Op::LocalAddr(_) | Op::GlobalAddr(_) => vec![],
            Op::Unary(_, a) => vec![*a],
            Op::Binary(_, a, b) | Op::Compare(_, a, b) => vec![*a, *b],
            Op::Select {
                cond,
                if_true,
                if_false,
            } => vec![*cond, *if_true, *if_false],
            Op::Convert { value, .. } | Op::Bitcast { value, .. } | Op::Splat { value, .. } => {
                vec![*value]
            }
            Op::Extract { vector, .. } => vec![*vector],
            Op::Insert { vector, value, .. } => vec![*vector, *value],
            Op::Shuffle { a, b, .. } => vec![*a, *b],
            Op::Compose { parts, .. } => parts.clone(),
            Op::PtrOffset { base, index } | Op::IndexAddr { base, index } => vec![*base, *index],
            Op::FieldAddr { base, .. } => vec![*base],
            Op::Load { ptr } => vec![*ptr],
            Op::WorkItem { dim, .. } => match dim {
                Dim::Const(_) => vec![],
                Dim::Dynamic(v) => vec![*v],
            },
            Op::Math { args, .. } | Op::Call { args, .. } => args.clone(),
        }
    }

    /// True when the operation has no side effect and reads no memory, so it may be moved,
    /// duplicated or removed freely.
    pub fn is_pure(&self) -> bool {
        !matches!(self, Op::Load { .. } | Op::Call { .. })
    }
}
