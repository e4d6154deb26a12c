//! Barrier planning: how a kernel body is split into *regions* and what must live per
//! work-item.
//!
//! At group level, a block is split into maximal runs of statements that contain no barrier
//! (each run is a region: the code generator wraps it in a loop over all work-items) and
//! group statements: `barrier`, `break`/`continue`/`return`, and `if`/`loop` statements that
//! contain a barrier, which run once for the group with conditions read from work-item 0
//! (OpenCL requires them to be uniform). Values used outside the region that defines them are
//! *spilled* to a per-work-item state area (a struct of arrays, so that a vector of work-items
//! reads or writes its copies with one access), unless they are cheap to recompute
//! ([`crate::remat`]); private variables used in more than one region live there too
//! ([`crate::region_vars`]). Kernels without barriers are one region and pay for none of it.

use std::collections::{HashMap, HashSet};

use oclc_ir::{AddressSpace, Block, Function, Op, Stmt, TypeTable, ValueId};

/// Identifies a region: the address of its first statement (`GROUP` for group level).
pub type RegionKey = usize;

/// The region key of group-level code.
pub const GROUP: RegionKey = 0;

/// One part of a group-level block.
pub enum Part<'a> {
    /// A run of barrier-free statements (a region).
    Run(&'a [Stmt]),
    /// A statement executed once for the whole group.
    Group(&'a Stmt),
}

/// True when `block` contains a barrier at any depth.
pub fn contains_barrier(block: &Block) -> bool {
    let mut found = false;
    oclc_ir::walk_stmts(block, &mut |s| {
        found |= matches!(s, Stmt::Barrier { .. });
    });
    found
}

/// True when `block` contains a loop or a barrier.
fn contains_loop_or_barrier(block: &Block) -> bool {
    let mut found = false;
    oclc_ir::walk_stmts(block, &mut |s| {
        found |= matches!(s, Stmt::Loop { .. } | Stmt::Barrier { .. });
    });
    found
}

fn is_group_stmt(s: &Stmt) -> bool {
    match s {
        Stmt::Barrier { .. } | Stmt::Break | Stmt::Continue | Stmt::Return(_) => true,
        Stmt::If {
            then_body,
            else_body,
            ..
        } => contains_barrier(then_body) || contains_barrier(else_body),
        Stmt::Loop {
            body, continuing, ..
        } => contains_barrier(body) || contains_barrier(continuing),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| contains_barrier(&c.body)),
        Stmt::Let { .. } | Stmt::Store { .. } | Stmt::Fence { .. } => false,
    }
}

/// Splits a group-level block into regions and group statements.
pub fn split(block: &Block) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    let mut start = 0;
    let stmts = &block.stmts;
    for (i, s) in stmts.iter().enumerate() {
        if is_group_stmt(s) {
            if start < i {
                parts.push(Part::Run(&stmts[start..i]));
            }
            parts.push(Part::Group(s));
            start = i + 1;
        }
    }
    if start < stmts.len() {
        parts.push(Part::Run(&stmts[start..]));
    }
    parts
}

/// The key of a run.
pub fn run_key(run: &[Stmt]) -> RegionKey {
    run.as_ptr() as usize
}

/// Where a kernel's variables and cross-region values live.
#[derive(Debug, Default)]
pub struct Plan {
    /// True when the kernel (after inlining) contains a barrier.
    pub has_barrier: bool,
    /// True when one call of the work-group function runs `ctx.group_count` groups: for
    /// kernels without loops or barriers, whose groups are short enough that a call per
    /// group counts (vecadd at local size 64), while a loop over the groups would only
    /// add to the register pressure of longer kernels.
    pub group_loop: bool,
    /// True when one call runs the rows of its `ctx.group_count` groups as one row
    /// ([`crate::wide_rows`]); such a kernel has no loop over the groups.
    pub wide_rows: bool,
    /// The region defining each value (barrier kernels only).
    pub def_region: HashMap<ValueId, RegionKey>,
    /// Spilled values and their offset in a work-item's state (each piece its own column).
    pub spills: HashMap<ValueId, u64>,
    /// Offset of each private variable in a work-item's state (barrier kernels only): one
    /// column of whole variables, or one per piece for the variables of `in_state`.
    pub private_offsets: HashMap<u32, u64>,
    /// Offset of each `__local` variable in the static local memory area.
    pub local_offsets: HashMap<u32, u64>,
    /// Size of the static local memory area.
    pub static_local_size: u64,
    /// Bytes of state per work-item (0 without barriers); a multiple of 16. The state of a
    /// group is laid out as columns (struct of arrays): an entry at offset `off` of `s` bytes
    /// keeps work-item `i`'s copy (linear local id) at `off * items + i * s`, where `items` is
    /// the number of work-items of the group, so consecutive work-items are adjacent.
    pub wi_state_size: u64,
    /// Private variables kept in Cranelift variables (see [`crate::promote`]).
    pub promoted: HashSet<u32>,
    /// Private variables kept in the work-item state between regions and in Cranelift
    /// variables inside each region (barrier kernels; see [`crate::region_vars`]). Each piece
    /// of such a variable, and of a spilled value, has its own column of the state.
    pub in_state: HashSet<u32>,
    /// What is kept once per group instead of per work-item (barrier kernels).
    pub group: crate::group_level::GroupLevel,
    /// The variables each region reads on entry and writes back (barrier kernels).
    pub regions: HashMap<RegionKey, crate::region_vars::RegionVars>,
    /// Values used outside the region defining them that are recomputed where used instead
    /// of kept per work-item (see [`crate::remat`]).
    pub remat: HashMap<ValueId, Op>,
}

/// Plans `func` (an inlined kernel).
pub fn plan(types: &TypeTable, func: &Function) -> Plan {
    plan_with(types, func, false)
}

/// [`plan`]; with `keep_vars_in_memory` (`-g`), the private variables of a kernel without
/// barriers all stay in stack slots, where debug information can describe them.
pub fn plan_with(types: &TypeTable, func: &Function, keep_vars_in_memory: bool) -> Plan {
    let mut p = Plan {
        has_barrier: contains_barrier(&func.body),
        group_loop: !contains_loop_or_barrier(&func.body),
        ..Plan::default()
    };
    // Not under -g, whose debugger shows each work-item's local id.
    p.wide_rows =
        !p.has_barrier && !keep_vars_in_memory && crate::wide_rows::wide_rows(types, func);
    // The private variables that may live in registers, and what each `local_addr` names.
    let (candidates, addr_of) = crate::promote::candidates(types, func);
    // Values some region uses that another region defines.
    let mut crossing: HashSet<ValueId> = HashSet::new();
    if p.has_barrier {
        let mut uses: Vec<(ValueId, RegionKey)> = Vec::new();
        group_block(&func.body, &mut p.def_region, &mut uses);
        let at_group: HashSet<ValueId> = uses
            .iter()
            .filter(|(_, r)| *r == GROUP)
            .map(|(v, _)| *v)
            .collect();
        let in_registers: Vec<bool> = candidates
            .iter()
            .zip(&func.locals)
            .map(|(&c, l)| c || l.space == AddressSpace::Local)
            .collect();
        p.remat = crate::remat::rematerialisable(func, &in_registers, &p.def_region, &at_group);
        crossing = uses
            .into_iter()
            .filter(|(v, r)| p.def_region.get(v).is_some_and(|d| d != r))
            .map(|(v, _)| v)
            .collect();
        let mut spilled: Vec<ValueId> = crossing
            .iter()
            .filter(|v| !p.remat.contains_key(v))
            .copied()
            .collect();
        spilled.sort();
        spilled.dedup();
        for v in spilled {
            p.spills.insert(v, 0);
        }
        p.regions = crate::region_vars::analyze(&func.body, &addr_of);
    }
    let promotion = crate::promote::promotable(
        candidates,
        &addr_of,
        p.has_barrier,
        &p.def_region,
        &crossing,
        &p.spills,
        &p.regions,
    );
    if !keep_vars_in_memory || p.has_barrier {
        p.promoted = promotion.promoted;
        p.in_state = promotion.in_state;
    }
    if p.has_barrier {
        p.group = crate::group_level::plan_group_level(types, func, &p);
    }
    let mut local_at = 0u64;
    let mut wi_at = 0u64;
    for (i, l) in func.locals.iter().enumerate() {
        let lay = types.layout(l.ty);
        if l.space == AddressSpace::Local {
            local_at = local_at.next_multiple_of(lay.align.max(1));
            p.local_offsets.insert(i as u32, local_at);
            local_at += lay.size;
        } else if p.has_barrier
            && !p.promoted.contains(&(i as u32))
            && !p.group.vars.contains_key(&(i as u32))
        {
            wi_at = wi_at.next_multiple_of(lay.align.max(1));
            p.private_offsets.insert(i as u32, wi_at);
            wi_at += lay.size;
        }
    }
    p.static_local_size = local_at;
    let mut spilled: Vec<ValueId> = p
        .spills
        .keys()
        .copied()
        .filter(|v| !p.group.spills.contains_key(v))
        .collect();
    spilled.sort();
    for v in spilled {
        let lay = types.layout(func.value_type(v));
        wi_at = wi_at.next_multiple_of(lay.align.max(1));
        p.spills.insert(v, wi_at);
        wi_at += lay.size.max(1);
    }
    p.wi_state_size = wi_at.next_multiple_of(16);
    p
}

type Defs = HashMap<ValueId, RegionKey>;
type Uses = Vec<(ValueId, RegionKey)>;

fn group_block(block: &Block, defs: &mut Defs, uses: &mut Uses) {
    for part in split(block) {
        match part {
            Part::Run(run) => {
                let key = run_key(run);
                for s in run {
                    run_stmt(s, key, defs, uses);
                }
            }
            Part::Group(s) => match s {
                Stmt::If {
                    cond,
                    then_body,
                    else_body,
                } => {
                    uses.push((*cond, GROUP));
                    group_block(then_body, defs, uses);
                    group_block(else_body, defs, uses);
                }
                Stmt::Loop {
                    body,
                    continuing,
                    break_if,
                    ..
                } => {
                    group_block(body, defs, uses);
                    group_block(continuing, defs, uses);
                    if let Some(c) = break_if {
                        uses.push((*c, GROUP));
                    }
                }
                Stmt::Switch { selector, cases } => {
                    uses.push((*selector, GROUP));
                    for c in cases {
                        group_block(&c.body, defs, uses);
                    }
                }
                Stmt::Return(Some(v)) => uses.push((*v, GROUP)),
                _ => {}
            },
        }
    }
}

fn run_stmt(s: &Stmt, key: RegionKey, defs: &mut Defs, uses: &mut Uses) {
    match s {
        Stmt::Let { value, op } => {
            for v in op.operands() {
                uses.push((v, key));
            }
            defs.insert(*value, key);
        }
        Stmt::Store { ptr, value } => {
            uses.push((*ptr, key));
            uses.push((*value, key));
        }
        Stmt::If {
            cond,
            then_body,
            else_body,
        } => {
            uses.push((*cond, key));
            for s in then_body.stmts.iter().chain(&else_body.stmts) {
                run_stmt(s, key, defs, uses);
            }
        }
        Stmt::Loop {
            body,
            continuing,
            break_if,
            ..
        } => {
            for s in body.stmts.iter().chain(&continuing.stmts) {
                run_stmt(s, key, defs, uses);
            }
            if let Some(c) = break_if {
                uses.push((*c, key));
            }
        }
        Stmt::Switch { selector, cases } => {
            uses.push((*selector, key));
            for c in cases {
                for s in &c.body.stmts {
                    run_stmt(s, key, defs, uses);
                }
            }
        }
        Stmt::Return(Some(v)) => uses.push((*v, key)),
        _ => {}
    }
}
