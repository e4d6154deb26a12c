//! Constant addends and terms of index arithmetic, read back from the Cranelift code just
//! built, so that `p[i + k]` becomes `(p + i * size) + k * size`: the constant lands in the
//! load's or store's displacement and neighbouring accesses (an unrolled loop's `idx + 0`,
//! `idx + 1`, ...) share one index computation.
//!
//! An `int` index is widened to 64 bits before it scales. A signed sum that cannot overflow
//! (OpenCL C, as C99, leaves signed overflow undefined) widens term by term:
//! `(long)(a + (c + 1))` becomes `((long)a + (long)c) + 1`, exact because neither sum
//! overflowed. The code generator records such sums ([`Tx::exact_sum`]: scalar `int`
//! additions and subtractions of user code, and the exact affine sums of [`super::vector`]);
//! the Vulkan backend decorates the same arithmetic `NoSignedWrap`, as clang marks it `nsw`.
//! `char` and `short` sums are left whole (C computes them in `int`, so a narrow sum in the
//! IR may be a truncation that wraps). The terms are summed in the order they were defined,
//! so the copies of an unrolled loop body (`idx + c`, `idx + (c + 1)`, ...) compute one
//! shared sum that Cranelift hoists where it is loop-invariant, plus their own displacement.
//! Unsigned sums wrap by definition and are left alone.

use cranelift_codegen::ir::{InstBuilder, InstructionData, Opcode, Value};
use oclc_ir::ValueId;

use super::Tx;

/// The most terms a widened sum is split into (beyond that it widens as one value).
const MAX_TERMS: usize = 4;

/// How deep a widened sum is split (chains of `+ 1` from unrolled copies included).
const MAX_DEPTH: u32 = 12;

/// A signed sum split into terms (each added or, when `true`, subtracted) and a constant.
#[derive(Default)]
struct Terms {
    terms: Vec<(Value, bool)>,
    constant: i64,
}

impl Tx<'_, '_, '_> {
    /// `v` as `z + k` when the code just built computes it as an `iadd` of a constant.
    fn constant_addend(&self, v: Value) -> Option<(Value, i64)> {
        let dfg = &self.b.func.dfg;
        match dfg.insts[dfg.value_def(v).inst()?] {
            InstructionData::Binary {
                opcode: Opcode::Iadd,
                args: [a, b],
            } => match (self.constant_value(a), self.constant_value(b)) {
                (_, Some(k)) => Some((a, k)),
                (Some(k), None) => Some((b, k)),
                _ => None,
            },
            _ => None,
        }
    }

    /// Records `v`, the code of a signed 32-bit sum or difference, as one that does not
    /// overflow (see the module documentation).
    pub(super) fn exact_sum(&mut self, v: Value) {
        if !self.f.is_library && self.b.func.dfg.value_type(v).bits() == 32 {
            self.exact_sums.insert(v);
        }
    }

    /// `p + index * size` for an IR index; an index computed as `sext(s)` of an exact
    /// signed sum `s` is widened term by term ([`Tx::widened_sum`]).
    pub(super) fn scaled_index(
        &mut self,
        p: Value,
        index: ValueId,
        size: u64,
    ) -> Result<Value, crate::error::CompileError> {
        let mut i = self.val1(index)?;
        if let Some(widened) = self.widened_sum(i) {
            i = widened;
        }
        Ok(self.scaled_address(p, i, size))
    }

    /// `sext(s)` for an exact signed sum `s` as the sum of its widened terms, in the order
    /// they were defined, plus the constant last; `None` when `v` is not such an extension
    /// or the sum has more than [`MAX_TERMS`] terms.
    pub(super) fn widened_sum(&mut self, v: Value) -> Option<Value> {
        let dfg = &self.b.func.dfg;
        let InstructionData::Unary {
            opcode: Opcode::Sextend,
            arg,
        } = dfg.insts[dfg.value_def(v).inst()?]
        else {
            return None;
        };
        if !self.exact_sums.contains(&arg) {
            return None;
        }
        let ty = dfg.value_type(v);
        let mut split = Terms::default();
        self.split_sum(arg, false, MAX_DEPTH, &mut split);
        if split.terms.len() > MAX_TERMS {
            return None;
        }
        split.terms.sort_by_key(|(t, _)| t.as_u32());
        let mut sum: Option<Value> = None;
        for (t, negative) in split.terms {
            let x = self.b.ins().sextend(ty, t);
            sum = Some(match (sum, negative) {
                (None, false) => x,
                (None, true) => self.b.ins().ineg(x),
                (Some(s), false) => self.b.ins().iadd(s, x),
                (Some(s), true) => self.b.ins().isub(s, x),
            });
        }
        Some(match sum {
            Some(s) if split.constant == 0 => s,
            Some(s) => self.b.ins().iadd_imm_s(s, split.constant),
            None => self.b.ins().iconst(ty, split.constant),
        })
    }

    /// Adds `v` (negated when `negative`) to `out`: an exact sum's operands in turn (to
    /// `depth` levels), a constant to the constant, anything else as a term.
    fn split_sum(&self, v: Value, negative: bool, depth: u32, out: &mut Terms) {
        if out.terms.len() > MAX_TERMS {
            return;
        }
        let dfg = &self.b.func.dfg;
        let sign = |k: i64| if negative { k.wrapping_neg() } else { k };
        if let Some(k) = self.constant_value(v) {
            out.constant = out.constant.wrapping_add(sign(k));
            return;
        }
        if depth > 0 && self.exact_sums.contains(&v) {
            if let Some(inst) = dfg.value_def(v).inst() {
                if let InstructionData::Binary {
                    opcode: opcode @ (Opcode::Iadd | Opcode::Isub),
                    args: [a, b],
                } = dfg.insts[inst]
                {
                    self.split_sum(a, negative, depth - 1, out);
                    self.split_sum(b, negative != (opcode == Opcode::Isub), depth - 1, out);
                    return;
                }
            }
        }
        out.terms.push((v, negative));
    }

    /// The value of `v` when the code computes it as an `iconst` (sign-extended from its
    /// width).
    pub(super) fn constant_value(&self, v: Value) -> Option<i64> {
        let dfg = &self.b.func.dfg;
        let bits = dfg.value_type(v).bits();
        match dfg.insts[dfg.value_def(v).inst()?] {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } if (1..=64).contains(&bits) => {
                let shift = 64 - bits;
                Some((imm.bits() << shift) >> shift)
            }
            _ => None,
        }
    }

    /// `p + i * size` for a 64-bit `i`, with a constant addend of `i` moved into a final
    /// displacement (exact modulo 2^64).
    pub(super) fn scaled_address(&mut self, p: Value, i: Value, size: u64) -> Value {
        let (i, k) = self.constant_addend(i).unwrap_or((i, 0));
        let off = self.b.ins().imul_imm_s(i, size as i64);
        let sum = self.b.ins().iadd(p, off);
        match k.wrapping_mul(size as i64) {
            0 => sum,
            disp => self.b.ins().iadd_imm_s(sum, disp),
        }
    }
}
