//! The private variables a loop steps by a constant each iteration (its induction
//! variable, and others like the chapter's `c4`), whose values in the two rows' lockstep
//! loop differ by a known amount.

use crate::analysis::defs::Defs;
use crate::analysis::loops::start_value;
use crate::analysis::vars::Variables;
use crate::module::{walk_stmt_list, LocalId, Stmt};
use crate::op::{BinaryOp, Op, ValueId};

use super::shape::Parts;

/// A variable stored once per iteration, at the top level of the loop's body or
/// continuing block, as its own value plus `step`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stepped {
    pub var: LocalId,
    pub step: i128,
    /// The value stored to it last before the loop.
    pub start: ValueId,
}

/// The stepped variables of the loop `p` that `preceding` (the statements before the loop
/// in its block) give a start value.
pub(super) fn stepped_vars(
    vars: &Variables,
    defs: &Defs,
    preceding: &[Stmt],
    p: &Parts,
) -> Vec<Stepped> {
    // One iteration's top-level statements in order; stores count from the body's rest on.
    let seq: Vec<&Stmt> = p
        .header
        .iter()
        .chain(&p.rest)
        .chain(&p.continuing)
        .collect();
    let mut out = Vec::new();
    for (at, s) in seq.iter().enumerate().skip(p.header.len()) {
        let Stmt::Store { ptr, value } = s else {
            continue;
        };
        let Some(var) = vars.promoted(*ptr) else {
            continue;
        };
        // The value stored is a load of the variable made earlier in the same iteration
        // (so before this, its only store) plus a constant.
        let loaded_here = |v: ValueId| {
            seq[..at].iter().any(|s| {
                matches!(s, Stmt::Let { value, op: Op::Load { ptr } }
                    if *value == v && vars.promoted(*ptr) == Some(var))
            })
        };
        let Some(step) = self_plus_constant(defs, *value, loaded_here) else {
            continue;
        };
        if stores_to(vars, var, &p.rest) + stores_to(vars, var, &p.continuing) != 1 {
            continue;
        }
        if let Some(start) = start_value(var, preceding, vars) {
            out.push(Stepped { var, step, start });
        }
    }
    out
}

/// `k` when `value` is `x + k` (or `k + x`) for a constant `k` and an `x` that `is_load`.
fn self_plus_constant(
    defs: &Defs,
    value: ValueId,
    is_load: impl Fn(ValueId) -> bool,
) -> Option<i128> {
    let Some(Op::Binary(BinaryOp::Add, x, y)) = defs.op(value) else {
        return None;
    };
    if is_load(*x) {
        defs.int_constant(*y)
    } else if is_load(*y) {
        defs.int_constant(*x)
    } else {
        None
    }
}

/// How many stores to `var` `stmts` make (nested blocks included).
fn stores_to(vars: &Variables, var: LocalId, stmts: &[Stmt]) -> usize {
    let mut n = 0;
    walk_stmt_list(stmts, &mut |s| {
        if let Stmt::Store { ptr, .. } = s {
            n += usize::from(vars.addressed(*ptr) == Some(var));
        }
    });
    n
}

/// The loads of `var` at the top level of `stmts` before its first store there.
pub(super) fn loads_before_store(vars: &Variables, var: LocalId, stmts: &[&Stmt]) -> Vec<ValueId> {
    let mut out = Vec::new();
    for s in stmts {
        match s {
            Stmt::Let {
                value,
                op: Op::Load { ptr },
            } if vars.addressed(*ptr) == Some(var) => out.push(*value),
            Stmt::Store { ptr, .. } if vars.addressed(*ptr) == Some(var) => break,
            _ => {}
        }
    }
    out
}
