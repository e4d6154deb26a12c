//! Row coarsening (Vulkan): a kernel computes two rows of work-items per invocation when
//! the launch asks for it, so that loads the two rows share are made once.
//!
//! Why. The optimisation chapter's convolutions are bound by their loads: output rows `y`
//! and `y + 1` read input rows `y + 1 .. y + F - 1` both. Written by hand
//! (bench/probes/coarsen_rows.cl), two rows per work-item ran the compile-time-width
//! kernels 1.4-1.8x and the run-time-width ones 1.14-1.23x faster on an H100
//! (bench/results/middle-end-gpu.txt). Neither NVIDIA's compiler nor ours did it alone.
//!
//! The launch contract. The kernel's body becomes
//! `if (rows_per_invocation == 2) { two rows } else { the body as it was }`; the query is a
//! specialization constant on Vulkan (1 unless the host sets it), and a host that sets 2
//! dispatches half the rows in dimension 1 (every other query still reports the user's
//! launch). Hosts that do not know the constant run the kernel as before.
//!
//! Rules. The kernel reads `get_global_id(1)` at the top level of its body (its private
//! variables' addresses are moved there first, [`rows::hoist_addresses`]), and has no
//! barrier, fence, switch, atomic or printf, no image operation other than reads of
//! `read_only` and writes of `write_only` images, no call other than of a
//! helper that is a function of its arguments ([`calls`]), no `__local` memory,
//! no query of its local id, group id, local size or number of groups, and returns only
//! at its end. In the two-row body ([`jam`]) row `j` (of `2 (id - offset) + j + offset`)
//! is a copy of the body with its own private variables; statements pair up in order, the
//! trailing stores of both rows come last, and counted loops whose induction variables
//! step alike pair up: they run in lockstep while both go on, then each runs alone to its
//! end (other loops run one row's after the other's). A row's own statements keep their order,
//! and two rows are two work-items, which OpenCL lets run in any interleaving when they
//! do not synchronise. A loop over `y + r` starts row 0 one iteration ahead, so that in
//! lockstep both rows read the same input row; [`fold`] brings row 1's index arithmetic
//! into row 0's shape, value numbering makes equal addresses one value and [`share`]
//! reuses a load of the same address. The variant is kept only when some `__global` or
//! `__constant` load is shared and it is at most eight times the body's size (loops are
//! paired three deep at most: each level copies its loop four times).
//!
//! Row 1's arithmetic is rewritten on the assumption that row ids fit a 32-bit `int`
//! (`convert(y + 1)` becomes `convert(y) + 1`): hosts set 2 only when the launch's last
//! row id is below 2^31 - 1.

pub(crate) mod calls;
mod fold;
mod jam;
mod rows;
mod shape;
mod share;
mod steps;

use crate::diag::refusal::Refusal;
use crate::module::{count_stmts, walk_stmts, FuncId, Function, Module, Stmt};
use crate::op::{CmpOp, Const, Dim, Op, ValueId, WorkItemQuery};
use crate::pipeline::Pass;
use crate::types::{AddressSpace, ImageAccess, ScalarType, Type, TypeTable};

use super::clone::{clone_fresh, twin_variables};
use super::{const_fold, dce, gvn};
use crate::fx::{HashMap, HashSet};

/// The row-coarsening pass (see the module documentation).
pub struct CoarsenRows;

impl Pass for CoarsenRows {
    fn name(&self) -> &'static str {
        "coarsen_rows"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        if module.volatile_memory {
            return Ok(false);
        }
        let mut changed = false;
        let free = calls::free_helpers(module);
        for i in 0..module.functions.len() {
            let f = &module.functions[i];
            if !f.is_kernel() || !eligible(&module.types, &free, f) {
                continue;
            }
            if let Some(g) = coarsened(&mut module.types, f) {
                module.functions[i] = g;
                changed = true;
            }
        }
        Ok(changed)
    }
}

/// Whether `f`'s body qualifies (see the module documentation); `free` holds the helpers
/// it may call.
fn eligible(types: &TypeTable, free: &HashSet<FuncId>, f: &Function) -> bool {
    let stmts = &f.body.stmts;
    let mut ok = true;
    let mut returns = 0;
    let mut all_rows = 0;
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Barrier { .. } | Stmt::Fence { .. } | Stmt::Switch { .. } => ok = false,
        Stmt::Return(_) => returns += 1,
        Stmt::Let { value, op } => {
            if matches!(
                types.get(f.value_type(*value)),
                Type::Pointer {
                    space: AddressSpace::Local,
                    ..
                }
            ) {
                ok = false;
            }
            match op {
                Op::Call { .. } if calls::is_free_call(types, f, free, op) => {}
                Op::ImageRead { image, .. }
                    if access(types, f, *image) == Some(ImageAccess::Read) => {}
                Op::ImageWrite { image, .. }
                    if access(types, f, *image) == Some(ImageAccess::Write) => {}
                Op::Call { .. }
                | Op::Atomic { .. }
                | Op::Printf { .. }
                | Op::ImageRead { .. }
                | Op::ImageWrite { .. } => ok = false,
                Op::WorkItem { query, dim } => match query {
                    WorkItemQuery::LocalId
                    | WorkItemQuery::GroupId
                    | WorkItemQuery::LocalSize
                    | WorkItemQuery::NumGroups
                    | WorkItemQuery::RowsPerInvocation => ok = false,
                    WorkItemQuery::GlobalId => match dim {
                        Dim::Const(1) => all_rows += 1,
                        Dim::Const(_) => {}
                        Dim::Dynamic(_) => ok = false,
                    },
                    _ => {}
                },
                _ => {}
            }
        }
        _ => {}
    });
    let ends_in_return = matches!(stmts.last(), Some(Stmt::Return(_)));
    ok &= returns == usize::from(ends_in_return);
    let top_rows = stmts.iter().filter(|s| rows::is_row_id(s)).count();
    let local_params = f.params.iter().any(|p| {
        matches!(
            types.get(p.ty),
            Type::Pointer {
                space: AddressSpace::Local,
                ..
            }
        )
    });
    let local_vars = f.locals.iter().any(|l| l.space == AddressSpace::Local);
    ok && top_rows > 0 && all_rows == top_rows && !local_params && !local_vars
}

/// The access qualifier of the image `v`.
fn access(types: &TypeTable, f: &Function, v: ValueId) -> Option<ImageAccess> {
    match types.get(f.value_type(v)) {
        Type::Image { access, .. } => Some(*access),
        _ => None,
    }
}

/// `f` with its two-row variant behind the launch-time test, or `None` when the variant
/// shares no load.
fn coarsened(types: &mut TypeTable, f: &Function) -> Option<Function> {
    let mut g = f.clone();
    let mut original = std::mem::take(&mut g.body.stmts);
    rows::hoist_addresses(&mut original);
    let ret = match original.last() {
        Some(Stmt::Return(_)) => original.pop(),
        _ => None,
    };
    let row_ids: Vec<ValueId> = original
        .iter()
        .filter(|s| rows::is_row_id(s))
        .map(|s| match s {
            Stmt::Let { value, .. } => *value,
            _ => unreachable!("is_row_id matched a let"),
        })
        .collect();
    let mut map0 = HashMap::default();
    let row0 = clone_fresh(&mut g, &original, &mut map0);
    let mut map1 = HashMap::default();
    let mut row1 = clone_fresh(&mut g, &original, &mut map1);
    let count = g.locals.len();
    let twins = twin_variables(&mut g, &mut row1, count, ".row1", |l| {
        l.space == AddressSpace::Private
    });
    let ids0: Vec<ValueId> = row_ids.iter().map(|v| map0[v]).collect();
    let ids1: Vec<ValueId> = row_ids.iter().map(|v| map1[v]).collect();
    let mut body = jam::jam_rows(types, &mut g, row0, row1, &ids0, twins);
    let row_id = rows::renumber(&mut g, &mut body, &ids0, &ids1)?;
    g.body.stmts = body;
    fold::fold_row_offsets(types, &mut g, row_id);
    // Cleaned up without dead-code removal, which would renumber the private variables
    // the fallback body (not in `g` yet) still names.
    for _ in 0..4 {
        let folded = const_fold::fold_function(types, &mut g);
        if !(gvn::gvn_function(&mut g) | folded) {
            break;
        }
    }
    if share::share_loads(types, &mut g) == 0 {
        return None;
    }
    gvn::gvn_function(&mut g);
    let two_rows = std::mem::take(&mut g.body.stmts);
    let u32t = types.scalar(ScalarType::U32);
    let boolt = types.scalar(ScalarType::Bool);
    let mut body = Vec::new();
    let k = g.push_let(
        &mut body,
        u32t,
        Op::WorkItem {
            query: WorkItemQuery::RowsPerInvocation,
            dim: Dim::Const(0),
        },
    );
    let two = g.push_let(&mut body, u32t, Op::Const(Const::int(ScalarType::U32, 2)));
    let cond = g.push_let(&mut body, boolt, Op::Compare(CmpOp::Eq, k, two));
    let original_size = count_stmts(&original);
    body.push(Stmt::If {
        cond,
        then_body: crate::module::Block { stmts: two_rows },
        else_body: crate::module::Block { stmts: original },
    });
    body.extend(ret);
    g.body.stmts = body;
    dce::dce_function(&mut g);
    let variant_size = g.body.stmts.iter().find_map(|s| match s {
        Stmt::If { then_body, .. } => Some(count_stmts(&then_body.stmts)),
        _ => None,
    })?;
    (variant_size <= 8 * original_size + 64).then_some(g)
}
