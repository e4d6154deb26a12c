//! The operation that defines each value of a function, and the constants among them.

use crate::fx::HashMap;

use crate::module::{walk_stmts, Block, Function, Stmt};
use crate::op::{Const, Op, ValueId};

/// The defining operation of every `let` value of a block and the blocks nested in it.
#[derive(Clone, Debug, Default)]
pub struct Defs {
    ops: HashMap<ValueId, Op>,
}

impl Defs {
    /// The definitions of `f`'s whole body.
    pub fn of_function(f: &Function) -> Self {
        // Room for every value at once: the function's values bound its `let`s.
        let ops = HashMap::with_capacity_and_hasher(f.value_types.len(), Default::default());
        Defs::collect(&f.body, ops)
    }

    /// The definitions made in `block` (nested blocks included).
    pub fn of_block(block: &Block) -> Self {
        Defs::collect(block, HashMap::default())
    }

    fn collect(block: &Block, mut ops: HashMap<ValueId, Op>) -> Self {
        walk_stmts(block, &mut |s| {
            if let Stmt::Let { value, op } = s {
                ops.insert(*value, op.clone());
            }
        });
        Defs { ops }
    }

    /// The operation defining `v`, if a `let` in the analysed code does.
    pub fn op(&self, v: ValueId) -> Option<&Op> {
        self.ops.get(&v)
    }

    /// True when a `let` in the analysed code defines `v`.
    pub fn defines(&self, v: ValueId) -> bool {
        self.ops.contains_key(&v)
    }

    /// Adds the definitions of `other`.
    pub fn extend(&mut self, other: Defs) {
        self.ops.extend(other.ops);
    }

    /// The scalar constant `v` is, if it is one.
    pub fn constant(&self, v: ValueId) -> Option<Const> {
        match self.ops.get(&v)? {
            Op::Const(c) => Some(*c),
            _ => None,
        }
    }

    /// The integer constant `v` is (sign- or zero-extended by its type), if it is one.
    pub fn int_constant(&self, v: ValueId) -> Option<i128> {
        let c = self.constant(v)?;
        if !c.ty.is_int() {
            return None;
        }
        Some(c.as_i128())
    }
}

/// The integer scalar constants `f` defines, by value (a lighter lookup than [`Defs`] for
/// passes that need only them).
pub fn int_constants(f: &Function) -> HashMap<ValueId, Const> {
    let mut out = HashMap::default();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::Const(c),
        } = s
        {
            if c.ty.is_int() {
                out.insert(*value, *c);
            }
        }
    });
    out
}
