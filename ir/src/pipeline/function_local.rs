//! Fixed-point groups of function-local passes, run function by function.
//!
//! A [`FunctionPass`] rewrites one function reading nothing of the module but that function,
//! the type table and the module's flags, so a function that every pass of a group has left
//! unchanged, in turn, is at the group's fixed point and the group need not visit it again:
//! the group runs its passes in the same order as a module-wide fixed point would, on the
//! functions not yet settled, and ends when every function is settled. The result is the
//! module-wide fixed point's, at a fraction of the work when a few functions need more
//! rounds than the rest. A later group of the same passes (after inlining, say) starts with
//! the functions no pass in between changed already settled.

use crate::fx::{HashMap, HashSet};
use crate::module::{Function, Module};

use super::{Pass, MAX_ROUNDS};

/// A pass that rewrites each function of a module on its own (see the module
/// documentation).
pub trait FunctionPass {
    /// Rewrites `module.functions[index]` only; returns true when it changed.
    fn run_function(&self, module: &mut Module, index: usize) -> bool;
}

/// Runs `pass` on every function of `module`; true when any changed (the `Pass::run` of a
/// function pass).
pub fn run_each_function(pass: &dyn FunctionPass, module: &mut Module) -> bool {
    let mut changed = false;
    for index in 0..module.functions.len() {
        changed |= pass.run_function(module, index);
    }
    changed
}

/// A fixed-point group whose passes are all function-local.
pub(super) struct Group<'p> {
    /// The passes, in order, each with its function-local form.
    pub passes: Vec<(&'p dyn Pass, &'p dyn FunctionPass)>,
    /// The pipeline's switched-off passes (they count as leaving every function unchanged).
    pub disabled: &'p HashSet<String>,
}

/// The functions as a function-local group left them, every one at its fixed point, and the
/// names of that group's passes.
pub(super) struct Settled {
    names: Vec<&'static str>,
    functions: Vec<Function>,
}

/// Runs `group` to its fixed point (at most [`MAX_ROUNDS`] rounds), skipping settled
/// functions; calls `observe` after every pass run, as a module-wide group does, and updates
/// `settled`. Returns true when anything changed.
pub(super) fn run_function_local_group(
    group: &Group,
    module: &mut Module,
    observe: &mut dyn FnMut(&str, &Module),
    settled: &mut Option<Settled>,
) -> bool {
    let len = group.passes.len();
    let names: Vec<&'static str> = group.passes.iter().map(|(p, _)| p.name()).collect();
    // Per function: how many passes in a row have left it unchanged (`len`: settled).
    let mut quiet = vec![0usize; module.functions.len()];
    if let Some(before) = settled.as_ref().filter(|b| b.names == names) {
        // By name: a pass in between (inlining) may have removed functions.
        let by_name: HashMap<&str, &Function> = before
            .functions
            .iter()
            .map(|f| (f.name.as_str(), f))
            .collect();
        for (q, now) in quiet.iter_mut().zip(&module.functions) {
            if by_name.get(now.name.as_str()) == Some(&now) {
                *q = len;
            }
        }
    }
    let mut any = false;
    for (pass, local) in group.passes.iter().cycle().take(MAX_ROUNDS * len) {
        if quiet.iter().all(|&q| q >= len) {
            break;
        }
        if group.disabled.contains(pass.name()) {
            quiet.iter_mut().for_each(|q| *q += 1);
            continue;
        }
        for (index, q) in quiet.iter_mut().enumerate() {
            if *q >= len {
                continue;
            }
            if local.run_function(module, index) {
                any = true;
                *q = 0;
            } else {
                *q += 1;
            }
        }
        if cfg!(debug_assertions) {
            if let Err(e) = crate::verify::verify_module(module) {
                panic!("after pass {}: {e}", pass.name());
            }
        }
        observe(pass.name(), module);
    }
    *settled = quiet.iter().all(|&q| q >= len).then(|| Settled {
        names,
        functions: module.functions.clone(),
    });
    any
}
