//! Specialising a kernel on the local size of its launch: every `get_local_size(d)` with a
//! constant dimension becomes a constant before codegen, and the constant folder carries it
//! into the arithmetic that uses it (`256 / get_local_size(0)`, `lid + lsize`, ...). Codegen
//! is told the size too ([`crate::codegen::Env::local_size`]), so work-item loops get
//! constant trip counts and vector chunks need no scalar tail when the size is a multiple
//! of the chunk width.

use oclc_ir::{Block, Const, Dim, Function, Op, ScalarType, Stmt, TypeTable, WorkItemQuery};

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
