//! Work-group coarsening (Vulkan): a kernel that synchronises its work-groups gets a
//! variant kernel that computes its local id in [`GROUPS_PER_INVOCATION`] work-groups per
//! invocation, each group with its own `__local` memory, all meeting at one barrier.
//!
//! Why. The GPU suite's `__local` kernels are bound by latency, not bandwidth: one load
//! per work-item, then barriers. Written by hand (bench/probes/coarsen_groups.cl), four
//! groups per invocation ran the tree reduction of 64M floats in 0.44x the time (0.31 ->
//! 0.70 of the copy kernel's bandwidth) and the tiled 8192x8192 transpose in 0.66x (0.62
//! -> 0.94) on an H100 (bench/results/gpu-coarsen-groups.txt).
//!
//! The launch contract. The variant is a second kernel of the module, `NAME.groups4`
//! (`variant_of` names the original, whose `groups_variant` names it, with the dimension
//! `D` and the factor 4); the original stays as it was. A launcher may run the variant
//! instead, dispatching a quarter of the work-groups along `D` with the argument block of
//! the user's launch. Copy `c` of the body is work-group `4 g + c` along `D`, `g` being the
//! dispatched group: its `get_group_id(D)`, `get_global_id(D)` and `get_num_groups(D)` are
//! rewritten so (`get_global_id(D)` as the group's first id plus `get_local_id(D)` and
//! `get_global_offset(D)`). `D` is the highest dimension the kernel's work-item queries
//! name. Why a second kernel and not a branch on a launch-time constant: with the branch,
//! NVIDIA's driver kept the variant's cost when the launch did not take it (the 8192x8192
//! `transpose_rows` ran 1.6x slower), while a second entry point costs a launch that does
//! not use it nothing.
//!
//! Rules. The kernel has a barrier, returns only at its end, names no dimension by a
//! run-time value, prints nothing, calls only helpers that are functions of their
//! arguments (`coarsen_rows::calls`), and reaches its barriers alike in every work-group
//! (`analysis::group_invariant`): every branch or loop that holds a barrier (or leaves a
//! loop that does) is decided by values equal in every work-group, so it runs once for all
//! copies ([`jam`]); a `switch` holding one makes the pass leave the kernel alone. A value
//! equal in every work-group (a loop counter, the local size halved) is computed once for
//! all copies, and a branch on one runs once ([`shared`], [`jam`]). Each
//! `__local` pointer argument gets a twin argument per copy after the first
//! ([`own_local_arguments`]), which the launcher sizes as the user's.
//!
//! That is a schedule OpenCL allows: each group's work-items still meet at each barrier
//! before any passes it, and work-items of different groups may interleave freely.

mod jam;
mod shared;

use crate::diag::refusal::Refusal;
use crate::module::{count_stmts, FuncId, Function, FunctionKind, GroupsVariant, Module, Stmt};
use crate::op::{BinaryOp, Const, Dim, Op, ValueId, WorkItemQuery};
use crate::pipeline::Pass;
use crate::types::{AddressSpace, ScalarType, Type, TypeTable};

use super::clone::{clone_fresh, twin_variables};
use super::coarsen_rows::calls;
use super::{dce, forward_loads, gvn};
use crate::fx::{HashMap, HashSet};
use crate::visit::replace_uses;

/// The work-groups an invocation computes in the coarsened variant.
pub const GROUPS_PER_INVOCATION: u32 = 4;

/// The largest body (in statements) the pass copies.
const MAX_BODY: usize = 2000;

/// The work-group coarsening pass (see the module documentation).
pub struct CoarsenGroups;

impl Pass for CoarsenGroups {
    fn name(&self) -> &'static str {
        "coarsen_groups"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        if module.volatile_memory {
            return Ok(false);
        }
        let mut changed = false;
        let free = calls::free_helpers(module);
        for i in 0..module.functions.len() {
            let f = &module.functions[i];
            let made = match &f.kind {
                FunctionKind::Kernel(a) => a.groups_variant.is_some() || a.variant_of.is_some(),
                FunctionKind::Helper => true,
            };
            if made {
                continue;
            }
            let Some(dim) = eligible(&module.types, &free, f) else {
                continue;
            };
            if !crate::analysis::barriers_alike_in_every_group(module, FuncId(i as u32)) {
                continue;
            }
            let varying = crate::analysis::group_varying_values(module, FuncId(i as u32));
            let f = &module.functions[i];
            let g = coarsened(&mut module.types, f, dim, &varying);
            if let FunctionKind::Kernel(attrs) = &mut module.functions[i].kind {
                attrs.groups_variant = Some(GroupsVariant {
                    kernel: g.name.clone(),
                    dim,
                    factor: GROUPS_PER_INVOCATION,
                });
            }
            module.functions.push(g);
            changed = true;
        }
        Ok(changed)
    }
}

/// The dimension to coarsen along when `f` qualifies (see the module documentation).
fn eligible(types: &TypeTable, free: &HashSet<FuncId>, f: &Function) -> Option<u32> {
    let stmts = &f.body.stmts;
    let mut ok = true;
    let mut returns = 0;
    let mut barriers = 0;
    let mut dim = 0;
    crate::module::walk_stmts(&f.body, &mut |s| match s {
        Stmt::Barrier { .. } => barriers += 1,
        Stmt::Return(_) => returns += 1,
        Stmt::Let { op, .. } => match op {
            Op::Call { .. } => ok &= calls::is_free_call(types, f, free, op),
            Op::Printf { .. } => ok = false,
            Op::WorkItem { query, dim: d } => match (query, d) {
                (WorkItemQuery::RowsPerInvocation, _) => ok = false,
                (WorkItemQuery::WorkDim, _) => {}
                (_, Dim::Dynamic(_)) => ok = false,
                (_, Dim::Const(d)) if *d < 3 => dim = dim.max(*d),
                _ => {}
            },
            _ => {}
        },
        _ => {}
    });
    let ends_in_return = matches!(stmts.last(), Some(Stmt::Return(_)));
    ok &= returns == usize::from(ends_in_return) && barriers > 0;
    ok &= count_stmts(stmts) <= MAX_BODY;
    let switch_waits = |s: &Stmt| matches!(s, Stmt::Switch { .. }) && jam::synchronises(s, false);
    let mut waits_in_switch = false;
    crate::module::walk_stmts(&f.body, &mut |s| waits_in_switch |= switch_waits(s));
    (ok && !waits_in_switch).then_some(dim)
}

/// The coarsened variant of `f`, whose values in `varying` may differ between work-groups.
fn coarsened(
    types: &mut TypeTable,
    f: &Function,
    dim: u32,
    varying: &HashSet<ValueId>,
) -> Function {
    let shareable = shared::shareable_values(types, f, varying);
    let mut g = f.clone();
    g.name = format!("{}.groups{GROUPS_PER_INVOCATION}", f.name);
    if let FunctionKind::Kernel(attrs) = &mut g.kind {
        attrs.groups_variant = None;
        attrs.variant_of = Some(f.name.clone());
    }
    let mut original = std::mem::take(&mut g.body.stmts);
    let ret = match original.last() {
        Some(Stmt::Return(_)) => original.pop(),
        _ => None,
    };
    let u64t = types.scalar(ScalarType::U64);
    let (variables, params) = (g.locals.len(), g.params.len());
    let mut copies = Vec::new();
    let mut invariant = HashSet::default();
    for c in 0..GROUPS_PER_INVOCATION {
        let mut map = HashMap::default();
        let mut copy = clone_fresh(&mut g, &original, &mut map);
        if c == 0 {
            invariant = shareable
                .iter()
                .filter_map(|v| map.get(v).copied())
                .collect();
        } else {
            twin_variables(&mut g, &mut copy, variables, &format!(".group{c}"), |_| {
                true
            });
            own_local_arguments(types, &mut g, params, &mut copy, c);
        }
        copy = regroup(&mut g, copy, dim, c, u64t);
        copies.push(copy);
    }
    let mut body = jam::jam(copies, &invariant);
    body.extend(ret);
    g.body.stmts = body;
    forward_loads::forward_function(types, &mut g);
    gvn::gvn_function(&mut g);
    dce::dce_function(&mut g);
    g
}

/// Gives copy `c` of the body its own `__local` pointer arguments: one more parameter per
/// `__local` parameter among the kernel's first `params` (its own), appended in order
/// (`NAME.groupC`), which a launcher passes a buffer of the original's size.
fn own_local_arguments(
    types: &TypeTable,
    f: &mut Function,
    params: usize,
    stmts: &mut Vec<Stmt>,
    c: u32,
) {
    let mut map = HashMap::default();
    let locals: Vec<_> = f.params[..params]
        .iter()
        .filter(|p| {
            matches!(
                types.get(p.ty),
                Type::Pointer {
                    space: AddressSpace::Local,
                    ..
                }
            )
        })
        .cloned()
        .collect();
    for p in locals {
        let value = f.new_value(p.ty);
        map.insert(p.value, value);
        f.params.push(crate::module::Param {
            name: format!("{}.group{c}", p.name),
            value,
            ..p
        });
    }
    let mut block = crate::module::Block {
        stmts: std::mem::take(stmts),
    };
    replace_uses(&mut block, &map);
    *stmts = block.stmts;
}

/// Copy `c`'s statements with its group's queries along `dim`: group `4 g + c`, its
/// global ids `(4 g + c) * local_size + local_id + offset`, and the user's group count.
fn regroup(
    f: &mut Function,
    stmts: Vec<Stmt>,
    dim: u32,
    c: u32,
    u64t: crate::types::TypeId,
) -> Vec<Stmt> {
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in stmts {
        for b in s.child_blocks_mut() {
            let inner = std::mem::take(&mut b.stmts);
            b.stmts = regroup(f, inner, dim, c, u64t);
        }
        let Stmt::Let {
            value,
            op:
                Op::WorkItem {
                    query,
                    dim: Dim::Const(d),
                },
        } = &s
        else {
            out.push(s);
            continue;
        };
        if *d != dim {
            out.push(s);
            continue;
        }
        let (value, query) = (*value, *query);
        let q = |f: &mut Function, out: &mut Vec<Stmt>, query| {
            f.push_let(
                out,
                u64t,
                Op::WorkItem {
                    query,
                    dim: Dim::Const(dim),
                },
            )
        };
        let k = |f: &mut Function, out: &mut Vec<Stmt>, n: u32| {
            f.push_let(out, u64t, Op::Const(Const::int(ScalarType::U64, n as i64)))
        };
        let per = GROUPS_PER_INVOCATION;
        let last = match query {
            WorkItemQuery::GroupId | WorkItemQuery::GlobalId => {
                let g = q(f, &mut out, WorkItemQuery::GroupId);
                let n = k(f, &mut out, per);
                let scaled = f.push_let(&mut out, u64t, Op::Binary(BinaryOp::Mul, g, n));
                let cc = k(f, &mut out, c);
                if query == WorkItemQuery::GroupId {
                    Op::Binary(BinaryOp::Add, scaled, cc)
                } else {
                    let group = f.push_let(&mut out, u64t, Op::Binary(BinaryOp::Add, scaled, cc));
                    let size = q(f, &mut out, WorkItemQuery::LocalSize);
                    let first = f.push_let(&mut out, u64t, Op::Binary(BinaryOp::Mul, group, size));
                    let lid = q(f, &mut out, WorkItemQuery::LocalId);
                    let at = f.push_let(&mut out, u64t, Op::Binary(BinaryOp::Add, first, lid));
                    let off = q(f, &mut out, WorkItemQuery::GlobalOffset);
                    Op::Binary(BinaryOp::Add, at, off)
                }
            }
            WorkItemQuery::NumGroups => {
                let n = q(f, &mut out, WorkItemQuery::NumGroups);
                let per = k(f, &mut out, per);
                Op::Binary(BinaryOp::Mul, n, per)
            }
            _ => {
                out.push(s);
                continue;
            }
        };
        out.push(Stmt::Let { value, op: last });
    }
    out
}
