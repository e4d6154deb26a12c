//! Promotion of private variables to SSA values: a private `Local` whose address never
//! escapes (every use of each of its `local_addr` values is directly the pointer of a `load`
//! or `store` of the variable's whole type) is kept in Cranelift `Variable`s, one per piece,
//! instead of a stack slot or the work-item state.
//!
//! In kernels with barriers, a variable is promoted only when all its uses lie in one region
//! that is not inside a group-level loop (the region then runs once per work-item) or that
//! overwrites it before reading it ([`crate::region_vars`]): the variable never has to survive
//! a region boundary. The other variables of that shape live in the per-work-item state
//! between regions and in Cranelift variables inside each region (`Promotion::in_state`).

use std::collections::{HashMap, HashSet};

use oclc_ir::{AddressSpace, Function, Op, Stmt, TypeTable, ValueId};

use crate::pieces::pieces;
use crate::plan::RegionKey;
use crate::region_vars::RegionVars;

/// Variables with more pieces than this stay in memory.
const MAX_PIECES: usize = 32;

/// Where the private variables of a kernel live.
#[derive(Debug, Default)]
pub struct Promotion {
    /// Variables kept in Cranelift variables only.
    pub promoted: HashSet<u32>,
    /// Variables of kernels with barriers kept in the per-work-item state between regions
    /// and in Cranelift variables inside each region.
    pub in_state: HashSet<u32>,
}

/// The private variables that can live in registers, from the [`candidates`] and the
/// variable each `local_addr` value names (`addr_of`). `def_region`, `crossing` (values
/// used in a region other than their own), `spills` and `regions` come from the barrier
/// plan (empty without barriers).
pub fn promotable(
    candidates: Vec<bool>,
    addr_of: &HashMap<ValueId, u32>,
    has_barrier: bool,
    def_region: &HashMap<ValueId, RegionKey>,
    crossing: &HashSet<ValueId>,
    spills: &HashMap<ValueId, u64>,
    regions: &HashMap<RegionKey, RegionVars>,
) -> Promotion {
    let mut ok = candidates;
    let mut in_state = HashSet::new();
    if has_barrier {
        let mut region_of: HashMap<u32, Option<RegionKey>> = HashMap::new();
        let mut addr_ok = vec![true; ok.len()];
        for (v, &l) in addr_of {
            let r = def_region.get(v).copied();
            if r.is_none() || spills.contains_key(v) {
                addr_ok[l as usize] = false;
            }
            // An address recomputed in other regions ([`crate::remat`]) is used in several.
            let r = r.filter(|_| !crossing.contains(v));
            let same = region_of.entry(l).or_insert(r);
            if *same != r {
                *same = None;
            }
        }
        for (l, fine) in ok.iter_mut().enumerate() {
            if !*fine {
                continue;
            }
            let l32 = l as u32;
            if !region_of.contains_key(&l32) {
                continue; // never accessed
            }
            let single = region_of.get(&l32).copied().flatten().filter(|r| {
                regions
                    .get(r)
                    .is_some_and(|rv| !rv.looped || rv.killed.contains(&l32))
            });
            if !addr_ok[l] || single.is_none() {
                *fine = false;
                if addr_ok[l] {
                    in_state.insert(l32);
                }
            }
        }
    }
    Promotion {
        promoted: ok
            .iter()
            .enumerate()
            .filter(|(_, &o)| o)
            .map(|(i, _)| i as u32)
            .collect(),
        in_state,
    }
}

/// The private variables of `func` that could live in registers, by variable number (a
/// supported small type, every `local_addr` value only the pointer of a whole-variable
/// load or store), and the variable each `local_addr` value addresses.
pub fn candidates(types: &TypeTable, func: &Function) -> (Vec<bool>, HashMap<ValueId, u32>) {
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
    (ok, addr_of)
}
