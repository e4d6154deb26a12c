//! Math built-ins on Vulkan, as `GLSL.std.450` instructions, only where Vulkan's
//! precision table guarantees what OpenCL requires:
//! exact operations (fabs, floor, ceil, trunc, rint, min/max/clamp, integer ones),
//! `rsqrt` on float (inversesqrt: 2 ULP in both), `mad` (any precision in OpenCL) and the
//! `native_*` functions (implementation-defined precision in OpenCL; on double only those
//! GLSL.std.450 accepts at 64 bits: sqrt, inversesqrt, recip, divide). Everything else
//! (e.g. `sqrt`, whose Vulkan precision is inherited from `1.0 / inversesqrt()`, `fma`,
//! which Vulkan may compute as a rounded multiply and add, `sin`, `exp`, `round`) is
//! left to oclc's built-in library (see [`vulkan_native_math`]), and reported as
//! unsupported here if it reaches the emitter anyway.

use oclc_ir::{MathFn, ScalarType, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Op as SOp, Word};

use crate::common::FnEmitter;
use crate::error::{unsupported, Result};

/// `GLSL.std.450` instruction numbers used here.
mod glsl {
    pub const ROUND_EVEN: u32 = 2;
    pub const TRUNC: u32 = 3;
    pub const FABS: u32 = 4;
    pub const SABS: u32 = 5;
    pub const FLOOR: u32 = 8;
    pub const CEIL: u32 = 9;
    pub const SIN: u32 = 13;
    pub const COS: u32 = 14;
    pub const TAN: u32 = 15;
    pub const POW: u32 = 26;
    pub const EXP: u32 = 27;
    pub const LOG: u32 = 28;
    pub const EXP2: u32 = 29;
    pub const LOG2: u32 = 30;
    pub const SQRT: u32 = 31;
    pub const INVERSE_SQRT: u32 = 32;
    pub const UMIN: u32 = 38;
    pub const SMIN: u32 = 39;
    pub const UMAX: u32 = 41;
    pub const SMAX: u32 = 42;
    pub const UCLAMP: u32 = 44;
    pub const SCLAMP: u32 = 45;
    pub const FMA: u32 = 50;
    pub const NMIN: u32 = 79;
    pub const NMAX: u32 = 80;
    pub const NCLAMP: u32 = 81;
}

/// How a built-in is computed on Vulkan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VkMath {
    /// One `GLSL.std.450` instruction.
    Glsl(u32),
    /// The operand itself (`abs` of an unsigned value).
    Identity,
    /// `1.0 / x` (`native_recip`).
    Recip,
    /// `x / y` (`native_divide`).
    Divide,
    /// Integer multiply then add (`mad` on integers).
    IntMad,
}

/// True when `func` on elements of `scalar` has a native Vulkan form with OpenCL's
/// precision and semantics; the driver links every other built-in from oclc's built-in
/// library (`oclc_ir::library::link`) before emitting Vulkan SPIR-V.
pub fn vulkan_native_math(func: MathFn, scalar: ScalarType) -> bool {
    vk_math_op(func, scalar, false).is_some()
}

/// [`vulkan_native_math`] under `-cl-fast-relaxed-math` or `-cl-unsafe-math-optimizations`,
/// whose limits (OpenCL 3.0 §7.4, "relaxed math") are Vulkan's own precision table for the
/// GLSL.std.450 instructions: exp/exp2 3 + floor(2|x|) ulp, log/log2 3 ulp outside
/// [0.5, 2] and 2^-21 absolute inside, sin/cos 2^-11 absolute in [-pi, pi], tan and powr
/// derived from them (`powr` as exp2(y log2 x); pow, defined for negative x, stays exact).
pub fn vulkan_native_math_relaxed(func: MathFn, scalar: ScalarType) -> bool {
    vk_math_op(func, scalar, true).is_some()
}

/// True when Vulkan's `OpFDiv` on elements of `scalar` is as precise as OpenCL requires:
/// on float both allow 2.5 ulp; on double and half OpenCL wants the correctly rounded
/// quotient, but Vulkan allows 2.5 ulp on half and promises double instructions only
/// single precision's accuracy, so the driver takes those divisions from the library
/// (`oclc_ir::library::link_with_division`).
pub fn vulkan_native_division(scalar: ScalarType) -> bool {
    scalar == ScalarType::F32
}

/// The Vulkan implementation of `func` on elements of `s`, if its precision suffices
/// (OpenCL's relaxed-math limits where `relaxed`).
pub(crate) fn vk_math_op(func: MathFn, s: ScalarType, relaxed: bool) -> Option<VkMath> {
    use glsl::*;
    use VkMath::*;
    let (f, signed, int) = (s.is_float(), s.is_signed(), s.is_int());
    // Vulkan promises f64 instructions only single precision's accuracy (so inversesqrt
    // is not OpenCL's 2 ulp on doubles), and GLSL.std.450's sin/cos/tan/exp/exp2/log/log2/
    // pow take 16/32-bit floats only: on f64 these come from the library.
    let f32ish = f && s != ScalarType::F64;
    Some(match func {
        MathFn::Fabs if f => Glsl(FABS),
        MathFn::Floor if f => Glsl(FLOOR),
        MathFn::Ceil if f => Glsl(CEIL),
        // On double from the library (lavapipe's 64-bit Trunc and RoundEven are wrong
        // beyond 2^31; see `__oclc_trunc_f64`).
        MathFn::Trunc if f32ish => Glsl(TRUNC),
        MathFn::Rint if f32ish => Glsl(ROUND_EVEN),
        // OpenCL allows half's rsqrt 1 ulp; Vulkan's 16-bit inversesqrt 2.
        MathFn::Rsqrt if s == ScalarType::F32 => Glsl(INVERSE_SQRT),
        MathFn::Mad if f => Glsl(FMA),
        MathFn::Min if f => Glsl(NMIN),
        MathFn::Max if f => Glsl(NMAX),
        MathFn::Clamp if f => Glsl(NCLAMP),
        MathFn::NativeSqrt if f => Glsl(SQRT),
        MathFn::NativeRsqrt if f => Glsl(INVERSE_SQRT),
        MathFn::NativeSin if f32ish => Glsl(SIN),
        MathFn::NativeCos if f32ish => Glsl(COS),
        MathFn::NativeTan if f32ish => Glsl(TAN),
        MathFn::NativeExp if f32ish => Glsl(EXP),
        MathFn::NativeExp2 if f32ish => Glsl(EXP2),
        MathFn::NativeLog if f32ish => Glsl(LOG),
        MathFn::NativeLog2 if f32ish => Glsl(LOG2),
        MathFn::NativePowr if f32ish => Glsl(POW),
        MathFn::Sin if relaxed && s == ScalarType::F32 => Glsl(SIN),
        MathFn::Cos if relaxed && s == ScalarType::F32 => Glsl(COS),
        MathFn::Tan if relaxed && s == ScalarType::F32 => Glsl(TAN),
        MathFn::Exp if relaxed && s == ScalarType::F32 => Glsl(EXP),
        MathFn::Exp2 if relaxed && s == ScalarType::F32 => Glsl(EXP2),
        MathFn::Log if relaxed && s == ScalarType::F32 => Glsl(LOG),
        MathFn::Log2 if relaxed && s == ScalarType::F32 => Glsl(LOG2),
        MathFn::Powr if relaxed && s == ScalarType::F32 => Glsl(POW),
        MathFn::NativeRecip if f => Recip,
        MathFn::NativeDivide if f => Divide,
        MathFn::Min if signed => Glsl(SMIN),
        MathFn::Max if signed => Glsl(SMAX),
        MathFn::Clamp if signed => Glsl(SCLAMP),
        MathFn::Abs if signed => Glsl(SABS),
        MathFn::Min if int => Glsl(UMIN),
        MathFn::Max if int => Glsl(UMAX),
        MathFn::Clamp if int => Glsl(UCLAMP),
        MathFn::Abs if int => Identity,
        MathFn::Mad if int => IntMad,
        _ => return None,
    })
}

impl FnEmitter<'_, '_> {
    /// A math built-in with result type `rty`, on Vulkan.
    pub fn vk_math(&mut self, func: MathFn, args: &[ValueId], rty: TypeId) -> Result<Word> {
        let Some(&first) = args.first() else {
            return unsupported(format!("{} without operands", func.name()));
        };
        let t0 = self.vty(first);
        let (s, n) = self.cx.shape(t0)?;
        let Some(how) = vk_math_op(func, s, self.cx.fast_math) else {
            return unsupported(format!(
                "the built-in `{}` on {} is not supported on Vulkan (its Vulkan precision does not meet OpenCL's, or it is not implemented yet)",
                func.name(),
                s.name()
            ));
        };
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
        match how {
            VkMath::Identity => Ok(ws[0]),
            VkMath::Recip => {
                let one = self.cx.const_splat(s, n, oclc_ir_one(s));
                self.inst(SOp::FDiv, rt, &[one, ws[0]])
            }
            VkMath::Divide => self.inst(SOp::FDiv, rt, &[ws[0], ws[1]]),
            VkMath::IntMad => {
                let p = self.inst(SOp::IMul, rt, &[ws[0], ws[1]])?;
                self.inst(SOp::IAdd, rt, &[p, ws[2]])
            }
            VkMath::Glsl(op) => {
                let ext = self.cx.ext;
                Ok(self
                    .cx
                    .b
                    .ext_inst(rt, None, ext, op, ws.into_iter().map(Operand::IdRef))?)
            }
        }
    }
}

/// The bits of 1.0 in a float type.
fn oclc_ir_one(s: ScalarType) -> u64 {
    crate::common::ModuleCtx::one_bits(s)
}
