//! The coarsened body: `C` copies of the kernel body, one per work-group, jammed so that
//! every copy reaches each barrier at the same statement. Statements run in rows, one
//! statement of each copy in copy order: a barrier runs once; a branch or loop holding a
//! barrier (or a `break`/`continue` of a loop so run) runs once, on copy 0's condition
//! (the copies' conditions are equal: `analysis::group_invariant`), with its blocks jammed
//! in turn; other statements run once per copy.
//!
//! Shared values. At the start of each row every copy has run the same statements, so a
//! value equal in every work-group (group-invariant) is equal in every copy: a row that
//! defines one by a pure operation or a load (of a group-invariant private variable, or of
//! `__constant` data) is kept for copy 0 alone, and the later copies use copy 0's value.
//! Then a row of branches on one shared condition runs once too, its blocks jammed (the
//! copies take the same branch), so a tree reduction's `if (lid < s)` tests once for all.

use crate::fx::{HashMap, HashSet};
use crate::module::{Block, Stmt};
use crate::op::{Op, ValueId};
use crate::visit::{block_uses_mut, resolve, stmt_uses_mut};

/// Jams `copies` (clones of one statement list, in copy order) into one list;
/// `invariant` holds copy 0's group-invariant values.
pub(super) fn jam(copies: Vec<Vec<Stmt>>, invariant: &HashSet<ValueId>) -> Vec<Stmt> {
    let mut jammer = Jammer {
        invariant,
        shared: HashMap::default(),
    };
    jammer.jam(copies)
}

/// The jamming state: which later copies' values became copy 0's.
struct Jammer<'a> {
    invariant: &'a HashSet<ValueId>,
    /// A later copy's value -> copy 0's equal value.
    shared: HashMap<ValueId, ValueId>,
}

impl Jammer<'_> {
    fn jam(&mut self, copies: Vec<Vec<Stmt>>) -> Vec<Stmt> {
        let mut iters: Vec<_> = copies.into_iter().map(Vec::into_iter).collect();
        let mut out = Vec::new();
        loop {
            let mut row: Vec<Stmt> = iters.iter_mut().filter_map(Iterator::next).collect();
            if row.is_empty() {
                return out;
            }
            for s in &mut row[1..] {
                self.rename(s);
            }
            if self.share(&row) {
                out.push(row.swap_remove(0));
            } else if synchronises(&row[0], false) || one_branch(&row) {
                out.push(self.jam_one(row));
            } else {
                out.extend(row);
            }
        }
    }

    /// Uses copy 0's values in `s` where they replaced a later copy's.
    fn rename(&self, s: &mut Stmt) {
        if self.shared.is_empty() {
            return;
        }
        let mut to_copy_0 = |v: &mut ValueId| *v = resolve(&self.shared, *v);
        stmt_uses_mut(s, &mut to_copy_0);
        for b in s.child_blocks_mut() {
            block_uses_mut(b, &mut to_copy_0);
        }
    }

    /// When `row` defines a group-invariant value without side effects, records copy 0's
    /// value for every later copy's and returns true.
    fn share(&mut self, row: &[Stmt]) -> bool {
        let Stmt::Let { value, op } = &row[0] else {
            return false;
        };
        let shareable = op.is_pure() || matches!(op, Op::Load { .. });
        if !shareable || !self.invariant.contains(value) {
            return false;
        }
        for s in &row[1..] {
            if let Stmt::Let { value: later, .. } = s {
                self.shared.insert(*later, *value);
            }
        }
        true
    }

    /// One statement that synchronises, from its copies.
    fn jam_one(&mut self, row: Vec<Stmt>) -> Stmt {
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
                    then_body: Block {
                        stmts: self.jam(thens),
                    },
                    else_body: Block {
                        stmts: self.jam(elses),
                    },
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
                    body: Block {
                        stmts: self.jam(bodies),
                    },
                    continuing: Block {
                        stmts: self.jam(conts),
                    },
                    break_if,
                    unroll,
                }
            }
            // A barrier, or a `break`/`continue` of a jammed loop: once for every copy. (A
            // switch that synchronises never gets here: `super::eligible` refuses its kernel.)
            other => other,
        }
    }
}

/// Whether `row` is a branch on one condition value in every copy.
fn one_branch(row: &[Stmt]) -> bool {
    let Stmt::If { cond, .. } = &row[0] else {
        return false;
    };
    row.iter()
        .all(|s| matches!(s, Stmt::If { cond: c, .. } if c == cond))
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
