//! Rematerialisation for kernels with barriers: values that another barrier region uses and
//! that are cheap pure functions of work-item queries, constants and kernel parameters
//! (`int lx = get_local_id(0)`, `row * n + t`, the address of a `__local` array or of a
//! private variable) are recomputed where they are used instead of being kept per work-item.
//! Recomputed in a vectorised region they keep their affine form across lanes, so the loads
//! and stores they address stay vector accesses; a private variable's address recomputed in
//! another region lets the variable live in registers there (`k` of a tree reduction's
//! `for (k = n / 2; k > 0; k >>= 1)` around a barrier, kept once per group).

use std::collections::{HashMap, HashSet};

use oclc_ir::{AddressSpace, Dim, Function, Op, Stmt, ValueId, WorkItemQuery};

use crate::plan::RegionKey;

/// The most operations one recomputed value may cost (itself and the recomputed values it
/// is built from).
const MAX_COST: usize = 12;

/// True when `op` has no side effect, reads no memory and is cheap to repeat; the address
/// of a private variable only when `in_registers` says the variable may live in registers
/// (recomputed, it names the variable; other private variables keep their address).
fn is_pure(op: &Op, in_registers: &[bool]) -> bool {
    match op {
        Op::Const(_)
        | Op::Unary(..)
        | Op::Binary(..)
        | Op::Compare(..)
        | Op::Select { .. }
        | Op::Convert { .. }
        | Op::Bitcast { .. }
        | Op::Splat { .. }
        | Op::Extract { .. }
        | Op::Insert { .. }
        | Op::Shuffle { .. }
        | Op::Compose { .. }
        | Op::GlobalAddr(_)
        | Op::PtrOffset { .. }
        | Op::IndexAddr { .. }
        | Op::FieldAddr { .. }
        | Op::SamplerConst(_) => true,
        Op::WorkItem { dim, .. } => matches!(dim, Dim::Const(_)),
        Op::LocalAddr(l) => in_registers[l.0 as usize],
        _ => false,
    }
}

/// True when `op` reads the current work-item's id or its own copy of a private variable
/// (meaningless at group level).
fn reads_work_item_id(func: &Function, op: &Op) -> bool {
    match op {
        Op::WorkItem { query, .. } => {
            matches!(query, WorkItemQuery::LocalId | WorkItemQuery::GlobalId)
        }
        Op::LocalAddr(l) => func.locals[l.0 as usize].space != AddressSpace::Local,
        _ => false,
    }
}

/// The values of `func` to recompute where another region uses them. `def_region` maps
/// each value defined in a region to it; `at_group` are the values group-level statements
/// read (recomputed there only when they do not depend on the work-item id);
/// `in_registers` are [`crate::promote::candidates`] (`__local` variables count as true).
pub fn rematerialisable(
    func: &Function,
    in_registers: &[bool],
    def_region: &HashMap<ValueId, RegionKey>,
    at_group: &HashSet<ValueId>,
) -> HashMap<ValueId, Op> {
    let mut ops: Vec<(ValueId, Op)> = Vec::new();
    oclc_ir::walk_stmts(&func.body, &mut |s| {
        if let Stmt::Let { value, op } = s {
            if is_pure(op, in_registers) {
                ops.push((*value, op.clone()));
            }
        }
    });
    // A definition precedes its uses in the walk, so one pass sees every operand's decision
    // before the value's.
    let mut out: HashMap<ValueId, Op> = HashMap::new();
    let mut cost: HashMap<ValueId, usize> = HashMap::new();
    let mut needs_id: HashSet<ValueId> = HashSet::new();
    for (v, op) in ops {
        let mut c = 1;
        let mut id = reads_work_item_id(func, &op);
        let mut ok = true;
        for o in op.operands() {
            if !def_region.contains_key(&o) {
                continue; // a kernel parameter
            }
            match cost.get(&o) {
                Some(oc) => {
                    c += oc;
                    id |= needs_id.contains(&o);
                }
                None => ok = false,
            }
        }
        if !ok || c > MAX_COST || (id && at_group.contains(&v)) {
            continue;
        }
        cost.insert(v, c);
        if id {
            needs_id.insert(v);
        }
        out.insert(v, op);
    }
    out
}
