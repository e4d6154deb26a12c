//! Refusal of under-aligned buffer pointers kept where the alignment analysis cannot follow
//! them.
//!
//! [`AccessAlign`] follows a packed member's address through values and through the
//! function's own pointer variables (`uint *d = p->data; d[1]`). Kept anywhere else, the
//! pointer would come back as an ordinary one, assumed naturally aligned, and the accesses
//! through it would claim an alignment the address does not have (what hardware that
//! faults on misaligned access trips on). So these are refused, with the location:
//! - stored through any pointer other than a variable's own address (a struct field, an
//!   array element, memory behind a pointer-to-pointer, a buffer);
//! - stored to a variable whose address is also used otherwise (`uint **pp = &d`);
//! - put into a vector or aggregate value, or returned from a function.

use crate::analysis::vars::local_addresses;
use crate::analysis::AccessAlign;
use crate::diag::refusal::Refusal;
use crate::fx::{HashMap, HashSet};
use crate::module::{walk_stmts, Function, LocalId, Stmt};
use crate::op::{Op, ValueId};
use crate::types::TypeTable;

use super::under_aligned;

/// Fails on the first under-aligned buffer pointer of `f` kept where `align` cannot follow
/// it (see the module doc).
pub(super) fn check_escapes(
    align: &AccessAlign,
    types: &TypeTable,
    f: &Function,
) -> Result<(), Refusal> {
    let addresses = local_addresses(f);
    let under = |v: &ValueId| under_aligned(align, types, f, *v).is_some();
    let mut holders: HashSet<LocalId> = HashSet::default();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Store { ptr, value } = s {
            if let (Some(var), true) = (addresses.get(ptr), under(value)) {
                holders.insert(*var);
            }
        }
    });
    let mut found = None;
    walk_stmts(&f.body, &mut |s| {
        if found.is_none() {
            found = escape(f, s, &addresses, &holders, &under).map(|how| (how, s));
        }
    });
    let Some((how, s)) = found else {
        return Ok(());
    };
    Err(Refusal::new(format!(
        "unsupported: a pointer that may sit below its pointee's alignment (into a member of a \
         packed struct, or of one under #pragma pack) {how}, where the compiler cannot follow \
         it: accesses through it would assume natural alignment"
    ))
    .at_stmt(f, s))
}

/// How statement `s` lets an under-aligned pointer escape, if it does.
fn escape(
    f: &Function,
    s: &Stmt,
    addresses: &HashMap<ValueId, LocalId>,
    holders: &HashSet<LocalId>,
    under: &dyn Fn(&ValueId) -> bool,
) -> Option<String> {
    let holder_address = |v: &ValueId| addresses.get(v).filter(|l| holders.contains(*l));
    let taken = |l: &LocalId| {
        let name = &f.local(*l).name;
        format!("is kept in the variable `{name}`, whose address is taken")
    };
    match s {
        Stmt::Store { ptr, value } if under(value) && !addresses.contains_key(ptr) => {
            Some("is stored in memory other than a variable of the function".into())
        }
        Stmt::Store { value, .. } => holder_address(value).map(taken),
        Stmt::Return(Some(v)) if under(v) => Some("is returned from a function".into()),
        Stmt::Let { op, .. } => {
            let operands = op.operands();
            match op {
                Op::Insert { .. } | Op::Compose { .. } | Op::Splat { .. }
                    if operands.iter().any(under) =>
                {
                    Some("is put into a vector or struct value".into())
                }
                Op::Load { .. } => None,
                _ => operands.iter().find_map(holder_address).map(taken),
            }
        }
        _ => None,
    }
}
