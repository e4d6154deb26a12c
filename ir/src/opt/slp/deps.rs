//! The order a straight-line run of statements must keep, and a new order in which groups
//! of statements (the vectorised trees) each run at one place.
//!
//! A statement must stay after the statements defining its operands, and after every
//! earlier statement whose memory access conflicts with its own: two accesses of memory
//! that may overlap, at least one of them a write; loads and stores of the same promotable
//! variable, one of them a store; and an operation the analysis cannot see into (a call,
//! an atomic, `printf`, an image access) against every access of memory through a pointer.

use crate::fx::HashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::address::{Access, Addresses};
use crate::analysis::vars::Variables;
use crate::module::{Function, LocalId, Stmt};
use crate::op::{Op, ValueId};
use crate::types::TypeTable;

/// What a statement does to memory.
#[derive(Clone, Debug)]
enum Effect {
    /// Nothing.
    None,
    /// Reads or writes a promotable variable.
    Var { var: LocalId, write: bool },
    /// Reads or writes memory through a pointer.
    Memory { access: Access, write: bool },
    /// Anything (calls, atomics, `printf`, images).
    Opaque,
}

/// The predecessors each statement of a run must follow.
pub struct Deps {
    /// For every statement, the earlier statements it must follow.
    pub preds: Vec<Vec<usize>>,
}

impl Deps {
    /// The dependences among `run` (statements of `f`).
    pub fn of_run(
        run: &[Stmt],
        f: &Function,
        types: &TypeTable,
        vars: &Variables,
        addrs: &Addresses,
    ) -> Deps {
        let mut defined_at: HashMap<ValueId, usize> = HashMap::default();
        let mut preds = vec![Vec::new(); run.len()];
        let effects: Vec<Effect> = run
            .iter()
            .map(|s| effect(s, f, types, vars, addrs))
            .collect();
        let mut memory: Vec<usize> = Vec::new();
        for (i, s) in run.iter().enumerate() {
            for v in crate::visit::stmt_uses(s) {
                if let Some(&j) = defined_at.get(&v) {
                    preds[i].push(j);
                }
            }
            if !matches!(effects[i], Effect::None) {
                for &j in &memory {
                    if conflict(&effects[i], &effects[j], addrs) {
                        preds[i].push(j);
                    }
                }
                memory.push(i);
            }
            if let Stmt::Let { value, .. } = s {
                defined_at.insert(*value, i);
            }
        }
        for p in &mut preds {
            p.sort_unstable();
            p.dedup();
        }
        Deps { preds }
    }

    /// An order of the groups (`group_of[i]` is the group of statement `i`; `key[g]` orders
    /// the groups that are ready at once, smallest first) in which every statement follows
    /// its predecessors, or `None` when the grouping makes that impossible (a cycle).
    pub fn schedule(&self, group_of: &[usize], key: &[usize]) -> Option<Vec<usize>> {
        let groups = key.len();
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); groups];
        let mut indegree = vec![0usize; groups];
        for (i, ps) in self.preds.iter().enumerate() {
            let gi = group_of[i];
            for &j in ps {
                let gj = group_of[j];
                if gj != gi {
                    succs[gj].push(gi);
                    indegree[gi] += 1;
                }
            }
        }
        let mut present = vec![false; groups];
        for &g in group_of {
            present[g] = true;
        }
        let mut ready: BinaryHeap<Reverse<(usize, usize)>> = (0..groups)
            .filter(|&g| present[g] && indegree[g] == 0)
            .map(|g| Reverse((key[g], g)))
            .collect();
        let mut order = Vec::new();
        while let Some(Reverse((_, g))) = ready.pop() {
            order.push(g);
            for &s in &succs[g] {
                indegree[s] -= 1;
                if indegree[s] == 0 {
                    ready.push(Reverse((key[s], s)));
                }
            }
        }
        let expected = present.iter().filter(|p| **p).count();
        (order.len() == expected).then_some(order)
    }
}

fn effect(
    s: &Stmt,
    f: &Function,
    types: &TypeTable,
    vars: &Variables,
    addrs: &Addresses,
) -> Effect {
    let pointer = |ptr: ValueId, value_ty, write| match vars.promoted(ptr) {
        Some(var) => Effect::Var { var, write },
        None => Effect::Memory {
            access: addrs.access(ptr, types.layout(value_ty).size),
            write,
        },
    };
    match s {
        Stmt::Let {
            value,
            op: Op::Load { ptr },
        } => pointer(*ptr, f.value_type(*value), false),
        Stmt::Let { op, .. } if op.is_pure() => Effect::None,
        Stmt::Let { .. } => Effect::Opaque,
        Stmt::Store { ptr, value } => pointer(*ptr, f.value_type(*value), true),
        _ => Effect::Opaque,
    }
}

fn conflict(a: &Effect, b: &Effect, addrs: &Addresses) -> bool {
    match (a, b) {
        (Effect::None, _) | (_, Effect::None) => false,
        (Effect::Var { var: x, write: wx }, Effect::Var { var: y, write: wy }) => {
            x == y && (*wx || *wy)
        }
        // Promotable variables are registers: nothing else reaches them.
        (Effect::Var { .. }, _) | (_, Effect::Var { .. }) => false,
        (Effect::Opaque, _) | (_, Effect::Opaque) => true,
        (
            Effect::Memory {
                access: x,
                write: wx,
            },
            Effect::Memory {
                access: y,
                write: wy,
            },
        ) => (*wx || *wy) && addrs.may_overlap(x, y),
    }
}
