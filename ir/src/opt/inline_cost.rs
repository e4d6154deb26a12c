//! Inlining by a cost model: a call of a helper is replaced by the helper's body when the
//! helper is small or called once, so that the loop passes see through it.
//!
//! Rules. A callee is inlined at every call site when it is a helper of the user's program
//! (not a built-in library routine, not recursive, not calling itself through others) and
//! either its body has at most [`OptConfig::inline_budget`] statements, counted
//! recursively, or it is called from exactly one place in the module. Kernels called as
//! functions are inlined by the same rules. Afterwards, in a module with kernels, helpers
//! that no kernel reaches any more are removed (a module without kernels is a library whose
//! functions are all kept).

use crate::fx::{HashMap, HashSet};

use super::inline::inline_calls;
use super::OptConfig;
use crate::diag::refusal::Refusal;
use crate::module::{walk_stmts, Block, FuncId, Module, Stmt};
use crate::op::Op;
use crate::pipeline::Pass;

/// The inlining pass with its budget.
pub struct Inline {
    /// The settings (the budget).
    pub config: OptConfig,
}

impl Pass for Inline {
    fn name(&self) -> &'static str {
        "inline"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        Ok(self.run_naming_changed(module)?.0)
    }

    /// The functions it changed are the callers it inlined into and those whose calls it
    /// renumbered after removing helpers nothing calls any more.
    fn run_naming_changed(
        &self,
        module: &mut Module,
    ) -> Result<(bool, Option<HashSet<String>>), Refusal> {
        let mut names = HashSet::default();
        let wanted = chosen_callees(module, self.config.inline_budget);
        if wanted.is_empty() {
            return Ok((false, Some(names)));
        }
        let mut changed = false;
        let mut types = module.types.clone();
        let mut rewritten = Vec::with_capacity(module.functions.len());
        for i in 0..module.functions.len() {
            let id = FuncId(i as u32);
            let calls_wanted = calls(&module.functions[i].body)
                .iter()
                .any(|c| wanted.contains(c));
            if !calls_wanted {
                rewritten.push(None);
                continue;
            }
            match inline_calls(module, &mut types, id, &|f| wanted.contains(&f)) {
                Ok(f) => {
                    rewritten.push(Some(f));
                    changed = true;
                }
                // A recursion the choice missed: leave this caller as it is.
                Err(_) => rewritten.push(None),
            }
        }
        module.types = types;
        for (i, f) in rewritten.into_iter().enumerate() {
            if let Some(f) = f {
                names.insert(f.name.clone());
                module.functions[i] = f;
            }
        }
        changed |= remove_unreachable_helpers(module, &mut names);
        Ok((changed, Some(names)))
    }
}

/// The functions called by `block`'s statements.
fn calls(block: &Block) -> Vec<FuncId> {
    let mut out = Vec::new();
    walk_stmts(block, &mut |s| {
        if let Stmt::Let {
            op: Op::Call { func, .. },
            ..
        } = s
        {
            out.push(*func);
        }
    });
    out
}

/// The callees worth inlining (see the module documentation).
fn chosen_callees(module: &Module, budget: usize) -> HashSet<FuncId> {
    let mut call_sites: HashMap<FuncId, usize> = HashMap::default();
    for f in &module.functions {
        for c in calls(&f.body) {
            *call_sites.entry(c).or_insert(0) += 1;
        }
    }
    let recursive = recursive_functions(module);
    call_sites
        .iter()
        .filter(|(id, sites)| {
            let f = module.function(**id);
            let mut size = 0;
            walk_stmts(&f.body, &mut |_| size += 1);
            !f.is_library
                && !f.is_import
                && !recursive.contains(id)
                && (size <= budget || **sites == 1)
        })
        .map(|(id, _)| *id)
        .collect()
}

/// The functions that can reach themselves through calls.
fn recursive_functions(module: &Module) -> HashSet<FuncId> {
    let edges: Vec<Vec<FuncId>> = module.functions.iter().map(|f| calls(&f.body)).collect();
    let mut out = HashSet::default();
    for start in 0..module.functions.len() {
        let mut seen = HashSet::default();
        let mut stack: Vec<FuncId> = edges[start].clone();
        while let Some(f) = stack.pop() {
            if f.0 as usize == start {
                out.insert(FuncId(start as u32));
                break;
            }
            if seen.insert(f) {
                stack.extend(edges[f.0 as usize].iter().copied());
            }
        }
    }
    out
}

/// Removes the helpers no kernel reaches in a module with kernels, renumbering calls; true
/// when any went.
fn remove_unreachable_helpers(module: &mut Module, renumbered: &mut HashSet<String>) -> bool {
    if module.kernels().next().is_none() {
        return false;
    }
    let mut reached: HashSet<FuncId> = module.kernels().map(|(id, _)| id).collect();
    let mut stack: Vec<FuncId> = reached.iter().copied().collect();
    while let Some(f) = stack.pop() {
        for c in calls(&module.function(f).body) {
            if reached.insert(c) {
                stack.push(c);
            }
        }
    }
    if reached.len() == module.functions.len() {
        return false;
    }
    let mut new_id = HashMap::default();
    let mut kept = Vec::new();
    for (i, f) in std::mem::take(&mut module.functions)
        .into_iter()
        .enumerate()
    {
        if reached.contains(&FuncId(i as u32)) {
            new_id.insert(FuncId(i as u32), FuncId(kept.len() as u32));
            kept.push(f);
        }
    }
    for f in &mut kept {
        if renumber_calls(&mut f.body, &new_id) {
            renumbered.insert(f.name.clone());
        }
    }
    module.functions = kept;
    true
}

/// Renumbers the calls of `block`; true when a call's number changed.
fn renumber_calls(block: &mut Block, new_id: &HashMap<FuncId, FuncId>) -> bool {
    let mut changed = false;
    for s in &mut block.stmts {
        if let Stmt::Let {
            op: Op::Call { func, .. },
            ..
        } = s
        {
            changed |= new_id[func] != *func;
            *func = new_id[func];
        }
        for child in s.child_blocks_mut() {
            changed |= renumber_calls(child, new_id);
        }
    }
    changed
}
