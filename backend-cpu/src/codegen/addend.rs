//! Constant addends of index arithmetic, read back from the Cranelift code just built, so
//! that `p[i + k]` becomes `(p + i * size) + k * size`: the constant lands in the load's or
//! store's displacement and neighbouring accesses (an unrolled loop's `idx + 0`, `idx + 1`,
//! ...) share one index computation.
//!
//! An index of a signed type narrower than 64 bits is widened before it scales:
//! `(long)(z + k)` becomes `(long)z + k` ([`widened_sums`] names the conversions where the
//! IR says so; the rewrite reads the code built for them), exact unless `z + k`
//! overflowed, which OpenCL C (as C99) leaves undefined for signed arithmetic. The
//! vectorised path relies on the same rule for its affine indices (`NoWrap::Exact` in
//! [`super::vector`]), and the Vulkan backend decorates such arithmetic `NoSignedWrap`, as
//! clang marks it `nsw`. Unsigned sums wrap by definition and are left alone.

use std::collections::{HashMap, HashSet};

use cranelift_codegen::ir::{InstBuilder, InstructionData, Opcode, Value};
use oclc_ir::{BinaryOp, Function, Op, Stmt, TypeTable, ValueId};

use super::Tx;

/// The conversions to 64 bits of a signed sum `z + k` (or `z - k`) with a constant `k`:
/// their code may be computed as `(long)z + k`.
pub(crate) fn widened_sums(
    types: &TypeTable,
    func: &Function,
    consts: &HashMap<ValueId, i64>,
) -> HashSet<ValueId> {
    let signed_narrow = |v: ValueId| {
        types
            .scalar_of(func.value_type(v))
            .is_some_and(|t| t.is_int() && t.is_signed() && t.bits() < 64)
    };
    let mut sums = HashSet::new();
    let mut out = HashSet::new();
    oclc_ir::walk_stmts(&func.body, &mut |s| {
        let Stmt::Let { value, op } = s else { return };
        match op {
            Op::Binary(BinaryOp::Add | BinaryOp::Sub, a, b)
                if signed_narrow(*value) && (consts.contains_key(a) || consts.contains_key(b)) =>
            {
                sums.insert(*value);
            }
            Op::Convert {
                value: a,
                saturate: false,
                ..
            } if sums.contains(a)
                && types
                    .scalar_of(func.value_type(*value))
                    .is_some_and(|t| t.is_int() && t.bits() == 64) =>
            {
                out.insert(*value);
            }
            _ => {}
        }
    });
    out
}

impl Tx<'_, '_, '_> {
    /// `v` as `z + k` when the code just built computes it as an `iadd` of a constant (`k`
    /// sign-extended from `v`'s width).
    fn constant_addend(&self, v: Value) -> Option<(Value, i64)> {
        let dfg = &self.b.func.dfg;
        let bits = dfg.value_type(v).bits();
        let constant = |x: Value| match dfg.insts[dfg.value_def(x).inst()?] {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } if (1..=64).contains(&bits) => {
                let shift = 64 - bits;
                Some((imm.bits() << shift) >> shift)
            }
            _ => None,
        };
        match dfg.insts[dfg.value_def(v).inst()?] {
            InstructionData::Binary {
                opcode: Opcode::Iadd,
                args: [a, b],
            } => match (constant(a), constant(b)) {
                (_, Some(k)) => Some((a, k)),
                (Some(k), None) => Some((b, k)),
                _ => None,
            },
            _ => None,
        }
    }

    /// `p + index * size` for an IR index; a widened signed sum ([`widened_sums`]) whose
    /// code is `sext(z + k)` is computed as `sext(z) + k`.
    pub(super) fn scaled_index(
        &mut self,
        p: Value,
        index: ValueId,
        size: u64,
    ) -> Result<Value, crate::error::CompileError> {
        let mut i = self.val1(index)?;
        if self.widened_sums.contains(&index) {
            if let Some(widened) = self.widened_sum(i) {
                i = widened;
            }
        }
        Ok(self.scaled_address(p, i, size))
    }

    /// `sext(z + k)` as `sext(z) + k`, when `v` is computed that way.
    pub(super) fn widened_sum(&mut self, v: Value) -> Option<Value> {
        let dfg = &self.b.func.dfg;
        let InstructionData::Unary {
            opcode: Opcode::Sextend,
            arg,
        } = dfg.insts[dfg.value_def(v).inst()?]
        else {
            return None;
        };
        let ty = dfg.value_type(v);
        let (z, k) = self.constant_addend(arg)?;
        let z = self.b.ins().sextend(ty, z);
        Some(self.b.ins().iadd_imm_s(z, k))
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
