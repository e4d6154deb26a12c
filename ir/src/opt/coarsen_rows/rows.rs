//! The two rows' copies of a kernel body: their own private variables, and their row ids.

use crate::fx::HashMap;
use crate::module::{Function, Stmt};
use crate::op::{BinaryOp, Const, Dim, Op, ValueId, WorkItemQuery};
use crate::types::ScalarType;
use crate::visit::replace_uses;

/// Whether `s` is `let v = get_global_id(1)`.
pub(super) fn is_row_id(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::Let {
            op: Op::WorkItem {
                query: WorkItemQuery::GlobalId,
                dim: Dim::Const(1),
            },
            ..
        }
    )
}

/// Moves the private variables' addresses taken inside loops and branches of `stmts`
/// (`let p = local_addr $v`, which reads nothing) to the front of the top level, so that
/// the copies the pairing makes of loops and branches all name each variable by one value
/// known before them.
pub(super) fn hoist_addresses(stmts: &mut Vec<Stmt>) {
    let mut addrs = Vec::new();
    for s in stmts.iter_mut() {
        for b in s.child_blocks_mut() {
            take_addresses(&mut b.stmts, &mut addrs);
        }
    }
    stmts.splice(0..0, addrs);
}

fn take_addresses(stmts: &mut Vec<Stmt>, addrs: &mut Vec<Stmt>) {
    let mut i = 0;
    while i < stmts.len() {
        if is_addr(&stmts[i]) {
            addrs.push(stmts.remove(i));
            continue;
        }
        for b in stmts[i].child_blocks_mut() {
            take_addresses(&mut b.stmts, addrs);
        }
        i += 1;
    }
}

fn is_addr(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::Let {
            op: Op::LocalAddr(_),
            ..
        }
    )
}

/// Renumbers the rows of `body` (the two copies, at its top level): after the first
/// `get_global_id(1)` come row 0's id `2 (id - offset) + offset` and row 1's, one more;
/// `row0` and `row1` are the copies' own `get_global_id(1)` values, whose uses read those.
/// Returns row 0's id.
pub(super) fn renumber(
    f: &mut Function,
    body: &mut Vec<Stmt>,
    row0: &[ValueId],
    row1: &[ValueId],
) -> Option<ValueId> {
    let at = body.iter().position(is_row_id)?;
    let Stmt::Let { value: id, .. } = body[at] else {
        unreachable!("is_row_id matched a let")
    };
    let ty = f.value_type(id);
    let mut new = Vec::new();
    let offset = f.push_let(
        &mut new,
        ty,
        Op::WorkItem {
            query: WorkItemQuery::GlobalOffset,
            dim: Dim::Const(1),
        },
    );
    let rel = f.push_let(&mut new, ty, Op::Binary(BinaryOp::Sub, id, offset));
    let two = f.push_let(&mut new, ty, Op::Const(Const::int(ScalarType::U64, 2)));
    let scaled = f.push_let(&mut new, ty, Op::Binary(BinaryOp::Mul, rel, two));
    let base0 = f.push_let(&mut new, ty, Op::Binary(BinaryOp::Add, scaled, offset));
    let one = f.push_let(&mut new, ty, Op::Const(Const::int(ScalarType::U64, 1)));
    let base1 = f.push_let(&mut new, ty, Op::Binary(BinaryOp::Add, base0, one));
    let mut map: HashMap<ValueId, ValueId> = HashMap::default();
    map.extend(row0.iter().map(|&v| (v, base0)));
    map.extend(row1.iter().map(|&v| (v, base1)));
    // The new lets read `id` itself, so they are inserted after the replacement.
    let mut block = crate::module::Block {
        stmts: std::mem::take(body),
    };
    replace_uses(&mut block, &map);
    *body = block.stmts;
    body.splice(at + 1..at + 1, new);
    Some(base0)
}
