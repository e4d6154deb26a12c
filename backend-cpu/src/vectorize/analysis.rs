//! Uniformity analysis: which values and private variables may differ between work-items
//! that differ only in `get_local_id(0)` (the lanes of one vector chunk), or between any
//! work-items of the group ([`analyze_group`]).
//!
//! Seeds are the dimension-0 work-item ids, per-work-item memory (private arrays in the
//! work-item state), atomics and printf (each work-item performs its own). Everything computed
//! from a varying value is varying; a private variable is varying when any store to it stores a
//! varying value or happens under varying control flow; a load is varying when its address is.

use std::collections::HashSet;

use oclc_ir::{Block, Dim, Function, Op, Stmt, ValueId, WorkItemQuery};

/// The varying values and variables of one kernel.
#[derive(Debug, Default)]
pub struct Uniformity {
    /// Values that may differ between the lanes of a chunk.
    pub varying: HashSet<ValueId>,
    /// Private variables (by local index) whose contents may differ between lanes.
    pub varying_locals: HashSet<u32>,
    /// The variable each `local_addr` value points to.
    pub addr_of: std::collections::HashMap<ValueId, u32>,
    /// True when the ids of every dimension vary (across the work-group), not only
    /// `get_local_id(0)`.
    pub all_dims: bool,
}

impl Uniformity {
    /// True when `v` may differ between lanes.
    pub fn is_varying(&self, v: ValueId) -> bool {
        self.varying.contains(&v)
    }
}

/// Computes the uniformity of every value of `func` (an inlined kernel) by iterating to a
/// fixed point over the whole body.
pub fn analyze(func: &Function) -> Uniformity {
    analyze_across(func, false)
}

/// The same analysis across the whole work-group: the ids of every dimension vary.
pub fn analyze_group(func: &Function) -> Uniformity {
    analyze_across(func, true)
}

fn analyze_across(func: &Function, all_dims: bool) -> Uniformity {
    let mut u = Uniformity {
        all_dims,
        ..Uniformity::default()
    };
    // The variable each `local_addr` value points to.
    let mut addr_of = std::collections::HashMap::new();
    oclc_ir::walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::LocalAddr(l),
        } = s
        {
            addr_of.insert(*value, l.0);
        }
    });
    // Variables whose address escapes (fields, elements, pointers passed on) may be written
    // in ways the loop below does not follow: their contents count as varying.
    oclc_ir::walk_stmts(&func.body, &mut |s| match s {
        Stmt::Let { op, .. } => {
            let reads_through = matches!(op, Op::Load { .. });
            for v in op.operands() {
                if let (Some(&l), false) = (addr_of.get(&v), reads_through) {
                    u.varying_locals.insert(l);
                }
            }
        }
        Stmt::Store { value, .. } => {
            if let Some(&l) = addr_of.get(value) {
                u.varying_locals.insert(l);
            }
        }
        _ => {}
    });
    loop {
        let before = (u.varying.len(), u.varying_locals.len());
        block(func, &func.body, false, &addr_of, &mut u);
        if (u.varying.len(), u.varying_locals.len()) == before {
            u.addr_of = addr_of;
            return u;
        }
    }
}

/// Walks `b`; returns true when some lanes (not all) may return inside it, which makes the
/// rest of the enclosing blocks divergent.
fn block(
    func: &Function,
    b: &Block,
    mut divergent: bool,
    addr_of: &std::collections::HashMap<ValueId, u32>,
    u: &mut Uniformity,
) -> bool {
    let mut some_left = false;
    for s in &b.stmts {
        if some_left {
            divergent = true;
        }
        match s {
            Stmt::Let { value, op } => {
                if op_is_varying(func, op, addr_of, u) {
                    u.varying.insert(*value);
                }
            }
            Stmt::Store { ptr, value } => {
                if let Some(&l) = addr_of.get(ptr) {
                    if divergent || u.is_varying(*value) {
                        u.varying_locals.insert(l);
                    }
                }
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let d = divergent || u.is_varying(*cond);
                some_left |= block(func, then_body, d, addr_of, u);
                some_left |= block(func, else_body, d, addr_of, u);
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                // A loop whose exit condition (or a break under a varying condition) varies
                // keeps some lanes iterating longer: everything stored inside is then varying.
                let d = divergent || super::loop_is_divergent(body, continuing, *break_if, u);
                some_left |= block(func, body, d, addr_of, u);
                some_left |= block(func, continuing, d, addr_of, u);
            }
            Stmt::Switch { selector, cases } => {
                let d = divergent || u.is_varying(*selector);
                for c in cases {
                    some_left |= block(func, &c.body, d, addr_of, u);
                }
            }
            Stmt::Return(_) => some_left |= divergent,
            Stmt::Break | Stmt::Continue | Stmt::Barrier { .. } => {}
            Stmt::Fence { .. } => {}
        }
    }
    some_left
}

/// The variables that `stmts` store to directly (at any depth).
pub fn stored_locals(stmts: &[Stmt], u: &Uniformity) -> HashSet<u32> {
    let mut out = HashSet::new();
    // Walked in place: a copy of the statements made each nested `if` quadratic.
    oclc_ir::walk_stmt_list(stmts, &mut |s| {
        if let Stmt::Store { ptr, .. } = s {
            if let Some(&l) = u.addr_of.get(ptr) {
                out.insert(l);
            }
        }
    });
    out
}

fn op_is_varying(
    func: &Function,
    op: &Op,
    addr_of: &std::collections::HashMap<ValueId, u32>,
    u: &Uniformity,
) -> bool {
    match op {
        Op::WorkItem { query, dim } => match dim {
            Dim::Const(d) if *d == 0 || u.all_dims => {
                matches!(query, WorkItemQuery::LocalId | WorkItemQuery::GlobalId)
            }
            Dim::Const(_) => false,
            Dim::Dynamic(_) => true,
        },
        Op::Atomic { .. } | Op::Printf { .. } | Op::Call { .. } => true,
        // Private variables live per work-item: addresses of those kept in memory differ.
        Op::LocalAddr(l) => func.locals[l.0 as usize].space != oclc_ir::AddressSpace::Local,
        Op::Load { ptr } => match addr_of.get(ptr) {
            Some(l) => u.varying_locals.contains(l),
            None => u.is_varying(*ptr),
        },
        _ => op.operands().iter().any(|v| u.is_varying(*v)),
    }
}
