//! The sizes of the accesses through each pointer parameter, so that checked code can
//! compute each bound it compares with once, in the kernel's entry block.

use std::collections::BTreeSet;

use oclc_ir::{walk_stmts, Function, Op, Stmt, TypeTable};

use crate::check::provenance::{Provenance, Root};

/// The pairs (parameter number, bytes accessed) of the loads, stores and atomics of `f`
/// through a pointer whose root is a parameter.
pub(crate) fn param_access_sizes(
    types: &TypeTable,
    f: &Function,
    prov: &Provenance,
) -> BTreeSet<(usize, u64)> {
    let mut out = BTreeSet::new();
    let mut note = |ptr, ty| {
        if let Some(Root::Param(i)) = prov.root(ptr) {
            out.insert((i, types.layout(ty).size));
        }
    };
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Store { ptr, value } => note(*ptr, f.value_type(*value)),
        Stmt::Let { value, op } => match op {
            Op::Load { ptr } => note(*ptr, f.value_type(*value)),
            Op::Atomic { ptr, .. } => {
                if let Some((_, t)) = types.pointee(f.value_type(*ptr)) {
                    note(*ptr, t);
                }
            }
            _ => {}
        },
        _ => {}
    });
    out
}
