//! Bool values as SIMD lane masks beyond the f32/i32 comparisons of [`super::simd`]:
//! comparisons of 64-bit integers (consecutive lanes against a uniform bound from one scalar
//! difference, [`Tx::v_cmp_consecutive`]; else two i64x2 comparisons narrowed to one i32x4
//! mask, an affine operand being its base splatted plus constant lane offsets) and `!`, `&&`, `||`, `^`
//! on masks, so that loop conditions such as `b < n && ok` stay one vector each.

use cranelift_codegen::ir::{types, ConstantData, Endianness, InstBuilder, MemFlagsData, Value};
use oclc_ir::{BinaryOp, Op, ScalarType, Type, UnaryOp, ValueId};

use super::simd::int_cc;
use super::{PieceVal, VState, VVal};
use crate::codegen::Tx;
use crate::error::CompileError;

impl Tx<'_, '_, '_> {
    /// The mask form of `op` when it is a 64-bit comparison or logic on masks.
    pub(super) fn v_mask_ops(
        &mut self,
        vs: &mut VState,
        op: &Op,
    ) -> Result<Option<VVal>, CompileError> {
        match op {
            Op::Compare(cmp, a, b)
                if matches!(self.scalar_opt(*a), Some(ScalarType::I64 | ScalarType::U64))
                    && !matches!(self.types.get(self.f.value_type(*a)), Type::Pointer { .. }) =>
            {
                let s = self.scalar(*a)?;
                let (x, y) = (self.v_get(vs, *a)?, self.v_get(vs, *b)?);
                let cc = int_cc(*cmp, s.is_signed());
                if x.len() == 1 && y.len() == 1 {
                    if let Some(m) = self.v_cmp_consecutive(cc, &x, &y) {
                        let pieces = vec![PieceVal::Mask(m)];
                        return Ok(Some(VVal::Var { pieces, aff: None }));
                    }
                }
                let mut pieces = Vec::with_capacity(x.len());
                for p in 0..x.len() {
                    let (x0, x1) = self.i64_halves(&x, p);
                    let (y0, y1) = self.i64_halves(&y, p);
                    let m0 = self.b.ins().icmp(cc, x0, y0);
                    let m1 = self.b.ins().icmp(cc, x1, y1);
                    pieces.push(PieceVal::Mask(self.narrow_i64_masks(m0, m1)));
                }
                Ok(Some(VVal::Var { pieces, aff: None }))
            }
            Op::Unary(UnaryOp::Not, a) if self.scalar_opt(*a) == Some(ScalarType::Bool) => {
                let x = self.v_get(vs, *a)?;
                let Some(ms) = mask_pieces(&x) else {
                    return Ok(None);
                };
                let ones = self.all_lanes();
                let pieces = ms
                    .into_iter()
                    .map(|m| PieceVal::Mask(self.b.ins().bxor(m, ones)))
                    .collect();
                Ok(Some(VVal::Var { pieces, aff: None }))
            }
            Op::Binary(bop @ (BinaryOp::And | BinaryOp::Or | BinaryOp::Xor), a, b)
                if self.scalar_opt(*a) == Some(ScalarType::Bool) =>
            {
                let (x, y) = (self.v_get(vs, *a)?, self.v_get(vs, *b)?);
                // Worth it when one side already is a mask; a uniform side is splatted.
                let (mx, my) = (mask_pieces(&x), mask_pieces(&y));
                if mx.is_none() && my.is_none() {
                    return Ok(None);
                }
                let n = x.len().max(y.len());
                let mut pieces = Vec::with_capacity(n);
                for p in 0..n {
                    let xm = self.piece_mask(&x, mx.as_deref(), p);
                    let ym = self.piece_mask(&y, my.as_deref(), p);
                    let r = match bop {
                        BinaryOp::And => self.b.ins().band(xm, ym),
                        BinaryOp::Or => self.b.ins().bor(xm, ym),
                        _ => self.b.ins().bxor(xm, ym),
                    };
                    pieces.push(PieceVal::Mask(r));
                }
                Ok(Some(VVal::Var { pieces, aff: None }))
            }
            _ => Ok(None),
        }
    }

    /// The scalar element type of `v`, if it has one.
    fn scalar_opt(&self, v: ValueId) -> Option<ScalarType> {
        self.types.scalar_of(self.f.value_type(v))
    }

    /// Piece `p` (a 64-bit integer) of `x` as two i64x2 vectors (lanes 0-1 and 2-3): a
    /// splat for a uniform value, the base plus a constant for an affine one.
    fn i64_halves(&mut self, x: &VVal, p: usize) -> (Value, Value) {
        if let VVal::Uni(xs) = x {
            let s = self.b.ins().splat(types::I64X2, xs[p]);
            return (s, s);
        }
        if let (Some(a), 1) = (x.aff().filter(|a| a.guard.is_none()), x.len()) {
            let s = self.b.ins().splat(types::I64X2, a.base);
            let steps = |k: i64| {
                let mut bytes = Vec::with_capacity(16);
                bytes.extend_from_slice(&a.stride.wrapping_mul(k).to_le_bytes());
                bytes.extend_from_slice(&a.stride.wrapping_mul(k + 1).to_le_bytes());
                ConstantData::from(bytes)
            };
            let lo = self.b.func.dfg.constants.insert(steps(0));
            let hi = self.b.func.dfg.constants.insert(steps(2));
            let lo = self.b.ins().vconst(types::I64X2, lo);
            let hi = self.b.ins().vconst(types::I64X2, hi);
            return (self.b.ins().iadd(s, lo), self.b.ins().iadd(s, hi));
        }
        let l = x.piece_lanes(&mut self.b, p);
        let half = |tx: &mut Self, a: Value, b: Value| {
            let v = tx.b.ins().splat(types::I64X2, a);
            tx.b.ins().insertlane(v, b, 1)
        };
        (half(self, l[0], l[1]), half(self, l[2], l[3]))
    }

    /// One i32x4 mask from the i64x2 masks of lanes 0-1 and 2-3 (their low halves).
    fn narrow_i64_masks(&mut self, m0: Value, m1: Value) -> Value {
        let le = MemFlagsData::new().with_endianness(Endianness::Little);
        let a = self.b.ins().bitcast(types::I8X16, le, m0);
        let b = self.b.ins().bitcast(types::I8X16, le, m1);
        let order: Vec<u8> = [0u8, 8, 16, 24].iter().flat_map(|&s| s..s + 4).collect();
        let imm = self.b.func.dfg.immediates.push(ConstantData::from(order));
        let r = self.b.ins().shuffle(a, b, imm);
        self.b.ins().bitcast(types::I32X4, le, r)
    }

    /// Piece `p` of the bool `x` as a mask: `ms` when `x` is made of masks, else from its
    /// lanes (a uniform bool splatted).
    fn piece_mask(&mut self, x: &VVal, ms: Option<&[Value]>, p: usize) -> Value {
        if let Some(ms) = ms {
            return ms[if ms.len() == 1 { 0 } else { p }];
        }
        let piece = x.piece_only(if x.len() == 1 { 0 } else { p });
        super::value::mask_of(&mut self.b, &piece)
    }
}

/// The mask pieces of a bool made of SIMD masks only.
fn mask_pieces(x: &VVal) -> Option<Vec<Value>> {
    let VVal::Var { pieces, .. } = x else {
        return None;
    };
    pieces
        .iter()
        .map(|p| match p {
            PieceVal::Mask(m) => Some(*m),
            _ => None,
        })
        .collect()
}
