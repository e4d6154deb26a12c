//! The shape of a loop the pairing can run in lockstep ([`super::jam`]): its body starts
//! with its exit test and nothing else leaves it.

use crate::analysis::effects::stmts_effects;
use crate::analysis::vars::Variables;
use crate::module::{Block, Function, Stmt};
use crate::op::{Op, ValueId};
use crate::types::TypeTable;

/// The parts of a loop whose body starts with its exit test.
pub(super) struct Parts {
    /// The exit test's `let`s.
    pub header: Vec<Stmt>,
    /// The exit test.
    pub exit: Stmt,
    /// The rest of the body.
    pub rest: Vec<Stmt>,
    /// The continuing block.
    pub continuing: Vec<Stmt>,
}

/// The condition of a loop's exit test (see [`parts`]).
pub(super) fn exit_cond(exit: &Stmt) -> ValueId {
    match exit {
        Stmt::If { cond, .. } => *cond,
        _ => unreachable!("parts() checked the exit test"),
    }
}

/// The parts of the loop `s` when its body starts with its exit test and nothing else
/// leaves it or returns (nor continues: the lockstep loop runs both continuing blocks).
pub(super) fn parts(s: &Stmt, f: &Function, types: &TypeTable, vars: &Variables) -> Option<Parts> {
    let Stmt::Loop {
        body,
        continuing,
        break_if: None,
        ..
    } = s
    else {
        return None;
    };
    let mut exit_at = None;
    for (i, s) in body.stmts.iter().enumerate() {
        match s {
            Stmt::Let { op, .. } if op.is_pure() || matches!(op, Op::Load { .. }) => {}
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                let brk = |b: &Block| matches!(b.stmts.as_slice(), [Stmt::Break]);
                let none = |b: &Block| b.stmts.is_empty();
                if (brk(then_body) && none(else_body)) || (none(then_body) && brk(else_body)) {
                    exit_at = Some(i);
                }
                break;
            }
            _ => break,
        }
    }
    let at = exit_at?;
    let rest = &body.stmts[at + 1..];
    let leaves = |stmts: &[Stmt]| {
        let e = stmts_effects(stmts, f, types, vars);
        e.breaks || e.continues || e.returns
    };
    if leaves(rest) || leaves(&continuing.stmts) {
        return None;
    }
    Some(Parts {
        header: body.stmts[..at].to_vec(),
        exit: body.stmts[at].clone(),
        rest: rest.to_vec(),
        continuing: continuing.stmts.clone(),
    })
}
