//! The "vectorize" stage of the CPU backend: consecutive work-items of dimension 0 run as the
//! lanes of 128-bit SIMD vectors inside a region (see `crate::codegen::vector` for the code
//! generation). This module decides, per region, whether that is possible.
//!
//! A region is vectorised when its control flow is uniform (no branch, loop exit or switch
//! depends on a varying value, see [`analysis`]), it uses no private variable kept in a stack
//! slot (one slot serves all work-items of the scalar loop), and it has no dynamic-dimension
//! work-item query. Other regions keep the scalar work-item loop.

pub mod analysis;

use oclc_ir::{Dim, Function, Op, Stmt};

use crate::plan::Plan;
pub use analysis::{analyze, Uniformity};

/// Work-items per vector chunk.
pub const LANES: usize = 4;

/// Why the region `stmts` of `func` cannot be vectorised, or `None` when it can.
pub fn region_blocker(
    func: &Function,
    plan: &Plan,
    u: &Uniformity,
    stmts: &[Stmt],
) -> Option<String> {
    let mut why: Option<String> = None;
    let block = oclc_ir::Block {
        stmts: stmts.to_vec(),
    };
    oclc_ir::walk_stmts(&block, &mut |s| {
        if why.is_some() {
            return;
        }
        why = match s {
            Stmt::If { cond, .. } if u.is_varying(*cond) => Some(format!(
                "the condition %{} of an if varies between work-items",
                cond.0
            )),
            Stmt::Loop {
                break_if: Some(c), ..
            } if u.is_varying(*c) => Some(format!(
                "the exit condition %{} of a loop varies between work-items",
                c.0
            )),
            Stmt::Switch { .. } => Some("a switch".to_string()),
            Stmt::Let { op, .. } => op_blocker(func, plan, op),
            _ => None,
        };
    });
    why
}

fn op_blocker(func: &Function, plan: &Plan, op: &Op) -> Option<String> {
    match op {
        Op::WorkItem {
            dim: Dim::Dynamic(_),
            ..
        } => Some("a work-item query with a non-constant dimension".to_string()),
        Op::Call { .. } => Some("a call".to_string()),
        Op::LocalAddr(l) => {
            let local = &func.locals[l.0 as usize];
            let in_slot = local.space != oclc_ir::AddressSpace::Local
                && !plan.promoted.contains(&l.0)
                && !plan.private_offsets.contains_key(&l.0);
            in_slot.then(|| format!("the private variable '{}' lives in memory", local.name))
        }
        _ => None,
    }
}
