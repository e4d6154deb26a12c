//! The granule of each `__local` shadow area ([`crate::check::shadow`]): the largest power
//! of two (at most 128) that divides the size and the element alignment of every access
//! of the area (plain or atomic), and for the kernel's `__local` variables (area 0, offsets
//! from the start of the group's `__local` memory) each accessed variable's offset and size
//! too.
//! Accesses at offsets that are multiples of their alignment then cover whole cells, and
//! two work-items that access neighbouring elements never share a cell. A misaligned
//! access (reported as such) may cover a neighbour's cell too.

use std::collections::HashMap;

use oclc_ir::{walk_stmts, AddressSpace, Function, Op, Stmt, TypeId, TypeTable};

use crate::check::provenance::{Provenance, Root};

/// The largest granule, as a power of two.
const MAX_SHIFT: u32 = 7;

/// The log2 of the largest power of two (at most 2^7) dividing `n` (any, for 0).
fn shift_of(n: u64) -> u32 {
    n.trailing_zeros().min(MAX_SHIFT)
}

/// The log2 of the granule an access of type `ty` allows: its size's and its element's.
pub(crate) fn access_shift(types: &TypeTable, ty: TypeId) -> u32 {
    let size = types.layout(ty).size;
    let align = types
        .scalar_of(ty)
        .map_or(1, |s| u64::from(s.bits().max(8) / 8));
    shift_of(size).min(shift_of(align))
}

/// The log2 of each `__local` shadow area's granule, by area number (0: the kernel's
/// `__local` variables at `local_offsets`, 1 + i: `__local` parameter i); areas no access
/// reaches are missing.
pub(crate) fn local_shifts(
    types: &TypeTable,
    f: &Function,
    prov: &Provenance,
    local_offsets: &HashMap<u32, u64>,
) -> HashMap<u64, u32> {
    let mut out: HashMap<u64, u32> = HashMap::new();
    let mut note = |ptr, ty| {
        let (area, mut shift) = match prov.root(ptr) {
            Some(Root::Param(i)) => {
                let local = matches!(
                    types.pointee(f.params[i].ty),
                    Some((AddressSpace::Local, _))
                );
                if !local {
                    return;
                }
                (1 + i as u64, MAX_SHIFT)
            }
            Some(Root::Local(l)) if f.local(l).space == AddressSpace::Local => {
                let size = types.layout(f.local(l).ty).size;
                let offset = local_offsets.get(&l.0).copied().unwrap_or(1);
                (0, shift_of(size).min(shift_of(offset)))
            }
            _ => return,
        };
        shift = shift.min(access_shift(types, ty));
        let e = out.entry(area).or_insert(MAX_SHIFT);
        *e = (*e).min(shift);
    };
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Store { ptr, value } => note(*ptr, f.value_type(*value)),
        Stmt::Let {
            value,
            op: Op::Load { ptr },
        } => note(*ptr, f.value_type(*value)),
        Stmt::Let {
            op: Op::Atomic { ptr, .. },
            ..
        } => {
            if let Some((_, t)) = types.pointee(f.value_type(*ptr)) {
                note(*ptr, t);
            }
        }
        _ => {}
    });
    out
}

#[cfg(test)]
mod tests {
    use super::shift_of;

    #[test]
    fn a_granule_divides_what_it_is_made_of() {
        assert_eq!(shift_of(4), 2);
        assert_eq!(shift_of(12), 2);
        assert_eq!(shift_of(3), 0);
        assert_eq!(shift_of(0), 7);
        assert_eq!(shift_of(1 << 20), 7);
    }
}
