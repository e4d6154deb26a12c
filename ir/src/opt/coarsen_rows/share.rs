//! Loads of one address made once: a load from an address that an earlier load of the
//! same block, or of a block around its branch, read, with no store to that address space
//! and no other statement in between, reads the earlier value. (A loop's body starts
//! afresh: its next iteration follows the body's stores.) `__constant` loads, and
//! `__global` loads where it stores nothing to `__global` memory, outlive a branch or loop. In a two-row body the rows' loads of
//! one input become one this way (another work-item's store in between would be a data
//! race; the row's own stores to other address spaces cannot change the value). The
//! calls a two-row body makes touch none of its memory ([`super::calls`]), so loads are
//! shared across them.

use crate::fx::HashMap;
use crate::module::{walk_stmt_list, Block, Function, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{AddressSpace, Type, TypeTable};
use crate::visit::{remove_lets, replace_uses};

/// Shares the loads of `f` (see the module documentation); the number of `__global` and
/// `__constant` loads removed.
pub(super) fn share_loads(types: &TypeTable, f: &mut Function) -> usize {
    let mut same: HashMap<ValueId, ValueId> = HashMap::default();
    let mut shared = 0;
    scan(
        types,
        f,
        &f.body,
        HashMap::default(),
        &mut same,
        &mut shared,
    );
    if same.is_empty() {
        return 0;
    }
    remove_lets(&mut f.body, &same);
    replace_uses(&mut f.body, &same);
    shared
}

/// Scans `block`, whose statements run after the loads `seen` (by address) with nothing
/// in between.
fn scan(
    types: &TypeTable,
    f: &Function,
    block: &Block,
    mut seen: HashMap<ValueId, ValueId>,
    same: &mut HashMap<ValueId, ValueId>,
    shared: &mut usize,
) {
    for s in &block.stmts {
        match s {
            Stmt::Let {
                value,
                op: Op::Load { ptr },
            } => match seen.get(ptr) {
                Some(&earlier) => {
                    same.insert(*value, earlier);
                    if matches!(
                        space(types, f, *ptr),
                        Some(AddressSpace::Global | AddressSpace::Constant)
                    ) {
                        *shared += 1;
                    }
                }
                None => {
                    seen.insert(*ptr, *value);
                }
            },
            Stmt::Let { op, .. } if op.is_pure() || matches!(op, Op::Call { .. }) => {}
            Stmt::Store { ptr, .. } => match space(types, f, *ptr) {
                Some(stored) if stored != AddressSpace::Generic => {
                    seen.retain(|p, _| {
                        !matches!(space(types, f, *p), Some(s) if s == stored || s == AddressSpace::Generic)
                    });
                }
                _ => seen.clear(),
            },
            other => {
                let before = match other {
                    Stmt::If { .. } => seen.clone(),
                    _ => HashMap::default(),
                };
                for child in other.child_blocks() {
                    scan(types, f, child, before.clone(), same, shared);
                }
                let writes_global = stores_global(types, f, other);
                seen.retain(|p, _| match space(types, f, *p) {
                    Some(AddressSpace::Constant) => true,
                    Some(AddressSpace::Global) => !writes_global,
                    _ => false,
                });
            }
        }
    }
}

/// Whether `s` may store to `__global` memory (the calls a two-row body makes store to
/// none: [`super::calls`]).
fn stores_global(types: &TypeTable, f: &Function, s: &Stmt) -> bool {
    let mut stores = false;
    walk_stmt_list(std::slice::from_ref(s), &mut |t| {
        if let Stmt::Store { ptr, .. } = t {
            stores |= !matches!(
                space(types, f, *ptr),
                Some(AddressSpace::Private | AddressSpace::Local | AddressSpace::Constant)
            );
        }
    });
    stores
}

/// The address space `ptr` points into.
fn space(types: &TypeTable, f: &Function, ptr: ValueId) -> Option<AddressSpace> {
    match types.get(f.value_type(ptr)) {
        Type::Pointer { space, .. } => Some(*space),
        _ => None,
    }
}
