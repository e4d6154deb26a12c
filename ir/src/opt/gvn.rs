//! Common subexpressions across blocks (value numbering over the structured IR): a pure
//! `let` that computes what an earlier `let` visible at its place already computed (the
//! same operation on the same operands, operands of commutative operations in either
//! order, the same result type) reads that value instead.
//!
//! Rules. Visibility follows the IR's scoping: a value defined in a block is reused in the
//! rest of that block and in the blocks nested in it, never in a sibling branch or after
//! the block. Only pure operations (`Op::is_pure`) take part; loads do not (promotable
//! variables' loads are `forward_loads`' business, memory loads may see stores). After a
//! barrier, and after a statement that holds one, nothing earlier is reused: on the CPU a
//! value kept across a barrier is saved for every work-item, which costs more than
//! computing it again.

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use crate::fx::HashMap;

use crate::module::{Block, Function, Module, Stmt};
use crate::op::{BinaryOp, Op, ValueId};
use crate::pipeline::FunctionPass;
use crate::types::TypeId;
use crate::visit::{op_operands, op_operands_mut, remove_lets, replace_uses, resolve};

/// The value-numbering pass.
pub struct Gvn;

impl FunctionPass for Gvn {
    fn name(&self) -> &'static str {
        "gvn"
    }

    fn run_function(&self, module: &mut Module, index: usize) -> bool {
        gvn_function(&mut module.functions[index])
    }
}

/// What a pure `let` computes: its operation, operands resolved and in canonical order,
/// and its result type. The operation is borrowed from the statement when resolving and
/// ordering leave it as written (most `let`s), so numbering copies few operations; its
/// hash is computed once, and the table's lookups, insertions and removals hash only that.
#[derive(Clone)]
struct Key<'b> {
    hash: u64,
    op: Cow<'b, Op>,
    ty: TypeId,
}

impl<'b> Key<'b> {
    fn new(op: Cow<'b, Op>, ty: TypeId) -> Self {
        let mut h = FxHasher::default();
        op.hash(&mut h);
        ty.hash(&mut h);
        Key {
            hash: h.finish(),
            op,
            ty,
        }
    }
}

impl Hash for Key<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl PartialEq for Key<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.ty == other.ty && self.op == other.op
    }
}

impl Eq for Key<'_> {}

/// Numbers the values of `f`; true when a `let` was found redundant.
pub fn gvn_function(f: &mut Function) -> bool {
    let body = std::mem::take(&mut f.body);
    let replace = {
        let mut numbering = Numbering {
            value_types: &f.value_types,
            table: HashMap::default(),
            scopes: vec![Vec::new()],
            replace: HashMap::default(),
        };
        numbering.block(&body);
        numbering.replace
    };
    let mut body = body;
    if replace.is_empty() {
        f.body = body;
        return false;
    }
    // A value that stands for others keeps a source location for diagnostics when it had
    // none of its own (an initializer's address standing for a later use's).
    for (&gone, &kept) in &replace {
        f.spans.inherit(resolve(&replace, kept), gone);
    }
    remove_lets(&mut body, &replace);
    replace_uses(&mut body, &replace);
    f.body = body;
    true
}

/// The values visible at the walk's place: one table for all the open scopes, each scope
/// listing the keys it added, so that a lookup costs the same at any depth (a table per
/// scope, searched innermost first, made a 5 000-deep `?:` chain quadratic).
struct Numbering<'a, 'b> {
    value_types: &'a [TypeId],
    /// Each key's value in the innermost open scope that defines it.
    table: HashMap<Key<'b>, ValueId>,
    /// The keys each open scope added to `table`, innermost last.
    scopes: Vec<Vec<Key<'b>>>,
    replace: HashMap<ValueId, ValueId>,
}

impl<'b> Numbering<'_, 'b> {
    /// The value of `key` when an earlier visible `let` computes it; else makes `value`
    /// its value (visible from the next statement on) in the innermost scope.
    fn lookup_or_define(&mut self, key: Key<'b>, value: ValueId) -> Option<ValueId> {
        match self.table.entry(key) {
            Entry::Occupied(e) => Some(*e.get()),
            Entry::Vacant(e) => {
                if let Some(scope) = self.scopes.last_mut() {
                    scope.push(e.key().clone());
                }
                e.insert(value);
                None
            }
        }
    }

    fn forget_all(&mut self) {
        self.table.clear();
        for s in &mut self.scopes {
            s.clear();
        }
    }

    /// `op` with its operands resolved through the replacements found so far and in
    /// canonical order; borrowed when that is `op` itself.
    fn key_op(&self, op: &'b Op) -> Cow<'b, Op> {
        let mut resolved = false;
        if !self.replace.is_empty() {
            op_operands(op, &mut |v| resolved |= resolve(&self.replace, v) != v);
        }
        if !resolved && !needs_swap(op) {
            return Cow::Borrowed(op);
        }
        let mut op = op.clone();
        op_operands_mut(&mut op, &mut |v| *v = resolve(&self.replace, *v));
        Cow::Owned(canonical(op))
    }

    /// Numbers `b` in a scope of its own; true when it holds a barrier.
    fn nested(&mut self, b: &'b Block) -> bool {
        self.scopes.push(Vec::new());
        let barrier = self.block(b);
        for key in self.scopes.pop().unwrap_or_default() {
            self.table.remove(&key);
        }
        barrier
    }

    /// Numbers the statements of `block`; true when it holds a barrier (at any depth). Each
    /// statement is visited once, so the pass stays linear however deep the nesting.
    fn block(&mut self, block: &'b Block) -> bool {
        let mut held = false;
        for s in &block.stmts {
            let barrier = match s {
                Stmt::Let { value, op } if op.is_pure() => {
                    let key = Key::new(self.key_op(op), self.value_types[value.0 as usize]);
                    if let Some(earlier) = self.lookup_or_define(key, *value) {
                        self.replace.insert(*value, earlier);
                    }
                    false
                }
                Stmt::Barrier { .. } => true,
                Stmt::If {
                    then_body,
                    else_body,
                    ..
                } => self.nested(then_body) | self.nested(else_body),
                Stmt::Loop {
                    body, continuing, ..
                } => self.nested(body) | self.nested(continuing),
                Stmt::Switch { cases, .. } => {
                    let mut any = false;
                    for c in cases {
                        any |= self.nested(&c.body);
                    }
                    any
                }
                _ => false,
            };
            if barrier {
                self.forget_all();
                held = true;
            }
        }
        held
    }
}

/// True when [`canonical`] would reorder the operands of `op`.
fn needs_swap(op: &Op) -> bool {
    matches!(
        op,
        Op::Binary(
            BinaryOp::Add | BinaryOp::Mul | BinaryOp::And | BinaryOp::Or | BinaryOp::Xor,
            x,
            y,
        ) if y < x
    )
}

/// `op` with the operands of a commutative operation in a fixed order.
fn canonical(op: Op) -> Op {
    match op {
        Op::Binary(
            b @ (BinaryOp::Add | BinaryOp::Mul | BinaryOp::And | BinaryOp::Or | BinaryOp::Xor),
            x,
            y,
        ) if y < x => Op::Binary(b, y, x),
        op => op,
    }
}
