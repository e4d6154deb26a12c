//! Math built-ins for object files: an object cannot call the Rust routines of
//! [`crate::mathlib`], so every built-in that the JIT would call one for is linked from
//! oclc's built-in library (`oclc_ir::library`, OpenCL C compiled by oclc) into the module
//! before translation, and then inlined like any helper.

use oclc_ir::{Block, LibrarySource, MathFn, Module, Op, ScalarType, Stmt};

use crate::error::CompileError;
use crate::mathlib::math_symbol;

/// How many rounds of linking are allowed: library functions may use `native_` built-ins,
/// which are rewritten and linked in the next round; the library is shallow.
const MAX_ROUNDS: usize = 8;

/// `module` with every float built-in that the CPU code generator implements by a runtime
/// routine replaced by a call of the library's implementation. `native_` variants take the
/// full-precision functions, as in the JIT. Half conversions are generated in the object
/// ([`super::half`]) and printf calls `vprintf` ([`super::printf`]).
pub fn link_builtins(module: &Module, library: &dyn LibrarySource) -> Result<Module, CompileError> {
    let mut linked = module.clone();
    for _ in 0..MAX_ROUNDS {
        let rewritten = full_precision_natives(&mut linked);
        let report =
            oclc_ir::library::link(&mut linked, library, &needs_routine).map_err(|e| match e {
                oclc_ir::LinkError::Missing { func, scalar } => CompileError::unsupported(
                    &first_user(&linked, func, scalar),
                    format!(
                    "the built-in `{}` on {} in CPU object files (not in oclc's built-in library)",
                    func.name(),
                    oclc_ir::library::opencl_type_name(scalar)
                ),
                ),
                e => CompileError::Codegen {
                    function: "<built-in library>".into(),
                    message: e.to_string(),
                },
            })?;
        if rewritten == 0 && report.ops_replaced == 0 {
            oclc_ir::verify_module(&linked).map_err(|e| CompileError::Codegen {
                function: "<built-in library>".into(),
                message: e.to_string(),
            })?;
            return Ok(linked);
        }
    }
    Err(CompileError::Codegen {
        function: "<built-in library>".into(),
        message: format!("linking the built-in library did not settle in {MAX_ROUNDS} rounds"),
    })
}

/// The name of the first function of `module` that uses `func` on `scalar` elements.
fn first_user(module: &Module, func: MathFn, scalar: ScalarType) -> String {
    for f in &module.functions {
        let mut found = false;
        oclc_ir::walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let {
                op: Op::Math { func: g, args },
                ..
            } = s
            {
                let elem = args
                    .first()
                    .and_then(|a| module.types.scalar_of(f.value_type(*a)));
                found |= *g == func && elem == Some(scalar);
            }
        });
        if found {
            return f.name.clone();
        }
    }
    "<module>".into()
}

/// True when the CPU code generator would call a runtime routine for `func` on `scalar`.
/// Half math links the library's half forms (`lower/src/library/cl/half.cl`: computed in
/// float, rounded to half once).
fn needs_routine(func: MathFn, scalar: ScalarType) -> bool {
    match scalar {
        // Half fma and nextafter call routines of their own (see `codegen::math`).
        ScalarType::F16 => {
            math_symbol(func, false).is_some() || matches!(func, MathFn::Fma | MathFn::Nextafter)
        }
        ScalarType::F32 | ScalarType::F64 => math_symbol(func, scalar == ScalarType::F64).is_some(),
        _ => false,
    }
}

/// The full-precision function a `native_` built-in stands for on the CPU, if the code
/// generator would call a routine for it.
fn full_precision(func: MathFn) -> Option<MathFn> {
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

/// Rewrites the float `native_` built-ins of every function into their full-precision
/// forms; returns how many were rewritten.
fn full_precision_natives(module: &mut Module) -> usize {
    let Module {
        types, functions, ..
    } = module;
    let mut count = 0;
    for f in functions.iter_mut() {
        let value_types = &f.value_types;
        walk_mut(&mut f.body, &mut |s| {
            if let Stmt::Let {
                op: Op::Math { func, args },
                ..
            } = s
            {
                let scalar = args
                    .first()
                    .and_then(|a| types.scalar_of(value_types[a.0 as usize]));
                if let (Some(full), Some(scalar)) = (full_precision(*func), scalar) {
                    if needs_routine(*func, scalar) {
                        *func = full;
                        count += 1;
                    }
                }
            }
        });
    }
    count
}

/// Visits every statement of `block`, nested ones included.
fn walk_mut(block: &mut Block, visit: &mut dyn FnMut(&mut Stmt)) {
    for stmt in &mut block.stmts {
        visit(stmt);
        match stmt {
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                walk_mut(then_body, visit);
                walk_mut(else_body, visit);
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                walk_mut(body, visit);
                walk_mut(continuing, visit);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    walk_mut(&mut c.body, visit);
                }
            }
            _ => {}
        }
    }
}
