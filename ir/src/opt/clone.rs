//! Copying statements with fresh values: what unrolling and other duplicating passes need,
//! since every value is defined by exactly one `let`.

use crate::fx::HashMap;

use crate::module::{Block, Function, Local, LocalId, Stmt, SwitchCase};
use crate::op::{Op, ValueId};
use crate::visit::{op_operands_mut, stmt_uses_mut};

/// Copies `stmts` (nested blocks included), giving every value they define a fresh id of
/// the same type and source span. Uses of values defined outside `stmts` are rewritten
/// through `map` (left alone when absent); `map` gains old -> new for the copied values.
pub fn clone_fresh(
    f: &mut Function,
    stmts: &[Stmt],
    map: &mut HashMap<ValueId, ValueId>,
) -> Vec<Stmt> {
    stmts.iter().map(|s| clone_stmt(f, s, map)).collect()
}

fn clone_block(f: &mut Function, b: &Block, map: &mut HashMap<ValueId, ValueId>) -> Block {
    Block {
        stmts: clone_fresh(f, &b.stmts, map),
    }
}

fn clone_stmt(f: &mut Function, s: &Stmt, map: &mut HashMap<ValueId, ValueId>) -> Stmt {
    let mut out = match s {
        Stmt::Let { value, op } => {
            let mut op = op.clone();
            op_operands_mut(&mut op, &mut |v| *v = *map.get(v).unwrap_or(v));
            let fresh = f.new_value(f.value_type(*value));
            f.spans.inherit(fresh, *value);
            map.insert(*value, fresh);
            return Stmt::Let { value: fresh, op };
        }
        Stmt::If {
            cond,
            then_body,
            else_body,
        } => Stmt::If {
            cond: *cond,
            then_body: clone_block(f, then_body, map),
            else_body: clone_block(f, else_body, map),
        },
        Stmt::Loop {
            body,
            continuing,
            break_if,
            unroll,
        } => Stmt::Loop {
            body: clone_block(f, body, map),
            continuing: clone_block(f, continuing, map),
            break_if: *break_if,
            unroll: *unroll,
        },
        Stmt::Switch { selector, cases } => Stmt::Switch {
            selector: *selector,
            cases: cases
                .iter()
                .map(|c| SwitchCase {
                    values: c.values.clone(),
                    is_default: c.is_default,
                    body: clone_block(f, &c.body, map),
                    fall_through: c.fall_through,
                })
                .collect(),
        },
        other => other.clone(),
    };
    stmt_uses_mut(&mut out, &mut |v| *v = *map.get(v).unwrap_or(v));
    out
}

/// Gives `stmts` (a copy of a body) a fresh twin, named `NAME{suffix}`, of each of the
/// first `count` variables of `f` that `twin` selects, and points their addresses there;
/// returns which variable is whose.
pub fn twin_variables(
    f: &mut Function,
    stmts: &mut [Stmt],
    count: usize,
    suffix: &str,
    twin: impl Fn(&Local) -> bool,
) -> HashMap<LocalId, LocalId> {
    let mut fresh: HashMap<LocalId, LocalId> = HashMap::default();
    for i in 0..count {
        let l = f.locals[i].clone();
        if twin(&l) {
            let id = f.new_local(format!("{}{suffix}", l.name), l.ty, l.space);
            fresh.insert(LocalId(i as u32), id);
        }
    }
    for s in stmts.iter_mut() {
        readdress(s, &fresh);
    }
    fresh
}

/// Points `s`'s addresses of the variables in `fresh` at their twins.
fn readdress(s: &mut Stmt, fresh: &HashMap<LocalId, LocalId>) {
    if let Stmt::Let {
        op: Op::LocalAddr(l),
        ..
    } = s
    {
        if let Some(n) = fresh.get(l) {
            *l = *n;
        }
    }
    for b in s.child_blocks_mut() {
        for s in &mut b.stmts {
            readdress(s, fresh);
        }
    }
}
