//! SIMD forms of f32/i32 arithmetic, comparisons (giving lane masks) and selects on masks,
//! inside a vectorised region.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value};
use oclc_ir::{BinaryOp, CmpOp, MathFn, Op, Rounding, ScalarType, Type, UnaryOp, ValueId};

use super::{PieceVal, VState, VVal};
use crate::codegen::Tx;
use crate::error::CompileError;

impl Tx<'_, '_, '_> {
    /// SIMD forms of f32/i32 arithmetic, when every piece of the result has a vector type.
    pub(super) fn v_simd(
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
        let vt = if is_float { types::F32X4 } else { types::I32X4 };
        if let Some(v) = self.v_simd_blocks(&xs, vt, |tx, vx| tx.v_simd_emit(op, is_float, vx)) {
            return Ok(Some(v));
        }
        let mut pieces = Vec::with_capacity(n);
        for p in 0..n {
            let Some(vx) = self.piece_vectors(&xs, p) else {
                return Ok(None);
            };
            pieces.push(PieceVal::Vector(self.v_simd_emit(op, is_float, &vx)));
        }
        Ok(Some(VVal::Var { pieces, aff: None }))
    }

    /// SIMD forms of i32/u32 operations [`Tx::v_simd`] leaves: shifts and rotates of
    /// varying values by an amount the same in every lane (`x << 13`, `rotate(x, 7u)`, `x >>
    /// k` with `k` uniform), complement, `min`, `max` and `clamp`; one vector instruction
    /// per piece instead of four scalar ones and the lane moves. OpenCL masks shift and
    /// rotate counts to the element width, as Cranelift's vector shifts do.
    pub(super) fn v_simd_int(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<Option<VVal>, CompileError> {
        let signed = match self.types.scalar_of(self.f.value_type(result)) {
            Some(ScalarType::I32) => true,
            Some(ScalarType::U32) => false,
            _ => return Ok(None),
        };
        let (form, operands, amount) = match op {
            Op::Binary(bop @ (BinaryOp::Shl | BinaryOp::Shr), a, b) => {
                (IntForm::Shift(*bop), vec![*a], Some(*b))
            }
            Op::Math {
                func: MathFn::Rotate,
                args,
            } if args.len() == 2 => (IntForm::Rotate, vec![args[0]], Some(args[1])),
            Op::Unary(UnaryOp::Not, a) => (IntForm::Not, vec![*a], None),
            Op::Math {
                func: func @ (MathFn::Min | MathFn::Max | MathFn::Clamp),
                args,
            } => (IntForm::Order(*func), args.clone(), None),
            _ => return Ok(None),
        };
        let amounts = match amount {
            Some(b) => match self.v_get(vs, b)? {
                VVal::Uni(amounts) => Some(amounts),
                VVal::Var { .. } => return Ok(None),
            },
            None => None,
        };
        let xs: Vec<VVal> = operands
            .iter()
            .map(|a| self.v_get(vs, *a))
            .collect::<Result<_, _>>()?;
        let n = xs[0].len();
        if xs.iter().all(VVal::is_uniform)
            || xs.iter().any(|x| x.len() != n)
            || amounts.as_ref().is_some_and(|a| a.len() != n)
        {
            return Ok(None);
        }
        let mut pieces = Vec::with_capacity(n);
        for p in 0..n {
            let Some(vx) = self.piece_vectors(&xs, p) else {
                return Ok(None);
            };
            let amount = amounts.as_ref().map(|a| a[p]);
            pieces.push(PieceVal::Vector(self.v_int_emit(form, signed, &vx, amount)));
        }
        Ok(Some(VVal::Var { pieces, aff: None }))
    }

    /// Piece `p` of every operand as a vector (`None` when one has no vector form).
    fn piece_vectors(&mut self, xs: &[VVal], p: usize) -> Option<Vec<Value>> {
        xs.iter().map(|x| x.piece_vector(&mut self.b, p)).collect()
    }

    /// The SIMD instruction(s) of one piece of a [`Tx::v_simd_int`] operation.
    fn v_int_emit(&mut self, form: IntForm, signed: bool, vx: &[Value], k: Option<Value>) -> Value {
        let ins = self.b.ins();
        match form {
            IntForm::Shift(BinaryOp::Shl) => ins.ishl(vx[0], k.expect("a count")),
            IntForm::Shift(_) if signed => ins.sshr(vx[0], k.expect("a count")),
            IntForm::Shift(_) => ins.ushr(vx[0], k.expect("a count")),
            IntForm::Rotate => {
                // (x << k) | (x >>> -k): both counts taken modulo 32.
                let k = k.expect("a count");
                let left = ins.ishl(vx[0], k);
                let minus_k = self.b.ins().ineg(k);
                let right = self.b.ins().ushr(vx[0], minus_k);
                self.b.ins().bor(left, right)
            }
            IntForm::Not => ins.bnot(vx[0]),
            IntForm::Order(func) => {
                let b = &mut self.b;
                match func {
                    MathFn::Min => int_order(b, signed, false, vx[0], vx[1]),
                    MathFn::Max => int_order(b, signed, true, vx[0], vx[1]),
                    _ => {
                        let lower = int_order(b, signed, true, vx[0], vx[1]);
                        int_order(b, signed, false, lower, vx[2])
                    }
                }
            }
        }
    }

    /// The SIMD instruction(s) of `op` (one `v_simd` accepts) on vector operands `vx`.
    fn v_simd_emit(&mut self, op: &Op, is_float: bool, vx: &[Value]) -> Value {
        let ins = self.b.ins();
        match op {
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
        }
    }

    /// SIMD comparisons of f32/i32 values (giving masks) and selects on a mask.
    pub(super) fn v_simd_mask(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<Option<VVal>, CompileError> {
        match op {
            Op::Compare(cmp, a, b) => {
                // 64-bit comparisons are `super::mask_ops`' (it runs first).
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
pub(super) fn int_cc(op: CmpOp, signed: bool) -> IntCC {
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

/// The kinds of [`Tx::v_simd_int`] operations.
#[derive(Clone, Copy)]
enum IntForm {
    /// `<<` or `>>` by a uniform count.
    Shift(BinaryOp),
    /// `rotate` by a uniform count.
    Rotate,
    /// `~x`.
    Not,
    /// `min`, `max` or `clamp` by the type's signedness.
    Order(MathFn),
}

/// The smaller (or with `max` the larger) of `x` and `y`, by the type's signedness.
fn int_order(
    b: &mut cranelift_frontend::FunctionBuilder,
    signed: bool,
    max: bool,
    x: Value,
    y: Value,
) -> Value {
    match (signed, max) {
        (true, false) => b.ins().smin(x, y),
        (false, false) => b.ins().umin(x, y),
        (true, true) => b.ins().smax(x, y),
        (false, true) => b.ins().umax(x, y),
    }
}
