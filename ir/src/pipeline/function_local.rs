//! Fixed-point groups of function-local passes, run function by function.
//!
//! A [`FunctionPass`] rewrites one function reading nothing of the module but that function,
//! the type table and the module's flags, so a function that every pass of a group has left
//! unchanged, in turn, is at the group's fixed point and the group need not visit it again:
//! the group runs its passes in the same order as a module-wide fixed point would, each only
//! on the functions it is not known to leave unchanged, and ends when every function is
//! settled. The result is the module-wide fixed point's, at a fraction of the work when a
//! few functions need more rounds than the rest. A later group (after inlining or unrolling)
//! runs on a function that no pass in between changed only the passes the previous group
//! did not have (licm after the last cleanup, say).

use crate::diag::refusal::Refusal;
use crate::fx::HashSet;
use crate::module::Module;
use crate::types::TypeTable;

use super::{Pass, MAX_ROUNDS};

/// A pass that rewrites each function of a module on its own (see the module
/// documentation); every one is a [`Pass`] that runs on each function in turn. Passes with
/// the same name must do the same thing: a function one left unchanged counts as clean for
/// the others.
pub trait FunctionPass {
    /// The pass's name, as [`Pass::name`].
    fn name(&self) -> &'static str;

    /// Rewrites `module.functions[index]` only; returns true when it changed.
    fn run_function(&self, module: &mut Module, index: usize) -> bool;
}

impl<T: FunctionPass> Pass for T {
    fn name(&self) -> &'static str {
        FunctionPass::name(self)
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        let mut changed = false;
        for index in 0..module.functions.len() {
            changed |= self.run_function(module, index);
        }
        Ok(changed)
    }

    fn as_function_pass(&self) -> Option<&dyn FunctionPass> {
        Some(self)
    }
}

/// Runs `passes` in turn on function `index` of `module` until each has left it unchanged
/// since its last change (at most [`MAX_ROUNDS`] rounds): that function's part of the fixed
/// point a group of these passes reaches. Returns true when the function changed.
pub fn fixed_point_on_function(
    passes: &[&dyn FunctionPass],
    module: &mut Module,
    index: usize,
) -> bool {
    let mut quiet = 0;
    let mut any = false;
    for pass in passes.iter().cycle().take(MAX_ROUNDS * passes.len()) {
        if quiet == passes.len() {
            break;
        }
        if pass.run_function(module, index) {
            any = true;
            quiet = 0;
        } else {
            quiet += 1;
        }
    }
    any
}

/// A fixed-point group whose passes are all function-local.
pub(super) struct Group<'p> {
    /// The passes, in order, each with its function-local form.
    pub passes: Vec<(&'p dyn Pass, &'p dyn FunctionPass)>,
    /// The pipeline's switched-off passes (they count as leaving every function unchanged).
    pub disabled: &'p HashSet<String>,
}

/// The functions a function-local group left at its fixed point that no pass changed
/// since (by name), and the names of that group's passes.
pub(super) struct Settled {
    names: Vec<&'static str>,
    functions: HashSet<String>,
    /// The type table then: an unchanged function means the same only while the table
    /// still begins with these entries (passes only append to it).
    types: TypeTable,
}

impl Settled {
    /// Forgets the functions called `changed` (a pass changed them).
    pub(super) fn forget(&mut self, changed: &HashSet<String>) {
        self.functions.retain(|name| !changed.contains(name));
    }

    /// True when `module`'s type table still begins with the settled one.
    fn types_kept(&self, module: &Module) -> bool {
        self.types.len() <= module.types.len()
            && self.types.iter().all(|(id, ty)| module.types.get(id) == ty)
    }
}

/// The most passes a function-local group may have (one bit each in a function's clean set).
pub(super) const MAX_GROUP_PASSES: usize = 64;

/// Runs `group` (at most [`MAX_GROUP_PASSES`] passes) to its fixed point (at most
/// [`MAX_ROUNDS`] rounds), running a pass only on the functions it is not known to leave
/// unchanged; calls `observe` after every pass run, as a module-wide group does, and updates
/// `settled`. Returns true when anything changed.
pub(super) fn run_function_local_group(
    group: &Group,
    module: &mut Module,
    observe: &mut dyn FnMut(&str, &Module),
    settled: &mut Option<Settled>,
) -> bool {
    let len = group.passes.len();
    debug_assert!(len <= MAX_GROUP_PASSES);
    let all: u64 = if len == 64 { u64::MAX } else { (1 << len) - 1 };
    let names: Vec<&'static str> = group.passes.iter().map(|(p, _)| p.name()).collect();
    // Per function, its clean set: bit k when pass k of the group, run now, would leave the
    // function unchanged (it did when last run, and nothing changed the function since).
    let mut clean = vec![0u64; module.functions.len()];
    if let Some(before) = settled.as_ref().filter(|b| b.types_kept(module)) {
        // A function the last group settled, unchanged since, is clean for every pass of
        // this group that was in that one (a pass's name identifies what it does). By
        // name: a pass in between (inlining) may have removed functions.
        let carried = names
            .iter()
            .enumerate()
            .filter(|(_, n)| before.names.contains(n))
            .fold(0u64, |bits, (k, _)| bits | 1 << k);
        for (bits, now) in clean.iter_mut().zip(&module.functions) {
            if before.functions.contains(&now.name) {
                *bits = carried;
            }
        }
    }
    let mut any = false;
    let order = group.passes.iter().enumerate().cycle();
    for (k, (pass, local)) in order.take(MAX_ROUNDS * len) {
        if clean.iter().all(|&bits| bits == all) {
            break;
        }
        let bit = 1u64 << k;
        if group.disabled.contains(pass.name()) {
            clean.iter_mut().for_each(|bits| *bits |= bit);
            continue;
        }
        for (index, bits) in clean.iter_mut().enumerate() {
            if *bits & bit != 0 {
                continue;
            }
            if local.run_function(module, index) {
                any = true;
                *bits = 0;
            } else {
                *bits |= bit;
            }
        }
        if cfg!(debug_assertions) {
            if let Err(e) = crate::verify::verify_module(module) {
                panic!("after pass {}: {e}", pass.name());
            }
        }
        observe(pass.name(), module);
    }
    *settled = clean.iter().all(|&bits| bits == all).then(|| Settled {
        names,
        functions: module.functions.iter().map(|f| f.name.clone()).collect(),
        types: module.types.clone(),
    });
    any
}
