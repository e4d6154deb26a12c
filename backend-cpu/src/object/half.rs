//! The half-precision conversion routines, generated as Cranelift functions inside the
//! object (the JIT links the Rust ones of [`crate::mathlib::half`] instead; these follow
//! the same algorithm, branch-free): `oclc_half_to_f32` widens half bits to `float`
//! exactly, `oclc_f64_to_half_{rte,rtz,rtp,rtn}` round a `double` to half bits once.

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, Function, InstBuilder, MemFlagsData, UserFuncName, Value};
use cranelift_codegen::Context;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId as ClifFuncId, Linkage, Module};
use oclc_ir::Rounding;

use crate::codegen::math::math_signature;
use crate::error::CompileError;
use crate::mathlib::{to_half_symbol, HALF_TO_F32};
use crate::translate::codegen_error;

/// Defines the half routines in `out` (local symbols) and returns them by name, for
/// [`crate::codegen::Env::math`].
pub fn define_half_routines(
    out: &mut dyn Module,
) -> Result<HashMap<&'static str, ClifFuncId>, CompileError> {
    let mut ids = HashMap::new();
    let modes = [Rounding::Rte, Rounding::Rtz, Rounding::Rtp, Rounding::Rtn];
    let names = std::iter::once(HALF_TO_F32).chain(modes.iter().map(|m| to_half_symbol(*m)));
    for (i, name) in names.enumerate() {
        let sig = math_signature(name, out.isa().default_call_conv());
        let id = out
            .declare_function(name, Linkage::Local, &sig)
            .map_err(|e| codegen_error(name, e.to_string()))?;
        let mut func = Function::with_name_signature(UserFuncName::default(), sig);
        let mut fctx = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut func, &mut fctx);
        let block = b.create_block();
        b.append_block_params_for_function_params(block);
        b.switch_to_block(block);
        let x = b.block_params(block)[0];
        let r = if i == 0 {
            half_to_f32(&mut b, x)
        } else {
            f64_to_half(&mut b, x, modes[i - 1])
        };
        b.ins().return_(&[r]);
        b.seal_all_blocks();
        b.finalize(out.isa().frontend_config());
        let mut ctx = Context::for_function(func);
        out.define_function(id, &mut ctx)
            .map_err(|e| codegen_error(name, format!("{e:?}")))?;
        ids.insert(name, id);
    }
    Ok(ids)
}

fn iconst(b: &mut FunctionBuilder, ty: types::Type, v: i64) -> Value {
    b.ins().iconst(ty, v)
}

/// `(bits: i32) -> f32`: the half in the low 16 bits, widened exactly.
fn half_to_f32(b: &mut FunctionBuilder, bits: Value) -> Value {
    let h = b.ins().band_imm_u(bits, 0xffff);
    let s = b.ins().band_imm_u(h, 0x8000);
    let sign = b.ins().ishl_imm_u(s, 16);
    let e0 = b.ins().ushr_imm_u(h, 10);
    let e = b.ins().band_imm_u(e0, 0x1f);
    let m = b.ins().band_imm_u(h, 0x3ff);
    let m13 = b.ins().ishl_imm_u(m, 13);
    // Normal: rebias the exponent (15 -> 127).
    let e_f = b.ins().iadd_imm_u(e, 112);
    let e_f = b.ins().ishl_imm_u(e_f, 23);
    let normal = b.ins().bor(e_f, m13);
    // Infinity or NaN: all-ones exponent, the payload kept.
    let inf_nan = b.ins().bor_imm_u(m13, 0x7f80_0000);
    // Subnormal (or zero): m * 2^-24, exact in float.
    let mf = b.ins().fcvt_from_uint(types::F32, m);
    let scale = b.ins().f32const(2f32.powi(-24));
    let sub = b.ins().fmul(mf, scale);
    let sub = b.ins().bitcast(types::I32, MemFlagsData::new(), sub);
    let is_sub = b.ins().icmp_imm_u(IntCC::Equal, e, 0);
    let is_top = b.ins().icmp_imm_u(IntCC::Equal, e, 31);
    let r = b.ins().select(is_top, inf_nan, normal);
    let r = b.ins().select(is_sub, sub, r);
    let r = b.ins().bor(r, sign);
    b.ins().bitcast(types::F32, MemFlagsData::new(), r)
}

/// `(x: f64) -> i32`: `x` rounded to half in `mode`, as bits (see
/// [`crate::mathlib::half::f64_to_half_bits`], whose steps this follows).
fn f64_to_half(b: &mut FunctionBuilder, x: Value, mode: Rounding) -> Value {
    let i64t = types::I64;
    let bits = b.ins().bitcast(i64t, MemFlagsData::new(), x);
    let sign_bit = b.ins().ushr_imm_u(bits, 48);
    let sign = b.ins().band_imm_u(sign_bit, 0x8000);
    let a = b.ins().fabs(x);
    let negative = b.ins().icmp_imm_u(IntCC::NotEqual, sign, 0);
    // Whether an inexact magnitude rounds away from zero.
    let away = match mode {
        Rounding::Rtp => b.ins().icmp_imm_u(IntCC::Equal, sign, 0),
        Rounding::Rtn => negative,
        _ => b.ins().iconst(types::I8, 0),
    };
    let nearest = matches!(mode, Rounding::Rte | Rounding::Default);
    let overflow_to_inf = if nearest {
        b.ins().iconst(types::I8, 1)
    } else {
        away
    };
    // Binary exponent (-1023 for zero and subnormal doubles, far below half's step).
    let abits = b.ins().bitcast(i64t, MemFlagsData::new(), a);
    let biased = b.ins().ushr_imm_u(abits, 52);
    let e = b.ins().iadd_imm_s(biased, -1023);
    let tiny = b.ins().icmp_imm_s(IntCC::SignedLessThan, e, -14);
    let e_minus_10 = b.ins().iadd_imm_s(e, -10);
    let m24 = iconst(b, i64t, -24);
    let q_exp = b.ins().select(tiny, m24, e_minus_10);
    // 2^-q_exp as a double (q_exp in [-24, 1014]: a normal exponent).
    let neg = b.ins().ineg(q_exp);
    let field = b.ins().iadd_imm_s(neg, 1023);
    let scale_bits = b.ins().ishl_imm_u(field, 52);
    let scale = b.ins().bitcast(types::F64, MemFlagsData::new(), scale_bits);
    let q = b.ins().fmul(a, scale);
    let n_f = b.ins().floor(q);
    let frac = b.ins().fsub(q, n_f);
    let n = b.ins().fcvt_to_uint_sat(i64t, n_f);
    let zero = b.ins().f64const(0.0);
    let up = match mode {
        Rounding::Rtz => b.ins().iconst(types::I8, 0),
        Rounding::Rtp | Rounding::Rtn => {
            let inexact = b.ins().fcmp(FloatCC::GreaterThan, frac, zero);
            b.ins().band(away, inexact)
        }
        _ => {
            let half = b.ins().f64const(0.5);
            let above = b.ins().fcmp(FloatCC::GreaterThan, frac, half);
            let tie = b.ins().fcmp(FloatCC::Equal, frac, half);
            let odd = b.ins().band_imm_u(n, 1);
            let odd = b.ins().icmp_imm_u(IntCC::NotEqual, odd, 0);
            let tie_odd = b.ins().band(tie, odd);
            b.ins().bor(above, tie_odd)
        }
    };
    let up = b.ins().uextend(i64t, up);
    let n = b.ins().iadd(n, up);
    // Normal: ((e + 15) << 10) + n - 1024 (n = 2048 carries into the exponent).
    let e15 = b.ins().iadd_imm_s(e, 15);
    let e15 = b.ins().ishl_imm_u(e15, 10);
    let normal = b.ins().iadd(e15, n);
    let normal = b.ins().iadd_imm_s(normal, -1024);
    let h = b.ins().select(tiny, n, normal);
    // Rounded past the largest finite half: infinity only when the mode allows it.
    let past = b
        .ins()
        .icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, h, 0x7c00);
    let max = iconst(b, i64t, 0x7bff);
    let inf = iconst(b, i64t, 0x7c00);
    let clamp = b.ins().select(overflow_to_inf, inf, max);
    let h = b.ins().select(past, clamp, h);
    // Beyond every finite half (infinities included).
    let limit = b.ins().f64const(65536.0);
    let big = b.ins().fcmp(FloatCC::GreaterThanOrEqual, a, limit);
    let inf_limit = b.ins().f64const(f64::INFINITY);
    let is_inf = b.ins().fcmp(FloatCC::Equal, a, inf_limit);
    let to_inf = b.ins().bor(is_inf, overflow_to_inf);
    let big_h = b.ins().select(to_inf, inf, max);
    let h = b.ins().select(big, big_h, h);
    let is_zero = b.ins().fcmp(FloatCC::Equal, a, zero);
    let zero_h = iconst(b, i64t, 0);
    let h = b.ins().select(is_zero, zero_h, h);
    let is_nan = b.ins().fcmp(FloatCC::Unordered, x, x);
    let nan = iconst(b, i64t, 0x7e00);
    let h = b.ins().select(is_nan, nan, h);
    let h = b.ins().bor(h, sign);
    b.ins().ireduce(types::I32, h)
}
