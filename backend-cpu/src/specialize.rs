//! Specialising a kernel on the local size of its launch: every `get_local_size(d)` with a
//! constant dimension becomes a constant before codegen, and the constant folder carries it
//! into the arithmetic that uses it (`256 / get_local_size(0)`, `lid + lsize`, ...). Codegen
//! is told the size too ([`crate::codegen::Env::local_size`]), so work-item loops get
//! constant trip counts and vector chunks need no scalar tail when the size is a multiple
//! of the chunk width.

use crate::plan::contains_barrier;
use oclc_ir::opt::{self, OptConfig};
use oclc_ir::{
    Block, Const, Dim, Function, Op, Pipeline, ScalarType, Stmt, TypeTable, WorkItemQuery,
};

/// Replaces every `get_local_size(d)` of `func` whose dimension is a constant by the
/// constant `local_size[d]` (1 past dimension 2, as the runtime fills unused dimensions),
/// then folds constants and removes dead code. Returns the number of queries replaced.
pub fn substitute_local_size(
    types: &TypeTable,
    func: &mut Function,
    local_size: [u64; 3],
) -> usize {
    let n = substitute_block(&mut func.body, local_size);
    if n > 0 {
        oclc_ir::opt::const_fold::fold_function(types, func);
        oclc_ir::opt::dce::dce_function(func);
    }
    n
}

fn substitute_block(block: &mut Block, local_size: [u64; 3]) -> usize {
    let mut n = 0;
    for stmt in &mut block.stmts {
        if let Stmt::Let { op, .. } = stmt {
            if let Op::WorkItem {
                query: WorkItemQuery::LocalSize,
                dim: Dim::Const(d),
            } = *op
            {
                let size = local_size.get(d as usize).copied().unwrap_or(1);
                *op = Op::Const(Const::int(ScalarType::U64, size as i64));
                n += 1;
            }
        }
        for child in stmt.child_blocks_mut() {
            n += substitute_block(child, local_size);
        }
    }
    n
}

/// True when `block` holds a loop with a barrier in it.
fn has_barrier_loop(block: &Block) -> bool {
    block.stmts.iter().any(|s| match s {
        Stmt::Loop {
            body, continuing, ..
        } => contains_barrier(body) || contains_barrier(continuing),
        _ => s.child_blocks().any(has_barrier_loop),
    })
}

/// After [`substitute_local_size`]: unrolls fully the loops whose trip count the local size
/// now fixes when `func` has a loop with a barrier in it (the tree steps of a work-group
/// reduction, `for (k = get_local_size(0) / 2; k > 0; k >>= 1)`: eight regions between
/// barriers, each with its own constant `k`, instead of one region entered eight times with
/// `k` in a variable; bench/kernels/reduction.cl 0.70x the time on one thread, stop 43,
/// bench/results/middle-end.txt), then runs the pipeline's clean-up group ([`opt::cleanup_passes`]). Kernels
/// without such a loop are left as they are. True when anything changed.
pub fn unroll_fixed_barrier_loops(
    types: &mut TypeTable,
    func: &mut Function,
    volatile_memory: bool,
    level: u8,
) -> bool {
    if level < 2 || !has_barrier_loop(&func.body) {
        return false;
    }
    let mut module = oclc_ir::Module::new();
    module.types = types.clone();
    module.functions.push(func.clone());
    module.volatile_memory = volatile_memory;
    let config = OptConfig {
        partial_unroll_factor: 1,
        ..crate::pipeline::cpu_opt_config(level)
    };
    let changed = Pipeline::new()
        .then(opt::Unroll { config })
        .fixed_point(opt::cleanup_passes(false))
        .run(&mut module, &mut |_, _| {})
        .unwrap_or(false);
    if changed {
        *types = module.types;
        *func = module.functions.pop().expect("the function");
    }
    changed
}
