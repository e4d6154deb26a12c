//! Whether a kernel can tell its work-groups apart, and so whether a launcher may reshape
//! its dispatch: run several OpenCL work-groups as one Vulkan workgroup, or several
//! work-items per invocation (`super::items`).
//!
//! A kernel that never observes its work-group (the usual `o[i] = f(a[i])` with
//! `i = get_global_id(0)`) gives the same results whatever the grouping, because
//! `GlobalInvocationId` numbers the invocations the same way: merging `m` consecutive
//! groups along x into one workgroup of `m` times the local size keeps every work-item's
//! global id. The reflection says which kernels qualify (`groups_mergeable`), and the
//! launcher decides from the launch and the device's limits (runtime-lite's
//! `vulkan::dispatch`, with the measurements behind its choices).
//!
//! A kernel observes its work-group, and is never merged, when it or a function it calls
//! - waits at a barrier (work-group functions are lowered to barriers too);
//! - touches `__local` memory (a `__local` variable or argument: any value or parameter
//!   of pointer-to-`__local` type);
//! - asks for its local id, group id, local size or number of groups.
//!
//! What stays the same under merging: global ids, global size and offset, the work
//! dimension, the rows per invocation (`super::rows`), private and `__global`/`__constant`
//! memory, atomics (a workgroup-scope atomic on `__global` memory is atomic among more
//! work-items, which OpenCL allows) and fences (they order one work-item's accesses).

use oclc_ir::fx::HashSet;

use oclc_ir::module::{walk_stmts, Stmt};
use oclc_ir::{AddressSpace, FuncId, Function, Module, Op, Type, TypeId, WorkItemQuery};

/// True when no work-item of kernel `kernel` can observe which work-group it belongs to
/// (see the module documentation), so that a launcher may merge its work-groups.
pub fn groups_mergeable(module: &Module, kernel: &Function) -> bool {
    reachable_functions(module, kernel)
        .into_iter()
        .all(|f| function_is_group_blind(module, f))
}

/// `kernel` and every function it calls, directly or not.
pub(crate) fn reachable_functions<'m>(
    module: &'m Module,
    kernel: &'m Function,
) -> Vec<&'m Function> {
    let mut seen = HashSet::default();
    let mut out = vec![kernel];
    let mut next = 0;
    while let Some(&f) = out.get(next) {
        next += 1;
        for callee in callees(f) {
            if seen.insert(callee) {
                out.push(module.function(callee));
            }
        }
    }
    out
}

/// The functions `f` calls directly.
fn callees(f: &Function) -> Vec<FuncId> {
    let mut out = Vec::new();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            op: Op::Call { func, .. },
            ..
        } = s
        {
            out.push(*func);
        }
    });
    out
}

/// True when `f`'s own body (not its callees) neither synchronises with nor refers to
/// its work-group.
fn function_is_group_blind(module: &Module, f: &Function) -> bool {
    let local_pointer = |t: TypeId| {
        matches!(
            module.types.get(t),
            Type::Pointer {
                space: AddressSpace::Local,
                ..
            }
        )
    };
    if f.params.iter().any(|p| local_pointer(p.ty))
        || f.value_types.iter().any(|&t| local_pointer(t))
    {
        return false;
    }
    let mut blind = true;
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Barrier { .. } => blind = false,
        Stmt::Let {
            op: Op::WorkItem { query, .. },
            ..
        } if group_query(*query) => blind = false,
        _ => {}
    });
    blind
}

/// The work-item queries whose answer depends on how work-items are grouped.
fn group_query(query: WorkItemQuery) -> bool {
    match query {
        WorkItemQuery::LocalId
        | WorkItemQuery::GroupId
        | WorkItemQuery::LocalSize
        | WorkItemQuery::NumGroups => true,
        WorkItemQuery::GlobalId
        | WorkItemQuery::GlobalSize
        | WorkItemQuery::GlobalOffset
        | WorkItemQuery::WorkDim
        | WorkItemQuery::RowsPerInvocation => false,
    }
}
