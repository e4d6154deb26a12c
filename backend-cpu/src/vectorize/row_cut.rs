//! Row cut-off: a region that does nothing for the work-items past a point of each row.
//!
//! A tree reduction's regions are `if (lid < k) s[lid] += s[lid + k];` with `k` halving
//! from one barrier to the next, and its last is `if (lid == 0) out[g] = s[0];`. The
//! work-item loop of such a region would run every chunk of the row to find that a few
//! have work. When the region is a run of side-effect-free `let`s (none of whose values
//! another region reads) and of exits under conditions the same across the row (a loop's
//! `if (k == 0) break;`), ending in an `if` with no `else` whose condition holds for a
//! prefix of the row (`lid0 < k`, `lid0 <= k`, `k > lid0`, `k >= lid0` with `k` the same
//! across the row, or `lid0 == 0`), a chunk in which no lane takes the `if` means no later
//! chunk of the row will: the chunk loop leaves the row there.

use std::collections::{HashMap, HashSet};

use oclc_ir::{CmpOp, Dim, Function, Op, Stmt, TypeTable, ValueId, WorkItemQuery};

use super::Uniformity;
use crate::plan::Plan;

/// A region that does nothing past a point of each row (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowCut {
    /// The condition of the region's final `if`.
    pub cond: ValueId,
    /// How many leading work-items of each row take the `if`, when that is a constant and
    /// the region has no exit before it.
    pub limit: Option<u64>,
}

/// The cut of region `stmts` when it can leave each row at the first chunk in which no lane
/// takes its final `if` (see the module documentation).
pub fn row_cut(
    types: &TypeTable,
    f: &Function,
    plan: &Plan,
    u: &Uniformity,
    consts: &HashMap<ValueId, i64>,
    stmts: &[Stmt],
) -> Option<RowCut> {
    let (
        Stmt::If {
            cond, else_body, ..
        },
        lets,
    ) = stmts.split_last()?
    else {
        return None;
    };
    if !else_body.stmts.is_empty() {
        return None;
    }
    let mut cond_op = None;
    let mut exits = false;
    for s in lets {
        match s {
            Stmt::Let { value, op } => {
                let reads_only = op.is_pure() || matches!(op, Op::Load { .. });
                if !reads_only || plan.spills.contains_key(value) {
                    return None;
                }
                if value == cond {
                    cond_op = Some(op);
                }
            }
            // A loop's exit test (`if (k == 0) break;`): the whole row leaves alike.
            Stmt::If {
                cond,
                then_body,
                else_body,
            } if !u.is_varying(*cond)
                && only_exits(&then_body.stmts)
                && only_exits(&else_body.stmts) =>
            {
                exits = true;
            }
            _ => return None,
        }
    }
    let Some(Op::Compare(cmp, a, b)) = cond_op else {
        return None;
    };
    let ids = local_id0_values(types, f);
    let lid = |v: &ValueId| ids.contains(v);
    let row_uniform = |v: &ValueId| !u.is_varying(*v);
    let prefix = match cmp {
        CmpOp::Lt | CmpOp::Le => lid(a) && row_uniform(b),
        CmpOp::Gt | CmpOp::Ge => lid(b) && row_uniform(a),
        CmpOp::Eq => (lid(a) && consts.get(b) == Some(&0)) || (lid(b) && consts.get(a) == Some(&0)),
        CmpOp::Ne => false,
    };
    if !prefix {
        return None;
    }
    let limit = if exits {
        None
    } else {
        let signed = types
            .scalar_of(f.value_type(*a))
            .is_some_and(|s| s.is_signed());
        prefix_length(*cmp, consts.get(a), consts.get(b), signed)
    };
    Some(RowCut { cond: *cond, limit })
}

/// How many local ids `0, 1, ...` satisfy `a cmp b` (one side the local id, the other the
/// constant when known), or `None` when the constant is not known or (an unsigned 64-bit
/// one past `i64::MAX`) exceeds any row.
fn prefix_length(cmp: CmpOp, a: Option<&i64>, b: Option<&i64>, signed: bool) -> Option<u64> {
    let (bound, inclusive) = match cmp {
        CmpOp::Lt => (*b?, false),
        CmpOp::Le => (*b?, true),
        CmpOp::Gt => (*a?, false),
        CmpOp::Ge => (*a?, true),
        CmpOp::Eq => return Some(1),
        CmpOp::Ne => return None,
    };
    if bound < 0 {
        return signed.then_some(0);
    }
    Some(bound as u64 + u64::from(inclusive))
}

/// True when `stmts` only leave the region (`break`, `continue`, `return` without a value)
/// or are empty.
fn only_exits(stmts: &[Stmt]) -> bool {
    stmts
        .iter()
        .all(|s| matches!(s, Stmt::Break | Stmt::Continue | Stmt::Return(None)))
}

/// The values of `f` that are `get_local_id(0)`, possibly converted to another integer type
/// of at least 16 bits (which keeps every local id: work-groups have at most 4096
/// work-items). Definitions come before uses in the structured IR, so one walk finds them.
fn local_id0_values(types: &TypeTable, f: &Function) -> HashSet<ValueId> {
    let mut ids = HashSet::new();
    oclc_ir::walk_stmts(&f.body, &mut |s| match s {
        Stmt::Let {
            value,
            op:
                Op::WorkItem {
                    query: WorkItemQuery::LocalId,
                    dim: Dim::Const(0),
                },
        } => {
            ids.insert(*value);
        }
        Stmt::Let {
            value,
            op:
                Op::Convert {
                    value: from,
                    to,
                    saturate: false,
                    ..
                },
        } if ids.contains(from)
            && types
                .scalar_of(*to)
                .is_some_and(|s| s.is_int() && s.bits() >= 16) =>
        {
            ids.insert(*value);
        }
        _ => {}
    });
    ids
}
