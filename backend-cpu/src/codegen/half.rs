//! Conversions from and to `half`. Half values are carried as their 16-bit patterns (`i16`
//! pieces); they are only loaded, stored, moved and converted (arithmetic on half needs
//! cl_khr_fp16, which the CPU backend reports as not supported).

use cranelift_codegen::ir::{types, InstBuilder, Value};
use oclc_ir::{Rounding, ScalarType};

use super::Tx;
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
