//! Kernel parameters whose memory a launch of the kernel never writes: a load through one
//! reads the same value wherever and whenever it runs.
//!
//! Rules. A `__constant` pointer parameter is never written. A `__global` pointer parameter
//! `p` is unwritten when no store, atomic or image write of the kernel may reach its memory,
//! and the kernel calls no function (after inlining, calls remain only where a target keeps
//! them). Each write goes through a pointer with a root ([`Root`]); it cannot reach `p`'s
//! memory when:
//! - its pointer points into `__private` or `__local` memory, or its root is a variable of
//!   the function or a program-scope variable (a kernel's arguments are buffers, never
//!   program-scope variables);
//! - its root is another parameter `q`, and either `p` is declared `restrict` (memory read
//!   through a `restrict` pointer and modified is reached through that pointer alone, C99
//!   6.7.3.1) or the caller knows that the launch's buffer arguments are distinct buffers
//!   (`distinct_buffers`: runtime-lite knows it at launch, a compiler without the launch
//!   does not);
//! - it is an image write and `p` is `restrict` or the buffers are distinct (images are
//!   memory objects of their own).
//!
//! A write through any other pointer (one loaded from memory, selected between two, ...)
//! may reach every buffer. A module with `volatile` accesses has no unwritten `__global`
//! parameter: something outside the kernel may change such memory.

use crate::fx::HashSet;

use crate::analysis::defs::Defs;
use crate::analysis::vars::variables;
use crate::module::{walk_stmts, Function, Stmt};
use crate::op::{Op, ValueId};
use crate::opt::slp::address::{Addresses, Root};
use crate::types::{AddressSpace, Type, TypeTable};

/// The pointer parameters of kernel `f` whose memory the kernel never writes (see the module
/// documentation); `distinct_buffers`: the launch's buffer arguments are distinct buffers.
pub fn unwritten_params(
    types: &TypeTable,
    f: &Function,
    volatile: bool,
    distinct_buffers: bool,
) -> HashSet<ValueId> {
    if !f.is_kernel() {
        return HashSet::default();
    }
    let space = |v: ValueId| match types.get(f.value_type(v)) {
        Type::Pointer { space, .. } => Some(*space),
        _ => None,
    };
    let mut out: HashSet<ValueId> = f
        .params
        .iter()
        .filter(|p| match space(p.value) {
            Some(AddressSpace::Constant) => true,
            Some(AddressSpace::Global) => !volatile,
            _ => false,
        })
        .map(|p| p.value)
        .collect();
    let restrict: HashSet<ValueId> = f
        .params
        .iter()
        .filter(|p| p.is_restrict)
        .map(|p| p.value)
        .collect();
    let vars = variables(f, types);
    let defs = Defs::of_function(f);
    let addrs = Addresses::new(f, types, &defs);
    // The pointers written through, and whether an image is written or a function called.
    let mut written: Vec<ValueId> = Vec::new();
    let (mut images, mut calls) = (false, false);
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Store { ptr, .. } => written.push(*ptr),
        Stmt::Let { op, .. } => match op {
            Op::Atomic { ptr, .. } => written.push(*ptr),
            Op::Call { .. } => calls = true,
            Op::ImageWrite { .. } => images = true,
            _ => {}
        },
        _ => {}
    });
    // The parameters written through; a write through any other pointer into memory a
    // buffer may hold counts as a call (it may reach every buffer).
    let mut through: HashSet<ValueId> = HashSet::default();
    let mut anything_at_all = calls;
    for ptr in written {
        if vars.promoted(ptr).is_some()
            || matches!(
                space(ptr),
                Some(AddressSpace::Private | AddressSpace::Local)
            )
        {
            continue;
        }
        match addrs.address(ptr).root {
            Root::Local(_) | Root::Global(_) => {}
            Root::Param { value, .. } => {
                through.insert(value);
            }
            Root::Other(_) => anything_at_all = true,
        }
    }
    if anything_at_all {
        out.retain(|p| space(*p) == Some(AddressSpace::Constant));
        return out;
    }
    let shielded = |p: &ValueId| distinct_buffers || restrict.contains(p);
    out.retain(|p| {
        space(*p) == Some(AddressSpace::Constant)
            || (!through.contains(p) && (shielded(p) || (!images && through.is_empty())))
    });
    out
}
