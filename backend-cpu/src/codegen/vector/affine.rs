//! Affine forms (`base + lane * stride`) of index and address arithmetic inside a
//! vectorised region: what turns lane-consecutive addresses into vector loads and stores.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, InstructionData, Opcode, Value};
use oclc_ir::{BinaryOp, Dim, Op, ScalarType, Type, ValueId, WorkItemQuery};

use super::{Aff, NoWrap, VState};
use crate::codegen::Tx;
use crate::error::CompileError;
use crate::vectorize::LANES;

impl Tx<'_, '_, '_> {
    /// The affine form of an integer or pointer result, when the operands have one.
    pub(super) fn v_affine(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<Option<Aff>, CompileError> {
        let aff = |tx: &mut Self,
                   vs: &mut VState,
                   v: ValueId|
         -> Result<Option<Aff>, CompileError> { Ok(tx.v_get(vs, v)?.aff()) };
        let both = |g1: Option<Value>, g2: Option<Value>, tx: &mut Self| match (g1, g2) {
            (Some(a), Some(b)) => Some(tx.b.ins().band(a, b)),
            (a, b) => a.or(b),
        };
        Ok(match op {
            Op::WorkItem {
                query: q @ (WorkItemQuery::LocalId | WorkItemQuery::GlobalId),
                dim: Dim::Const(0),
            } => {
                let saved = self.wi;
                self.wi = Some(vs.lanes[0]);
                let base = self.work_item(*q, Dim::Const(0));
                self.wi = saved;
                Some(Aff {
                    base: base?,
                    stride: 1,
                    guard: None,
                    nowrap: match q {
                        WorkItemQuery::LocalId => NoWrap::LocalId,
                        _ => NoWrap::GlobalId,
                    },
                })
            }
            Op::Binary(bop @ (BinaryOp::Add | BinaryOp::Sub), a, b) => {
                let (Some(x), Some(y)) = (aff(self, vs, *a)?, aff(self, vs, *b)?) else {
                    return Ok(None);
                };
                let ty = self.scalar(*a)?;
                if !ty.is_int() {
                    return Ok(None);
                }
                let (base, stride) = if *bop == BinaryOp::Add {
                    (
                        self.b.ins().iadd(x.base, y.base),
                        x.stride.wrapping_add(y.stride),
                    )
                } else {
                    (
                        self.b.ins().isub(x.base, y.base),
                        x.stride.wrapping_sub(y.stride),
                    )
                };
                let nowrap = x.nowrap.arith(y.nowrap, ty.is_signed());
                if nowrap.exact() {
                    self.exact_sum(base);
                }
                Some(Aff {
                    base,
                    stride,
                    guard: both(x.guard, y.guard, self),
                    nowrap,
                })
            }
            Op::Binary(bop @ (BinaryOp::Mul | BinaryOp::Shl), a, b) => {
                let ty = self.scalar(*a)?;
                if !ty.is_int() {
                    return Ok(None);
                }
                let bits = ty.bits();
                let (x, c) = match (vs.consts.get(a), vs.consts.get(b)) {
                    (_, Some(c)) => (aff(self, vs, *a)?, *c),
                    (Some(c), None) if *bop == BinaryOp::Mul => (aff(self, vs, *b)?, *c),
                    _ => return Ok(None),
                };
                let Some(x) = x else { return Ok(None) };
                let factor = if *bop == BinaryOp::Mul {
                    c
                } else {
                    1i64.wrapping_shl((c as u32) & (bits - 1))
                };
                Some(Aff {
                    base: self.b.ins().imul_imm_s(x.base, factor),
                    stride: x.stride.wrapping_mul(factor),
                    guard: x.guard,
                    // Signed `*` and `<<` that overflow are undefined behaviour.
                    nowrap: x.nowrap.arith(NoWrap::Exact, ty.is_signed()),
                })
            }
            Op::Convert {
                value,
                saturate: false,
                ..
            } => {
                let from = self.scalar(*value)?;
                let to = self.scalar(result)?;
                if !from.is_int() || !to.is_int() {
                    return Ok(None);
                }
                let Some(x) = aff(self, vs, *value)? else {
                    return Ok(None);
                };
                self.v_resize_aff(x, from, to, vs.small_ids)
            }
            Op::Bitcast { value, .. } => {
                let same = self.types.layout(self.f.value_type(*value)).size == 8
                    && self.types.layout(self.f.value_type(result)).size == 8
                    && self.pieces_of(self.f.value_type(result))?.len() == 1
                    && self.pieces_of(self.f.value_type(*value))?.len() == 1;
                if !same {
                    return Ok(None);
                }
                aff(self, vs, *value)?
            }
            Op::PtrOffset { base, index } | Op::IndexAddr { base, index } => {
                let Some(size) = self.element_size(op, *base) else {
                    return Ok(None);
                };
                let (Some(p), Some(i)) = (aff(self, vs, *base)?, aff(self, vs, *index)?) else {
                    return Ok(None);
                };
                Some(Aff {
                    base: self.scaled_address(p.base, i.base, size),
                    stride: p.stride.wrapping_add(i.stride.wrapping_mul(size as i64)),
                    guard: both(p.guard, i.guard, self),
                    // Addresses are never widened: wrapping modulo 2^64 is harmless.
                    nowrap: NoWrap::Maybe,
                })
            }
            Op::FieldAddr { base, field } => {
                let Some(p) = aff(self, vs, *base)? else {
                    return Ok(None);
                };
                let Some((_, st)) = self.types.pointee(self.f.value_type(*base)) else {
                    return Ok(None);
                };
                if !matches!(self.types.get(st), Type::Struct { .. }) {
                    return Ok(None);
                }
                let (offsets, _) = self.types.struct_layout(st);
                Some(Aff {
                    base: self
                        .b
                        .ins()
                        .iadd_imm_s(p.base, offsets[*field as usize] as i64),
                    ..p
                })
            }
            _ => None,
        })
    }

    /// The element size a `ptr_offset`/`index_addr` scales its index by.
    fn element_size(&self, op: &Op, base: ValueId) -> Option<u64> {
        let (_, pointee) = self.types.pointee(self.f.value_type(base))?;
        match op {
            Op::PtrOffset { .. } => Some(self.types.layout(pointee).size),
            _ => match self.types.get(pointee) {
                Type::Array { elem, .. } => Some(self.types.layout(*elem).size),
                _ => None,
            },
        }
    }

    /// An integer conversion of an affine value. Narrowing keeps it exact (wrapping
    /// arithmetic); widening is exact when the lanes do not wrap in the narrow type, which
    /// [`NoWrap`] may already say, or else a guard checks at run time. `small_ids`: the
    /// global ids of this chunk's lanes are at most `i32::MAX`.
    fn v_resize_aff(
        &mut self,
        x: Aff,
        from: ScalarType,
        to: ScalarType,
        small_ids: bool,
    ) -> Option<Aff> {
        let (fb, tb) = (from.bits(), to.bits());
        let tt = crate::pieces::clif_scalar(to)?;
        if tb <= fb {
            let base = if tb < fb {
                self.b.ins().ireduce(tt, x.base)
            } else {
                x.base
            };
            // Ids that fit keep their values; anything else may wrap now.
            let nowrap = match x.nowrap {
                NoWrap::LocalId if tb >= 32 => NoWrap::LocalId,
                NoWrap::GlobalId if tb >= 32 && small_ids => NoWrap::GlobalId,
                n if tb == fb && from.is_signed() == to.is_signed() => n,
                _ => NoWrap::Maybe,
            };
            return Some(Aff { base, nowrap, ..x });
        }
        let extend = |tx: &mut Self| {
            if from.is_signed() {
                tx.b.ins().sextend(tt, x.base)
            } else {
                tx.b.ins().uextend(tt, x.base)
            }
        };
        // Every lane keeps its value; a negative one made unsigned wraps.
        let keeps_sign = to.is_signed() || !from.is_signed();
        if x.nowrap.exact() {
            // A work-item id (at least 0 and at most `i32::MAX`) narrowed from 64 bits and
            // widened back is the id it came from, either extension: `int i =
            // get_global_id(0)` then indexes with the id itself, which an address can take
            // as it is (no sign extension per chunk).
            if matches!(x.nowrap, NoWrap::LocalId | NoWrap::GlobalId) && tt == types::I64 {
                if let Some(wide) = self.narrowed_from(x.base) {
                    return Some(Aff { base: wide, ..x });
                }
            }
            let nowrap = match x.nowrap {
                NoWrap::Exact if !keeps_sign => NoWrap::Maybe,
                n => n,
            };
            // An exact signed `z + k` did not overflow (that would be undefined behaviour),
            // so it widens as `sext(z) + k` (codegen/addend.rs): accesses at `idx + 0`,
            // `idx + 1`, ... then share one extension and differ in the displacement.
            let wide = extend(self);
            let base = if from.is_signed() {
                self.widened_sum(wide).unwrap_or(wide)
            } else {
                wide
            };
            return Some(Aff { base, nowrap, ..x });
        }
        let span = x.stride.checked_mul(LANES as i64 - 1)?;
        if span.unsigned_abs() >= 1 << (fb - 2) {
            return None;
        }
        // The lanes do not wrap in the narrow type when the last lane's value, base + span,
        // stays within its range: one comparison of the base.
        let (lo, hi) = if from.is_signed() {
            (-(1i64 << (fb - 1)), (1i64 << (fb - 1)) - 1)
        } else {
            (0, ((1u64 << fb) - 1) as i64)
        };
        let (cc, limit) = match (span >= 0, from.is_signed()) {
            (true, true) => (IntCC::SignedLessThanOrEqual, hi - span),
            (true, false) => (IntCC::UnsignedLessThanOrEqual, hi - span),
            (false, true) => (IntCC::SignedGreaterThanOrEqual, lo - span),
            (false, false) => (IntCC::UnsignedGreaterThanOrEqual, lo - span),
        };
        let ok = self.b.ins().icmp_imm_s(cc, x.base, limit);
        let base = extend(self);
        let guard = match x.guard {
            Some(g) => self.b.ins().band(g, ok),
            None => ok,
        };
        Some(Aff {
            base,
            stride: x.stride,
            guard: Some(guard),
            // Where the guard holds, the lanes kept their values.
            nowrap: if keeps_sign {
                NoWrap::Exact
            } else {
                NoWrap::Maybe
            },
        })
    }

    /// The 64-bit value that `v` is the `ireduce` of, if it is one.
    fn narrowed_from(&self, v: Value) -> Option<Value> {
        let dfg = &self.b.func.dfg;
        match dfg.insts[dfg.value_def(v).inst()?] {
            InstructionData::Unary {
                opcode: Opcode::Ireduce,
                arg,
            } if dfg.value_type(arg) == types::I64 => Some(arg),
            _ => None,
        }
    }
}
