//! Math, common and integer built-ins as `OpenCL.std` extended instructions (the
//! classification functions `isnan`... as core `OpIsNan`...). Scalar operands of a vector
//! operation are splatted first; integer `mad` is a multiply and an add, and `abs` of an
//! unsigned value is `u_abs` (the identity).

use oclc_ir::{MathFn, ScalarType, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Op as SOp, OpenclStd100Op, Word};

use super::function::FnEmitter;
use crate::error::{unsupported, Result};

/// The `OpenCL.std` instruction of `func` on elements of `s`, if there is one.
pub(crate) fn cl_op(func: MathFn, s: ScalarType) -> Option<OpenclStd100Op> {
    use MathFn as M;
    use OpenclStd100Op as O;
    let (f, signed) = (s.is_float(), s.is_signed());
    // Integer functions with signed and unsigned forms.
    let su = |sop: O, uop: O| if signed { sop } else { uop };
    Some(match func {
        M::Min if f => O::fmin,
        M::Max if f => O::fmax,
        M::Clamp if f => O::fclamp,
        M::Mad if f => O::mad,
        M::Min => su(O::s_min, O::u_min),
        M::Max => su(O::s_max, O::u_max),
        M::Clamp => su(O::s_clamp, O::u_clamp),
        M::Abs => su(O::s_abs, O::u_abs),
        M::AbsDiff => su(O::s_abs_diff, O::u_abs_diff),
        M::AddSat => su(O::s_add_sat, O::u_add_sat),
        M::SubSat => su(O::s_sub_sat, O::u_sub_sat),
        M::Hadd => su(O::s_hadd, O::u_hadd),
        M::Rhadd => su(O::s_rhadd, O::u_rhadd),
        M::MulHi => su(O::s_mul_hi, O::u_mul_hi),
        M::MadHi => su(O::s_mad_hi, O::u_mad_hi),
        M::MadSat => su(O::s_mad_sat, O::u_mad_sat),
        M::Mul24 => su(O::s_mul24, O::u_mul24),
        M::Mad24 => su(O::s_mad24, O::u_mad24),
        M::Upsample => su(O::s_upsample, O::u_upsample),
        M::Rotate => O::rotate,
        M::Clz => O::clz,
        M::Ctz => O::ctz,
        M::Popcount => O::popcount,
        _ if !f => return None,
        M::Sqrt => O::sqrt,
        M::Rsqrt => O::rsqrt,
        M::Sin => O::sin,
        M::Cos => O::cos,
        M::Tan => O::tan,
        M::Exp => O::exp,
        M::Exp2 => O::exp2,
        M::Log => O::log,
        M::Log2 => O::log2,
        M::Pow => O::pow,
        M::Fabs => O::fabs,
        M::Floor => O::floor,
        M::Ceil => O::ceil,
        M::Trunc => O::trunc,
        M::Round => O::round,
        M::Fma => O::fma,
        M::Acos => O::acos,
        M::Acosh => O::acosh,
        M::Acospi => O::acospi,
        M::Asin => O::asin,
        M::Asinh => O::asinh,
        M::Asinpi => O::asinpi,
        M::Atan => O::atan,
        M::Atanh => O::atanh,
        M::Atanpi => O::atanpi,
        M::Atan2 => O::atan2,
        M::Atan2pi => O::atan2pi,
        M::Cbrt => O::cbrt,
        M::Cosh => O::cosh,
        M::Cospi => O::cospi,
        M::Erf => O::erf,
        M::Erfc => O::erfc,
        M::Exp10 => O::exp10,
        M::Expm1 => O::expm1,
        M::Lgamma => O::lgamma,
        M::Log10 => O::log10,
        M::Log1p => O::log1p,
        M::Logb => O::logb,
        M::Rint => O::rint,
        M::Sinh => O::sinh,
        M::Sinpi => O::sinpi,
        M::Tanh => O::tanh,
        M::Tanpi => O::tanpi,
        M::Tgamma => O::tgamma,
        M::Copysign => O::copysign,
        M::Fdim => O::fdim,
        M::Fmod => O::fmod,
        M::Hypot => O::hypot,
        M::Maxmag => O::maxmag,
        M::Minmag => O::minmag,
        M::Nextafter => O::nextafter,
        M::Powr => O::powr,
        M::Remainder => O::remainder,
        M::Smoothstep => O::smoothstep,
        M::Pown => O::pown,
        M::Rootn => O::rootn,
        M::Ldexp => O::ldexp,
        M::Ilogb => O::ilogb,
        M::NativeSin => O::native_sin,
        M::NativeCos => O::native_cos,
        M::NativeTan => O::native_tan,
        M::NativeExp => O::native_exp,
        M::NativeExp2 => O::native_exp2,
        M::NativeExp10 => O::native_exp10,
        M::NativeLog => O::native_log,
        M::NativeLog2 => O::native_log2,
        M::NativeLog10 => O::native_log10,
        M::NativePowr => O::native_powr,
        M::NativeRecip => O::native_recip,
        M::NativeRsqrt => O::native_rsqrt,
        M::NativeSqrt => O::native_sqrt,
        M::NativeDivide => O::native_divide,
        _ => return None,
    })
}

/// The core SPIR-V instruction of a float classification function.
fn classify_op(func: MathFn) -> Option<SOp> {
    Some(match func {
        MathFn::IsNan => SOp::IsNan,
        MathFn::IsInf => SOp::IsInf,
        MathFn::IsFinite => SOp::IsFinite,
        MathFn::IsNormal => SOp::IsNormal,
        MathFn::SignBit => SOp::SignBitSet,
        _ => return None,
    })
}

impl FnEmitter<'_, '_> {
    /// A math built-in with result type `rty`.
    pub fn math(&mut self, func: MathFn, args: &[ValueId], rty: TypeId) -> Result<Word> {
        let Some(&first) = args.first() else {
            return unsupported(format!("{} without operands", func.name()));
        };
        let t0 = self.vty(first);
        let (s, n) = self.cx.shape(t0)?;
        let mut ws = Vec::with_capacity(args.len());
        for a in args {
            let w = self.val(*a)?;
            let (_, an) = self.cx.shape(self.vty(*a))?;
            ws.push(if an == 1 && n > 1 {
                self.splat_word(w, t0, n)?
            } else {
                w
            });
        }
        let rt = self.cx.ty(rty)?;
        if func == MathFn::Mad && s.is_int() {
            let ty = self.cx.ty(t0)?;
            let p = self.inst(SOp::IMul, ty, &[ws[0], ws[1]])?;
            return self.inst(SOp::IAdd, ty, &[p, ws[2]]);
        }
        if let Some(op) = classify_op(func) {
            return self.inst(op, rt, &[ws[0]]);
        }
        let Some(op) = cl_op(func, s) else {
            return unsupported(format!("{} on {}", func.name(), s.name()));
        };
        let ext = self.cx.ext;
        Ok(self
            .cx
            .b
            .ext_inst(rt, None, ext, op as u32, ws.into_iter().map(Operand::IdRef))?)
    }
}
