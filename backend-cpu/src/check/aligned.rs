//! Pointers aligned by construction, whose accesses need no alignment check: a `__global`
//! or `__constant` buffer parameter (runtime-lite's buffers start at a multiple of
//! [`BUFFER_ALIGN`] bytes), and `ptr_offset` chains from one whose every step scales its
//! index by a multiple of the access's alignment. Casts, selects and pointers kept in
//! variables are left out (their accesses keep the check: a vload through a `float *` cast
//! to `float4 *` can be misaligned).

use std::collections::HashMap;

use oclc_ir::{walk_stmts, AddressSpace, Function, Op, Stmt, TypeTable, ValueId};

/// The alignment runtime-lite gives every buffer's start (its 128-byte chunks).
pub const BUFFER_ALIGN: u64 = 128;

/// The alignment in bytes that each pointer of `f` aligned by construction has.
pub(crate) fn aligned_ptrs(types: &TypeTable, f: &Function) -> HashMap<ValueId, u64> {
    let mut out: HashMap<ValueId, u64> = f
        .params
        .iter()
        .filter(|p| {
            matches!(
                types.pointee(p.ty),
                Some((AddressSpace::Global | AddressSpace::Constant, _))
            )
        })
        .map(|p| (p.value, BUFFER_ALIGN))
        .collect();
    // Definitions come before their uses in the body, so one walk in order finds chains.
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::PtrOffset { base, .. },
        } = s
        {
            let Some(&base_align) = out.get(base) else {
                return;
            };
            let Some((_, elem)) = types.pointee(f.value_type(*base)) else {
                return;
            };
            let scale = types.layout(elem).size;
            // The largest power of two dividing the scale (any, for a scale of 0).
            let step = if scale == 0 {
                BUFFER_ALIGN
            } else {
                1 << scale.trailing_zeros().min(7)
            };
            out.insert(*value, base_align.min(step));
        }
    });
    out
}
