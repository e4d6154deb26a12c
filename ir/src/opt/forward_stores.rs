//! Forwarding of private variables stored once: `lid = get_local_id(0);` at the top of a
//! kernel makes every later `lid` read the stored value itself, so the value is an SSA
//! value a backend can keep in a register or recompute (the CPU backend recomputes
//! work-item queries in each barrier region instead of keeping them per work-item).
//!
//! A private variable qualifies when its address is used only to load and store it, it is
//! stored exactly once, by a statement at the top level of the function body (so it runs
//! exactly once, before everything after it), and every load comes after that statement.

use crate::fx::{HashMap, HashSet};

use crate::module::{walk_stmts, Function, Stmt};
use crate::op::{Op, ValueId};
use crate::types::AddressSpace;
use crate::visit::{replace_uses, stmt_uses};

/// Forwards the stored value to the loads of every qualifying variable of `func`; the loads
/// and the store are removed (the address computations are left to dead-code elimination).
/// Returns how many variables were forwarded.
pub fn forward_single_stores(func: &mut Function) -> usize {
    // The address values of each private variable.
    let mut addr_of: HashMap<ValueId, u32> = HashMap::default();
    walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::LocalAddr(l),
        } = s
        {
            if func.locals[l.0 as usize].space == AddressSpace::Private {
                addr_of.insert(*value, l.0);
            }
        }
    });
    // Variables whose address is used other than as a load's or a store's pointer.
    let mut escaping: HashSet<u32> = HashSet::default();
    let mut stores: HashMap<u32, usize> = HashMap::default();
    walk_stmts(&func.body, &mut |s| {
        let pointer_use = match s {
            Stmt::Let {
                op: Op::Load { ptr },
                ..
            } => Some(*ptr),
            Stmt::Store { ptr, value } => {
                if let Some(l) = addr_of.get(ptr) {
                    *stores.entry(*l).or_insert(0) += 1;
                }
                if let Some(l) = addr_of.get(value) {
                    escaping.insert(*l);
                }
                Some(*ptr)
            }
            _ => None,
        };
        for v in stmt_uses(s) {
            if Some(v) != pointer_use {
                if let Some(l) = addr_of.get(&v) {
                    escaping.insert(*l);
                }
            }
        }
    });
    // The single top-level store of each candidate: its position and the stored value.
    let mut store_at: HashMap<u32, (usize, ValueId)> = HashMap::default();
    for (i, s) in func.body.stmts.iter().enumerate() {
        if let Stmt::Store { ptr, value } = s {
            if let Some(l) = addr_of.get(ptr) {
                if stores.get(l) == Some(&1) && !escaping.contains(l) {
                    store_at.insert(*l, (i, *value));
                }
            }
        }
    }
    // Every load must come after the store: in a later top-level statement.
    let mut forward: HashMap<ValueId, ValueId> = HashMap::default();
    let mut too_early: HashSet<u32> = HashSet::default();
    let mut loads: Vec<(u32, ValueId)> = Vec::new();
    for (i, top) in func.body.stmts.iter().enumerate() {
        let mut visit = |s: &Stmt| {
            if let Stmt::Let {
                value,
                op: Op::Load { ptr },
            } = s
            {
                if let Some(l) = addr_of.get(ptr) {
                    match store_at.get(l) {
                        Some((at, _)) if *at < i => loads.push((*l, *value)),
                        Some(_) => {
                            too_early.insert(*l);
                        }
                        None => {}
                    }
                }
            }
        };
        visit(top);
        for b in nested(top) {
            walk_stmts(b, &mut visit);
        }
    }
    for (l, load) in loads {
        if !too_early.contains(&l) {
            forward.insert(load, store_at[&l].1);
        }
    }
    let forwarded: HashSet<u32> = store_at
        .keys()
        .copied()
        .filter(|l| !too_early.contains(l))
        .collect();
    if forwarded.is_empty() {
        return 0;
    }
    remove_accesses(&mut func.body, &addr_of, &forwarded);
    replace_uses(&mut func.body, &forward);
    forwarded.len()
}

/// The blocks nested in a statement (read-only).
fn nested(s: &Stmt) -> Vec<&crate::module::Block> {
    match s {
        Stmt::If {
            then_body,
            else_body,
            ..
        } => vec![then_body, else_body],
        Stmt::Loop {
            body, continuing, ..
        } => vec![body, continuing],
        Stmt::Switch { cases, .. } => cases.iter().map(|c| &c.body).collect(),
        _ => Vec::new(),
    }
}

/// Drops the loads and the store of the forwarded variables.
fn remove_accesses(
    block: &mut crate::module::Block,
    addr_of: &HashMap<ValueId, u32>,
    forwarded: &HashSet<u32>,
) {
    let of = |ptr: &ValueId| addr_of.get(ptr).is_some_and(|l| forwarded.contains(l));
    block.stmts.retain(|s| match s {
        Stmt::Let {
            op: Op::Load { ptr },
            ..
        } => !of(ptr),
        Stmt::Store { ptr, .. } => !of(ptr),
        _ => true,
    });
    for s in &mut block.stmts {
        for b in s.child_blocks_mut() {
            remove_accesses(b, addr_of, forwarded);
        }
    }
}
