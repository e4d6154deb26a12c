//! Lowering of IR operations (per lane) other than conversions, math and work-item queries.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    types, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value,
};
use oclc_ir::{BinaryOp, CmpOp, Const, Op, ScalarType, Type, UnaryOp, ValueId};

use super::Tx;
use crate::error::CompileError;
use crate::pieces::clif_scalar;

impl Tx<'_, '_, '_> {
    /// Lowers the operation defining `result` to its pieces.
    pub(super) fn op(&mut self, result: ValueId, op: &Op) -> Result<Vec<Value>, CompileError> {
        let rty = self.f.value_type(result);
        Ok(match op {
            Op::Atomic { op, ptr, args, .. } => self.atomic(*op, *ptr, args, result)?,
            Op::Printf { format, args } => self.printf(format, args)?,
            Op::GenericCast { value, to } => self.generic_cast(*value, *to)?,
            Op::SamplerConst(bits) => vec![self.b.ins().iconst(types::I32, bits.0 as i64)],
            Op::ImageRead {
                image,
                sampler,
                coord,
            } => self.image_read(result, *image, *sampler, *coord)?,
            Op::ImageWrite {
                image,
                coord,
                value,
            } => self.image_write(*image, *coord, *value)?,
            Op::ImageQuery { query, image } => self.image_query(result, *query, *image)?,
            Op::Const(c) => vec![self.constant(*c)?],
            Op::Unary(u, a) => {
                let (s, xs) = self.widened(*a)?;
                let out = xs
                    .into_iter()
                    .map(|x| match (u, s) {
                        (UnaryOp::Neg, s) if s.is_float() => self.b.ins().fneg(x),
                        (UnaryOp::Neg, _) => self.b.ins().ineg(x),
                        (UnaryOp::Not, ScalarType::Bool) => self.not_bool(x),
                        (UnaryOp::Not, _) => self.b.ins().bnot(x),
                    })
                    .collect();
                self.narrowed_if_half(*a, out)?
            }
            Op::Binary(bop, a, b) => {
                let (s, xs) = self.widened(*a)?;
                let (_, ys) = self.widened(*b)?;
                let mut out = Vec::with_capacity(xs.len());
                for (x, y) in xs.into_iter().zip(ys) {
                    if matches!(bop, BinaryOp::Div | BinaryOp::Rem) && !s.is_float() {
                        self.check_divisor(result, y);
                    }
                    out.push(self.binary(*bop, s, x, y)?);
                }
                // A scalar signed sum: exact, as C leaves its overflow undefined.
                if matches!(bop, BinaryOp::Add | BinaryOp::Sub)
                    && matches!(self.types.get(rty), oclc_ir::Type::Scalar(_))
                    && s.is_int()
                    && s.is_signed()
                {
                    self.exact_sum(out[0]);
                }
                self.narrowed_if_half(*a, out)?
            }
            Op::Compare(cmp, a, b) => {
                let (s, xs) = self.widened(*a)?;
                let (_, ys) = self.widened(*b)?;
                xs.into_iter()
                    .zip(ys)
                    .map(|(x, y)| self.compare(*cmp, s, x, y))
                    .collect()
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                let cs = self.val(*cond)?;
                let ts = self.val(*if_true)?;
                let fs = self.val(*if_false)?;
                ts.into_iter()
                    .zip(fs)
                    .enumerate()
                    .map(|(i, (t, f))| {
                        let c = if cs.len() == 1 { cs[0] } else { cs[i] };
                        self.b.ins().select(c, t, f)
                    })
                    .collect()
            }
            Op::Convert {
                value,
                to,
                saturate,
                rounding,
            } => {
                let from = self.scalar(*value)?;
                let to_s = self
                    .types
                    .scalar_of(*to)
                    .ok_or_else(|| self.err("conversion to a non-numeric type"))?;
                let xs = self.val(*value)?;
                if from == ScalarType::F16 || to_s == ScalarType::F16 {
                    xs.into_iter()
                        .map(|x| self.convert_half(x, from, to_s, *saturate, *rounding))
                        .collect()
                } else {
                    xs.into_iter()
                        .map(|x| self.convert(x, from, to_s, *saturate, *rounding))
                        .collect()
                }
            }
            Op::Bitcast { value, to } => self.bitcast(*value, *to)?,
            Op::Splat { value, to } => {
                let x = self.val1(*value)?;
                let n = self.types.lanes_of(*to).unwrap_or(1) as usize;
                vec![x; n]
            }
            Op::Extract { vector, lane } => vec![self.val(*vector)?[*lane as usize]],
            Op::Insert {
                vector,
                lane,
                value,
            } => {
                let mut xs = self.val(*vector)?;
                xs[*lane as usize] = self.val1(*value)?;
                xs
            }
            Op::Shuffle { a, b, lanes } => {
                let mut all = self.val(*a)?;
                all.extend(self.val(*b)?);
                lanes.iter().map(|l| all[*l as usize]).collect()
            }
            Op::Compose { parts, .. } => {
                let mut out = Vec::new();
                for p in parts {
                    out.extend(self.val(*p)?);
                }
                out
            }
            Op::LocalAddr(l) if self.vars.contains_key(&l.0) => {
                // Only ever the pointer of a load or store of the whole variable.
                self.var_addrs.insert(result, l.0);
                vec![]
            }
            Op::LocalAddr(l) => vec![self.local_addr(l.0)?],
            Op::GlobalAddr(g) => {
                let data = *self
                    .env
                    .globals
                    .get(g.0 as usize)
                    .ok_or_else(|| self.err("unknown program-scope variable"))?;
                let gv = self.env.module.declare_data_in_func(data, self.b.func);
                vec![self.b.ins().symbol_value(types::I64, gv)]
            }
            Op::PtrOffset { base, index } => {
                let (_, pointee) = self
                    .types
                    .pointee(self.f.value_type(*base))
                    .ok_or_else(|| self.err("ptr_offset of a non-pointer"))?;
                let size = self.types.layout(pointee).size;
                vec![self.scaled_add(*base, *index, size)?]
            }
            Op::IndexAddr { base, index } => {
                let elem = match self.types.pointee(self.f.value_type(*base)) {
                    Some((_, arr)) => match self.types.get(arr) {
                        Type::Array { elem, .. } => *elem,
                        _ => return Err(self.err("index_addr of a non-array")),
                    },
                    None => return Err(self.err("index_addr of a non-pointer")),
                };
                let size = self.types.layout(elem).size;
                vec![self.scaled_add(*base, *index, size)?]
            }
            Op::FieldAddr { base, field } => {
                let st = match self.types.pointee(self.f.value_type(*base)) {
                    Some((_, st)) if matches!(self.types.get(st), Type::Struct { .. }) => st,
                    Some(_) => return Err(self.err("field_addr of a non-struct")),
                    None => return Err(self.err("field_addr of a non-pointer")),
                };
                let (offsets, _) = self.types.struct_layout(st);
                let p = self.val1(*base)?;
                vec![self.b.ins().iadd_imm_s(p, offsets[*field as usize] as i64)]
            }
            Op::Load { ptr } if self.var_addrs.contains_key(ptr) => {
                let l = self.var_addrs[ptr];
                self.check_var_loaded(l, result);
                let vs = self.vars[&l].clone();
                vs.iter().map(|v| self.b.use_var(*v)).collect()
            }
            Op::Load { ptr } => {
                let p = self.val1(*ptr)?;
                let p = self.checked_access(self.access(*ptr, p, rty, false, result))?;
                let ps = self.pieces_of(rty)?;
                ps.iter()
                    .map(|pc| {
                        self.b
                            .ins()
                            .load(pc.ty, MemFlagsData::new(), p, pc.offset as i32)
                    })
                    .collect()
            }
            Op::WorkItem { query, dim } => vec![self.work_item(*query, *dim)?],
            Op::Math { func, args } => self.math(*func, args, rty)?,
            Op::Call { .. } => return Err(self.err("a call that was not inlined")),
        })
    }

    fn constant(&mut self, c: Const) -> Result<Value, CompileError> {
        Ok(match c.ty {
            ScalarType::F32 => self.b.ins().f32const(f32::from_bits(c.bits as u32)),
            ScalarType::F64 => self.b.ins().f64const(f64::from_bits(c.bits)),
            ScalarType::F16 => self.b.ins().iconst(types::I16, c.bits as u16 as i64),
            s => {
                let t = clif_scalar(s).expect("integer type");
                self.b.ins().iconst(t, c.bits as i64)
            }
        })
    }

    fn scaled_add(
        &mut self,
        base: ValueId,
        index: ValueId,
        size: u64,
    ) -> Result<Value, CompileError> {
        let p = self.val1(base)?;
        self.scaled_index(p, index, size)
    }

    /// `!x` for a bool: the complementary comparison when `x` is a comparison (so that a
    /// branch on it stays one compare-and-jump), else `x ^ 1`.
    fn not_bool(&mut self, x: Value) -> Value {
        use cranelift_codegen::ir::condcodes::CondCode;
        use cranelift_codegen::ir::{InstructionData, ValueDef};
        if let ValueDef::Result(inst, 0) = self.b.func.dfg.value_def(x) {
            match self.b.func.dfg.insts[inst] {
                InstructionData::IntCompare { cond, args, .. } => {
                    return self.b.ins().icmp(cond.complement(), args[0], args[1]);
                }
                InstructionData::FloatCompare { cond, args, .. } => {
                    return self.b.ins().fcmp(cond.complement(), args[0], args[1]);
                }
                _ => {}
            }
        }
        self.b.ins().bxor_imm_s(x, 1)
    }

    pub(super) fn local_addr(&mut self, l: u32) -> Result<Value, CompileError> {
        if let Some(&off) = self.plan.local_offsets.get(&l) {
            return Ok(self.b.ins().iadd_imm_s(self.local_mem, off as i64));
        }
        if let Some(&off) = self.plan.private_offsets.get(&l) {
            let size = self.types.layout(self.f.locals[l as usize].ty).size.max(1);
            let lin = self.wi_lin();
            return Ok(self.state_at(off, size, lin));
        }
        match self.slots.get(&l) {
            Some(&slot) => Ok(self.b.ins().stack_addr(types::I64, slot, 0)),
            None => Err(self.err(format!(
                "variable in the {} address space",
                self.f.locals[l as usize].space.name()
            ))),
        }
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        s: ScalarType,
        x: Value,
        y: Value,
    ) -> Result<Value, CompileError> {
        Ok(if s.is_float() {
            match op {
                BinaryOp::Add => self.b.ins().fadd(x, y),
                BinaryOp::Sub => self.b.ins().fsub(x, y),
                BinaryOp::Mul => self.b.ins().fmul(x, y),
                BinaryOp::Div => self.b.ins().fdiv(x, y),
                BinaryOp::Rem => {
                    let name = crate::mathlib::fmod_symbol(s == ScalarType::F64);
                    self.call_math(name, &[x, y])
                }
                _ => return Err(self.err("bitwise operation on floats")),
            }
        } else {
            match op {
                BinaryOp::Add => self.b.ins().iadd(x, y),
                BinaryOp::Sub => self.b.ins().isub(x, y),
                BinaryOp::Mul => self.b.ins().imul(x, y),
                BinaryOp::Div | BinaryOp::Rem => {
                    let y = self.safe_divisor(s, x, y);
                    match (op, s.is_signed()) {
                        (BinaryOp::Div, true) => self.b.ins().sdiv(x, y),
                        (BinaryOp::Div, false) => self.b.ins().udiv(x, y),
                        (_, true) => self.b.ins().srem(x, y),
                        (_, false) => self.b.ins().urem(x, y),
                    }
                }
                BinaryOp::Shl => self.b.ins().ishl(x, y),
                BinaryOp::Shr if s.is_signed() => self.b.ins().sshr(x, y),
                BinaryOp::Shr => self.b.ins().ushr(x, y),
                BinaryOp::And => self.b.ins().band(x, y),
                BinaryOp::Or => self.b.ins().bor(x, y),
                BinaryOp::Xor => self.b.ins().bxor(x, y),
            }
        })
    }

    /// Replaces divisors that would trap (0, and -1 with a minimal signed dividend) by 1:
    /// the result is undefined in OpenCL C but must not crash the host.
    fn safe_divisor(&mut self, s: ScalarType, x: Value, y: Value) -> Value {
        let ty = self.b.func.dfg.value_type(y);
        let one = self.b.ins().iconst(ty, 1);
        let mut bad = self.b.ins().icmp_imm_s(IntCC::Equal, y, 0);
        if s.is_signed() {
            let m1 = self.b.ins().icmp_imm_u(IntCC::Equal, y, mask(s.bits()));
            let min = -(1i128 << (s.bits() - 1));
            let min_bits = (min as i64) & mask(s.bits());
            let xmin = self.b.ins().icmp_imm_u(IntCC::Equal, x, min_bits);
            let ov = self.b.ins().band(m1, xmin);
            bad = self.b.ins().bor(bad, ov);
        }
        self.b.ins().select(bad, one, y)
    }

    fn compare(&mut self, op: CmpOp, s: ScalarType, x: Value, y: Value) -> Value {
        if s.is_float() {
            let cc = match op {
                CmpOp::Eq => FloatCC::Equal,
                CmpOp::Ne => FloatCC::NotEqual,
                CmpOp::Lt => FloatCC::LessThan,
                CmpOp::Le => FloatCC::LessThanOrEqual,
                CmpOp::Gt => FloatCC::GreaterThan,
                CmpOp::Ge => FloatCC::GreaterThanOrEqual,
            };
            self.b.ins().fcmp(cc, x, y)
        } else {
            let signed = s.is_signed();
            let cc = match (op, signed) {
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
            };
            self.b.ins().icmp(cc, x, y)
        }
    }

    /// Reinterprets a value's bytes as another type (through a stack slot unless both sides
    /// are one piece of the same size).
    fn bitcast(&mut self, value: ValueId, to: oclc_ir::TypeId) -> Result<Vec<Value>, CompileError> {
        let from = self.pieces_of(self.f.value_type(value))?;
        let dst = self.pieces_of(to)?;
        let xs = self.val(value)?;
        if from.len() == 1 && dst.len() == 1 && from[0].ty.bytes() == dst[0].ty.bytes() {
            if from[0].ty == dst[0].ty {
                return Ok(xs);
            }
            return Ok(vec![self.b.ins().bitcast(
                dst[0].ty,
                MemFlagsData::new(),
                xs[0],
            )]);
        }
        let size = self
            .types
            .layout(to)
            .size
            .max(self.types.layout(self.f.value_type(value)).size);
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            size.max(1) as u32,
            4,
        ));
        for (pc, x) in from.iter().zip(xs) {
            self.b
                .ins()
                .stack_store(types::I64, x, slot, pc.offset as i32);
        }
        Ok(dst
            .iter()
            .map(|pc| {
                self.b
                    .ins()
                    .stack_load(types::I64, pc.ty, slot, pc.offset as i32)
            })
            .collect())
    }
}

/// All-ones in the low `bits` bits.
pub(super) fn mask(bits: u32) -> i64 {
    if bits >= 64 {
        -1
    } else {
        ((1u64 << bits) - 1) as i64
    }
}
