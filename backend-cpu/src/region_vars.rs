//! Which private variables each barrier region reads and writes, for kernels with barriers.
//!
//! A private variable that lives across regions (`sum` accumulated around a barrier, a loop
//! counter of a loop containing a barrier) is kept in the per-work-item state between
//! regions but in Cranelift variables inside each region: the region loads it once per
//! work-item (or per vector chunk) on entry when its old value may be read (*live in*), and
//! stores it back on exit when the region writes it. A variable whose first access in the
//! region is a store at the region's top level, before any `break`/`continue`/`return`, is
//! *killed* there: its old value is never read.

use std::collections::{HashMap, HashSet};

use oclc_ir::{Block, Op, Stmt, ValueId};

use crate::plan::{run_key, split, Part, RegionKey};

/// The private variables one region accesses.
#[derive(Debug, Default, Clone)]
pub struct RegionVars {
    /// Variables whose value on entry the region may read (sorted).
    pub live_in: Vec<u32>,
    /// Variables the region stores to (sorted).
    pub stored: Vec<u32>,
    /// Variables the region overwrites before reading them.
    pub killed: HashSet<u32>,
    /// True when the region lies inside a group-level loop (it may run more than once).
    pub looped: bool,
}

/// Analyses every region of `body` for the variables of `addr_of` (the variable each
/// `local_addr` value points to).
pub fn analyze(body: &Block, addr_of: &HashMap<ValueId, u32>) -> HashMap<RegionKey, RegionVars> {
    let mut out = HashMap::new();
    group_block(body, false, addr_of, &mut out);
    out
}

fn group_block(
    block: &Block,
    looped: bool,
    addr_of: &HashMap<ValueId, u32>,
    out: &mut HashMap<RegionKey, RegionVars>,
) {
    for part in split(block) {
        match part {
            Part::Run(run) => {
                let mut rv = region(run, addr_of);
                rv.looped = looped;
                out.insert(run_key(run), rv);
            }
            Part::Group(s) => match s {
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    group_block(then_body, looped, addr_of, out);
                    group_block(else_body, looped, addr_of, out);
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    group_block(body, true, addr_of, out);
                    group_block(continuing, true, addr_of, out);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        group_block(&c.body, looped, addr_of, out);
                    }
                }
                _ => {}
            },
        }
    }
}

/// The accesses of one region (a run of statements without barriers).
fn region(run: &[Stmt], addr_of: &HashMap<ValueId, u32>) -> RegionVars {
    let mut decided: HashSet<u32> = HashSet::new();
    let mut live_in: HashSet<u32> = HashSet::new();
    let mut killed: HashSet<u32> = HashSet::new();
    let mut stored: HashSet<u32> = HashSet::new();
    let mut touched: HashSet<u32> = HashSet::new();
    let mut exited = false;
    for s in run {
        if let (Stmt::Store { ptr, .. }, false) = (s, exited) {
            if let Some(&l) = addr_of.get(ptr) {
                touched.insert(l);
                stored.insert(l);
                if decided.insert(l) {
                    killed.insert(l);
                }
                continue;
            }
        }
        let mut leaves = false;
        walk_one(s, &mut |s| match s {
            Stmt::Let {
                op: Op::Load { ptr },
                ..
            } => {
                if let Some(&l) = addr_of.get(ptr) {
                    touched.insert(l);
                    if decided.insert(l) {
                        live_in.insert(l);
                    }
                }
            }
            Stmt::Store { ptr, .. } => {
                if let Some(&l) = addr_of.get(ptr) {
                    touched.insert(l);
                    stored.insert(l);
                }
            }
            Stmt::Break | Stmt::Continue | Stmt::Return(_) => leaves = true,
            _ => {}
        });
        // Past a possible exit, a later store may not run before the write-back.
        exited |= leaves;
    }
    // Variables only stored under conditions keep their old value on other paths.
    for l in &touched {
        if !killed.contains(l) {
            live_in.insert(*l);
        }
    }
    let sorted = |s: HashSet<u32>| {
        let mut v: Vec<u32> = s.into_iter().collect();
        v.sort();
        v
    };
    RegionVars {
        live_in: sorted(live_in),
        stored: sorted(stored),
        killed,
        looped: false,
    }
}

/// Visits `s` and every statement nested in it.
fn walk_one<'a>(s: &'a Stmt, visit: &mut dyn FnMut(&'a Stmt)) {
    visit(s);
    match s {
        Stmt::If {
            then_body,
            else_body,
            ..
        } => {
            oclc_ir::walk_stmts(then_body, visit);
            oclc_ir::walk_stmts(else_body, visit);
        }
        Stmt::Loop {
            body, continuing, ..
        } => {
            oclc_ir::walk_stmts(body, visit);
            oclc_ir::walk_stmts(continuing, visit);
        }
        Stmt::Switch { cases, .. } => {
            for c in cases {
                oclc_ir::walk_stmts(&c.body, visit);
            }
        }
        _ => {}
    }
}
