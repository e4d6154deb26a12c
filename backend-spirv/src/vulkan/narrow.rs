//! Narrowing float conversions computed on the bits on Vulkan: those with a directed
//! rounding mode (`convert_half_rtz(float)`, `vstore_half_rtp`, `convert_float_rtn(double)`)
//! and double to half to nearest even (lavapipe rounds that one twice, through float).
//!
//! The magnitude is truncated to the narrower format (normal, subnormal, overflow to the
//! largest finite value, infinity and NaN handled apart), then moved one ulp away from
//! zero where the dropped bits were not all zero and the mode rounds away (`_rtp` for
//! positive, `_rtn` for negative values; to nearest even: above half an ulp, or a tie
//! with an odd kept part). Nothing depends on how the driver rounds or compares: an
//! earlier version compared the round-to-nearest result converted back with the source,
//! and NVIDIA's driver (580) gave round-to-nearest results for it.

use oclc_ir::{Rounding, ScalarType};
use rspirv::spirv::{Op as SOp, Word};

use super::convert::bits_type;
use crate::common::FnEmitter;
use crate::error::Result;

/// Bits, mantissa bits and exponent bias of a float type.
fn layout(f: ScalarType) -> (u32, u32, u64) {
    match f {
        ScalarType::F16 => (16, 10, 15),
        ScalarType::F32 => (32, 23, 127),
        _ => (64, 52, 1023),
    }
}

impl FnEmitter<'_, '_> {
    /// `v` (float type `fs`, lanes `n`) converted to the narrower float type `ts` (SPIR-V
    /// type `rt`) with `rounding`.
    pub(crate) fn vk_narrow_float(
        &mut self,
        v: Word,
        (fs, n): (ScalarType, u8),
        (ts, rt): (ScalarType, Word),
        rounding: Rounding,
    ) -> Result<Word> {
        let (s_bits, s_man, s_bias) = layout(fs);
        let (d_bits, d_man, d_bias) = layout(ts);
        let us = bits_type(fs);
        let ut = self.cx.shape_ty(us, n, false);
        let bt = self.cx.shape_ty(ScalarType::Bool, n, false);
        let k = |e: &mut Self, x: u64| e.cx.const_splat(us, n, x);
        let drop = u64::from(s_man - d_man);
        // Source exponents (biased) of the narrower format's normal range.
        let lo = s_bias - d_bias + 1;
        let hi = s_bias + d_bias;

        let bits = self.inst(SOp::Bitcast, ut, &[v])?;
        let sign_bit = 1u64 << (s_bits - 1);
        let c_sign = k(self, sign_bit);
        let neg = self.inst(SOp::UGreaterThanEqual, bt, &[bits, c_sign])?;
        let c_abs = k(self, sign_bit - 1);
        let a = self.inst(SOp::BitwiseAnd, ut, &[bits, c_abs])?;
        let inf_s = ((1u64 << (s_bits - 1 - s_man)) - 1) << s_man;
        let c_inf_s = k(self, inf_s);
        let is_nan = self.inst(SOp::UGreaterThan, bt, &[a, c_inf_s])?;
        let is_inf = self.inst(SOp::IEqual, bt, &[a, c_inf_s])?;
        let c_man = k(self, u64::from(s_man));
        let e = self.inst(SOp::ShiftRightLogical, ut, &[a, c_man])?;
        let c_man_mask = k(self, (1u64 << s_man) - 1);
        let m = self.inst(SOp::BitwiseAnd, ut, &[a, c_man_mask])?;
        let c_drop = k(self, drop);
        let kept = self.inst(SOp::ShiftRightLogical, ut, &[m, c_drop])?;
        let c_zero = k(self, 0);

        // Normal results: rebias the exponent, keep the top mantissa bits.
        let c_lo = k(self, lo);
        let c_hi = k(self, hi);
        let ge_lo = self.inst(SOp::UGreaterThanEqual, bt, &[e, c_lo])?;
        let le_hi = self.inst(SOp::ULessThanEqual, bt, &[e, c_hi])?;
        let is_normal = self.inst(SOp::LogicalAnd, bt, &[ge_lo, le_hi])?;
        let c_rebias = k(self, s_bias - d_bias);
        let et = self.inst(SOp::ISub, ut, &[e, c_rebias])?;
        let c_dman = k(self, u64::from(d_man));
        let et_shifted = self.inst(SOp::ShiftLeftLogical, ut, &[et, c_dman])?;
        let h_normal = self.inst(SOp::BitwiseOr, ut, &[et_shifted, kept])?;
        let c_drop_mask = k(self, (1u64 << drop) - 1);
        let rem = self.inst(SOp::BitwiseAnd, ut, &[m, c_drop_mask])?;
        let inexact_normal = self.inst(SOp::INotEqual, bt, &[rem, c_zero])?;

        // Subnormal results (and underflow to zero): the significand shifted right.
        let c_implicit = k(self, 1u64 << s_man);
        let sig = self.inst(SOp::BitwiseOr, ut, &[m, c_implicit])?;
        let c_shift_base = k(self, drop + lo);
        let shift = self.inst(SOp::ISub, ut, &[c_shift_base, e])?;
        let c_width = k(self, u64::from(s_bits));
        let too_far = self.inst(SOp::UGreaterThanEqual, bt, &[shift, c_width])?;
        let safe_shift = self.inst(SOp::Select, ut, &[too_far, c_zero, shift])?;
        let shifted = self.inst(SOp::ShiftRightLogical, ut, &[sig, safe_shift])?;
        let h_sub = self.inst(SOp::Select, ut, &[too_far, c_zero, shifted])?;
        let c_one = k(self, 1);
        let pow = self.inst(SOp::ShiftLeftLogical, ut, &[c_one, safe_shift])?;
        let sub_mask = self.inst(SOp::ISub, ut, &[pow, c_one])?;
        let sub_rem = self.inst(SOp::BitwiseAnd, ut, &[sig, sub_mask])?;
        let sub_rem_nonzero = self.inst(SOp::INotEqual, bt, &[sub_rem, c_zero])?;
        let nonzero = self.inst(SOp::INotEqual, bt, &[a, c_zero])?;
        let inexact_sub = self.inst(SOp::Select, bt, &[too_far, nonzero, sub_rem_nonzero])?;

        // Too large (finite): the largest finite value, inexact.
        let is_big = self.inst(SOp::UGreaterThan, bt, &[e, c_hi])?;
        let c_max = k(self, ((2 * d_bias) << d_man) | ((1u64 << d_man) - 1));
        let inf_d = ((1u64 << (d_bits - 1 - d_man)) - 1) << d_man;
        let c_inf_d = k(self, inf_d);
        let c_quiet = k(self, inf_d | (1u64 << (d_man - 1)));
        let h_nan = self.inst(SOp::BitwiseOr, ut, &[c_quiet, kept])?;

        let mut h = self.inst(SOp::Select, ut, &[is_normal, h_normal, h_sub])?;
        let mut inexact = self.inst(SOp::Select, bt, &[is_normal, inexact_normal, inexact_sub])?;
        h = self.inst(SOp::Select, ut, &[is_big, c_max, h])?;
        inexact = self.inst(SOp::LogicalOr, bt, &[is_big, inexact])?;
        h = self.inst(SOp::Select, ut, &[is_inf, c_inf_d, h])?;
        h = self.inst(SOp::Select, ut, &[is_nan, h_nan, h])?;
        let special = self.inst(SOp::LogicalOr, bt, &[is_inf, is_nan])?;
        let finite = self.inst(SOp::LogicalNot, bt, &[special])?;
        inexact = self.inst(SOp::LogicalAnd, bt, &[inexact, finite])?;

        let away = match rounding {
            Rounding::Rtp => Some(self.inst(SOp::LogicalNot, bt, &[neg])?),
            Rounding::Rtn => Some(neg),
            Rounding::Rte | Rounding::Default => {
                // Up when the dropped part is above half an ulp, or exactly half and the
                // kept part odd; overflow (the largest finite value, inexact) goes up to
                // infinity.
                let c_half_n = k(self, 1u64 << (drop - 1));
                let c_one_sub = k(self, 1);
                let half_sub = self.inst(SOp::ShiftRightLogical, ut, &[pow, c_one_sub])?;
                let (r, half) = (
                    self.inst(SOp::Select, ut, &[is_normal, rem, sub_rem])?,
                    self.inst(SOp::Select, ut, &[is_normal, c_half_n, half_sub])?,
                );
                let above = self.inst(SOp::UGreaterThan, bt, &[r, half])?;
                let tie = self.inst(SOp::IEqual, bt, &[r, half])?;
                let lsb = self.inst(SOp::BitwiseAnd, ut, &[h, c_one_sub])?;
                let odd = self.inst(SOp::INotEqual, bt, &[lsb, c_zero])?;
                let tie_odd = self.inst(SOp::LogicalAnd, bt, &[tie, odd])?;
                let mut up = self.inst(SOp::LogicalOr, bt, &[above, tie_odd])?;
                let tiny = self.inst(SOp::LogicalAnd, bt, &[too_far, finite])?;
                let not_tiny = self.inst(SOp::LogicalNot, bt, &[tiny])?;
                up = self.inst(SOp::LogicalAnd, bt, &[up, not_tiny])?;
                Some(self.inst(SOp::LogicalOr, bt, &[up, is_big])?)
            }
            Rounding::Rtz => None,
        };
        if let Some(away) = away {
            let inc = self.inst(SOp::LogicalAnd, bt, &[inexact, away])?;
            let d = self.inst(SOp::Select, ut, &[inc, c_one, c_zero])?;
            h = self.inst(SOp::IAdd, ut, &[h, d])?;
        }
        let c_dsign = k(self, 1u64 << (d_bits - 1));
        let sign = self.inst(SOp::Select, ut, &[neg, c_dsign, c_zero])?;
        h = self.inst(SOp::BitwiseOr, ut, &[h, sign])?;
        let dt = self.cx.shape_ty(bits_type(ts), n, false);
        let narrow = self.inst(SOp::UConvert, dt, &[h])?;
        self.inst(SOp::Bitcast, rt, &[narrow])
    }
}
