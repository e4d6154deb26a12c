//! Pointers aligned by construction, whose accesses need no alignment check: a `__global`
//! or `__constant` buffer parameter (runtime-lite's buffers start at a multiple of
//! [`BUFFER_ALIGN`] bytes), the address of a `__local` variable (the group's `__local`
//! memory starts at such a multiple too, and each variable at a multiple of its alignment),
//! and `ptr_offset` and `index_addr` chains from one whose every step scales its index by
//! a multiple of the access's alignment. Casts, selects and pointers kept in
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
        let Stmt::Let { value, op } = s else {
            return;
        };
        if let Op::LocalAddr(l) = op {
            let local = f.local(*l);
            if local.space == AddressSpace::Local {
                let align = types.layout(local.ty).align.max(1);
                if align.is_power_of_two() {
                    out.insert(*value, align.min(BUFFER_ALIGN));
                }
            }
            return;
        }
        // The element the index scales by: the pointee of the base for `ptr_offset`, the
        // array's element (the result's pointee) for `index_addr`.
        let (base, scaled) = match op {
            Op::PtrOffset { base, .. } => (base, *base),
            Op::IndexAddr { base, .. } => (base, *value),
            _ => return,
        };
        let Some(&base_align) = out.get(base) else {
            return;
        };
        let Some((_, elem)) = types.pointee(f.value_type(scaled)) else {
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
    });
    out
}
