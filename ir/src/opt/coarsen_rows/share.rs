//! Loads of one address made once: in a block, a load from an address that an earlier
//! load of the same block read, with no store to that address space and no other
//! statement in between, reads the earlier value. In a two-row body the rows' loads of
//! one input become one this way (another work-item's store in between would be a data
//! race; the row's own stores to other address spaces cannot change the value).

use crate::fx::HashMap;
use crate::module::{Block, Function, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{AddressSpace, Type, TypeTable};
use crate::visit::{remove_lets, replace_uses};

/// Shares the loads of `f` (see the module documentation); the number of `__global` and
/// `__constant` loads removed.
pub(super) fn share_loads(types: &TypeTable, f: &mut Function) -> usize {
    let mut same: HashMap<ValueId, ValueId> = HashMap::default();
    let mut shared = 0;
    scan(types, f, &f.body, &mut same, &mut shared);
    if same.is_empty() {
        return 0;
    }
    remove_lets(&mut f.body, &same);
    replace_uses(&mut f.body, &same);
    shared
}

fn scan(
    types: &TypeTable,
    f: &Function,
    block: &Block,
    same: &mut HashMap<ValueId, ValueId>,
    shared: &mut usize,
) {
    // The loads seen, by address.
    let mut seen: HashMap<ValueId, ValueId> = HashMap::default();
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
            Stmt::Let { op, .. } if op.is_pure() => {}
            Stmt::Store { ptr, .. } => match space(types, f, *ptr) {
                Some(stored) if stored != AddressSpace::Generic => {
                    seen.retain(|p, _| {
                        !matches!(space(types, f, *p), Some(s) if s == stored || s == AddressSpace::Generic)
                    });
                }
                _ => seen.clear(),
            },
            other => {
                seen.clear();
                for child in other.child_blocks() {
                    scan(types, f, child, same, shared);
                }
            }
        }
    }
}

/// The address space `ptr` points into.
fn space(types: &TypeTable, f: &Function, ptr: ValueId) -> Option<AddressSpace> {
    match types.get(f.value_type(ptr)) {
        Type::Pointer { space, .. } => Some(*space),
        _ => None,
    }
}
