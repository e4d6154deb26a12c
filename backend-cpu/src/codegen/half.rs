//! Conversions from and to `half`. Half values are carried as their 16-bit patterns (`i16`
//! pieces). Arithmetic on half (cl_khr_fp16) computes in `float` and rounds each result to
//! half (to nearest even): exact for `+ - * /` and `sqrt`, whose `float` results round
//! to the correctly rounded half (binary32 has more than 2 * 11 + 2 significand bits).

use cranelift_codegen::ir::{types, InstBuilder, Value};
use oclc_ir::{Rounding, ScalarType, ValueId};

use super::Tx;
use crate::error::CompileError;
use crate::mathlib::{to_half_symbol, HALF_TO_F32};

impl Tx<'_, '_, '_> {
    /// Converts one lane `x` of type `from` to `to`, where either side is half.
    pub(super) fn convert_half(
        &mut self,
        x: Value,
        from: ScalarType,
        to: ScalarType,
        sat: bool,
        rounding: Rounding,
    ) -> Value {
        if from == to {
            return x;
        }
        if from == ScalarType::F16 {
            // Widening to float is exact, so converting the float on gives the same result
            // (with the same rounding and saturation) as converting the half directly.
            let bits = self.b.ins().uextend(types::I32, x);
            let f = self.call_math(HALF_TO_F32, &[bits]);
            return self.convert(f, ScalarType::F32, to, sat, rounding);
        }
        // To half: widen to double (exact for float; integers beyond 2^53 are far outside
        // half's range, where any rounding gives the same overflow result), then round once.
        let d = match from {
            ScalarType::F64 => x,
            ScalarType::F32 => self.b.ins().fpromote(types::F64, x),
            _ => self.convert(x, from, ScalarType::F64, false, Rounding::Default),
        };
        let bits = self.call_math(to_half_symbol(rounding), &[d]);
        self.b.ins().ireduce(types::I16, bits)
    }
}

impl Tx<'_, '_, '_> {
    /// The element type and lanes of `v` for arithmetic: `half` lanes widened to `float`.
    pub(super) fn widened(&mut self, v: ValueId) -> Result<(ScalarType, Vec<Value>), CompileError> {
        let s = self.scalar(v)?;
        let xs = self.val(v)?;
        if s != ScalarType::F16 {
            return Ok((s, xs));
        }
        let wide = xs
            .into_iter()
            .map(|x| self.convert_half(x, s, ScalarType::F32, false, Rounding::Default))
            .collect();
        Ok((ScalarType::F32, wide))
    }

    /// `float` results of arithmetic on the `half` value `like` rounded back to half (to
    /// nearest even); other results unchanged.
    pub(super) fn narrowed_if_half(
        &mut self,
        like: ValueId,
        xs: Vec<Value>,
    ) -> Result<Vec<Value>, CompileError> {
        if self.scalar(like)? != ScalarType::F16 {
            return Ok(xs);
        }
        Ok(xs
            .into_iter()
            .map(|x| self.convert_half(x, ScalarType::F32, ScalarType::F16, false, Rounding::Rte))
            .collect())
    }
}
