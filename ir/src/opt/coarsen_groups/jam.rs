//! The coarsened body: `C` copies of the kernel body, one per work-group, jammed so that
//! every copy reaches each barrier at the same statement. Statements without a barrier
//! run once per copy, in order; a barrier runs once; a branch or loop holding a barrier
//! (or a `break`/`continue` of a loop so run) runs once, on copy 0's condition (the
//! copies' conditions are equal: [`super::variance`]), with its blocks jammed in turn.

use crate::module::{Block, Stmt};

/// Jams `copies` (clones of one statement list, in copy order) into one list.
pub(super) fn jam(copies: Vec<Vec<Stmt>>) -> Vec<Stmt> {
    let mut iters: Vec<_> = copies.into_iter().map(Vec::into_iter).collect();
    let mut out = Vec::new();
    loop {
        let row: Vec<Stmt> = iters.iter_mut().filter_map(Iterator::next).collect();
        if row.is_empty() {
            return out;
        }
        if !synchronises(&row[0], false) {
            out.extend(row);
            continue;
        }
        out.push(jam_one(row));
    }
}

/// One statement that synchronises, from its copies.
fn jam_one(row: Vec<Stmt>) -> Stmt {
    let mut row = row.into_iter();
    let first = row.next().expect("at least one copy");
    match first {
        Stmt::If {
            cond,
            then_body,
            else_body,
        } => {
            let (mut thens, mut elses) = (vec![then_body.stmts], vec![else_body.stmts]);
            for s in row {
                if let Stmt::If {
                    then_body,
                    else_body,
                    ..
                } = s
                {
                    thens.push(then_body.stmts);
                    elses.push(else_body.stmts);
                }
            }
            Stmt::If {
                cond,
                then_body: Block { stmts: jam(thens) },
                else_body: Block { stmts: jam(elses) },
            }
        }
        Stmt::Loop {
            body,
            continuing,
            break_if,
            unroll,
        } => {
            let (mut bodies, mut conts) = (vec![body.stmts], vec![continuing.stmts]);
            for s in row {
                if let Stmt::Loop {
                    body, continuing, ..
                } = s
                {
                    bodies.push(body.stmts);
                    conts.push(continuing.stmts);
                }
            }
            Stmt::Loop {
                body: Block { stmts: jam(bodies) },
                continuing: Block { stmts: jam(conts) },
                break_if,
                unroll,
            }
        }
        // A barrier, or a `break`/`continue` of a jammed loop: once for every copy. (A
        // switch that synchronises never gets here: `super::eligible` refuses its kernel.)
        other => other,
    }
}

/// Whether `s` must run once for all copies: it is or holds a barrier, or a `break` or
/// `continue` that leaves it for the loop around it (`in_switch`: a `break` inside a
/// switch leaves only the switch).
pub(super) fn synchronises(s: &Stmt, in_switch: bool) -> bool {
    match s {
        Stmt::Barrier { .. } | Stmt::Continue => true,
        Stmt::Break => !in_switch,
        Stmt::Loop { .. } => holds_barrier(s),
        Stmt::Switch { cases, .. } => cases
            .iter()
            .any(|c| c.body.stmts.iter().any(|s| synchronises(s, true))),
        Stmt::If { .. } => s
            .child_blocks()
            .any(|b| b.stmts.iter().any(|s| synchronises(s, in_switch))),
        _ => false,
    }
}

/// Whether `s` is or holds a barrier.
fn holds_barrier(s: &Stmt) -> bool {
    matches!(s, Stmt::Barrier { .. }) || s.child_blocks().any(|b| b.stmts.iter().any(holds_barrier))
}
