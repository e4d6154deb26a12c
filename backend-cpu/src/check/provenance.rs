//! Which object every pointer of an inlined kernel points into: a kernel parameter (a
//! buffer or a `__local` area), a variable of the kernel (private or `__local`) or a
//! program-scope variable. Derived pointers (`ptr_offset`, `index_addr`, `field_addr`,
//! pointer casts) keep the root of their base; a `select` keeps it when both sides agree; a
//! pointer kept in a private variable has the root of every value stored into it when they
//! all agree. Anything else (pointers made from integers, loaded from memory, roots that
//! disagree) has no root, and its accesses are not checked: a missing root can hide a
//! defect, never invent one.

use oclc_ir::fx::{HashMap, HashSet};

use oclc_ir::{walk_stmts, Function, GlobalId, LocalId, Op, Stmt, TypeTable, ValueId};

/// The object a pointer points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Root {
    /// Kernel parameter number `n` (a `__global`/`__constant` buffer or a `__local` area).
    Param(usize),
    /// A variable of the kernel.
    Local(LocalId),
    /// A program-scope variable.
    Global(GlobalId),
}

/// The root of each pointer value that has one.
#[derive(Debug, Default)]
pub struct Provenance {
    roots: HashMap<ValueId, Root>,
    /// Pointer variables holding pointers of different or unknown roots (their loads have
    /// no root).
    mixed_vars: HashSet<LocalId>,
}

impl Provenance {
    /// The root of pointer `v`, if known.
    pub fn root(&self, v: ValueId) -> Option<Root> {
        self.roots.get(&v).copied()
    }

    /// The variables of `f` that a pointer without a root may point into: the roots of
    /// pointers stored anywhere but a pointer variable whose loads keep their root (a
    /// struct field, an array element, memory, a variable of mixed roots). Accesses through
    /// such pointers are not checked, so a write through one is not seen: those variables'
    /// reads cannot be judged initialised or not.
    pub fn reached_unseen(&self, types: &TypeTable, f: &Function) -> HashSet<LocalId> {
        let addr_of = oclc_ir::analysis::local_addresses(f);
        let mut out = HashSet::default();
        walk_stmts(&f.body, &mut |s| {
            let Stmt::Store { ptr, value } = s else {
                return;
            };
            if types.pointee(f.value_type(*value)).is_none() {
                return;
            }
            let kept = addr_of
                .get(ptr)
                .is_some_and(|l| !self.mixed_vars.contains(l));
            if let (false, Some(Root::Local(l))) = (kept, self.root(*value)) {
                out.insert(l);
            }
        });
        out
    }
}

/// What is known of a private pointer variable's contents.
#[derive(Clone, Copy, PartialEq, Eq)]
enum VarRoot {
    Known(Root),
    /// Stores of different or unknown roots.
    Mixed,
}

/// A value's root while the analysis runs: `Pending` comes from a pointer variable that
/// no store with a root has reached yet (optimistic, so that `p = p + 1` keeps `p`'s root).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Known(Root),
    Pending,
}

/// Computes the roots of `f`'s pointers (`f` has every call inlined).
pub fn analyze(types: &TypeTable, f: &Function) -> Provenance {
    let addr_of = oclc_ir::analysis::local_addresses(f);
    let mut vars: HashMap<LocalId, VarRoot> = HashMap::default();
    // Conflicts only grow, so this settles; each round recomputes the values' roots from
    // the variables' current state.
    for _ in 0..64 {
        let slots = value_roots(types, f, &addr_of, &vars);
        let mut changed = false;
        walk_stmts(&f.body, &mut |s| {
            let Stmt::Store { ptr, value } = s else {
                return;
            };
            let Some(l) = addr_of.get(ptr).copied() else {
                return;
            };
            if types.pointee(f.value_type(*value)).is_none() {
                return;
            }
            let next = match (vars.get(&l), slots.get(value)) {
                (_, Some(Slot::Pending)) => return,
                (Some(VarRoot::Mixed), _) => VarRoot::Mixed,
                (None, Some(Slot::Known(r))) => VarRoot::Known(*r),
                (Some(VarRoot::Known(a)), Some(Slot::Known(b))) if a == b => VarRoot::Known(*a),
                _ => VarRoot::Mixed,
            };
            if vars.get(&l) != Some(&next) {
                vars.insert(l, next);
                changed = true;
            }
        });
        if !changed {
            let roots = slots
                .into_iter()
                .filter_map(|(v, s)| match s {
                    Slot::Known(r) => Some((v, r)),
                    Slot::Pending => None,
                })
                .collect();
            let mixed_vars = vars
                .iter()
                .filter(|(_, r)| **r == VarRoot::Mixed)
                .map(|(l, _)| *l)
                .collect();
            return Provenance { roots, mixed_vars };
        }
    }
    // Did not settle (cannot happen: conflicts only grow); trust nothing.
    Provenance::default()
}

/// One pass over `f` in program order, given what the pointer variables hold.
fn value_roots(
    types: &TypeTable,
    f: &Function,
    addr_of: &HashMap<ValueId, LocalId>,
    vars: &HashMap<LocalId, VarRoot>,
) -> HashMap<ValueId, Slot> {
    let mut roots = HashMap::default();
    for (i, p) in f.params.iter().enumerate() {
        if types.pointee(p.ty).is_some() {
            roots.insert(p.value, Slot::Known(Root::Param(i)));
        }
    }
    walk_stmts(&f.body, &mut |s| {
        let Stmt::Let { value, op } = s else { return };
        let root = match op {
            Op::LocalAddr(l) => Some(Slot::Known(Root::Local(*l))),
            Op::GlobalAddr(g) => Some(Slot::Known(Root::Global(*g))),
            Op::PtrOffset { base, .. }
            | Op::IndexAddr { base, .. }
            | Op::FieldAddr { base, .. } => roots.get(base).copied(),
            Op::Bitcast { value: from, to } | Op::GenericCast { value: from, to }
                if types.pointee(*to).is_some() =>
            {
                roots.get(from).copied()
            }
            Op::Select {
                if_true, if_false, ..
            } => match (roots.get(if_true), roots.get(if_false)) {
                (Some(a), Some(b)) if a == b => Some(*a),
                (Some(Slot::Pending), Some(k)) | (Some(k), Some(Slot::Pending)) => Some(*k),
                _ => None,
            },
            Op::Load { ptr } if types.pointee(f.value_type(*value)).is_some() => {
                addr_of.get(ptr).and_then(|l| match vars.get(l) {
                    Some(VarRoot::Known(r)) => Some(Slot::Known(*r)),
                    Some(VarRoot::Mixed) => None,
                    None => Some(Slot::Pending),
                })
            }
            _ => None,
        };
        if let Some(r) = root {
            roots.insert(*value, r);
        }
    });
    roots
}
