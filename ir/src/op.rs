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

    /// The integer as a mathematical value: sign-extended for signed types, zero-extended
    /// (a `u64` above `i64::MAX` included) for unsigned ones.
    pub fn as_i128(&self) -> i128 {
        if self.ty.is_signed() {
            self.as_i64() as i128
        } else {
            self.bits as i128
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

/// The work-item functions of OpenCL. Results are `u64` (`size_t`), except `WorkDim` and
/// `RowsPerInvocation` (`u32`).
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
    /// How many rows of work-items (dimension 1) each invocation computes: 1, or 2 in a
    /// kernel body that `opt::coarsen_rows` made for launches that dispatch half the rows
    /// (takes no dimension; `u32`; a launch-time constant the target supplies, 1 where it
    /// has no such launch).
    RowsPerInvocation,
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
            WorkItemQuery::RowsPerInvocation => "rows_per_invocation",
        }
    }

    /// Whether the query takes no dimension (and its result is a `u32`).
    pub fn is_dimensionless(self) -> bool {
        matches!(
            self,
            WorkItemQuery::WorkDim | WorkItemQuery::RowsPerInvocation
        )
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

/// How the operand and result types of a [`MathFn`] relate (used by the verifier and by
/// backends that need the signature).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MathSig {
    /// `n` float operands of one type; the result has that type.
    Float(usize),
    /// `n` integer operands of one type; the result has that type.
    Int(usize),
    /// `n` operands of one type, integer or float; the result has that type.
    Any(usize),
    /// `n` integer operands of one type; the result is the unsigned type of the same shape.
    IntToUnsigned(usize),
    /// A float and an `i32` (or `i32` vector of the same lanes); the result is the float type.
    FloatInt,
    /// A float; the result is `i32` of the same lane count.
    FloatToInt,
    /// A float; the result is `bool` of the same lane count.
    FloatToBool,
    /// `hi` (integer of 8, 16 or 32 bits) and `lo` (unsigned of the same width); the result
    /// is the integer of twice the width with `hi`'s signedness: `(hi << w) | lo`.
    Upsample,
}

macro_rules! math_functions {
    ($($(#[$doc:meta])* $variant:ident = $name:literal : $sig:expr,)*) => {
        /// Element-wise math, common, integer and relational built-ins. Operands and result
        /// follow [`MathFn::sig`]; a scalar operand where the first operand is a vector is
        /// broadcast to every lane. Float functions must meet OpenCL's full-profile ULP limits
        /// on every target; the `Native*` ones have implementation-defined precision.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum MathFn {
            $($(#[$doc])* $variant,)*
        }

        impl MathFn {
            /// Every math function, for the text-form parser.
            pub const ALL: &'static [MathFn] = &[$(MathFn::$variant,)*];

            /// The text-form name (the OpenCL C name where there is one).
            pub fn name(self) -> &'static str {
                match self {
                    $(MathFn::$variant => $name,)*
                }
            }

            /// How operand and result types relate.
            pub fn sig(self) -> MathSig {
                use MathSig::*;
                match self {
                    $(MathFn::$variant => $sig,)*
                }
            }
        }
    };
}

math_functions! {
    /// Square root.
    Sqrt = "sqrt": Float(1),
    /// Reciprocal square root.
    Rsqrt = "rsqrt": Float(1),
    /// Sine.
    Sin = "sin": Float(1),
    /// Cosine.
    Cos = "cos": Float(1),
    /// Tangent.
    Tan = "tan": Float(1),
    /// e^x.
    Exp = "exp": Float(1),
    /// 2^x.
    Exp2 = "exp2": Float(1),
    /// Natural logarithm.
    Log = "log": Float(1),
    /// Base-2 logarithm.
    Log2 = "log2": Float(1),
    /// x^y.
    Pow = "pow": Float(2),
    /// Absolute value of a float.
    Fabs = "fabs": Float(1),
    /// Round toward negative infinity.
    Floor = "floor": Float(1),
    /// Round toward positive infinity.
    Ceil = "ceil": Float(1),
    /// Round toward zero.
    Trunc = "trunc": Float(1),
    /// Round half away from zero.
    Round = "round": Float(1),
    /// Fused multiply-add a*b+c with one rounding.
    Fma = "fma": Float(3),
    /// a*b+c, fused or not (integers: wrapping).
    Mad = "mad": Any(3),
    /// Minimum; floats follow `fmin` (a NaN operand yields the other), integers by signedness.
    Min = "min": Any(2),
    /// Maximum; floats follow `fmax`, integers by signedness.
    Max = "max": Any(2),
    /// clamp(x, lo, hi) = min(max(x, lo), hi).
    Clamp = "clamp": Any(3),
    /// Integer absolute value; the result is the unsigned type of the same width.
    Abs = "abs": IntToUnsigned(1),
    /// Arc cosine.
    Acos = "acos": Float(1),
    /// Inverse hyperbolic cosine.
    Acosh = "acosh": Float(1),
    /// acos(x) / pi.
    Acospi = "acospi": Float(1),
    /// Arc sine.
    Asin = "asin": Float(1),
    /// Inverse hyperbolic sine.
    Asinh = "asinh": Float(1),
    /// asin(x) / pi.
    Asinpi = "asinpi": Float(1),
    /// Arc tangent.
    Atan = "atan": Float(1),
    /// Inverse hyperbolic tangent.
    Atanh = "atanh": Float(1),
    /// atan(x) / pi.
    Atanpi = "atanpi": Float(1),
    /// atan(y / x) with the quadrant of (x, y).
    Atan2 = "atan2": Float(2),
    /// atan2(y, x) / pi.
    Atan2pi = "atan2pi": Float(2),
    /// Cube root.
    Cbrt = "cbrt": Float(1),
    /// Hyperbolic cosine.
    Cosh = "cosh": Float(1),
    /// cos(pi * x).
    Cospi = "cospi": Float(1),
    /// Error function.
    Erf = "erf": Float(1),
    /// Complementary error function.
    Erfc = "erfc": Float(1),
    /// 10^x.
    Exp10 = "exp10": Float(1),
    /// e^x - 1.
    Expm1 = "expm1": Float(1),
    /// log(|gamma(x)|).
    Lgamma = "lgamma": Float(1),
    /// Base-10 logarithm.
    Log10 = "log10": Float(1),
    /// log(1 + x).
    Log1p = "log1p": Float(1),
    /// The exponent of x as a float.
    Logb = "logb": Float(1),
    /// Round to integral value in the default (to nearest even) mode.
    Rint = "rint": Float(1),
    /// Hyperbolic sine.
    Sinh = "sinh": Float(1),
    /// sin(pi * x).
    Sinpi = "sinpi": Float(1),
    /// Hyperbolic tangent.
    Tanh = "tanh": Float(1),
    /// tan(pi * x).
    Tanpi = "tanpi": Float(1),
    /// Gamma function.
    Tgamma = "tgamma": Float(1),
    /// x with the sign of y.
    Copysign = "copysign": Float(2),
    /// x - y if x > y, else +0.
    Fdim = "fdim": Float(2),
    /// x - y * trunc(x / y).
    Fmod = "fmod": Float(2),
    /// sqrt(x^2 + y^2) without undue overflow.
    Hypot = "hypot": Float(2),
    /// The argument of larger magnitude.
    Maxmag = "maxmag": Float(2),
    /// The argument of smaller magnitude.
    Minmag = "minmag": Float(2),
    /// The next representable value after x toward y.
    Nextafter = "nextafter": Float(2),
    /// x^y for x >= 0.
    Powr = "powr": Float(2),
    /// x - n*y with n = x/y rounded to nearest even.
    Remainder = "remainder": Float(2),
    /// Hermite interpolation between edges: smoothstep(e0, e1, x).
    Smoothstep = "smoothstep": Float(3),
    /// x^n with an integer n.
    Pown = "pown": FloatInt,
    /// x^(1/n) with an integer n.
    Rootn = "rootn": FloatInt,
    /// x * 2^n with an integer n.
    Ldexp = "ldexp": FloatInt,
    /// The exponent of x as an integer.
    Ilogb = "ilogb": FloatToInt,
    /// True where x is a NaN.
    IsNan = "isnan": FloatToBool,
    /// True where x is an infinity.
    IsInf = "isinf": FloatToBool,
    /// True where x is finite.
    IsFinite = "isfinite": FloatToBool,
    /// True where x is a normal number.
    IsNormal = "isnormal": FloatToBool,
    /// True where the sign bit of x is set.
    SignBit = "signbit": FloatToBool,
    /// Sine with implementation-defined precision.
    NativeSin = "native_sin": Float(1),
    /// Cosine with implementation-defined precision.
    NativeCos = "native_cos": Float(1),
    /// Tangent with implementation-defined precision.
    NativeTan = "native_tan": Float(1),
    /// e^x with implementation-defined precision.
    NativeExp = "native_exp": Float(1),
    /// 2^x with implementation-defined precision.
    NativeExp2 = "native_exp2": Float(1),
    /// 10^x with implementation-defined precision.
    NativeExp10 = "native_exp10": Float(1),
    /// Natural logarithm with implementation-defined precision.
    NativeLog = "native_log": Float(1),
    /// Base-2 logarithm with implementation-defined precision.
    NativeLog2 = "native_log2": Float(1),
    /// Base-10 logarithm with implementation-defined precision.
    NativeLog10 = "native_log10": Float(1),
    /// x^y (x >= 0) with implementation-defined precision.
    NativePowr = "native_powr": Float(2),
    /// 1/x with implementation-defined precision.
    NativeRecip = "native_recip": Float(1),
    /// 1/sqrt(x) with implementation-defined precision.
    NativeRsqrt = "native_rsqrt": Float(1),
    /// sqrt(x) with implementation-defined precision.
    NativeSqrt = "native_sqrt": Float(1),
    /// x/y with implementation-defined precision.
    NativeDivide = "native_divide": Float(2),
    /// Saturating addition.
    AddSat = "add_sat": Int(2),
    /// Saturating subtraction.
    SubSat = "sub_sat": Int(2),
    /// (x + y) >> 1 without overflow.
    Hadd = "hadd": Int(2),
    /// (x + y + 1) >> 1 without overflow.
    Rhadd = "rhadd": Int(2),
    /// The high half of the full product x * y.
    MulHi = "mul_hi": Int(2),
    /// mul_hi(a, b) + c.
    MadHi = "mad_hi": Int(3),
    /// a * b + c, saturated.
    MadSat = "mad_sat": Int(3),
    /// Rotate left by y (mod the width).
    Rotate = "rotate": Int(2),
    /// Number of leading zero bits.
    Clz = "clz": Int(1),
    /// Number of trailing zero bits.
    Ctz = "ctz": Int(1),
    /// Number of set bits.
    Popcount = "popcount": Int(1),
    /// 24-bit multiply (operands fit in 24 bits).
    Mul24 = "mul24": Int(2),
    /// 24-bit multiply-add.
    Mad24 = "mad24": Int(3),
    /// |x - y| without overflow; the result is unsigned.
    AbsDiff = "abs_diff": IntToUnsigned(2),
    /// (hi << width) | lo into the integer of twice the width.
    Upsample = "upsample": Upsample,
}

impl MathFn {
    /// Number of operands.
    pub fn arity(self) -> usize {
        match self.sig() {
            MathSig::Float(n) | MathSig::Int(n) | MathSig::Any(n) | MathSig::IntToUnsigned(n) => n,
            MathSig::FloatInt | MathSig::Upsample => 2,
            MathSig::FloatToInt | MathSig::FloatToBool => 1,
        }
    }

    /// True for functions defined only on floats.
    pub fn float_only(self) -> bool {
        matches!(
            self.sig(),
            MathSig::Float(_) | MathSig::FloatInt | MathSig::FloatToInt | MathSig::FloatToBool
        )
    }

    /// True for functions defined only on integers.
    pub fn int_only(self) -> bool {
        matches!(
            self.sig(),
            MathSig::Int(_) | MathSig::IntToUnsigned(_) | MathSig::Upsample
        )
    }

    /// Looks a function up by its text-form name.
    pub fn from_name(name: &str) -> Option<MathFn> {
        MathFn::ALL.iter().copied().find(|f| f.name() == name)
    }
}

/// An atomic read-modify-write (or plain atomic access) on memory.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AtomicOp {
    /// Atomic load (no operands).
    Load,
    /// Atomic store of one operand (void result).
    Store,
    /// Exchange: store the operand, return the old value.
    Exchange,
    /// Compare-exchange: operands `expected, desired`; stores `desired` if the memory holds
    /// `expected`; returns the old value.
    CompareExchange,
    /// Add the operand.
    Add,
    /// Subtract the operand.
    Sub,
    /// Minimum by the type's signedness.
    Min,
    /// Maximum by the type's signedness.
    Max,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise exclusive or.
    Xor,
    /// Add 1 (no operands).
    Inc,
    /// Subtract 1 (no operands).
    Dec,
}

impl AtomicOp {
    /// Every atomic operation, for the text-form parser.
    pub const ALL: [AtomicOp; 13] = [
        AtomicOp::Load,
        AtomicOp::Store,
        AtomicOp::Exchange,
        AtomicOp::CompareExchange,
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::Min,
        AtomicOp::Max,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Inc,
        AtomicOp::Dec,
    ];

    /// The text-form name.
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Load => "load",
            AtomicOp::Store => "store",
            AtomicOp::Exchange => "xchg",
            AtomicOp::CompareExchange => "cmpxchg",
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Inc => "inc",
            AtomicOp::Dec => "dec",
        }
    }

    /// Number of value operands besides the pointer.
    pub fn operand_count(self) -> usize {
        match self {
            AtomicOp::Load | AtomicOp::Inc | AtomicOp::Dec => 0,
            AtomicOp::CompareExchange => 2,
            _ => 1,
        }
    }
}

/// Memory ordering of an atomic operation or fence (OpenCL 2.0 `memory_order`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum MemoryOrder {
    /// No ordering beyond atomicity (OpenCL 1.x atomics).
    #[default]
    Relaxed,
    /// Acquire.
    Acquire,
    /// Release.
    Release,
    /// Acquire and release.
    AcqRel,
    /// Sequentially consistent.
    SeqCst,
}

/// The set of work-items an atomic operation or fence synchronizes with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum MemoryScope {
    /// The work-item itself.
    WorkItem,
    /// The work-group.
    WorkGroup,
    /// The whole device (the default for OpenCL 1.x atomics).
    #[default]
    Device,
    /// Every device.
    AllDevices,
}

/// Memory fences named by a barrier (`CLK_LOCAL_MEM_FENCE`, `CLK_GLOBAL_MEM_FENCE`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct MemFence {
    /// Orders `__local` memory.
    pub local: bool,
    /// Orders `__global` memory.
    pub global: bool,
}

/// A sampler's settings as OpenCL C's 32-bit `CLK_*` pattern: bit 0 is
/// `CLK_NORMALIZED_COORDS_TRUE`, bits 1-3 the addressing mode (`CLK_ADDRESS_NONE` 0,
/// `_CLAMP_TO_EDGE` 2, `_CLAMP` 4, `_REPEAT` 6, `_MIRRORED_REPEAT` 8), bits 4-5 the filter
/// (`CLK_FILTER_NEAREST` 0x10, `CLK_FILTER_LINEAR` 0x20; 0 means nearest).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SamplerBits(pub u32);

/// A sampler's addressing mode: what a read outside the image returns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AddressingMode {
    /// Coordinates are promised to be inside the image.
    None,
    /// Coordinates are clamped to the edge texels.
    ClampToEdge,
    /// Texels outside the image are the border colour (0 with alpha 0, or alpha 1 for
    /// orders without alpha).
    Clamp,
    /// Normalized coordinates wrap around.
    Repeat,
    /// Normalized coordinates mirror at every edge.
    MirroredRepeat,
}

impl SamplerBits {
    /// Every bit a valid pattern may set.
    pub const VALID_MASK: u32 = 0x3f;

    /// True when coordinates are normalized (0..1 spans the image).
    pub fn normalized(self) -> bool {
        self.0 & 1 != 0
    }

    /// The addressing mode (`None` for the reserved patterns 10, 12 and 14).
    pub fn addressing(self) -> AddressingMode {
        match self.0 & 0xe {
            2 => AddressingMode::ClampToEdge,
            4 => AddressingMode::Clamp,
            6 => AddressingMode::Repeat,
            8 => AddressingMode::MirroredRepeat,
            _ => AddressingMode::None,
        }
    }

    /// True for bilinear (trilinear in 3D) filtering, false for nearest.
    pub fn linear(self) -> bool {
        self.0 & 0x20 != 0
    }
}

/// An image query (`get_image_*`). Results: `Width`, `Height`, `Depth`, `ChannelDataType`
/// and `ChannelOrder` are `i32`; `Dim` is `i32x2` (width, height) for 2D images and `i32x4`
/// (width, height, depth, 0) for 3D ones; `ArraySize` is `u64` (the number of layers).
/// Channel data types and orders are the host API's `CL_*` values (e.g. `CL_FLOAT` 0x10DE,
/// `CL_RGBA` 0x10B5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ImageQuery {
    /// Width in texels.
    Width,
    /// Height in texels (2D and 3D images, and 2D arrays).
    Height,
    /// Depth in texels (3D images).
    Depth,
    /// Width and height (and depth, then 0) as an `i32` vector.
    Dim,
    /// Number of layers of an array image.
    ArraySize,
    /// The `CL_*` channel data type.
    ChannelDataType,
    /// The `CL_*` channel order.
    ChannelOrder,
}

impl ImageQuery {
    /// Every query, for the text-form parser.
    pub const ALL: [ImageQuery; 7] = [
        ImageQuery::Width,
        ImageQuery::Height,
        ImageQuery::Depth,
        ImageQuery::Dim,
        ImageQuery::ArraySize,
        ImageQuery::ChannelDataType,
        ImageQuery::ChannelOrder,
    ];

    /// The text-form name.
    pub fn name(self) -> &'static str {
        match self {
            ImageQuery::Width => "width",
            ImageQuery::Height => "height",
            ImageQuery::Depth => "depth",
            ImageQuery::Dim => "dim",
            ImageQuery::ArraySize => "array_size",
            ImageQuery::ChannelDataType => "channel_data_type",
            ImageQuery::ChannelOrder => "channel_order",
        }
    }

    /// Looks a query up by its text-form name.
    pub fn from_name(name: &str) -> Option<ImageQuery> {
        ImageQuery::ALL.into_iter().find(|q| q.name() == name)
    }
}

/// What a `let` statement computes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
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
    /// Checked conversion of a `__generic` pointer to the named address space of `to` (a
    /// pointer type): the same address when the object it points to lies in that space,
    /// else NULL (OpenCL C 2.0 `to_global`, `to_local`, `to_private`).
    GenericCast {
        /// The `__generic` pointer.
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
    /// An atomic operation on the memory at `ptr` (a pointer to an integer or float); the
    /// result is the value the memory held before (void for `Store`).
    Atomic {
        /// What is done.
        op: AtomicOp,
        /// The memory operated on.
        ptr: ValueId,
        /// Value operands ([`AtomicOp::operand_count`] of them, of the pointee type).
        args: Vec<ValueId>,
        /// Memory ordering.
        order: MemoryOrder,
        /// Synchronization scope.
        scope: MemoryScope,
    },
    /// OpenCL `printf`: the format string and its arguments (already promoted as C varargs
    /// are); the result is an `i32` (0 on success).
    Printf {
        /// The format string, without the terminating NUL.
        format: String,
        /// The arguments.
        args: Vec<ValueId>,
    },
    /// A sampler value with the given settings (result type `sampler`).
    SamplerConst(SamplerBits),
    /// Reads one texel (or a filtered value) of an image, as `read_image{f,i,ui,h}` define.
    /// The result is a 4-lane vector whose element says how channels are returned: `f32`
    /// (`read_imagef`: normalized formats as 0..1 or -1..1, float formats as stored), `f16`
    /// (`read_imageh`), `i32` (`read_imagei`, signed integer formats) or `u32`
    /// (`read_imageui`, unsigned integer formats); channels the format lacks read as 0,
    /// alpha as 1. `coord` has one lane per image coordinate plus one for the layer of an
    /// array image (`i32` or `i32xN`; 3-coordinate images and 2D arrays take 4 lanes, the last
    /// one ignored). Without a sampler the coordinate is an integer texel address inside the
    /// image (`read_image*` without a sampler; out-of-range coordinates are undefined). With
    /// one, `coord` may also be `f32`/`f32xN`; the sampler's addressing, filter and
    /// normalization apply as the OpenCL 1.2 specification's section 8.2 defines them
    /// (nearest: the texel at `floor(u)` after addressing; linear: the weighted four (2D) or
    /// eight (3D) neighbours around `u - 0.5`), an array's layer index is
    /// `clamp(rint(layer), 0, layers - 1)` and never normalized, and integer coordinates
    /// with a sampler address a texel directly, after the addressing mode (only
    /// unnormalized, nearest samplers are valid with them). Channel conversions follow the
    /// specification's section 8.3.
    ImageRead {
        /// The image (readable access).
        image: ValueId,
        /// The sampler, if any.
        sampler: Option<ValueId>,
        /// The coordinates.
        coord: ValueId,
    },
    /// Writes one texel: `value` (a 4-lane `f32`, `f16`, `i32` or `u32` vector, converted to
    /// the image's format as `write_image{f,h,i,ui}` define) at the integer texel address
    /// `coord` (lanes as for [`Op::ImageRead`] without a sampler). The result is void.
    ImageWrite {
        /// The image (writable access).
        image: ValueId,
        /// The integer coordinates.
        coord: ValueId,
        /// The texel value.
        value: ValueId,
    },
    /// A property of an image; see [`ImageQuery`] for the result types.
    ImageQuery {
        /// What is asked.
        query: ImageQuery,
        /// The image.
        image: ValueId,
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
            Op::Const(_) | Op::LocalAddr(_) | Op::GlobalAddr(_) | Op::SamplerConst(_) => vec![],
            Op::ImageRead {
                image,
                sampler,
                coord,
            } => {
                let mut v = vec![*image];
                v.extend(*sampler);
                v.push(*coord);
                v
            }
            Op::ImageWrite {
                image,
                coord,
                value,
            } => vec![*image, *coord, *value],
            Op::ImageQuery { image, .. } => vec![*image],
            Op::Unary(_, a) => vec![*a],
            Op::Binary(_, a, b) | Op::Compare(_, a, b) => vec![*a, *b],
            Op::Select {
                cond,
                if_true,
                if_false,
            } => vec![*cond, *if_true, *if_false],
            Op::Convert { value, .. }
            | Op::Bitcast { value, .. }
            | Op::GenericCast { value, .. }
            | Op::Splat { value, .. } => vec![*value],
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
            Op::Math { args, .. } | Op::Call { args, .. } | Op::Printf { args, .. } => args.clone(),
            Op::Atomic { ptr, args, .. } => {
                std::iter::once(*ptr).chain(args.iter().copied()).collect()
            }
        }
    }

    /// True when the operation has no side effect and reads no memory, so it may be moved,
    /// duplicated or removed freely.
    pub fn is_pure(&self) -> bool {
        !matches!(
            self,
            Op::Load { .. }
                | Op::Call { .. }
                | Op::Atomic { .. }
                | Op::Printf { .. }
                | Op::ImageRead { .. }
                | Op::ImageWrite { .. }
        )
    }
}
