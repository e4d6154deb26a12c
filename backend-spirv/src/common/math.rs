//! Math, common and integer built-ins as `OpenCL.std` extended instructions. Scalar
//! operands of a vector operation are splatted first; integer `mad` is a multiply and an
//! add, and `abs` of an unsigned value is `u_abs` (the identity).

use oclc_ir::{MathFn, ScalarType, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Op as SOp, OpenclStd100Op, Word};

use super::function::FnEmitter;
use crate::error::{unsupported, Result};

/// The `OpenCL.std` instruction of `func` on elements of `s`, if there is one.
pub(crate) fn cl_op(func: MathFn, s: ScalarType) -> Option<OpenclStd100Op> {
    let (f, signed) = (s.is_float(), s.is_signed());
    Some(match func {
        MathFn::Sqrt if f => OpenclStd100Op::sqrt,
        MathFn::Rsqrt if f => OpenclStd100Op::rsqrt,
        MathFn::Sin if f => OpenclStd100Op::sin,
        MathFn::Cos if f => OpenclStd100Op::cos,
        MathFn::Tan if f => OpenclStd100Op::tan,
        MathFn::Exp if f => OpenclStd100Op::exp,
        MathFn::Exp2 if f => OpenclStd100Op::exp2,
        MathFn::Log if f => OpenclStd100Op::log,
        MathFn::Log2 if f => OpenclStd100Op::log2,
        MathFn::Pow if f => OpenclStd100Op::pow,
        MathFn::Fabs if f => OpenclStd100Op::fabs,
        MathFn::Floor if f => OpenclStd100Op::floor,
        MathFn::Ceil if f => OpenclStd100Op::ceil,
        MathFn::Trunc if f => OpenclStd100Op::trunc,
        MathFn::Round if f => OpenclStd100Op::round,
        MathFn::Fma if f => OpenclStd100Op::fma,
        MathFn::Mad if f => OpenclStd100Op::mad,
        MathFn::Min if f => OpenclStd100Op::fmin,
        MathFn::Max if f => OpenclStd100Op::fmax,
        MathFn::Clamp if f => OpenclStd100Op::fclamp,
        MathFn::Min if signed => OpenclStd100Op::s_min,
        MathFn::Max if signed => OpenclStd100Op::s_max,
        MathFn::Clamp if signed => OpenclStd100Op::s_clamp,
        MathFn::Abs if signed => OpenclStd100Op::s_abs,
        MathFn::Min if s.is_int() => OpenclStd100Op::u_min,
        MathFn::Max if s.is_int() => OpenclStd100Op::u_max,
        MathFn::Clamp if s.is_int() => OpenclStd100Op::u_clamp,
        MathFn::Abs if s.is_int() => OpenclStd100Op::u_abs,
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
