//! Forwarding through promotable private variables (the variables that behave as
//! registers, `analysis::vars`): a load whose variable's current value is known becomes
//! that value, and the stores to a variable nobody loads any more go.
//!
//! Rules. Walking each block in order, the pass knows the value a variable holds after a
//! store to it (the stored value) or a load of it (the loaded value), as long as that value
//! is visible: entering an `if` branch keeps what is known; entering a loop, a switch case
//! or a `continuing` block forgets the variables the loop or switch stores anywhere; after
//! an `if`, a loop or a switch, the variables stored inside are forgotten. Calls cannot
//! change a promotable variable (its address never escapes). A load replaced by a known
//! value is removed by `dce`. Then every store to a promotable variable that is never
//! loaded is removed (its `local_addr`s and the variable itself go with `dce`).
//!
//! This is what turns unrolled copies of a loop body into straight-line code: after
//! `store $c, 2` the copy's `load $c` is the constant 2, which `const_fold` then propagates.

use crate::fx::{HashMap, HashSet};

use crate::analysis::vars::{variables, Variables};
use crate::module::{walk_stmts, Block, Function, LocalId, Module, Stmt};
use crate::op::{Op, ValueId};
use crate::pipeline::FunctionPass;
use crate::types::TypeTable;
use crate::visit::{remove_lets, replace_uses};

/// The forwarding pass (see the module documentation).
pub struct ForwardLoads;

impl FunctionPass for ForwardLoads {
    fn name(&self) -> &'static str {
        "forward_loads"
    }

    fn run_function(&self, module: &mut Module, index: usize) -> bool {
        let Module {
            types, functions, ..
        } = module;
        forward_function(types, &mut functions[index])
    }
}

/// Forwards in one function; returns true when it changed.
pub fn forward_function(types: &TypeTable, f: &mut Function) -> bool {
    let vars = variables(f, types);
    if vars.promotable().next().is_none() {
        return false;
    }
    let mut fw = Forwarder {
        vars: &vars,
        replace: HashMap::default(),
        stored: HashMap::default(),
    };
    fw.block(&f.body, &mut HashMap::default());
    let replace = std::mem::take(&mut fw.replace);
    let mut body = std::mem::take(&mut f.body);
    let mut changed = !replace.is_empty();
    if changed {
        remove_lets(&mut body, &replace);
        replace_uses(&mut body, &replace);
    }
    changed |= remove_dead_stores(&mut body, &vars, f.locals.len());
    f.body = body;
    changed
}

struct Forwarder<'a> {
    vars: &'a Variables,
    /// Loads to replace by the value their variable held.
    replace: HashMap<ValueId, ValueId>,
    /// The variables each block (by address; the body is not changed during the walk)
    /// stores at any depth.
    stored: HashMap<*const Block, HashSet<LocalId>>,
}

impl Forwarder<'_> {
    /// The promotable variables `block` stores at any depth, worked out once per block
    /// from those of the blocks nested in it (a walk of the whole subtree at every level
    /// made a 2000-deep `if` nest take minutes).
    fn stored_in(&mut self, block: &Block) -> HashSet<LocalId> {
        if let Some(s) = self.stored.get(&(block as *const Block)) {
            return s.clone();
        }
        let mut out = HashSet::default();
        for s in &block.stmts {
            match s {
                Stmt::Store { ptr, .. } => out.extend(self.vars.promoted(*ptr)),
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    out.extend(self.stored_in(then_body));
                    out.extend(self.stored_in(else_body));
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    out.extend(self.stored_in(body));
                    out.extend(self.stored_in(continuing));
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        out.extend(self.stored_in(&c.body));
                    }
                }
                _ => {}
            }
        }
        self.stored.insert(block as *const Block, out.clone());
        out
    }

    fn block(&mut self, block: &Block, known: &mut HashMap<LocalId, ValueId>) {
        for s in &block.stmts {
            match s {
                Stmt::Let {
                    value,
                    op: Op::Load { ptr },
                } => {
                    if let Some(l) = self.vars.promoted(*ptr) {
                        match known.get(&l) {
                            Some(v) => {
                                self.replace.insert(*value, *v);
                            }
                            None => {
                                known.insert(l, *value);
                            }
                        }
                    }
                }
                Stmt::Store { ptr, value } => {
                    if let Some(l) = self.vars.promoted(*ptr) {
                        known.insert(l, *value);
                    }
                }
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    self.block(then_body, &mut known.clone());
                    self.block(else_body, &mut known.clone());
                    for l in self.stored_in(then_body).union(&self.stored_in(else_body)) {
                        known.remove(l);
                    }
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    let mut stored = self.stored_in(body);
                    stored.extend(self.stored_in(continuing));
                    for l in &stored {
                        known.remove(l);
                    }
                    self.block(body, &mut known.clone());
                    self.block(continuing, &mut known.clone());
                }
                Stmt::Switch { cases, .. } => {
                    let mut stored = HashSet::default();
                    for c in cases {
                        stored.extend(self.stored_in(&c.body));
                    }
                    for l in &stored {
                        known.remove(l);
                    }
                    for c in cases {
                        self.block(&c.body, &mut known.clone());
                    }
                }
                _ => {}
            }
        }
    }
}

/// Removes the stores to promotable variables that are never loaded; true when any went.
fn remove_dead_stores(body: &mut Block, vars: &Variables, locals: usize) -> bool {
    let mut loaded = vec![false; locals];
    let mut stored = vec![false; locals];
    walk_stmts(body, &mut |s| match s {
        Stmt::Let {
            op: Op::Load { ptr },
            ..
        } => {
            if let Some(l) = vars.promoted(*ptr) {
                loaded[l.0 as usize] = true;
            }
        }
        Stmt::Store { ptr, .. } => {
            if let Some(l) = vars.promoted(*ptr) {
                stored[l.0 as usize] = true;
            }
        }
        _ => {}
    });
    // Most runs find every stored variable loaded: then no block need be rewritten.
    if !stored.iter().zip(&loaded).any(|(&s, &l)| s && !l) {
        return false;
    }
    let mut changed = false;
    remove_stores_where(body, &mut |ptr| {
        let dead = vars.promoted(ptr).is_some_and(|l| !loaded[l.0 as usize]);
        changed |= dead;
        dead
    });
    changed
}

fn remove_stores_where(block: &mut Block, dead: &mut dyn FnMut(ValueId) -> bool) {
    block
        .stmts
        .retain(|s| !matches!(s, Stmt::Store { ptr, .. } if dead(*ptr)));
    for s in &mut block.stmts {
        for child in s.child_blocks_mut() {
            remove_stores_where(child, dead);
        }
    }
}
