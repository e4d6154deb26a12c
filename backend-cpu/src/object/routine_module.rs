//! The module the routines of an object are compiled from: one *wrapper* per routine, a
//! function of the routine's parameters (as its signature has them) whose body is the one
//! built-in operation; linking oclc's built-in library into that module turns each
//! operation into a call of the library function, copying it, its callees and its tables
//! in. The library's own use of `native_` built-ins becomes the full-precision functions,
//! and routines its code needs in turn (float `%`) get wrappers too.

use cranelift_codegen::isa::CallConv;
use oclc_ir::{
    Block, FuncId, FunctionKind, LibrarySource, MathFn, Module, Op, Rounding, ScalarType, Stmt,
};

use super::builtins::{first_user, full_precision, library_bug, needs_of, Need};
use crate::codegen::math::math_signature;
use crate::error::CompileError;
use crate::mathlib::routine_symbol;

/// How many rounds of linking are allowed: library functions may use `native_` built-ins,
/// which are rewritten and linked in the next round, and the routines' code may need
/// further routines (float `%`); the library is shallow.
const MAX_ROUNDS: usize = 8;

/// The module of the routines' wrappers with the library linked in, and each routine's
/// wrapper there. Routines the linked code needs in turn get wrappers too.
pub(super) fn routine_module(
    user: &Module,
    mut pending: Vec<Need>,
    call_conv: CallConv,
    library: &dyn LibrarySource,
) -> Result<(Module, Vec<(Need, FuncId)>), CompileError> {
    let mut lib = Module::new();
    let mut wrappers: Vec<(Need, FuncId)> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        for need in pending.drain(..) {
            let id = add_wrapper(&mut lib, need, call_conv);
            wrappers.push((need, id));
        }
        link_settled(&mut lib, user, &wrappers, library)?;
        pending = needs_of(&lib)
            .into_iter()
            .filter(|n| wrappers.iter().all(|(w, _)| w.symbol != n.symbol))
            .collect();
        if pending.is_empty() {
            oclc_ir::verify_module(&lib).map_err(|e| library_bug(e.to_string()))?;
            return Ok((lib, wrappers));
        }
    }
    Err(library_bug(format!(
        "the routines' needs did not settle in {MAX_ROUNDS} rounds"
    )))
}

/// Links the library into `lib` until no operation is left that needs it.
fn link_settled(
    lib: &mut Module,
    user: &Module,
    wrappers: &[(Need, FuncId)],
    library: &dyn LibrarySource,
) -> Result<(), CompileError> {
    for _ in 0..MAX_ROUNDS {
        let rewritten = full_precision_natives(lib);
        // `native_` built-ins in the library's code become their full-precision forms in
        // the next round (the library has no `native_` functions of its own).
        let wanted = |f: MathFn, s: ScalarType| full_precision(f).is_none() && needs_routine(f, s);
        let report = oclc_ir::library::link(lib, library, &wanted).map_err(|e| match e {
            oclc_ir::LinkError::Missing { func, scalar } => {
                let user_fn = wrappers
                    .iter()
                    .find(|(n, _)| n.func == func && n.scalar == scalar)
                    .map(|(n, _)| first_user(user, n.symbol))
                    .unwrap_or_else(|| "<built-in library>".into());
                CompileError::unsupported(
                    &user_fn,
                    format!(
                        "the built-in `{}` on {} in CPU object files (not in oclc's built-in library)",
                        func.name(),
                        oclc_ir::library::opencl_type_name(scalar)
                    ),
                )
            }
            e => library_bug(e.to_string()),
        })?;
        if rewritten == 0 && report.ops_replaced == 0 {
            return Ok(());
        }
    }
    Err(library_bug(format!(
        "linking the built-in library did not settle in {MAX_ROUNDS} rounds"
    )))
}

/// Adds to `lib` the wrapper of `need`: parameters and result as the routine's signature
/// says (`float` for the half-grid routines, whose operands are exact halves), the body the
/// one operation.
fn add_wrapper(lib: &mut Module, need: Need, call_conv: CallConv) -> FuncId {
    let sig = math_signature(need.symbol, call_conv);
    let scalar_of = |t: cranelift_codegen::ir::Type, float: ScalarType| {
        if t.is_float() {
            float
        } else {
            ScalarType::I32
        }
    };
    let abi_float = if need.scalar == ScalarType::F64 {
        ScalarType::F64
    } else {
        ScalarType::F32
    };
    let ret_abi = lib
        .types
        .scalar(scalar_of(sig.returns[0].value_type, abi_float));
    let ret_op = lib
        .types
        .scalar(scalar_of(sig.returns[0].value_type, need.scalar));
    let op_float = lib.types.scalar(need.scalar);
    let mut b = oclc_ir::FunctionBuilder::new(
        &mut lib.types,
        &format!("__oclc_routine_{}", need.symbol),
        FunctionKind::Helper,
        ret_abi,
    );
    let mut args = Vec::new();
    for (i, p) in sig.params.iter().enumerate() {
        let ty = b.types.scalar(scalar_of(p.value_type, abi_float));
        let x = b.param(&format!("x{i}"), ty);
        args.push(if p.value_type.is_float() && ty != op_float {
            b.emit(convert(x, op_float), op_float)
        } else {
            x
        });
    }
    let r = b.emit(
        Op::Math {
            func: need.func,
            args,
        },
        ret_op,
    );
    let r = if ret_op != ret_abi {
        b.emit(convert(r, ret_abi), ret_abi)
    } else {
        r
    };
    b.push(Stmt::Return(Some(r)));
    let f = b.finish();
    lib.functions.push(f);
    FuncId(lib.functions.len() as u32 - 1)
}

/// Converts `value` to `to` (between `float` and `half`: exact for the halves the
/// code generator widens, rounded to nearest even for results).
fn convert(value: oclc_ir::ValueId, to: oclc_ir::TypeId) -> Op {
    Op::Convert {
        value,
        to,
        saturate: false,
        rounding: Rounding::Rte,
    }
}

/// True when the library function implementing `func` on `scalar` must be linked: the
/// code generator would call a routine for it ([`routine_symbol`]).
fn needs_routine(func: MathFn, scalar: ScalarType) -> bool {
    routine_symbol(func, scalar).is_some()
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
        for b in stmt.child_blocks_mut() {
            walk_mut(b, visit);
        }
    }
}
