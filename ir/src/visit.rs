//! Helpers shared by the passes: visiting and rewriting the values a statement reads, and
//! counting uses (the IR keeps no use lists).

use crate::fx::HashMap;

use crate::module::{walk_stmts, Block, Stmt};
use crate::op::{Dim, Op, ValueId};

/// The operands of an op, visited through `$f` (by reference or mutable reference, as
/// `$op` is): one list for [`op_operands`] and [`op_operands_mut`].
macro_rules! visit_op_operands {
    ($op:expr, $f:ident) => {
        match $op {
            Op::Const(_) | Op::LocalAddr(_) | Op::GlobalAddr(_) | Op::SamplerConst(_) => {}
            Op::Unary(_, a) => $f(a),
            Op::ImageRead {
                image,
                sampler,
                coord,
            } => {
                $f(image);
                if let Some(s) = sampler {
                    $f(s);
                }
                $f(coord);
            }
            Op::ImageWrite {
                image,
                coord,
                value,
            } => {
                $f(image);
                $f(coord);
                $f(value);
            }
            Op::ImageQuery { image, .. } => $f(image),
            Op::Binary(_, a, b) | Op::Compare(_, a, b) => {
                $f(a);
                $f(b);
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                $f(cond);
                $f(if_true);
                $f(if_false);
            }
            Op::Convert { value, .. }
            | Op::Bitcast { value, .. }
            | Op::GenericCast { value, .. }
            | Op::Splat { value, .. } => $f(value),
            Op::Extract { vector, .. } => $f(vector),
            Op::Insert { vector, value, .. } => {
                $f(vector);
                $f(value);
            }
            Op::Shuffle { a, b, .. } => {
                $f(a);
                $f(b);
            }
            Op::PtrOffset { base, index } | Op::IndexAddr { base, index } => {
                $f(base);
                $f(index);
            }
            Op::FieldAddr { base, .. } => $f(base),
            Op::Load { ptr } => $f(ptr),
            Op::WorkItem { dim, .. } => {
                if let Dim::Dynamic(v) = dim {
                    $f(v);
                }
            }
            Op::Compose { parts: args, .. }
            | Op::Math { args, .. }
            | Op::Call { args, .. }
            | Op::Printf { args, .. } => {
                for a in args {
                    $f(a)
                }
            }
            Op::Atomic { ptr, args, .. } => {
                $f(ptr);
                {
                    for a in args {
                        $f(a)
                    }
                }
            }
        }
    };
}

/// Calls `f` on every value operand of `op`, in the order of [`Op::operands`], without
/// building a list.
pub fn op_operands<F: FnMut(ValueId) + ?Sized>(op: &Op, f: &mut F) {
    let f = &mut |v: &ValueId| f(*v);
    visit_op_operands!(op, f)
}

/// Calls `f` on every value operand of `op`, mutably.
pub fn op_operands_mut<F: FnMut(&mut ValueId) + ?Sized>(op: &mut Op, f: &mut F) {
    visit_op_operands!(op, f)
}

/// Calls `f` on every value that `stmt` itself reads (not those of nested blocks), mutably:
/// operands of a `Let`'s op, a store's address and value, an `if` condition, a loop's
/// `break_if` and a returned value.
pub fn stmt_uses_mut<F: FnMut(&mut ValueId) + ?Sized>(stmt: &mut Stmt, f: &mut F) {
    match stmt {
        Stmt::Let { op, .. } => op_operands_mut(op, f),
        Stmt::Store { ptr, value } => {
            f(ptr);
            f(value);
        }
        Stmt::If { cond, .. } => f(cond),
        Stmt::Loop { break_if, .. } => {
            if let Some(c) = break_if {
                f(c);
            }
        }
        Stmt::Return(Some(v)) => f(v),
        Stmt::Switch { selector, .. } => f(selector),
        Stmt::Return(None)
        | Stmt::Break
        | Stmt::Continue
        | Stmt::Barrier { .. }
        | Stmt::Fence { .. } => {}
    }
}

/// Calls `f` on every value read anywhere in `block`, nested blocks included, mutably.
pub fn block_uses_mut<F: FnMut(&mut ValueId) + ?Sized>(block: &mut Block, f: &mut F) {
    for stmt in &mut block.stmts {
        stmt_uses_mut(stmt, f);
        match stmt {
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                block_uses_mut(then_body, f);
                block_uses_mut(else_body, f);
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                block_uses_mut(body, f);
                block_uses_mut(continuing, f);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    block_uses_mut(&mut c.body, f);
                }
            }
            _ => {}
        }
    }
}

/// The values that `stmt` itself reads (not those of nested blocks), in order.
pub fn stmt_uses(stmt: &Stmt) -> Vec<ValueId> {
    match stmt {
        Stmt::Let { op, .. } => op.operands(),
        Stmt::Store { ptr, value } => vec![*ptr, *value],
        Stmt::If { cond, .. } => vec![*cond],
        Stmt::Loop { break_if, .. } => break_if.iter().copied().collect(),
        Stmt::Return(v) => v.iter().copied().collect(),
        Stmt::Switch { selector, .. } => vec![*selector],
        Stmt::Break | Stmt::Continue | Stmt::Barrier { .. } | Stmt::Fence { .. } => vec![],
    }
}

/// Calls `f` on every value that `stmt` itself reads, as [`stmt_uses`] lists them, without
/// building a list.
pub fn stmt_uses_each<F: FnMut(ValueId) + ?Sized>(stmt: &Stmt, f: &mut F) {
    match stmt {
        Stmt::Let { op, .. } => op_operands(op, f),
        Stmt::Store { ptr, value } => {
            f(*ptr);
            f(*value);
        }
        Stmt::If { cond, .. } => f(*cond),
        Stmt::Loop { break_if, .. } => {
            if let Some(c) = break_if {
                f(*c);
            }
        }
        Stmt::Return(Some(v)) => f(*v),
        Stmt::Switch { selector, .. } => f(*selector),
        Stmt::Return(None)
        | Stmt::Break
        | Stmt::Continue
        | Stmt::Barrier { .. }
        | Stmt::Fence { .. } => {}
    }
}

/// How many times each value is read in a block ([`use_counts`]): a count per value
/// number, so that counting and looking up cost no hashing.
#[derive(Clone, Debug, Default)]
pub struct UseCounts(Vec<u32>);

impl UseCounts {
    /// How many times `v` is read (0 when never).
    pub fn get(&self, v: ValueId) -> usize {
        self.0.get(v.0 as usize).map_or(0, |&n| n as usize)
    }

    /// True when `v` is read at least once.
    pub fn is_used(&self, v: ValueId) -> bool {
        self.get(v) != 0
    }

    /// Forgets one read of `v` (a statement reading it went); nothing when it has none.
    pub fn forget_one(&mut self, v: ValueId) {
        if let Some(n) = self.0.get_mut(v.0 as usize) {
            *n = n.saturating_sub(1);
        }
    }

    fn count(&mut self, v: ValueId) {
        let i = v.0 as usize;
        if i >= self.0.len() {
            self.0.resize(i + 1, 0);
        }
        self.0[i] += 1;
    }
}

/// How many times each value is read in `block`.
pub fn use_counts(block: &Block) -> UseCounts {
    let mut counts = UseCounts::default();
    walk_stmts(block, &mut |s| stmt_uses_each(s, &mut |v| counts.count(v)));
    counts
}

/// Replaces every use of a key of `map` by its value throughout `block`, following chains
/// (`a -> b -> c` rewrites `a` to `c`).
pub fn replace_uses(block: &mut Block, map: &HashMap<ValueId, ValueId>) {
    if map.is_empty() {
        return;
    }
    block_uses_mut(block, &mut |v| *v = resolve(map, *v));
}

/// Follows `map` from `v` to the end of its chain (bounded, so a cycle cannot hang).
pub fn resolve(map: &HashMap<ValueId, ValueId>, mut v: ValueId) -> ValueId {
    for _ in 0..=map.len() {
        match map.get(&v) {
            Some(&next) if next != v => v = next,
            _ => break,
        }
    }
    v
}

/// Removes the `let`s defining the keys of `dead` (values another pass replaced), nested
/// blocks included.
pub fn remove_lets(block: &mut Block, dead: &HashMap<ValueId, ValueId>) {
    block
        .stmts
        .retain(|s| !matches!(s, Stmt::Let { value, .. } if dead.contains_key(value)));
    for s in &mut block.stmts {
        for child in s.child_blocks_mut() {
            remove_lets(child, dead);
        }
    }
}

/// The block reached from `root` by `path`, whose steps are (statement index, index among
/// that statement's [`Stmt::child_blocks_mut`]): how passes that found a place by an
/// immutable walk come back to change it.
pub fn block_at_mut<'b>(root: &'b mut Block, path: &[(usize, usize)]) -> &'b mut Block {
    let mut block = root;
    for &(stmt, child) in path {
        block = block.stmts[stmt]
            .child_blocks_mut()
            .nth(child)
            .expect("a valid path");
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `op_operands`, `op_operands_mut` and `stmt_uses_each` visit what `Op::operands` and
    /// `stmt_uses` list, in the same order, on every statement of the IR test files.
    #[test]
    fn visitors_agree_with_operand_lists() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
        let mut files = vec![std::path::PathBuf::from(root)];
        let mut checked = 0;
        while let Some(p) = files.pop() {
            if p.is_dir() {
                files.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            if p.extension().is_none_or(|e| e != "ir") {
                continue;
            }
            let Ok(mut m) = crate::parse::parse_module(&std::fs::read_to_string(&p).unwrap())
            else {
                continue;
            };
            for f in &mut m.functions {
                walk_stmts(&f.body, &mut |s| {
                    let mut seen = Vec::new();
                    stmt_uses_each(s, &mut |v| seen.push(v));
                    assert_eq!(seen, stmt_uses(s), "{}", p.display());
                    if let Stmt::Let { op, .. } = s {
                        let mut seen = Vec::new();
                        op_operands(op, &mut |v| seen.push(v));
                        assert_eq!(seen, op.operands());
                        let mut op = op.clone();
                        let mut seen = Vec::new();
                        op_operands_mut(&mut op, &mut |v| seen.push(*v));
                        assert_eq!(seen, op.operands());
                    }
                    checked += 1;
                });
            }
        }
        assert!(checked > 1000, "{checked} statements checked");
    }
}
