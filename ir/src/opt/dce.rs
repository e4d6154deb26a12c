//! Dead-code elimination: removes `let`s whose value is never read and whose operation has
//! no side effect (pure operations and loads; calls are kept), statements after a `break`,
//! `continue` or `return` in the same block, `if`s with two empty branches, and private
//! variables whose address is never taken (renumbering the remaining ones).
//!
//! It does not remove stores (even to variables never read), empty loops (they may not
//! terminate), or `__local` variables.

use crate::module::{walk_stmts, Block, Function, LocalId, Module, Stmt};
use crate::op::Op;
use crate::pipeline::FunctionPass;
use crate::types::AddressSpace;
use crate::visit::{stmt_uses_each, use_counts, UseCounts};

/// The dead-code elimination pass.
pub struct Dce;

impl FunctionPass for Dce {
    fn name(&self) -> &'static str {
        "dce"
    }

    fn run_function(&self, module: &mut Module, index: usize) -> bool {
        dce_function(&mut module.functions[index])
    }
}

/// Removes dead code from one function; returns true when it changed.
pub fn dce_function(func: &mut Function) -> bool {
    let mut changed = false;
    // A sweep visits statements last to first and forgets the uses of what it removes, so
    // a dead chain goes in one sweep; another sweep is needed only after unreachable code
    // was cut (its uses were not forgotten). The number of statements bounds the sweeps.
    loop {
        let mut counts = use_counts(&func.body);
        if !sweep(&mut func.body, &mut counts) {
            break;
        }
        changed = true;
    }
    changed |= remove_unused_locals(func);
    changed
}

/// True when `stmt` can be dropped given how often each value is read.
fn is_dead(stmt: &Stmt, counts: &UseCounts) -> bool {
    match stmt {
        Stmt::Let { value, op } => {
            !counts.is_used(*value) && (op.is_pure() || matches!(op, Op::Load { .. }))
        }
        Stmt::If {
            then_body,
            else_body,
            ..
        } => then_body.stmts.is_empty() && else_body.stmts.is_empty(),
        _ => false,
    }
}

/// One pass over `block` and its nested blocks, last statement first; returns true when
/// anything was removed.
fn sweep(block: &mut Block, counts: &mut UseCounts) -> bool {
    let mut changed = false;
    if let Some(end) = block
        .stmts
        .iter()
        .position(|s| matches!(s, Stmt::Break | Stmt::Continue | Stmt::Return(_)))
    {
        if end + 1 < block.stmts.len() {
            block.stmts.truncate(end + 1);
            changed = true;
        }
    }
    let mut keep = vec![true; block.stmts.len()];
    for (i, stmt) in block.stmts.iter_mut().enumerate().rev() {
        // Nested blocks last to first as well (a switch's cases included).
        for b in stmt.child_blocks_mut().rev() {
            changed |= sweep(b, counts);
        }
        if is_dead(stmt, counts) {
            stmt_uses_each(stmt, &mut |v| counts.forget_one(v));
            keep[i] = false;
            changed = true;
        }
    }
    let mut flags = keep.into_iter();
    block.stmts.retain(|_| flags.next().unwrap_or(true));
    changed
}

/// Drops private variables that no `local_addr` names and renumbers the rest.
pub(crate) fn remove_unused_locals(func: &mut Function) -> bool {
    let mut addressed = vec![false; func.locals.len()];
    walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let {
            op: Op::LocalAddr(l),
            ..
        } = s
        {
            if let Some(a) = addressed.get_mut(l.0 as usize) {
                *a = true;
            }
        }
    });
    let keep: Vec<bool> = func
        .locals
        .iter()
        .zip(&addressed)
        .map(|(l, a)| *a || l.space != AddressSpace::Private)
        .collect();
    if keep.iter().all(|k| *k) {
        return false;
    }
    let mut new_id = Vec::with_capacity(keep.len());
    let mut next = 0u32;
    for k in &keep {
        new_id.push(LocalId(next));
        next += u32::from(*k);
    }
    let mut i = 0;
    func.locals.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    renumber_locals(&mut func.body, &new_id);
    true
}

fn renumber_locals(block: &mut Block, new_id: &[LocalId]) {
    for stmt in &mut block.stmts {
        match stmt {
            Stmt::Let {
                op: Op::LocalAddr(l),
                ..
            } => {
                if let Some(n) = new_id.get(l.0 as usize) {
                    *l = *n;
                }
            }
            // Switch cases too (they were missed once, leaving stale variable numbers).
            other => {
                for b in other.child_blocks_mut() {
                    renumber_locals(b, new_id);
                }
            }
        }
    }
}
