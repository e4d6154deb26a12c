//! Loads of one address made once. A load from an address that an earlier load read, in
//! the same block or in a block around its branch, with no store to that address space
//! and no other statement in between, reads the earlier value. (A loop's body starts
//! afresh: its next iteration follows the body's stores.) `__constant` loads, and
//! `__global` loads where a branch or loop stores nothing to `__global` memory, outlive
//! it. Reads of a `read_only` image (the only images a two-row body reads) are shared
//! wherever the earlier read is in scope: nothing changes such an image while a kernel
//! runs.
//!
//! In a two-row body the rows' loads of one input become one this way. Another
//! work-item's store in between would be a data race, and a row's own stores to other
//! address spaces cannot change the value. The calls a two-row body makes touch none of
//! its memory ([`super::calls`]), so loads are shared across them.

use crate::fx::HashMap;
use crate::module::{walk_stmt_list, Block, Function, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{AddressSpace, Type, TypeId, TypeTable};
use crate::visit::{remove_lets, replace_uses};

/// Shares the loads of `f` (see the module documentation); the number of `__global`,
/// `__constant` and image reads removed.
pub(super) fn share_loads(types: &TypeTable, f: &mut Function) -> usize {
    let mut same: HashMap<ValueId, ValueId> = HashMap::default();
    let mut shared = 0;
    let mut scope = Scope {
        types,
        f,
        same: &mut same,
        shared: &mut shared,
    };
    scope.scan(&f.body, HashMap::default(), HashMap::default());
    if same.is_empty() {
        return 0;
    }
    remove_lets(&mut f.body, &same);
    replace_uses(&mut f.body, &same);
    shared
}

/// An image read: the image, the sampler, the coordinates and the result type.
type TexelKey = (ValueId, Option<ValueId>, ValueId, TypeId);

/// The scan of one function and what it found.
struct Scope<'a> {
    types: &'a TypeTable,
    f: &'a Function,
    same: &'a mut HashMap<ValueId, ValueId>,
    shared: &'a mut usize,
}

impl Scope<'_> {
    /// Scans `block`, whose statements run after the loads `seen` (by address) with
    /// nothing in between, and after the image reads `texels`.
    fn scan(
        &mut self,
        block: &Block,
        mut seen: HashMap<ValueId, ValueId>,
        mut texels: HashMap<TexelKey, ValueId>,
    ) {
        let (types, f) = (self.types, self.f);
        for s in &block.stmts {
            match s {
                Stmt::Let {
                    value,
                    op: Op::Load { ptr },
                } => match seen.get(ptr) {
                    Some(&earlier) => {
                        self.same.insert(*value, earlier);
                        if matches!(
                            space(types, f, *ptr),
                            Some(AddressSpace::Global | AddressSpace::Constant)
                        ) {
                            *self.shared += 1;
                        }
                    }
                    None => {
                        seen.insert(*ptr, *value);
                    }
                },
                Stmt::Let {
                    value,
                    op:
                        Op::ImageRead {
                            image,
                            sampler,
                            coord,
                        },
                } => {
                    let key = (*image, *sampler, *coord, f.value_type(*value));
                    match texels.get(&key) {
                        Some(&earlier) => {
                            self.same.insert(*value, earlier);
                            *self.shared += 1;
                        }
                        None => {
                            texels.insert(key, *value);
                        }
                    }
                }
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
                        self.scan(child, before.clone(), texels.clone());
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
}

/// Whether `s` may store to `__global` memory (an image write counts: its image may share
/// a buffer's memory; the calls a two-row body makes store to none: [`super::calls`]).
fn stores_global(types: &TypeTable, f: &Function, s: &Stmt) -> bool {
    let mut stores = false;
    walk_stmt_list(std::slice::from_ref(s), &mut |t| match t {
        Stmt::Store { ptr, .. } => {
            stores |= !matches!(
                space(types, f, *ptr),
                Some(AddressSpace::Private | AddressSpace::Local | AddressSpace::Constant)
            );
        }
        Stmt::Let {
            op: Op::ImageWrite { .. },
            ..
        } => stores = true,
        _ => {}
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
