//! Conversions that the Vulkan environment cannot state directly, written out as plain
//! arithmetic: saturating conversions (`convert_T_sat`; the Kernel-only
//! `OpSatConvertSToU`/`UToS` and `SaturatedConversion` are not available) and conversions
//! to a floating-point type with a directed rounding mode (`_rtz`, `_rtp`, `_rtn`; the
//! `FPRoundingMode` decoration needs capabilities Vulkan compute does not grant for
//! these). From an integer, the native conversion rounds to nearest even; its result is
//! compared exactly with the source and moved one ulp where the requested rounding says
//! so. From a wider float, see `narrow` (computed on the bits).

use oclc_ir::{Rounding, ScalarType};
use rspirv::spirv::{Op as SOp, Word};

use crate::common::FnEmitter;
use crate::error::{unsupported, Result};

/// The bits of the float `2^k` (or `-2^k`) in `f`, infinity when it overflows.
fn pow2_bits(f: ScalarType, k: u32, negative: bool) -> u64 {
    let (bias, mantissa, exp_max) = match f {
        ScalarType::F16 => (15u64, 10u32, 30u64),
        ScalarType::F32 => (127, 23, 254),
        _ => (1023, 52, 2046),
    };
    let exp = (bias + k as u64).min(exp_max + 1);
    let sign = if negative { 1u64 << (f.bits() - 1) } else { 0 };
    sign | (exp << mantissa)
}

/// The largest value of integer type `s` as raw bits.
fn int_max_bits(s: ScalarType) -> u64 {
    let bits = s.bits() - u32::from(s.is_signed());
    if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The smallest value of integer type `s` as raw (two's complement) bits.
fn int_min_bits(s: ScalarType) -> u64 {
    if s.is_signed() {
        (1u64 << (s.bits() - 1)).wrapping_neg()
    } else {
        0
    }
}

/// The unsigned integer type as wide as the float `f`.
pub(super) fn bits_type(f: ScalarType) -> ScalarType {
    match f.bits() {
        16 => ScalarType::U16,
        32 => ScalarType::U32,
        _ => ScalarType::U64,
    }
}

impl FnEmitter<'_, '_> {
    /// Saturating integer-to-integer conversion of `v` (lanes `n`) from `fs` to `ts`:
    /// clamp to the target's range in the source type, then convert.
    pub(crate) fn vk_int_sat(
        &mut self,
        v: Word,
        fs: ScalarType,
        ts: ScalarType,
        n: u8,
        rt: Word,
    ) -> Result<Word> {
        let ft = self.cx.shape_ty(fs, n, false);
        let bt = self.cx.shape_ty(ScalarType::Bool, n, false);
        let (less, greater) = if fs.is_signed() {
            (SOp::SLessThan, SOp::SGreaterThan)
        } else {
            (SOp::ULessThan, SOp::UGreaterThan)
        };
        let max_of = |s: ScalarType| -> i128 { int_max_bits(s) as i128 };
        let min_of = |s: ScalarType| -> i128 {
            if s.is_signed() {
                -(1i128 << (s.bits() - 1))
            } else {
                0
            }
        };
        let mut x = v;
        if max_of(ts) < max_of(fs) {
            let hi = self.cx.const_splat(fs, n, int_max_bits(ts));
            let over = self.inst(greater, bt, &[x, hi])?;
            x = self.inst(SOp::Select, ft, &[over, hi, x])?;
        }
        if min_of(ts) > min_of(fs) {
            let lo = self.cx.const_splat(fs, n, int_min_bits(ts));
            let under = self.inst(less, bt, &[x, lo])?;
            x = self.inst(SOp::Select, ft, &[under, lo, x])?;
        }
        if fs.bits() == ts.bits() {
            return Ok(x);
        }
        let op = if fs.is_signed() {
            SOp::SConvert
        } else {
            SOp::UConvert
        };
        self.inst(op, rt, &[x])
    }

    /// Saturating float-to-integer conversion of the already rounded `v`: NaN gives 0,
    /// values beyond the target's range its minimum or maximum.
    pub(crate) fn vk_float_to_int_sat(
        &mut self,
        v: Word,
        fs: ScalarType,
        ts: ScalarType,
        n: u8,
        rt: Word,
    ) -> Result<Word> {
        let ft = self.cx.shape_ty(fs, n, false);
        let bt = self.cx.shape_ty(ScalarType::Bool, n, false);
        // max + 1 and min are powers of two, exact in the source type (or infinite).
        let above = pow2_bits(fs, ts.bits() - u32::from(ts.is_signed()), false);
        let above = self.cx.const_splat(fs, n, above);
        let too_big = self.inst(SOp::FOrdGreaterThanEqual, bt, &[v, above])?;
        let low = if ts.is_signed() {
            pow2_bits(fs, ts.bits() - 1, true)
        } else {
            0
        };
        let low = self.cx.const_splat(fs, n, low);
        let too_small = self.inst(SOp::FOrdLessThan, bt, &[v, low])?;
        let nan = self.inst(SOp::IsNan, bt, &[v])?;
        let out = self.inst(SOp::LogicalOr, bt, &[too_big, too_small])?;
        let out = self.inst(SOp::LogicalOr, bt, &[out, nan])?;
        let zero = self.cx.const_splat(fs, n, 0);
        let safe = self.inst(SOp::Select, ft, &[out, zero, v])?;
        let op = if ts.is_signed() {
            SOp::ConvertFToS
        } else {
            SOp::ConvertFToU
        };
        let r = self.inst(op, rt, &[safe])?;
        let max = self.cx.const_splat(ts, n, int_max_bits(ts));
        let min = self.cx.const_splat(ts, n, int_min_bits(ts));
        let r = self.inst(SOp::Select, rt, &[too_big, max, r])?;
        self.inst(SOp::Select, rt, &[too_small, min, r])
    }

    /// Conversion of `v` (source `fs`, lanes `n`) to the float type `ts` (SPIR-V type
    /// `rt`) by `opcode` with a directed rounding mode. From an integer: the
    /// round-to-nearest result moved one ulp toward the requested direction where it lies
    /// on the wrong side of the exact value; from a wider float: computed on the bits
    /// (`vk_narrow_float`).
    pub(crate) fn vk_directed_to_float(
        &mut self,
        v: Word,
        (fs, n): (ScalarType, u8),
        (ts, rt): (ScalarType, Word),
        rounding: Rounding,
        opcode: SOp,
    ) -> Result<Word> {
        if ts == ScalarType::F16 && fs.is_int() {
            return unsupported(format!(
                "conversion from {} to half with a directed rounding mode on Vulkan",
                fs.name()
            ));
        }
        if fs.is_float() {
            if ts.bits() >= fs.bits() {
                return self.inst(opcode, rt, &[v]);
            }
            return self.vk_narrow_float(v, (fs, n), (ts, rt), rounding);
        }
        let bt = self.cx.shape_ty(ScalarType::Bool, n, false);
        let r = self.inst(opcode, rt, &[v])?;
        let (gt, lt) = {
            // r can equal 2^bits (beyond the source type): then it is above every value.
            let ft = self.cx.shape_ty(fs, n, false);
            let limit = pow2_bits(ts, fs.bits() - u32::from(fs.is_signed()), false);
            let limit = self.cx.const_splat(ts, n, limit);
            let big = self.inst(SOp::FOrdGreaterThanEqual, bt, &[r, limit])?;
            let zero = self.cx.const_splat(ts, n, 0);
            let safe = self.inst(SOp::Select, rt, &[big, zero, r])?;
            let (to_int, greater, less) = if fs.is_signed() {
                (SOp::ConvertFToS, SOp::SGreaterThan, SOp::SLessThan)
            } else {
                (SOp::ConvertFToU, SOp::UGreaterThan, SOp::ULessThan)
            };
            let back = self.inst(to_int, ft, &[safe])?;
            let gt = self.inst(greater, bt, &[back, v])?;
            let lt = self.inst(less, bt, &[back, v])?;
            let not_big = self.inst(SOp::LogicalNot, bt, &[big])?;
            (
                self.inst(SOp::LogicalOr, bt, &[big, gt])?,
                self.inst(SOp::LogicalAnd, bt, &[not_big, lt])?,
            )
        };
        let ut = bits_type(ts);
        let ubt = self.cx.shape_ty(ut, n, false);
        let bits = self.inst(SOp::Bitcast, ubt, &[r])?;
        let sign = self.cx.const_splat(ut, n, 1u64 << (ts.bits() - 1));
        let neg = self.inst(SOp::UGreaterThanEqual, bt, &[bits, sign])?;
        let pos = self.inst(SOp::LogicalNot, bt, &[neg])?;
        let and = |e: &mut Self, a: Word, b: Word| e.inst(SOp::LogicalAnd, bt, &[a, b]);
        // Moves of the magnitude: `grow` one ulp away from zero, `shrink` one toward it.
        let (grow, shrink) = match rounding {
            Rounding::Rtz => {
                let a = and(self, gt, pos)?;
                let b = and(self, lt, neg)?;
                (None, self.inst(SOp::LogicalOr, bt, &[a, b])?)
            }
            Rounding::Rtp => (Some(and(self, lt, pos)?), and(self, lt, neg)?),
            Rounding::Rtn => (Some(and(self, gt, neg)?), and(self, gt, pos)?),
            Rounding::Rte | Rounding::Default => return Ok(r),
        };
        let one = self.cx.const_splat(ut, n, 1);
        let zero = self.cx.const_splat(ut, n, 0);
        let mut bits = bits;
        if let Some(grow) = grow {
            let d = self.inst(SOp::Select, ubt, &[grow, one, zero])?;
            bits = self.inst(SOp::IAdd, ubt, &[bits, d])?;
        }
        let d = self.inst(SOp::Select, ubt, &[shrink, one, zero])?;
        bits = self.inst(SOp::ISub, ubt, &[bits, d])?;
        self.inst(SOp::Bitcast, rt, &[bits])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_of_two() {
        assert_eq!(
            pow2_bits(ScalarType::F32, 31, false),
            2147483648f32.to_bits() as u64
        );
        assert_eq!(
            pow2_bits(ScalarType::F32, 7, true),
            (-128f32).to_bits() as u64
        );
        assert_eq!(
            pow2_bits(ScalarType::F64, 64, false),
            18446744073709551616f64.to_bits()
        );
        assert_eq!(pow2_bits(ScalarType::F16, 31, false), 0x7c00);
        assert_eq!(pow2_bits(ScalarType::F16, 15, false), 0x7800);
    }

    #[test]
    fn integer_ranges() {
        assert_eq!(int_max_bits(ScalarType::I8), 127);
        assert_eq!(int_min_bits(ScalarType::I8) as i64, -128);
        assert_eq!(int_max_bits(ScalarType::U64), u64::MAX);
        assert_eq!(int_min_bits(ScalarType::U16), 0);
    }
}
