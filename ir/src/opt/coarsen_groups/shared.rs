//! Which values of the kernel the coarsened copies may share: those equal in every
//! work-group (`analysis::group_varying_values` lacks them) that name no copy's own
//! memory. Every copy has its own private and `__local` variables and `__local` pointer
//! arguments, so an address into them, anything computed from one other than by a load,
//! and any value that may hold such an address (a pointer other than to `__global` or
//! `__constant` memory, or an aggregate, loaded from a variable) differs between copies
//! even where it is equal in every work-group.

use crate::fx::HashSet;
use crate::module::{walk_stmts, Function, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{AddressSpace, Type, TypeId, TypeTable};
use crate::visit::op_operands;

/// The values `f` defines that every copy computes alike, given `varying` (the values
/// that may differ between work-groups).
pub(super) fn shareable_values(
    types: &TypeTable,
    f: &Function,
    varying: &HashSet<ValueId>,
) -> HashSet<ValueId> {
    let mut own: HashSet<ValueId> = f
        .params
        .iter()
        .filter(|p| !alike_in_copies(types, p.ty))
        .map(|p| p.value)
        .collect();
    let mut shareable = HashSet::default();
    // Definitions come before their uses in the walk (values are SSA; a loop carries
    // values through variables), so one walk settles both sets.
    walk_stmts(&f.body, &mut |s| {
        let Stmt::Let { value, op } = s else {
            return;
        };
        let copies_own = match op {
            Op::LocalAddr(_) => true,
            _ if !alike_in_copies(types, f.value_type(*value)) => true,
            Op::Load { .. } => false,
            _ => {
                let mut any = false;
                op_operands(op, &mut |v| any |= own.contains(&v));
                any
            }
        };
        if copies_own {
            own.insert(*value);
        } else if !varying.contains(value) {
            shareable.insert(*value);
        }
    });
    shareable
}

/// Whether a value of type `ty` equal in every work-group is equal in every copy too: a
/// scalar, a vector, or a pointer to memory the copies share.
fn alike_in_copies(types: &TypeTable, ty: TypeId) -> bool {
    match types.get(ty) {
        Type::Scalar(_) | Type::Vector { .. } => true,
        Type::Pointer { space, .. } => {
            matches!(space, AddressSpace::Global | AddressSpace::Constant)
        }
        _ => false,
    }
}
