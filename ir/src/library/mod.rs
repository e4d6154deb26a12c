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

use std::sync::{Mutex, MutexGuard};

use crate::fx::HashMap;

pub use link::{division_name, link, link_with_division, LinkError, LinkReport};

use crate::module::{FuncId, Module};
use crate::op::MathFn;
use crate::types::ScalarType;

/// One compiled translation unit of the library: its IR and an index of its functions by
/// name. Each function is optimised (as `-O1`) when a module first imports it, so that a
/// program pays only for the few routines it calls.
#[derive(Debug)]
pub struct Library {
    unit: Mutex<Unit>,
    by_name: HashMap<String, FuncId>,
}

/// The IR of a library unit, with which functions are optimised so far.
#[derive(Debug)]
pub(super) struct Unit {
    /// Every library function (no kernels), each marked
    /// [`is_library`](crate::Function::is_library).
    pub module: Module,
    optimised: Vec<bool>,
}

impl Unit {
    /// Function `f`, optimised (as `-O1`) on first request.
    pub(super) fn optimised_function(&mut self, f: FuncId) -> &crate::Function {
        let index = f.0 as usize;
        if !self.optimised[index] {
            crate::opt::optimize_function_o1(&mut self.module, index);
            self.optimised[index] = true;
        }
        self.module.function(f)
    }
}

impl Library {
    /// The unit whose IR (as lowered) is `module`; every function in it is marked as a
    /// library function.
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
        let optimised = vec![false; module.functions.len()];
        Library {
            unit: Mutex::new(Unit { module, optimised }),
            by_name,
        }
    }

    /// The library function called `name`, if there is one.
    pub fn function(&self, name: &str) -> Option<FuncId> {
        self.by_name.get(name).copied()
    }

    /// A copy of the unit's IR as it stands: the functions imported so far optimised, the
    /// others as lowered (for tests and tools).
    pub fn module_snapshot(&self) -> Module {
        self.lock().module.clone()
    }

    /// The unit, for one link (a panic during another link leaves it consistent: a
    /// function is marked optimised only once it is).
    pub(super) fn lock(&self) -> MutexGuard<'_, Unit> {
        self.unit.lock().unwrap_or_else(|e| e.into_inner())
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
