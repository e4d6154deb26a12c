//! Calls of the check routines that keep the caller's registers: checked code calls them
//! on cold paths (a failed check, a shadow access the inline path cannot decide), but the
//! paths join the hot ones again, so a call with the host's convention would make every
//! value live across it (the float values above all: the host keeps no float register
//! across a call) go to the stack in the hot loop too. Each routine gets an entry with
//! Cranelift's `preserve_all` convention, which saves what the routine may change and
//! passes the routine's result back through memory (the convention returns nothing).
//!
//! Kernels use these entries when a loop of a work-item computes with floats
//! ([`wants_cold_entries`]: convolutions, matrix products): there the loop's float values
//! would go to the stack at every check. Elsewhere the host's convention measured faster
//! (transpose, histogram, reduction: about 10%), so the routines are called directly.

use std::collections::HashMap;

use cranelift_codegen::ir::{types, AbiParam, InstBuilder, MemFlagsData, Signature, UserFuncName};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId, Linkage, Module};
use oclc_ir::{walk_stmts, Function, Stmt, TypeTable};

use crate::error::CompileError;
use crate::translate::codegen_error;

/// The check routines with a cold entry: symbol, the entry's symbol, operands.
const ROUTINES: [(&str, &str, usize); 3] = [
    (
        crate::check::sink::REPORT_SYMBOL,
        "oclc_check_report_cold",
        7,
    ),
    (
        crate::check::shadow::LOCAL_ACCESS_SYMBOL,
        "oclc_check_local_cold",
        8,
    ),
    (
        crate::check::global::GLOBAL_ACCESS_SYMBOL,
        "oclc_check_global_cold",
        8,
    ),
];

/// The symbol of the cold entry of routine `symbol`, when it has one.
pub(crate) fn cold_symbol(symbol: &str) -> Option<&'static str> {
    ROUTINES
        .iter()
        .find(|(s, _, _)| *s == symbol)
        .map(|(_, cold, _)| *cold)
}

/// A cold entry's signature: the routine's `n` operands and the address its result goes
/// to.
fn cold_signature(n: usize) -> Signature {
    let mut sig = Signature::new(CallConv::PreserveAll);
    for _ in 0..=n {
        sig.params.push(AbiParam::new(types::I64));
    }
    sig
}

/// Defines the cold entries in `module`, which declares the routines in `routines`, and
/// adds them there.
pub(crate) fn define_cold_entries(
    module: &mut dyn Module,
    routines: &mut HashMap<&'static str, FuncId>,
) -> Result<(), CompileError> {
    for (symbol, cold, n) in ROUTINES {
        let Some(&target) = routines.get(symbol) else {
            continue;
        };
        let err = |e: String| codegen_error(cold, e);
        let sig = cold_signature(n);
        let id = module
            .declare_function(cold, Linkage::Local, &sig)
            .map_err(|e| err(e.to_string()))?;
        let mut ctx = module.make_context();
        ctx.func.signature = sig;
        ctx.func.name = UserFuncName::user(0, id.as_u32());
        let mut fctx = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let params = b.block_params(entry).to_vec();
        let callee = module.declare_func_in_func(target, b.func);
        let call = b.ins().call(callee, &params[..n]);
        let result = b.inst_results(call)[0];
        b.ins().store(MemFlagsData::trusted(), result, params[n], 0);
        b.ins().return_(&[]);
        b.seal_all_blocks();
        b.finalize(module.isa().frontend_config());
        module
            .define_function(id, &mut ctx)
            .map_err(|e| err(format!("{e:?}")))?;
        routines.insert(cold, id);
    }
    Ok(())
}

/// True when a loop of `f` without a barrier in it (a loop of each work-item) defines a
/// float value.
pub(crate) fn wants_cold_entries(types: &TypeTable, f: &Function) -> bool {
    let mut found = false;
    walk_stmts(&f.body, &mut |s| {
        let Stmt::Loop {
            body, continuing, ..
        } = s
        else {
            return;
        };
        let (mut barrier, mut float) = (false, false);
        for block in [body, continuing] {
            walk_stmts(block, &mut |t| match t {
                Stmt::Barrier { .. } => barrier = true,
                Stmt::Let { value, .. } => {
                    float |= types
                        .scalar_of(f.value_type(*value))
                        .is_some_and(|s| s.is_float());
                }
                _ => {}
            });
        }
        found |= float && !barrier;
    });
    found
}
