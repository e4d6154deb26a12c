//! Linking oclc's built-in library: OpenCL built-ins written in OpenCL C, compiled into IR
//! above this crate (by `oclc-lower`, which owns the sources and the front end), and linked
//! into modules whose target lacks a native form with OpenCL's precision and semantics
//! (Vulkan, CPU objects), through [`link`].
//!
//! This crate knows no front end: the compiled library reaches the linker as a
//! [`LibrarySource`], which hands out its two translation units ([`Library`]) when first
//! asked, so float-only modules never build the double unit. [`link`] copies the functions a
//! module needs into it, marks them [`Function::is_library`](crate::Function::is_library),
//! and turns the `Op::Math` operations into calls.
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

mod import;
mod link;

use crate::fx::HashMap;

pub use link::{division_name, link, link_with_division, LinkError, LinkReport};

use crate::module::{FuncId, Module};
use crate::op::MathFn;
use crate::types::ScalarType;

/// One compiled translation unit of the library: its IR and an index of its functions by
/// name.
#[derive(Debug)]
pub struct Library {
    /// The IR of every library function (no kernels), each marked
    /// [`is_library`](crate::Function::is_library).
    pub module: Module,
    by_name: HashMap<String, FuncId>,
}

impl Library {
    /// The unit whose IR is `module`; every function in it is marked as a library function.
    pub fn new(mut module: Module) -> Self {
        for f in &mut module.functions {
            f.is_library = true;
        }
        let by_name = module
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.clone(), FuncId(i as u32)))
            .collect();
        Library { module, by_name }
    }

    /// The library function called `name`, if there is one.
    pub fn function(&self, name: &str) -> Option<FuncId> {
        self.by_name.get(name).copied()
    }
}

/// Where [`link`] takes library functions from: the two translation units of the library,
/// each built on the first request. `Err` carries the reason a unit cannot be built (a bug
/// of oclc, since the library ships with it).
pub trait LibrarySource {
    /// The integer, relational, float and half unit.
    fn base(&self) -> Result<&Library, String>;
    /// The double-precision unit (only asked for when a module needs a double routine).
    fn double(&self) -> Result<&Library, String>;
}

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
