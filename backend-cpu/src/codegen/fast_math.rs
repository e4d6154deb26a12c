//! Inline `exp`, `exp2`, `log`, `log2` and `log10` on f32 (and, from [`super::fast_trig`],
//! `sin`, `cos` and `tan`, from [`super::fast_pow`] `pow`, from
//! [`super::fast_inverse_trig`] `atan`, `atan2`, `asin` and `acos`, from
//! [`super::fast_roots`] `cbrt` and `hypot`, from [`super::fast_hyperbolic`] `sinh`, `cosh`
//! and `tanh`), for arguments where a short
//! polynomial is accurate, in place of a call to the library routine (which computes in
//! double and rounds once). The same instructions serve a scalar (`f32`) and a vector
//! (`f32x4`, one work-item per lane) operand, so a work-item's result never depends on how
//! it was run: in a vector chunk or alone, checked or not. A chunk with a lane the inline
//! form does not serve runs each lane on its own, and such a lane calls the routine.
//!
//! `exp` on f32: for a chunk whose every lane lies in [[`EXP_LO`], [`EXP_HI`]], `x = n ln2 + r`
//! with `n = nearest(x log2 e)` and `|r| <= ln2 / 2 + 2^-12`, `exp(x) = 2^n exp(r)`:
//! - `r = (x - n C1) - n C2` with `C1 = 0.693359375` (nine significant bits: `n C1` is exact
//!   for `|n| <= 128`, a multiple of 2^-9, and `x - n C1` is exact, a multiple of `x`'s ulp
//!   below 2^24 of them) and `C2 = ln 2 - C1` rounded, each step one fused multiply-add;
//!   the reduction's error is about 1.2e-9 absolute (`C2`'s rounding times `|n| <= 126`,
//!   and the last step's rounding), 0.02 ulp of the result;
//! - `exp(r) = 1 + r + r^2 p(r)` with Cephes' degree-5 minimax `p` (relative error of the
//!   polynomial about 4e-8 over the interval, 0.3 ulp), evaluated by Horner's rule in float
//!   with fused multiply-adds;
//! - `2^n` built in the exponent field (`n` from -126 to 127 in the range) and one final
//!   multiplication, rounded once (every result of the range is a normal number).
//!
//! `log` on f32: for a chunk of positive normal numbers, `x = m 2^e` with `m` in
//! [sqrt(1/2), sqrt(2)) (the exponent and mantissa fields, `m` doubled and `e` lowered below
//! sqrt(1/2)); `f = m - 1` is exact (Sterbenz), `log(1 + f) = f - f^2/2 + f^3 q(f)` with
//! Cephes' degree-8 `q` (relative error about 3e-8), and `e ln 2` added in two parts as
//! above (`e C1` exact) last, so that near 1 the result keeps `f`'s relative accuracy.
//!
//! `exp2`: `n = nearest(x)`, `x - n` exact, and `exp((x - n) ln 2)` by the polynomial above;
//! `log2` and `log10` take `log(1 + f)` of the same reduction, times `log2 e` or `log10 e`,
//! and add `e` (or `e log10 2`, in two parts) last, so that powers of two (of ten) give
//! exact results.
//!
//! Worst errors over every float of each range, measured by a model of these steps in Rust
//! against double precision: `exp` 0.990 ulp, `exp2` 0.989, `log` 0.829, `log2` 1.898,
//! `log10` 2.024 (OpenCL 1.2 allows 3 for each). `backend-cpu/tests/math_ulp.rs` measures
//! it over a dense sweep of each range. Arguments outside it (overflow, underflow to
//! subnormals or zero, infinities, NaN; for `log` zero, negative and subnormal numbers) call
//! the routine. Measured on Black-Scholes: bench/results/middle-end.txt.

use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{types, Endianness, InstBuilder, MemFlagsData, Type, Value};
use cranelift_frontend::FunctionBuilder;
use oclc_ir::MathFn;

use super::fast_hyperbolic::{cosh_served, sinh_cosh_serves, sinh_served, tanh_served};
use super::fast_inverse_trig::{
    acos_served, asin_acos_serves, asin_served, atan2_served, atan2_serves, atan_served,
    atan_serves,
};
use super::fast_pow::{pow_served, pow_serves};
use super::fast_roots::{cbrt_served, cbrt_serves, hypot_served, hypot_serves};
use super::fast_trig::{cos_in_range, sin_in_range, tan_in_range, TRIG_MAX};

/// The smallest argument of the inline `exp`: `nearest(x log2 e)` is -126 at most.
pub const EXP_LO: f32 = -87.0;
/// The largest argument of the inline `exp`: `nearest(x log2 e)` is 127 at most.
pub const EXP_HI: f32 = 88.0;

/// `ln 2` to nine significant bits (0.693359375): `n LN2_HI` is exact for `|n| <= 128`.
const LN2_HI: f32 = 355.0 / 512.0;
/// `ln 2 - LN2_HI`, rounded.
const LN2_LO: f32 = -2.121_944_4e-4;

/// Cephes' `expf` coefficients of `p`, highest degree first (as published; each rounds to
/// the float the compiler stores).
#[allow(clippy::excessive_precision)]
const EXP_POLY: [f32; 6] = [
    1.987_569_150_0e-4,
    1.398_199_950_7e-3,
    8.333_451_907_3e-3,
    4.166_579_589_4e-2,
    1.666_666_545_9e-1,
    5.000_000_120_1e-1,
];

/// `log10(2)` to twelve significant bits (1233 / 4096): `e L10_HI` is exact for `|e| <= 128`.
const L10_HI: f32 = 1233.0 / 4096.0;
/// `log10(2) - L10_HI`, rounded.
#[allow(clippy::excessive_precision)]
const L10_LO: f32 = 4.605_039_066_518_657e-6;

/// Cephes' `logf` coefficients, highest degree first (as published).
#[allow(clippy::excessive_precision)]
const LOG_POLY: [f32; 9] = [
    7.037_683_629_2e-2,
    -1.151_461_031_0e-1,
    1.167_699_874_0e-1,
    -1.242_014_084_6e-1,
    1.424_932_278_7e-1,
    -1.666_805_766_5e-1,
    2.000_071_476_5e-1,
    -2.499_999_399_3e-1,
    3.333_333_117_4e-1,
];

/// A function with an inline form: its range and its code.
pub struct Inline {
    /// Whether the inline form serves the arguments (each an f32, or an f32x4 of one
    /// work-item per lane): an `i8` truth value, or an i32x4 mask. `None`: every argument.
    pub serves: Option<fn(&mut FunctionBuilder, &[Value]) -> Value>,
    /// The inline form, for arguments it serves.
    pub emit: fn(&mut FunctionBuilder, &[Value]) -> Value,
}

/// The inline form of `func` on f32, if it has one.
pub fn inline_form(func: MathFn) -> Option<Inline> {
    match func {
        // `native_exp`/`native_log` call the same routines as `exp`/`log`: the same forms.
        MathFn::Exp | MathFn::NativeExp => Some(Inline {
            serves: Some(|b, a| in_range(b, a[0], EXP_LO, EXP_HI)),
            emit: |b, a| exp_in_range(b, a[0]),
        }),
        MathFn::Log | MathFn::NativeLog => Some(Inline {
            serves: Some(|b, a| in_range(b, a[0], f32::MIN_POSITIVE, f32::MAX)),
            emit: |b, a| log_in_range(b, a[0]),
        }),
        MathFn::Exp2 | MathFn::NativeExp2 => Some(Inline {
            serves: Some(|b, a| in_range(b, a[0], -126.0, 127.0)),
            emit: |b, a| exp2_in_range(b, a[0]),
        }),
        MathFn::Log2 | MathFn::NativeLog2 => Some(Inline {
            serves: Some(|b, a| in_range(b, a[0], f32::MIN_POSITIVE, f32::MAX)),
            emit: |b, a| log2_in_range(b, a[0]),
        }),
        MathFn::Log10 | MathFn::NativeLog10 => Some(Inline {
            serves: Some(|b, a| in_range(b, a[0], f32::MIN_POSITIVE, f32::MAX)),
            emit: |b, a| log10_in_range(b, a[0]),
        }),
        MathFn::Sin | MathFn::NativeSin => Some(Inline {
            serves: Some(|b, a| in_range(b, a[0], -TRIG_MAX, TRIG_MAX)),
            emit: |b, a| sin_in_range(b, a[0]),
        }),
        MathFn::Cos | MathFn::NativeCos => Some(Inline {
            serves: Some(|b, a| in_range(b, a[0], -TRIG_MAX, TRIG_MAX)),
            emit: |b, a| cos_in_range(b, a[0]),
        }),
        MathFn::Tan | MathFn::NativeTan => Some(Inline {
            serves: Some(|b, a| in_range(b, a[0], -TRIG_MAX, TRIG_MAX)),
            emit: |b, a| tan_in_range(b, a[0]),
        }),
        MathFn::Pow | MathFn::Powr | MathFn::NativePowr => Some(Inline {
            serves: Some(|b, a| pow_serves(b, a[0], a[1])),
            emit: |b, a| pow_served(b, a[0], a[1]),
        }),
        MathFn::Atan => Some(Inline {
            serves: Some(|b, a| atan_serves(b, a[0])),
            emit: |b, a| atan_served(b, a[0], false),
        }),
        MathFn::Asin => Some(Inline {
            serves: Some(|b, a| asin_acos_serves(b, a[0])),
            emit: |b, a| asin_served(b, a[0]),
        }),
        MathFn::Acos => Some(Inline {
            serves: Some(|b, a| asin_acos_serves(b, a[0])),
            emit: |b, a| acos_served(b, a[0]),
        }),
        MathFn::Atanpi => Some(Inline {
            serves: Some(|b, a| atan_serves(b, a[0])),
            emit: |b, a| atan_served(b, a[0], true),
        }),
        MathFn::Atan2 => Some(Inline {
            serves: Some(|b, a| atan2_serves(b, a[0], a[1])),
            emit: |b, a| atan2_served(b, a[0], a[1], false),
        }),
        MathFn::Atan2pi => Some(Inline {
            serves: Some(|b, a| atan2_serves(b, a[0], a[1])),
            emit: |b, a| atan2_served(b, a[0], a[1], true),
        }),
        MathFn::Sinh => Some(Inline {
            serves: Some(|b, a| sinh_cosh_serves(b, a[0])),
            emit: |b, a| sinh_served(b, a[0]),
        }),
        MathFn::Cosh => Some(Inline {
            serves: Some(|b, a| sinh_cosh_serves(b, a[0])),
            emit: |b, a| cosh_served(b, a[0]),
        }),
        MathFn::Tanh => Some(Inline {
            serves: None,
            emit: |b, a| tanh_served(b, a[0]),
        }),
        MathFn::Hypot => Some(Inline {
            serves: Some(|b, a| hypot_serves(b, a[0], a[1])),
            emit: |b, a| hypot_served(b, a[0], a[1]),
        }),
        MathFn::Cbrt => Some(Inline {
            serves: Some(|b, a| cbrt_serves(b, a[0])),
            emit: |b, a| cbrt_served(b, a[0]),
        }),
        _ => None,
    }
}

/// Whether `x` (f32 or f32x4) lies in `[lo, hi]`: an `i8` truth value or an i32x4 mask
/// (NaN is not).
pub fn in_range(b: &mut FunctionBuilder, x: Value, lo: f32, hi: f32) -> Value {
    let lo = splat(b, x, lo);
    let hi = splat(b, x, hi);
    let above = b.ins().fcmp(FloatCC::GreaterThanOrEqual, x, lo);
    let below = b.ins().fcmp(FloatCC::LessThanOrEqual, x, hi);
    b.ins().band(above, below)
}

/// `v` in the type of `like` (f32, or every lane of an f32x4).
pub(super) fn splat(b: &mut FunctionBuilder, like: Value, v: f32) -> Value {
    let s = b.ins().f32const(v);
    if b.func.dfg.value_type(like).is_vector() {
        b.ins().splat(types::F32X4, s)
    } else {
        s
    }
}

/// `v` as the integer type of `like`'s shape (i32, or every lane of an i32x4).
pub(super) fn int_splat(b: &mut FunctionBuilder, like: Value, v: i32) -> Value {
    let s = b.ins().iconst(types::I32, v as i64);
    if b.func.dfg.value_type(like).is_vector() {
        b.ins().splat(types::I32X4, s)
    } else {
        s
    }
}

/// The integer type of the same shape as float `x`.
pub(super) fn int_type(b: &FunctionBuilder, x: Value) -> Type {
    if b.func.dfg.value_type(x).is_vector() {
        types::I32X4
    } else {
        types::I32
    }
}

pub(super) fn bitcast(b: &mut FunctionBuilder, ty: Type, v: Value) -> Value {
    let le = MemFlagsData::new().with_endianness(Endianness::Little);
    b.ins().bitcast(ty, le, v)
}

/// `if_true` where `cond` (an `fcmp` of values of `if_true`'s type: an `i8`, or a vector
/// mask) holds, else `if_false` (any float type, scalar or vector).
pub(super) fn select_float(
    b: &mut FunctionBuilder,
    cond: Value,
    if_true: Value,
    if_false: Value,
) -> Value {
    let ty = b.func.dfg.value_type(if_true);
    if ty.is_vector() {
        let mask = bitcast(b, ty, cond);
        b.ins().bitselect(mask, if_true, if_false)
    } else {
        b.ins().select(cond, if_true, if_false)
    }
}

/// Horner's rule over `coeffs` (highest degree first) at `x`, each step a fused
/// multiply-add: one rounding where a multiply and an add made two, and half the
/// instructions. Cranelift's `fma` is exact everywhere (a native instruction where the CPU
/// has FMA, as most x86-64 CPUs since 2013 and every AArch64 do, else the C library's `fmaf`
/// per lane), so results do not depend on the machine.
pub(super) fn horner(b: &mut FunctionBuilder, x: Value, coeffs: &[f32]) -> Value {
    let mut p = splat(b, x, coeffs[0]);
    for c in &coeffs[1..] {
        let c = splat(b, x, *c);
        p = b.ins().fma(p, x, c);
    }
    p
}

/// `exp(x)` for `x` in [[`EXP_LO`], [`EXP_HI`]] (f32 or f32x4).
pub(super) fn exp_in_range(b: &mut FunctionBuilder, x: Value) -> Value {
    let log2e = splat(b, x, std::f32::consts::LOG2_E);
    let c1 = splat(b, x, LN2_HI);
    let c2 = splat(b, x, LN2_LO);
    let (r, n) = two_part_reduction(b, x, log2e, c1, c2);
    exp_reduced(b, r, n)
}

/// `(r, n)` with `n = nearest(x inv)` and `r = (x - n c1) - n c2`, where `c1 + c2` is the
/// period `1 / inv` split so that `n c1` is exact (Cody and Waite's reduction; the
/// operands are splatted constants of `x`'s type, any float type). Each step is one fused
/// multiply-add: the first gives what a multiply and a subtraction gave (`n c1` is exact),
/// the second rounds once instead of twice.
pub(super) fn two_part_reduction(
    b: &mut FunctionBuilder,
    x: Value,
    inv: Value,
    c1: Value,
    c2: Value,
) -> (Value, Value) {
    let t = b.ins().fmul(x, inv);
    let n = b.ins().nearest(t);
    let minus_n = b.ins().fneg(n);
    let r = b.ins().fma(minus_n, c1, x);
    (b.ins().fma(minus_n, c2, r), n)
}

/// `exp2(x)` for `x` in [-126, 127] (f32 or f32x4): `x = n + f` with `n = nearest(x)` (`f`
/// exact, `|f| <= 1/2`) and `2^f = exp(f ln 2)`, where rounding `f ln 2` costs under half
/// an ulp of `f ln 2`, about 0.35 ulp of the result.
fn exp2_in_range(b: &mut FunctionBuilder, x: Value) -> Value {
    let n = b.ins().nearest(x);
    let f = b.ins().fsub(x, n);
    let ln2 = splat(b, x, std::f32::consts::LN_2);
    let r = b.ins().fmul(f, ln2);
    exp_reduced(b, r, n)
}

/// `2^n exp(r)` for `|r| <= ln2 / 2 + 2^-12` and integral `n` in [-126, 127].
fn exp_reduced(b: &mut FunctionBuilder, r: Value, n: Value) -> Value {
    let p = horner(b, r, &EXP_POLY);
    let z = b.ins().fmul(r, r);
    let pz = b.ins().fmul(p, z);
    let y = b.ins().fadd(pz, r);
    let one = splat(b, r, 1.0);
    let y = b.ins().fadd(y, one);
    let pow2n = pow2_of_integral(b, n);
    b.ins().fmul(y, pow2n)
}

/// `2^n` for integral `n` in [-126, 127] (f32 or f32x4): `n + 127` in the exponent field.
/// Adding `1.5 * 2^23 + 127` puts `n + 127` in the low mantissa bits exactly (the sum
/// lies in [2^23, 2^24), where floats are the integers), and shifting left by 23 drops
/// everything above them: two instructions, where a saturating conversion takes seven on
/// x86-64 vectors.
pub(super) fn pow2_of_integral(b: &mut FunctionBuilder, n: Value) -> Value {
    let float_ty = b.func.dfg.value_type(n);
    let magic = splat(b, n, 12_582_912.0 + 127.0);
    let biased = b.ins().fadd(n, magic);
    let int_ty = int_type(b, n);
    let bits = bitcast(b, int_ty, biased);
    let field = b.ins().ishl_imm_u(bits, 23);
    bitcast(b, float_ty, field)
}

/// `log2(x)` for positive normal `x`: `log(1 + f) log2(e) + e`, so that a power of two
/// gives its exponent exactly.
fn log2_in_range(b: &mut FunctionBuilder, x: Value) -> Value {
    let (f, fe) = log_reduce(b, x);
    let u = log_of_mantissa(b, f);
    let k = splat(b, x, std::f32::consts::LOG2_E);
    let t = b.ins().fmul(u, k);
    b.ins().fadd(t, fe)
}

/// `log10(x)` for positive normal `x`: `log(1 + f) log10(e) + e log10(2)`, `log10(2)` in
/// two parts as `ln 2` is for `log` (`e L10_HI` exact), so that `log10(10^k)` is exact for
/// the powers of ten a float holds.
fn log10_in_range(b: &mut FunctionBuilder, x: Value) -> Value {
    let (f, fe) = log_reduce(b, x);
    let u = log_of_mantissa(b, f);
    let k = splat(b, x, std::f32::consts::LOG10_E);
    let t = b.ins().fmul(u, k);
    let lo = splat(b, x, L10_LO);
    let elo = b.ins().fmul(fe, lo);
    let t = b.ins().fadd(t, elo);
    let hi = splat(b, x, L10_HI);
    let ehi = b.ins().fmul(fe, hi);
    b.ins().fadd(t, ehi)
}

/// `log(1 + f)` for `1 + f` in [sqrt(1/2), sqrt(2)): `f - f^2/2 + f^3 q(f)`.
fn log_of_mantissa(b: &mut FunctionBuilder, f: Value) -> Value {
    let p = horner(b, f, &LOG_POLY);
    let z = b.ins().fmul(f, f);
    let y = b.ins().fmul(p, f);
    let y = b.ins().fmul(y, z);
    let mhalf = splat(b, f, -0.5);
    let t = b.ins().fmul(z, mhalf);
    let y = b.ins().fadd(y, t);
    b.ins().fadd(f, y)
}

/// `(f, e)` with positive normal `x = (1 + f) 2^e`, `1 + f` in [sqrt(1/2), sqrt(2)), both
/// exact, `e` as a float (f32 or f32x4, as `x`).
pub(super) fn log_reduce(b: &mut FunctionBuilder, x: Value) -> (Value, Value) {
    let float_ty = b.func.dfg.value_type(x);
    let int_ty = int_type(b, x);
    let bits = bitcast(b, int_ty, x);
    // x = m 2^e with m in [0.5, 1).
    let ex = b.ins().ushr_imm_u(bits, 23);
    let bias = int_splat(b, x, 126);
    let e = b.ins().isub(ex, bias);
    let frac = int_splat(b, x, 0x007f_ffff);
    let half = int_splat(b, x, 0x3f00_0000);
    let mbits = b.ins().band(bits, frac);
    let mbits = b.ins().bor(mbits, half);
    let m = bitcast(b, float_ty, mbits);
    // m below sqrt(1/2): 2m - 1 and e - 1, else m - 1 (both exact).
    let sqrthf = splat(b, x, std::f32::consts::FRAC_1_SQRT_2);
    let small = b.ins().fcmp(FloatCC::LessThan, m, sqrthf);
    let one = splat(b, x, 1.0);
    let m1 = b.ins().fsub(m, one);
    let zero = splat(b, x, 0.0);
    let (e, extra) = if float_ty.is_vector() {
        // The mask is -1 in the lanes where m is small.
        let e = b.ins().iadd(e, small);
        let smallf = bitcast(b, float_ty, small);
        (e, b.ins().bitselect(smallf, m, zero))
    } else {
        let one_i = b.ins().iconst(types::I32, 1);
        let e1 = b.ins().isub(e, one_i);
        (b.ins().select(small, e1, e), b.ins().select(small, m, zero))
    };
    let f = b.ins().fadd(m1, extra);
    (f, b.ins().fcvt_from_sint(float_ty, e))
}

/// `log(x)` for positive normal `x` (f32 or f32x4).
fn log_in_range(b: &mut FunctionBuilder, x: Value) -> Value {
    let (f, fe) = log_reduce(b, x);
    let p = horner(b, f, &LOG_POLY);
    let z = b.ins().fmul(f, f);
    let y = b.ins().fmul(p, f);
    let y = b.ins().fmul(y, z);
    let c2 = splat(b, x, LN2_LO);
    let t = b.ins().fmul(fe, c2);
    let y = b.ins().fadd(y, t);
    let mhalf = splat(b, x, -0.5);
    let t = b.ins().fmul(z, mhalf);
    let y = b.ins().fadd(y, t);
    let r = b.ins().fadd(f, y);
    let c1 = splat(b, x, LN2_HI);
    let t = b.ins().fmul(fe, c1);
    b.ins().fadd(r, t)
}
