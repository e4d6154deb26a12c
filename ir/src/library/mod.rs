//! oclc's built-in library: OpenCL built-ins written in OpenCL C, compiled by oclc's own
//! front end and lowering, and linked into modules whose target lacks a native form with
//! OpenCL's precision and semantics (today: Vulkan, through [`link`]).
//!
//! Data flows one way: the sources in `cl/*.cl` (listed in [`sources::SOURCES`], and the
//! double-precision ones in [`sources::DOUBLE_SOURCES`]) go through the front end and the
//! lowering into two IR [`Module`]s, each built once per process and only when a module
//! needs one of its functions ([`library`], [`double_library`]); [`link`] then copies the functions a module needs
//! into it and turns the `Op::Math` operations into calls.
//!
//! Naming contract: the function implementing [`MathFn`] `F` on the scalar element type
//! `T` is `__oclc_<F.name()>_<T.name()>` ([`function_name`], e.g. `__oclc_add_sat_i8`,
//! `__oclc_exp_f32`). Its parameters and result are the scalar forms of [`MathFn::sig`]:
//! float operands as `T`, the `int` operand of `ldexp`/`pown`/`rootn` as `int`, `ilogb`
//! returning `int`, relational functions returning `int` 1/0 (as OpenCL's scalar forms do),
//! `abs`/`abs_diff` returning the unsigned type and `upsample` the wider type. `T` is the
//! element type of the first operand. The correctly rounded float division `a / b` on `T`
//! (for targets whose division is less precise, see [`link_with_division`]) is
//! `__oclc_fdiv_<T>(T, T) -> T` ([`division_name`]). Helpers that are not built-ins themselves must also
//! start with `__oclc_` so that they cannot clash with user functions.

mod compile;
mod import;
mod link;
pub mod sources;

pub use compile::{double_library, library, Library};
pub use link::{division_name, link, link_with_division, LinkError, LinkReport};

use crate::op::MathFn;
use crate::types::ScalarType;

/// The name of the library function implementing `func` on elements of type `scalar`.
pub fn function_name(func: MathFn, scalar: ScalarType) -> String {
    format!("__oclc_{}_{}", func.name(), scalar.name())
}

/// The OpenCL C spelling of a scalar type, for messages (`float`, `uchar`, ...).
pub fn opencl_type_name(scalar: ScalarType) -> &'static str {
    match scalar {
        ScalarType::Bool => "bool",
        ScalarType::I8 => "char",
        ScalarType::U8 => "uchar",
        ScalarType::I16 => "short",
        ScalarType::U16 => "ushort",
        ScalarType::I32 => "int",
        ScalarType::U32 => "uint",
        ScalarType::I64 => "long",
        ScalarType::U64 => "ulong",
        ScalarType::F16 => "half",
        ScalarType::F32 => "float",
        ScalarType::F64 => "double",
    }
}
