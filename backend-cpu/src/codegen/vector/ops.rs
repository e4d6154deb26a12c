//! Operations inside a vectorised region: uniform operations once, lane reshuffles without
//! code, SIMD forms of common f32/i32 arithmetic, affine forms of index arithmetic, and the
//! ordinary scalar translation once per lane for everything else.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value};
use oclc_ir::{
    BinaryOp, CmpOp, Dim, MathFn, Op, Rounding, ScalarType, Type, UnaryOp, ValueId, WorkItemQuery,
};

use super::{Aff, PieceVal, VState, VVal};
use crate::codegen::Tx;
use crate::error::CompileError;
use crate::vectorize::LANES;

impl Tx<'_, '_, '_> {
    /// Computes `op` (defining `result`) for every lane.
    pub(super) fn v_op(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<VVal, CompileError> {
        match op {
            Op::LocalAddr(l) if self.vars.contains_key(&l.0) => {
                vs.var_addrs.insert(result, l.0);
                return Ok(VVal::Uni(vec![]));
            }
            Op::LocalAddr(l) if self.slots.contains_key(&l.0) => {
                // One copy of the variable per lane.
                let slots = self.v_lane_slots(vs, l.0);
                let lanes = slots.map(|s| self.b.ins().stack_addr(types::I64, s, 0));
                return Ok(VVal::Var {
                    pieces: vec![PieceVal::Lanes(lanes)],
                    aff: None,
                });
            }
            Op::Load { ptr } if vs.var_addrs.contains_key(ptr) => {
                let l = vs.var_addrs[ptr];
                return Ok(self.v_read_var(vs, l));
            }
            Op::Load { ptr } => return self.v_load(vs, result, *ptr),
            Op::Splat { .. }
            | Op::Extract { .. }
            | Op::Insert { .. }
            | Op::Shuffle { .. }
            | Op::Compose { .. } => return self.v_reshuffle(vs, op),
            _ => {}
        }
        if !vs.u.is_varying(result) {
            return self.v_uniform_op(vs, result, op);
        }
        if let Some(v) = self.v_simd_mask(vs, result, op)? {
            return Ok(v);
        }
        // Index arithmetic keeps its affine form (and exact per-lane values); other
        // arithmetic prefers SIMD.
        let aff = self.v_affine(vs, result, op)?;
        if aff.is_none() {
            if let Some(v) = self.v_simd(vs, result, op)? {
                return Ok(v);
            }
        }
        let lanes = self.v_per_lane(vs, result, op)?;
        Ok(match lanes {
            VVal::Var { pieces, .. } => VVal::Var { pieces, aff },
            u => u,
        })
    }

    /// The stack slots holding lane copies of private variable `l` (declared on first use).
    fn v_lane_slots(
        &mut self,
        vs: &mut VState,
        l: u32,
    ) -> [cranelift_codegen::ir::StackSlot; LANES] {
        if let Some(s) = vs.lane_slots.get(&l) {
            return *s;
        }
        let lay = self.types.layout(self.f.locals[l as usize].ty);
        let align_shift = lay.align.max(1).trailing_zeros().min(6) as u8;
        let slots = std::array::from_fn(|_| {
            self.b
                .create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(
                    cranelift_codegen::ir::StackSlotKind::ExplicitSlot,
                    lay.size.max(1) as u32,
                    align_shift,
                ))
        });
        vs.lane_slots.insert(l, slots);
        slots
    }

    /// The scalar translation once, with lane 0's work-item.
    fn v_uniform_op(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<VVal, CompileError> {
        for v in op.operands() {
            let x = self.v_get(vs, v)?;
            let VVal::Uni(pieces) = x else {
                return Err(self.err(format!(
                    "a varying operand %{} of the uniform value %{} (vectorizer bug)",
                    v.0, result.0
                )));
            };
            self.vals.insert(v, pieces);
        }
        let saved = self.wi;
        self.wi = Some(vs.lanes[0]);
        let r = self.op(result, op);
        self.wi = saved;
        Ok(VVal::Uni(r?))
    }

    /// The scalar translation once per lane (side effects happen in lane order).
    pub(super) fn v_per_lane(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<VVal, CompileError> {
        let operands: Vec<(ValueId, VVal)> = op
            .operands()
            .into_iter()
            .map(|v| Ok((v, self.v_get(vs, v)?)))
            .collect::<Result<_, CompileError>>()?;
        let saved = self.wi;
        // Side effects happen only in the active lanes.
        let mask = if matches!(op, Op::Atomic { .. } | Op::Printf { .. }) {
            self.v_exec(vs)
        } else {
            None
        };
        let tys = self.piece_types(self.f.value_type(result))?;
        let mut lanes = Vec::with_capacity(LANES);
        for i in 0..LANES {
            for (v, x) in &operands {
                let l = x.lane(&mut self.b, i);
                self.vals.insert(*v, l);
            }
            let wi = vs.lanes[i];
            let one = |tx: &mut Self| {
                tx.wi = Some(wi);
                let r = tx.op(result, op);
                tx.wi = saved;
                r
            };
            let r = match mask {
                Some(m) => {
                    let on = self.lane_on(m, i);
                    self.v_each_active_lane_of(on, &tys, one)
                }
                None => one(self),
            };
            lanes.push(r?);
        }
        if lanes[0].is_empty() {
            return Ok(VVal::Uni(vec![]));
        }
        Ok(VVal::from_lanes(&lanes))
    }

    /// Vector building operations only move pieces.
    fn v_reshuffle(&mut self, vs: &mut VState, op: &Op) -> Result<VVal, CompileError> {
        let get =
            |tx: &mut Self, vs: &mut VState, v: ValueId| -> Result<Vec<PieceOrUni>, CompileError> {
                Ok(match tx.v_get(vs, v)? {
                    VVal::Uni(xs) => xs.into_iter().map(PieceOrUni::Uni).collect(),
                    VVal::Var { pieces, .. } => pieces.into_iter().map(PieceOrUni::Var).collect(),
                })
            };
        let parts: Vec<PieceOrUni> = match op {
            Op::Splat { value, to } => {
                let n = self.types.lanes_of(*to).unwrap_or(1) as usize;
                let x = get(self, vs, *value)?;
                vec![x[0]; n]
            }
            Op::Extract { vector, lane } => vec![get(self, vs, *vector)?[*lane as usize]],
            Op::Insert {
                vector,
                lane,
                value,
            } => {
                let mut xs = get(self, vs, *vector)?;
                xs[*lane as usize] = get(self, vs, *value)?[0];
                xs
            }
            Op::Shuffle { a, b, lanes } => {
                let mut all = get(self, vs, *a)?;
                all.extend(get(self, vs, *b)?);
                lanes.iter().map(|l| all[*l as usize]).collect()
            }
            Op::Compose { parts, .. } => {
                let mut out = Vec::new();
                for p in parts {
                    out.extend(get(self, vs, *p)?);
                }
                out
            }
            _ => unreachable!("only called for reshuffles"),
        };
        if parts.iter().all(|p| matches!(p, PieceOrUni::Uni(_))) {
            return Ok(VVal::Uni(
                parts
                    .into_iter()
                    .map(|p| match p {
                        PieceOrUni::Uni(x) => x,
                        PieceOrUni::Var(_) => unreachable!(),
                    })
                    .collect(),
            ));
        }
        let pieces = parts
            .into_iter()
            .map(|p| match p {
                PieceOrUni::Var(pv) => pv,
                PieceOrUni::Uni(x) => PieceVal::Lanes([x; LANES]),
            })
            .collect();
        Ok(VVal::Var { pieces, aff: None })
    }

    /// SIMD forms of f32/i32 arithmetic, when every piece of the result has a vector type.
    fn v_simd(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<Option<VVal>, CompileError> {
        let rty = self.f.value_type(result);
        let Some(rs) = self.types.scalar_of(rty) else {
            return Ok(None);
        };
        let simd_elem = matches!(rs, ScalarType::F32 | ScalarType::I32 | ScalarType::U32);
        if !simd_elem || matches!(self.types.get(rty), Type::Pointer { .. }) {
            return Ok(None);
        }
        let args: Vec<ValueId> = match op {
            Op::Unary(UnaryOp::Neg, a) => vec![*a],
            Op::Binary(BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul, a, b) => vec![*a, *b],
            Op::Binary(BinaryOp::Div, a, b) if rs == ScalarType::F32 => vec![*a, *b],
            Op::Binary(BinaryOp::And | BinaryOp::Or | BinaryOp::Xor, a, b)
                if rs != ScalarType::F32 =>
            {
                vec![*a, *b]
            }
            Op::Math { func, args }
                if rs == ScalarType::F32
                    && matches!(
                        func,
                        MathFn::Fma
                            | MathFn::Mad
                            | MathFn::Sqrt
                            | MathFn::NativeSqrt
                            | MathFn::Fabs
                            | MathFn::Rsqrt
                            | MathFn::NativeRsqrt
                            | MathFn::NativeRecip
                            | MathFn::NativeDivide
                            | MathFn::Floor
                            | MathFn::Ceil
                            | MathFn::Trunc
                            | MathFn::Rint
                    ) =>
            {
                args.clone()
            }
            Op::Convert {
                value,
                saturate: false,
                rounding,
                ..
            } => {
                let from = self.scalar(*value)?;
                let ok = match (from, rs) {
                    (ScalarType::I32, ScalarType::F32) => {
                        matches!(rounding, Rounding::Default | Rounding::Rte)
                    }
                    (ScalarType::F32, ScalarType::I32) => {
                        matches!(rounding, Rounding::Default | Rounding::Rtz)
                    }
                    (ScalarType::I32 | ScalarType::U32, ScalarType::I32 | ScalarType::U32) => true,
                    _ => false,
                };
                if !ok {
                    return Ok(None);
                }
                vec![*value]
            }
            _ => return Ok(None),
        };
        let xs: Vec<VVal> = args
            .iter()
            .map(|a| self.v_get(vs, *a))
            .collect::<Result<_, _>>()?;
        let n = xs[0].len();
        if xs.iter().any(|x| x.len() != n) {
            // Scalar arguments mixed with vectors: the per-lane translation broadcasts them.
            return Ok(None);
        }
        let is_float = rs == ScalarType::F32;
        let mut pieces = Vec::with_capacity(n);
        for p in 0..n {
            let mut vx = Vec::with_capacity(xs.len());
            for x in &xs {
                match x.piece_vector(&mut self.b, p) {
                    Some(v) => vx.push(v),
                    None => return Ok(None),
                }
            }
            let ins = self.b.ins();
            let r = match op {
                Op::Unary(_, _) if is_float => ins.fneg(vx[0]),
                Op::Unary(_, _) => ins.ineg(vx[0]),
                Op::Binary(bop, _, _) => match (bop, is_float) {
                    (BinaryOp::Add, true) => ins.fadd(vx[0], vx[1]),
                    (BinaryOp::Sub, true) => ins.fsub(vx[0], vx[1]),
                    (BinaryOp::Mul, true) => ins.fmul(vx[0], vx[1]),
                    (BinaryOp::Div, true) => ins.fdiv(vx[0], vx[1]),
                    (BinaryOp::Add, false) => ins.iadd(vx[0], vx[1]),
                    (BinaryOp::Sub, false) => ins.isub(vx[0], vx[1]),
                    (BinaryOp::Mul, false) => ins.imul(vx[0], vx[1]),
                    (BinaryOp::And, false) => ins.band(vx[0], vx[1]),
                    (BinaryOp::Or, false) => ins.bor(vx[0], vx[1]),
                    (BinaryOp::Xor, false) => ins.bxor(vx[0], vx[1]),
                    _ => unreachable!("filtered above"),
                },
                Op::Math { func, .. } => match func {
                    MathFn::Fma => ins.fma(vx[0], vx[1], vx[2]),
                    MathFn::Mad => {
                        let m = ins.fmul(vx[0], vx[1]);
                        self.b.ins().fadd(m, vx[2])
                    }
                    MathFn::Sqrt | MathFn::NativeSqrt => ins.sqrt(vx[0]),
                    // As the scalar translation: 1 / sqrt(x), 1 / x, x / y.
                    MathFn::Rsqrt | MathFn::NativeRsqrt => {
                        let r = ins.sqrt(vx[0]);
                        let one = self.b.ins().f32const(1.0);
                        let one = self.b.ins().splat(types::F32X4, one);
                        self.b.ins().fdiv(one, r)
                    }
                    MathFn::NativeRecip => {
                        let one = ins.f32const(1.0);
                        let one = self.b.ins().splat(types::F32X4, one);
                        self.b.ins().fdiv(one, vx[0])
                    }
                    MathFn::NativeDivide => ins.fdiv(vx[0], vx[1]),
                    MathFn::Floor => ins.floor(vx[0]),
                    MathFn::Ceil => ins.ceil(vx[0]),
                    MathFn::Trunc => ins.trunc(vx[0]),
                    MathFn::Rint => ins.nearest(vx[0]),
                    _ => ins.fabs(vx[0]),
                },
                Op::Convert { value, .. } => {
                    match (self.types.scalar_of(self.f.value_type(*value)), is_float) {
                        (_, true) => ins.fcvt_from_sint(types::F32X4, vx[0]),
                        (Some(ScalarType::F32), false) => ins.fcvt_to_sint_sat(types::I32X4, vx[0]),
                        _ => vx[0],
                    }
                }
                _ => unreachable!("filtered above"),
            };
            pieces.push(PieceVal::Vector(r));
        }
        Ok(Some(VVal::Var { pieces, aff: None }))
    }

    /// SIMD comparisons of f32/i32 values (giving masks) and selects on a mask.
    fn v_simd_mask(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<Option<VVal>, CompileError> {
        match op {
            Op::Compare(cmp, a, b) => {
                let s = self.scalar(*a)?;
                if !matches!(s, ScalarType::F32 | ScalarType::I32 | ScalarType::U32) {
                    return Ok(None);
                }
                let (x, y) = (self.v_get(vs, *a)?, self.v_get(vs, *b)?);
                let mut pieces = Vec::with_capacity(x.len());
                for p in 0..x.len() {
                    let xv = x.piece_vector(&mut self.b, p).expect("f32/i32");
                    let yv = y.piece_vector(&mut self.b, p).expect("f32/i32");
                    let m = if s == ScalarType::F32 {
                        let r = self.b.ins().fcmp(float_cc(*cmp), xv, yv);
                        r
                    } else {
                        self.b.ins().icmp(int_cc(*cmp, s.is_signed()), xv, yv)
                    };
                    pieces.push(PieceVal::Mask(m));
                }
                Ok(Some(VVal::Var { pieces, aff: None }))
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                let c = self.v_get(vs, *cond)?;
                let cond_is_mask = match &c {
                    VVal::Var { pieces, .. } => {
                        pieces.iter().all(|p| matches!(p, PieceVal::Mask(_)))
                    }
                    VVal::Uni(_) => false,
                };
                let tys = self.piece_types(self.f.value_type(result))?;
                if !cond_is_mask || !tys.iter().all(|t| super::vector_type(*t).is_some()) {
                    return Ok(None);
                }
                let (t, f) = (self.v_get(vs, *if_true)?, self.v_get(vs, *if_false)?);
                let VVal::Var { pieces: cp, .. } = &c else {
                    unreachable!("checked above")
                };
                let mut pieces = Vec::with_capacity(tys.len());
                for p in 0..tys.len() {
                    let PieceVal::Mask(m) = (if cp.len() == 1 { cp[0] } else { cp[p] }) else {
                        unreachable!("checked above")
                    };
                    let blended =
                        self.v_blend(m, &t.piece_only(p), &f.piece_only(p), &tys[p..p + 1]);
                    let VVal::Var { pieces: bp, .. } = blended else {
                        unreachable!("blend gives a varying value")
                    };
                    pieces.push(bp[0]);
                }
                Ok(Some(VVal::Var { pieces, aff: None }))
            }
            _ => Ok(None),
        }
    }

    /// The affine form of an integer or pointer result, when the operands have one.
    fn v_affine(
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
                })
            }
            Op::Binary(bop @ (BinaryOp::Add | BinaryOp::Sub), a, b) => {
                let (Some(x), Some(y)) = (aff(self, vs, *a)?, aff(self, vs, *b)?) else {
                    return Ok(None);
                };
                if !self.scalar(*a)?.is_int() {
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
                Some(Aff {
                    base,
                    stride,
                    guard: both(x.guard, y.guard, self),
                })
            }
            Op::Binary(bop @ (BinaryOp::Mul | BinaryOp::Shl), a, b) => {
                if !self.scalar(*a)?.is_int() {
                    return Ok(None);
                }
                let bits = self.scalar(*a)?.bits();
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
                self.v_resize_aff(x, from, to)
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
                let off = self.b.ins().imul_imm_s(i.base, size as i64);
                Some(Aff {
                    base: self.b.ins().iadd(p.base, off),
                    stride: p.stride.wrapping_add(i.stride.wrapping_mul(size as i64)),
                    guard: both(p.guard, i.guard, self),
                })
            }
            Op::FieldAddr { base, field } => {
                let Some(p) = aff(self, vs, *base)? else {
                    return Ok(None);
                };
                let Some((_, st)) = self.types.pointee(self.f.value_type(*base)) else {
                    return Ok(None);
                };
                let Type::Struct { fields, .. } = self.types.get(st) else {
                    return Ok(None);
                };
                let (offsets, _) = self.types.struct_layout(&fields.clone());
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
    /// arithmetic); widening is exact only when the lanes do not wrap in the narrow type,
    /// which a guard checks at run time.
    fn v_resize_aff(&mut self, x: Aff, from: ScalarType, to: ScalarType) -> Option<Aff> {
        let (fb, tb) = (from.bits(), to.bits());
        let tt = crate::pieces::clif_scalar(to)?;
        if tb <= fb {
            let base = if tb < fb {
                self.b.ins().ireduce(tt, x.base)
            } else {
                x.base
            };
            return Some(Aff { base, ..x });
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
        let base = if from.is_signed() {
            self.b.ins().sextend(tt, x.base)
        } else {
            self.b.ins().uextend(tt, x.base)
        };
        let guard = match x.guard {
            Some(g) => self.b.ins().band(g, ok),
            None => ok,
        };
        Some(Aff {
            base,
            stride: x.stride,
            guard: Some(guard),
        })
    }
}

/// The Cranelift condition of a float comparison (as the scalar translation uses).
fn float_cc(op: CmpOp) -> FloatCC {
    match op {
        CmpOp::Eq => FloatCC::Equal,
        CmpOp::Ne => FloatCC::NotEqual,
        CmpOp::Lt => FloatCC::LessThan,
        CmpOp::Le => FloatCC::LessThanOrEqual,
        CmpOp::Gt => FloatCC::GreaterThan,
        CmpOp::Ge => FloatCC::GreaterThanOrEqual,
    }
}

/// The Cranelift condition of an integer comparison.
fn int_cc(op: CmpOp, signed: bool) -> IntCC {
    match (op, signed) {
        (CmpOp::Eq, _) => IntCC::Equal,
        (CmpOp::Ne, _) => IntCC::NotEqual,
        (CmpOp::Lt, true) => IntCC::SignedLessThan,
        (CmpOp::Le, true) => IntCC::SignedLessThanOrEqual,
        (CmpOp::Gt, true) => IntCC::SignedGreaterThan,
        (CmpOp::Ge, true) => IntCC::SignedGreaterThanOrEqual,
        (CmpOp::Lt, false) => IntCC::UnsignedLessThan,
        (CmpOp::Le, false) => IntCC::UnsignedLessThanOrEqual,
        (CmpOp::Gt, false) => IntCC::UnsignedGreaterThan,
        (CmpOp::Ge, false) => IntCC::UnsignedGreaterThanOrEqual,
    }
}

/// One piece while reshuffling: a uniform scalar or a varying piece.
#[derive(Clone, Copy)]
enum PieceOrUni {
    Uni(Value),
    Var(PieceVal),
}
