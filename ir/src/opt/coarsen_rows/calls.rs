//! The calls a two-row body may make: calls of helpers that are functions of their
//! arguments alone (those the inliner left as calls; built-ins are still operations here,
//! the library is linked after this pass). Such a helper queries no work-item id (row 1
//! would get row 0's), has no barrier, fence, atomic, printf or image operation, and
//! stores only to its own private variables; a call of it passes no pointer, so it can
//! neither read nor write the caller's memory (it may read `__constant` tables). Row 1
//! may then call it with its own arguments, and loads either side of the call see the
//! same memory. `opt::coarsen_groups` allows the same calls in its copies of a body.

use crate::fx::HashSet;
use crate::module::{walk_stmts, FuncId, Function, Module, Stmt};
use crate::op::Op;
use crate::types::{AddressSpace, Type, TypeTable};

/// The helpers of `module` that are functions of their arguments (see the module
/// documentation), callees included.
pub(crate) fn free_helpers(module: &Module) -> HashSet<FuncId> {
    let mut free: HashSet<FuncId> = (0..module.functions.len())
        .map(|i| FuncId(i as u32))
        .filter(|&id| {
            let f = module.function(id);
            !f.is_kernel() && !f.is_import && keeps_to_itself(&module.types, f)
        })
        .collect();
    // Drop helpers that call one outside the set, until none does.
    loop {
        let before = free.len();
        let calls_out = |id: &FuncId| {
            let mut out = false;
            walk_stmts(&module.function(*id).body, &mut |s| {
                if let Stmt::Let {
                    op: Op::Call { func, .. },
                    ..
                } = s
                {
                    out |= !free.contains(func);
                }
            });
            out
        };
        let dropped: Vec<FuncId> = free.iter().copied().filter(calls_out).collect();
        for id in dropped {
            free.remove(&id);
        }
        if free.len() == before {
            return free;
        }
    }
}

/// Whether the call `op` of `f` is one a two-row body may make: a free helper's, with no
/// pointer among its arguments.
pub(crate) fn is_free_call(
    types: &TypeTable,
    f: &Function,
    free: &HashSet<FuncId>,
    op: &Op,
) -> bool {
    match op {
        Op::Call { func, args } => {
            free.contains(func)
                && args
                    .iter()
                    .all(|a| !matches!(types.get(f.value_type(*a)), Type::Pointer { .. }))
        }
        _ => false,
    }
}

/// Whether `f`'s own statements query no work-item, synchronise with nothing, touch no
/// image and store only to private memory (its calls are judged by the caller).
fn keeps_to_itself(types: &TypeTable, f: &Function) -> bool {
    let mut ok = true;
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Barrier { .. } | Stmt::Fence { .. } => ok = false,
        Stmt::Store { ptr, .. } => {
            ok &= matches!(
                types.get(f.value_type(*ptr)),
                Type::Pointer {
                    space: AddressSpace::Private,
                    ..
                }
            );
        }
        Stmt::Let { op, .. } => {
            ok &= !matches!(
                op,
                Op::WorkItem { .. }
                    | Op::Atomic { .. }
                    | Op::Printf { .. }
                    | Op::ImageRead { .. }
                    | Op::ImageWrite { .. }
                    | Op::ImageQuery { .. }
            );
        }
        _ => {}
    });
    ok
}
