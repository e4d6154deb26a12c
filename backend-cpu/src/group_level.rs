//! What a kernel with barriers keeps once per work-group instead of once per work-item.
//!
//! With the group-wide uniformity analysis ([`crate::vectorize::analyze_group`]):
//! - a state variable ([`crate::plan::Plan::in_state`]) that holds the same value in every
//!   work-item (`for (t = 0; t < n; t += TILE)` around a barrier) and a spilled value that is
//!   the same for the whole group live in one *group slot*. A region that writes such a
//!   variable starts every work-item from the value the slot held when the region began, so
//!   the work-items that run after the first still see the old value;
//! - a region whose statements compute only such values and write nothing but such variables
//!   (`k >>= 1` in the continuing block of a loop with a barrier) runs *once* for the group,
//!   as work-item 0, instead of once per work-item.

use std::collections::{HashMap, HashSet};

use oclc_ir::{Block, Function, Op, Stmt, TypeTable, ValueId};

use crate::plan::{run_key, split, Part, Plan, RegionKey};
use crate::vectorize::Uniformity;

/// Where group-level values live.
#[derive(Debug, Default)]
pub struct GroupLevel {
    /// Offset in the group slot of each group-level state variable.
    pub vars: HashMap<u32, u64>,
    /// Offset in the group slot of each group-level spilled value.
    pub spills: HashMap<ValueId, u64>,
    /// Size of the group slot in bytes.
    pub size: u64,
    /// Regions that run once for the group.
    pub once: HashSet<RegionKey>,
}

/// Plans the group-level values of `func` (a kernel with barriers planned as far as its
/// state variables and spills).
pub fn plan_group_level(types: &TypeTable, func: &Function, plan: &Plan) -> GroupLevel {
    let u = crate::vectorize::analyze_group(func);
    let mut g = GroupLevel::default();
    let mut at = 0u64;
    let mut place = |ty: oclc_ir::TypeId| {
        let lay = types.layout(ty);
        at = at.next_multiple_of(lay.align.max(1));
        let off = at;
        at += lay.size.max(1);
        off
    };
    let mut vars: Vec<u32> = plan
        .in_state
        .iter()
        .copied()
        .filter(|l| !u.varying_locals.contains(l))
        .collect();
    vars.sort();
    for l in vars {
        g.vars.insert(l, place(func.locals[l as usize].ty));
    }
    let mut spills: Vec<ValueId> = plan
        .spills
        .keys()
        .copied()
        .filter(|v| !u.is_varying(*v))
        .collect();
    spills.sort();
    for v in spills {
        g.spills.insert(v, place(func.value_type(v)));
    }
    g.size = at;
    // Variables kept in registers that every work-item of a once region sees alike.
    let mut regs: HashSet<u32> = g.vars.keys().copied().collect();
    regs.extend(
        plan.promoted
            .iter()
            .filter(|l| !u.varying_locals.contains(l)),
    );
    once_regions(&func.body, &u, &regs, &mut g.once);
    g
}

fn once_regions(block: &Block, u: &Uniformity, vars: &HashSet<u32>, out: &mut HashSet<RegionKey>) {
    for part in split(block) {
        match part {
            Part::Run(run) => {
                if run.iter().all(|s| runs_once(s, u, vars)) {
                    out.insert(run_key(run));
                }
            }
            Part::Group(s) => match s {
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    once_regions(then_body, u, vars, out);
                    once_regions(else_body, u, vars, out);
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    once_regions(body, u, vars, out);
                    once_regions(continuing, u, vars, out);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        once_regions(&c.body, u, vars, out);
                    }
                }
                _ => {}
            },
        }
    }
}

/// True when statement `s` computes the same for every work-item of the group and has no
/// effect but on the register variables `vars` that hold the same value in every work-item.
fn runs_once(s: &Stmt, u: &Uniformity, vars: &HashSet<u32>) -> bool {
    let group_var = |ptr: &ValueId| u.addr_of.get(ptr).is_some_and(|l| vars.contains(l));
    match s {
        Stmt::Let {
            op: Op::LocalAddr(l),
            ..
        } if vars.contains(&l.0) => true,
        Stmt::Let { value, op } => {
            !u.is_varying(*value)
                && !matches!(
                    op,
                    Op::Atomic { .. } | Op::Printf { .. } | Op::Call { .. } | Op::ImageWrite { .. }
                )
        }
        Stmt::Store { ptr, value } => group_var(ptr) && !u.is_varying(*value),
        Stmt::If {
            cond,
            then_body,
            else_body,
        } => {
            !u.is_varying(*cond)
                && then_body
                    .stmts
                    .iter()
                    .chain(&else_body.stmts)
                    .all(|s| runs_once(s, u, vars))
        }
        Stmt::Loop {
            body,
            continuing,
            break_if,
            ..
        } => {
            !break_if.is_some_and(|c| u.is_varying(c))
                && body
                    .stmts
                    .iter()
                    .chain(&continuing.stmts)
                    .all(|s| runs_once(s, u, vars))
        }
        Stmt::Switch { selector, cases } => {
            !u.is_varying(*selector)
                && cases
                    .iter()
                    .all(|c| c.body.stmts.iter().all(|s| runs_once(s, u, vars)))
        }
        Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Fence { .. } => true,
        Stmt::Barrier { .. } => false,
    }
}
