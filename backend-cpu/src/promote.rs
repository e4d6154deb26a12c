//! Promotion of private variables to SSA values: a private `Local` whose address never
//! escapes (every use of each of its `local_addr` values is directly the pointer of a `load`
//! or `store` of the variable's whole type) is kept in Cranelift `Variable`s, one per piece,
//! instead of a stack slot or the work-item state.
//!
//! In kernels with barriers, a variable is promoted only when all its uses lie in one region
//! that is not inside a group-level loop: the region then runs once per work-item, so the
//! variable never has to survive a region boundary.

use std::collections::{HashMap, HashSet};

use oclc_ir::{AddressSpace, Block, Function, Op, Stmt, TypeTable, ValueId};

use crate::pieces::pieces;
use crate::plan::{run_key, split, Part, RegionKey};

/// Variables with more pieces than this stay in memory.
const MAX_PIECES: usize = 32;

/// The private variables of `func` that can live in registers. `def_region` and `spills`
/// come from the barrier plan (empty without barriers).
pub fn promotable(
    types: &TypeTable,
    func: &Function,
    has_barrier: bool,
    def_region: &HashMap<ValueId, RegionKey>,
    spills: &HashMap<ValueId, u64>,
) -> HashSet<u32> {
    // Candidates: private variables of a supported, small type.
    let mut ok: Vec<bool> = func
        .locals
        .iter()
        .map(|l| {
            l.space != AddressSpace::Local
                && pieces(types, l.ty).is_some_and(|p| !p.is_empty() && p.len() <= MAX_PIECES)
        })
        .collect();
    // The `local_addr` values of each variable.
    let mut addr_of: HashMap<ValueId, u32> = HashMap::new();
    oclc_ir::walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::LocalAddr(l),
        } = s
        {
            addr_of.insert(*value, l.0);
        }
    });
    {
        let escape = |v: ValueId, ok: &mut Vec<bool>| {
            if let Some(&l) = addr_of.get(&v) {
                ok[l as usize] = false;
            }
        };
        oclc_ir::walk_stmts(&func.body, &mut |s| match s {
            Stmt::Let { value, op } => match op {
                Op::Load { ptr } => {
                    if let Some(&l) = addr_of.get(ptr) {
                        if func.value_type(*value) != func.locals[l as usize].ty {
                            ok[l as usize] = false;
                        }
                    }
                }
                Op::LocalAddr(_) => {}
                op => {
                    for v in op.operands() {
                        escape(v, &mut ok);
                    }
                }
            },
            Stmt::Store { ptr, value } => {
                escape(*value, &mut ok);
                if let Some(&l) = addr_of.get(ptr) {
                    if func.value_type(*value) != func.locals[l as usize].ty {
                        ok[l as usize] = false;
                    }
                }
            }
            Stmt::If { cond, .. } => escape(*cond, &mut ok),
            Stmt::Loop {
                break_if: Some(c), ..
            } => escape(*c, &mut ok),
            Stmt::Switch { selector, .. } => escape(*selector, &mut ok),
            Stmt::Return(Some(v)) => escape(*v, &mut ok),
            _ => {}
        });
    }
    if has_barrier {
        let mut looped = HashSet::new();
        looped_regions(&func.body, false, &mut looped);
        let mut region_of: HashMap<u32, RegionKey> = HashMap::new();
        for (v, &l) in &addr_of {
            let r = def_region.get(v).copied();
            let fine = match r {
                Some(r) => {
                    !spills.contains_key(v)
                        && !looped.contains(&r)
                        && *region_of.entry(l).or_insert(r) == r
                }
                None => false,
            };
            if !fine {
                ok[l as usize] = false;
            }
        }
    }
    ok.iter()
        .enumerate()
        .filter(|(_, &o)| o)
        .map(|(i, _)| i as u32)
        .collect()
}

/// Collects the regions that lie inside a group-level loop.
fn looped_regions(block: &Block, in_loop: bool, out: &mut HashSet<RegionKey>) {
    for part in split(block) {
        match part {
            Part::Run(run) => {
                if in_loop {
                    out.insert(run_key(run));
                }
            }
            Part::Group(s) => match s {
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    looped_regions(then_body, in_loop, out);
                    looped_regions(else_body, in_loop, out);
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    looped_regions(body, true, out);
                    looped_regions(continuing, true, out);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        looped_regions(&c.body, in_loop, out);
                    }
                }
                _ => {}
            },
        }
    }
}
