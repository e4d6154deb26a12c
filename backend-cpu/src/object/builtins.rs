//! Math built-ins for object files: an object cannot call the Rust routines of
//! [`crate::mathlib`], so it defines its own, each once, from oclc's built-in library
//! (`oclc_lower::library`, OpenCL C compiled by oclc), as local functions with the signatures
//! of the Rust ones. Kernels are translated exactly as for the JIT and call them per lane
//! under the same symbols; the library code is never copied into a kernel.
//!
//! Each routine is the *wrapper* of its operation ([`super::routine_module`]) with every
//! call inlined. `native_` variants take the full-precision functions, as in the JIT; half
//! lanes compute in float, except `fma` and `nextafter`, which take the library's half
//! forms (`lower/src/library/cl/half.cl`). Half conversions are generated in the object
//! ([`super::half`]) and printf calls `vprintf` ([`super::printf`]).

use std::collections::HashMap;

use cranelift_codegen::Context;
use cranelift_module::{FuncId as ClifFuncId, Linkage};
use oclc_ir::{BinaryOp, Function, LibrarySource, MathFn, Module, Op, ScalarType, Stmt, TypeTable};

use super::routine_module::routine_module;
use crate::codegen::math::math_signature;
use crate::codegen::routine::translate_routine;
use crate::codegen::Env;
use crate::error::CompileError;
use crate::mathlib::{fmod_symbol, math_symbol, routine, routine_symbol, HALF_FMA, HALF_NEXTAFTER};
use crate::translate::{codegen_error, define_globals_as};

/// A routine the code generator calls: its symbol ([`routine_symbol`]) and the operation
/// its wrapper performs (on `half` only for the half-grid routines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Need {
    pub symbol: &'static str,
    pub func: MathFn,
    pub scalar: ScalarType,
}

/// Defines in `out` every routine the code of `module`'s functions calls that
/// `runtime` (the object's own half routines) lacks, and returns them by symbol, for
/// [`Env::math`].
pub fn define_library_routines(
    out: &mut dyn cranelift_module::Module,
    module: &Module,
    runtime: &HashMap<&'static str, ClifFuncId>,
    library: &dyn LibrarySource,
) -> Result<HashMap<&'static str, ClifFuncId>, CompileError> {
    let needs: Vec<Need> = needs_of(module)
        .into_iter()
        .filter(|n| !runtime.contains_key(n.symbol))
        .collect();
    let mut defined = HashMap::new();
    if needs.is_empty() {
        return Ok(defined);
    }
    let call_conv = out.isa().default_call_conv();
    let (lib, wrappers) = routine_module(module, needs, call_conv, library)?;
    let globals = define_globals_as(out, &lib, &|i, name| format!("__oclc_library_{i}_{name}"))?;
    let mut ids = Vec::with_capacity(wrappers.len());
    for (need, _) in &wrappers {
        let sig = math_signature(need.symbol, call_conv);
        let id = out
            .declare_function(&format!("__{}", need.symbol), Linkage::Local, &sig)
            .map_err(|e| codegen_error(need.symbol, e.to_string()))?;
        defined.insert(need.symbol, id);
        ids.push(id);
    }
    let mut types = lib.types.clone();
    let mut math = runtime.clone();
    math.extend(defined.iter().map(|(k, v)| (*k, *v)));
    for ((need, wrapper), id) in wrappers.iter().zip(ids) {
        let func = oclc_ir::opt::inline::inline_calls(&lib, &mut types, *wrapper, &|_| true)
            .map_err(|e| library_bug(e.to_string()))?;
        let mut printf_specs = Vec::new();
        let mut env = Env {
            module: &mut *out,
            math: &math,
            globals: &globals,
            call_conv,
            printf_specs: &mut printf_specs,
            printf_by_index: true,
            vectorize: false,
            local_size: None,
            distinct_buffers: false,
            notes: Vec::new(),
            missing_routines: Vec::new(),
            debug: false,
            debug_slots: Default::default(),
            check: None,
            check_sites: Vec::new(),
            check_global_always: false,
            check_proven: (Vec::new(), 0),
        };
        let clif = translate_routine(
            &types,
            &func,
            math_signature(need.symbol, call_conv),
            &mut env,
        )?;
        if let Some(name) = env.missing_routines.first() {
            return Err(library_bug(format!(
                "the routine `{}` calls `{name}`, which no object defines",
                need.symbol
            )));
        }
        let mut ctx = Context::for_function(clif);
        out.define_function(id, &mut ctx)
            .map_err(|e| codegen_error(need.symbol, format!("{e:?}")))?;
    }
    Ok(defined)
}

/// The routines the code generator calls for the operations of `module`, each once, in
/// the order first met.
pub(super) fn needs_of(module: &Module) -> Vec<Need> {
    let mut out = Vec::new();
    for f in &module.functions {
        add_needs(&module.types, f, &mut out);
    }
    out
}

/// Adds to `out` the routines the code of `f` calls that it lacks.
fn add_needs(types: &TypeTable, f: &Function, out: &mut Vec<Need>) {
    oclc_ir::walk_stmts(&f.body, &mut |s| {
        let Stmt::Let { op, .. } = s else { return };
        let elem = |v| types.scalar_of(f.value_type(v));
        let found = match op {
            Op::Math { func, args } => args
                .first()
                .and_then(|a| elem(*a))
                .and_then(|s| routine_symbol(*func, s).map(|sym| (sym, *func))),
            Op::Binary(BinaryOp::Rem, a, _) => elem(*a)
                .filter(|s| s.is_float())
                .map(|s| (fmod_symbol(s == ScalarType::F64), MathFn::Fmod)),
            _ => None,
        };
        if let Some((symbol, func)) = found {
            if out.iter().all(|n| n.symbol != symbol) {
                out.push(need(symbol, func));
            }
        }
    });
}

/// The routine `symbol`, which code calls for `func`, as the operation of its wrapper.
fn need(symbol: &'static str, func: MathFn) -> Need {
    let scalar = if symbol == HALF_FMA || symbol == HALF_NEXTAFTER {
        ScalarType::F16
    } else if routine(symbol).is_some_and(|r| r.is_f64) {
        ScalarType::F64
    } else {
        ScalarType::F32
    };
    let func = full_precision(func).unwrap_or(func);
    debug_assert!(
        scalar == ScalarType::F16 || math_symbol(func, scalar == ScalarType::F64) == Some(symbol)
    );
    Need {
        symbol,
        func,
        scalar,
    }
}

/// The name of the first function of `module` whose code calls the routine `symbol`.
pub(super) fn first_user(module: &Module, symbol: &str) -> String {
    for f in &module.functions {
        let mut needs = Vec::new();
        add_needs(&module.types, f, &mut needs);
        if needs.iter().any(|n| n.symbol == symbol) {
            return f.name.clone();
        }
    }
    "<module>".into()
}

/// Internal errors: the library or this module is wrong, not the user's program.
pub(super) fn library_bug(message: String) -> CompileError {
    CompileError::Codegen {
        function: "<built-in library>".into(),
        message,
    }
}

/// The full-precision function a `native_` built-in stands for on the CPU, if the code
/// generator would call a routine for it.
pub(super) fn full_precision(func: MathFn) -> Option<MathFn> {
    Some(match func {
        MathFn::NativeSin => MathFn::Sin,
        MathFn::NativeCos => MathFn::Cos,
        MathFn::NativeTan => MathFn::Tan,
        MathFn::NativeExp => MathFn::Exp,
        MathFn::NativeExp2 => MathFn::Exp2,
        MathFn::NativeExp10 => MathFn::Exp10,
        MathFn::NativeLog => MathFn::Log,
        MathFn::NativeLog2 => MathFn::Log2,
        MathFn::NativeLog10 => MathFn::Log10,
        MathFn::NativePowr => MathFn::Powr,
        _ => return None,
    })
}
