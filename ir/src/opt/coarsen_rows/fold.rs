//! Bringing row 1's index arithmetic into row 0's shape, so that value numbering finds
//! the addresses both rows read.
//!
//! Row 1's id is `y + 1` and, in a lockstep loop over `y + r`, its induction variable is
//! `r - 1`; its address `(convert(y + 1) + (r - 1)) * W + x` is row 0's
//! `(convert(y) + r) * W + x` once:
//! - `convert(y + 1)` to an integer type no wider than `y`'s becomes `convert(y) + 1`, for
//!   `y` row 0's id (conversions that keep or drop bits wrap, so they commute with the
//!   addition; the launch keeps row ids below 2^31 - 1, so the new addition cannot
//!   overflow);
//! - `(a + k1) + (b + k2)` with `k1 + k2 = 0` becomes `a + b` (the same sum: it overflows
//!   only if the original did);
//! - `(a + k1) + k2` becomes `a + (k1 + k2)` when `k1 + k2` fits the type (likewise).

use crate::fx::HashMap;
use crate::module::{Block, Function, Stmt};
use crate::op::{BinaryOp, Const, Op, ValueId};
use crate::types::{ScalarType, Type, TypeTable};

/// Rewrites the integer additions of `f` (see the module documentation); `row_id` is row
/// 0's id.
pub(super) fn fold_row_offsets(types: &mut TypeTable, f: &mut Function, row_id: ValueId) {
    let mut body = std::mem::take(&mut f.body);
    let mut cx = Folder {
        types,
        f,
        row_id,
        defs: HashMap::default(),
    };
    cx.block(&mut body);
    f.body = body;
}

struct Folder<'a> {
    types: &'a mut TypeTable,
    f: &'a mut Function,
    row_id: ValueId,
    /// The definitions seen so far (values are defined once, before their uses).
    defs: HashMap<ValueId, Op>,
}

impl Folder<'_> {
    fn block(&mut self, block: &mut Block) {
        let stmts = std::mem::take(&mut block.stmts);
        let mut out = Vec::with_capacity(stmts.len());
        for mut s in stmts {
            if let Stmt::Let { value, op } = &mut s {
                if let Some(new) = self.rewrite(&mut out, *value, op) {
                    *op = new;
                }
                self.defs.insert(*value, op.clone());
            }
            for child in s.child_blocks_mut() {
                self.block(child);
            }
            out.push(s);
        }
        block.stmts = out;
    }

    /// The new operation of `value = op`, after lets it needs (pushed to `out`).
    fn rewrite(&mut self, out: &mut Vec<Stmt>, value: ValueId, op: &Op) -> Option<Op> {
        let ty = self.f.value_type(value);
        let scalar = self.int_scalar(value)?;
        match op {
            Op::Convert {
                value: x,
                to,
                saturate: false,
                rounding,
            } => {
                let (base, k) = self.added_constant(*x)?;
                let from = self.int_scalar(*x)?;
                // Only row 1's `y + 1`: the launch bounds row ids by 2^31 - 2.
                if base != self.row_id || k != 1 || scalar.bits() > from.bits() {
                    return None;
                }
                let conv = self.let_op(
                    out,
                    ty,
                    Op::Convert {
                        value: base,
                        to: *to,
                        saturate: false,
                        rounding: *rounding,
                    },
                );
                let kc = self.constant(out, scalar, k)?;
                Some(Op::Binary(BinaryOp::Add, conv, kc))
            }
            Op::Binary(BinaryOp::Add, a, b) => {
                let (a, ka) = self.added_constant(*a).unwrap_or((*a, 0));
                let kb_alone = self.constant_of(*b);
                let (b, kb) = match kb_alone {
                    Some(_) => (*b, 0),
                    None => self.added_constant(*b).unwrap_or((*b, 0)),
                };
                match kb_alone {
                    // (a + k1) + k2
                    Some(k2) if ka != 0 => {
                        let sum = ka + k2;
                        if !fits(scalar, sum) || sum == 0 {
                            return None;
                        }
                        let kc = self.constant(out, scalar, sum)?;
                        Some(Op::Binary(BinaryOp::Add, a, kc))
                    }
                    // (a + k1) + (b + k2), k1 + k2 = 0
                    None if ka != 0 && kb != 0 && ka + kb == 0 => {
                        Some(Op::Binary(BinaryOp::Add, a, b))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn let_op(&mut self, out: &mut Vec<Stmt>, ty: crate::types::TypeId, op: Op) -> ValueId {
        let v = self.f.push_let(out, ty, op.clone());
        self.defs.insert(v, op);
        v
    }

    /// A new constant `k` of type `scalar`, if the type table has that scalar type.
    fn constant(&mut self, out: &mut Vec<Stmt>, scalar: ScalarType, k: i128) -> Option<ValueId> {
        let ty = self.types.scalar(scalar);
        Some(self.let_op(out, ty, Op::Const(Const::int(scalar, k as i64))))
    }

    /// The integer scalar type of `v`, if it has one.
    fn int_scalar(&self, v: ValueId) -> Option<ScalarType> {
        match self.types.get(self.f.value_type(v)) {
            Type::Scalar(s) if s.is_int() => Some(*s),
            _ => None,
        }
    }

    /// `(x, k)` when `v` is `x + k` (or `k + x`) with `k` a non-zero constant.
    fn added_constant(&self, v: ValueId) -> Option<(ValueId, i128)> {
        match self.defs.get(&v)? {
            Op::Binary(BinaryOp::Add, x, y) => match (self.constant_of(*x), self.constant_of(*y)) {
                (None, Some(k)) if k != 0 => Some((*x, k)),
                (Some(k), None) if k != 0 => Some((*y, k)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value of the integer constant `v` (sign-extended when its type is signed).
    fn constant_of(&self, v: ValueId) -> Option<i128> {
        match self.defs.get(&v)? {
            Op::Const(c) if c.ty.is_int() => Some(c.as_i128()),
            _ => None,
        }
    }
}

/// Whether `k` is a value of `scalar` (any value for unsigned types, whose additions wrap).
fn fits(scalar: ScalarType, k: i128) -> bool {
    if !scalar.is_signed() {
        return true;
    }
    let half = 1i128 << (scalar.bits() - 1);
    (-half..half).contains(&k)
}
