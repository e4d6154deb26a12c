//! Constant addends of index arithmetic, read back from the Cranelift code just built, so
//! that `p[i + k]` becomes `(p + i * size) + k * size`: the constant lands in the load's or
//! store's displacement and neighbouring accesses (an unrolled loop's `idx + 0`, `idx + 1`,
//! ...) share one index computation.
//!
//! An index of a signed type narrower than 64 bits is widened before it scales:
//! `(long)(z + k)` becomes `(long)z + k` ([`widened_sums`]), exact unless `z + k`
//! overflowed, which OpenCL C (as C99) leaves undefined for signed arithmetic. The
//! vectorised path relies on the same rule for its affine indices (`NoWrap::Exact` in
//! [`super::vector`]), and the Vulkan backend decorates such arithmetic `NoSignedWrap`, as
//! clang marks it `nsw`. Unsigned sums wrap by definition and are left alone.

use std::collections::HashMap;

use cranelift_codegen::ir::{types, InstBuilder, InstructionData, Opcode, Value};
use oclc_ir::{BinaryOp, Function, Op, Stmt, TypeTable, ValueId};

use super::Tx;

/// The conversions to 64 bits of a signed sum `z + k` (or `z - k`) with a constant `k`, by
/// the conversion's result: `(z, k)` (with `-k` for a difference).
pub(crate) fn widened_sums(
    types: &TypeTable,
    func: &Function,
    consts: &HashMap<ValueId, i64>,
) -> HashMap<ValueId, (ValueId, i64)> {
    let signed_narrow = |v: ValueId| {
        types
            .scalar_of(func.value_type(v))
            .is_some_and(|t| t.is_int() && t.is_signed() && t.bits() < 64)
    };
    let mut sums = HashMap::new();
    let mut out = HashMap::new();
    oclc_ir::walk_stmts(&func.body, &mut |s| {
        let Stmt::Let { value, op } = s else { return };
        match op {
            Op::Binary(bop @ (BinaryOp::Add | BinaryOp::Sub), a, b) if signed_narrow(*value) => {
                let sum = match (consts.get(a), consts.get(b), bop) {
                    (_, Some(&k), BinaryOp::Add) => Some((*a, k)),
                    (_, Some(&k), _) => Some((*a, k.wrapping_neg())),
                    (Some(&k), None, BinaryOp::Add) => Some((*b, k)),
                    _ => None,
                };
                if let Some(sum) = sum {
                    sums.insert(*value, sum);
                }
            }
            Op::Convert {
                value: a,
                saturate: false,
                ..
            } if signed_narrow(*a)
                && types
                    .scalar_of(func.value_type(*value))
                    .is_some_and(|t| t.is_int() && t.bits() == 64) =>
            {
                if let Some(&s) = sums.get(a) {
                    out.insert(*value, s);
                }
            }
            _ => {}
        }
    });
    out
}

impl Tx<'_, '_, '_> {
    /// `v` as `z + k` when the code just built computes it as an `iadd` of a constant (`k`
    /// sign-extended from `v`'s width).
    pub(super) fn constant_addend(&self, v: Value) -> Option<(Value, i64)> {
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

    /// `p + index * size` for an IR index: a widened signed sum ([`widened_sums`]) as
    /// `p + (long)z * size + k * size`.
    pub(super) fn scaled_index(
        &mut self,
        p: Value,
        index: ValueId,
        size: u64,
    ) -> Result<Value, crate::error::CompileError> {
        if let Some(&(z, k)) = self.widened_sums.get(&index) {
            let z = self.val1(z)?;
            let z = self.b.ins().sextend(types::I64, z);
            let sum = self.scaled_address(p, z, size);
            return Ok(match k.wrapping_mul(size as i64) {
                0 => sum,
                disp => self.b.ins().iadd_imm_s(sum, disp),
            });
        }
        let i = self.val1(index)?;
        Ok(self.scaled_address(p, i, size))
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
