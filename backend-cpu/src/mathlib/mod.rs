//! Float built-ins without a Cranelift instruction, as Rust `extern "C"` routines that the
//! JIT links by name; the generated code calls them once per lane. Single-precision routines
//! evaluate in double precision and round once, which keeps them within about 1 ulp (far
//! inside OpenCL's limits); double-precision ones use Rust's std (the platform libm), the
//! ports in [`ports`] and the implementations in [`float`].
//!
//! `exp` and `log` on float are inlined for the arguments where a short polynomial is
//! accurate ([`crate::codegen::fast_math`], vectorised too); their routines serve the rest.
//! The other hot functions are still to follow.

pub mod float;
pub mod half;
pub mod ports;

use oclc_ir::{MathFn, ScalarType};

/// The shape of a routine's signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `f(x) -> x`.
    Unary,
    /// `f(x, y) -> x`.
    Binary,
    /// `f(x, y, z) -> x`.
    Ternary,
    /// `f(x, n: i32) -> x`.
    FloatInt,
    /// `f(x) -> i32`.
    FloatToInt,
    /// `f(bits: i32) -> x`: half bits widened to `float`.
    HalfToFloat,
}

/// `fma` of halves rounded once (operands and result as the floats halves widen to).
pub const HALF_FMA: &str = "oclc_fma_f16";

/// `nextafter` on the half grid (operands and result as the floats halves widen to).
pub const HALF_NEXTAFTER: &str = "oclc_nextafter_f16";

/// The routine widening half bits to `float`.
pub const HALF_TO_F32: &str = "oclc_half_to_f32";

/// The routine narrowing a `double` to half bits with `rounding` (`Default` is to nearest
/// even, as for every narrowing float conversion).
pub fn to_half_symbol(rounding: oclc_ir::Rounding) -> &'static str {
    match rounding {
        oclc_ir::Rounding::Default | oclc_ir::Rounding::Rte => "oclc_f64_to_half_rte",
        oclc_ir::Rounding::Rtz => "oclc_f64_to_half_rtz",
        oclc_ir::Rounding::Rtp => "oclc_f64_to_half_rtp",
        oclc_ir::Rounding::Rtn => "oclc_f64_to_half_rtn",
    }
}

/// A routine: symbol, address, shape and precision.
#[derive(Clone, Copy, Debug)]
pub struct Routine {
    /// The symbol the JIT links.
    pub name: &'static str,
    /// Its address.
    pub ptr: *const u8,
    /// Its signature shape.
    pub shape: Shape,
    /// True for the double-precision variant.
    pub is_f64: bool,
}

extern "C" fn sin_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| x.sin();
    f(x)
}
extern "C" fn sin_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.sin();
    f(x)
}

extern "C" fn cos_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| x.cos();
    f(x)
}
extern "C" fn cos_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.cos();
    f(x)
}

extern "C" fn tan_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).tan() as f32;
    f(x)
}
extern "C" fn tan_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.tan();
    f(x)
}

extern "C" fn exp_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| x.exp();
    f(x)
}
extern "C" fn exp_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.exp();
    f(x)
}

extern "C" fn exp2_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| x.exp2();
    f(x)
}
extern "C" fn exp2_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.exp2();
    f(x)
}

extern "C" fn log_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| x.ln();
    f(x)
}
extern "C" fn log_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.ln();
    f(x)
}

extern "C" fn log2_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| x.log2();
    f(x)
}
extern "C" fn log2_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.log2();
    f(x)
}

extern "C" fn round_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| x.round();
    f(x)
}
extern "C" fn round_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.round();
    f(x)
}

extern "C" fn acos_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).acos() as f32;
    f(x)
}
extern "C" fn acos_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.acos();
    f(x)
}

extern "C" fn acosh_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).acosh() as f32;
    f(x)
}
extern "C" fn acosh_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.acosh();
    f(x)
}

extern "C" fn acospi_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::acospi(x as f64) as f32;
    f(x)
}
extern "C" fn acospi_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::acospi;
    f(x)
}

extern "C" fn asin_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).asin() as f32;
    f(x)
}
extern "C" fn asin_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.asin();
    f(x)
}

extern "C" fn asinh_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).asinh() as f32;
    f(x)
}
extern "C" fn asinh_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.asinh();
    f(x)
}

extern "C" fn asinpi_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::asinpi(x as f64) as f32;
    f(x)
}
extern "C" fn asinpi_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::asinpi;
    f(x)
}

extern "C" fn atan_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).atan() as f32;
    f(x)
}
extern "C" fn atan_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.atan();
    f(x)
}

extern "C" fn atanh_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).atanh() as f32;
    f(x)
}
extern "C" fn atanh_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.atanh();
    f(x)
}

extern "C" fn atanpi_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::atanpi(x as f64) as f32;
    f(x)
}
extern "C" fn atanpi_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::atanpi;
    f(x)
}

extern "C" fn cbrt_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).cbrt() as f32;
    f(x)
}
extern "C" fn cbrt_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.cbrt();
    f(x)
}

extern "C" fn cosh_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).cosh() as f32;
    f(x)
}
extern "C" fn cosh_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.cosh();
    f(x)
}

extern "C" fn cospi_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::cospi(x as f64) as f32;
    f(x)
}
extern "C" fn cospi_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::cospi;
    f(x)
}

extern "C" fn erf_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| ports::erf(x as f64) as f32;
    f(x)
}
extern "C" fn erf_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = ports::erf;
    f(x)
}

extern "C" fn erfc_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| ports::erfc(x as f64) as f32;
    f(x)
}
extern "C" fn erfc_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = ports::erfc;
    f(x)
}

extern "C" fn exp10_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::exp10(x as f64) as f32;
    f(x)
}
extern "C" fn exp10_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::exp10;
    f(x)
}

extern "C" fn expm1_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).exp_m1() as f32;
    f(x)
}
extern "C" fn expm1_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.exp_m1();
    f(x)
}

extern "C" fn lgamma_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::lgamma(x as f64) as f32;
    f(x)
}
extern "C" fn lgamma_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::lgamma;
    f(x)
}

extern "C" fn log10_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).log10() as f32;
    f(x)
}
extern "C" fn log10_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.log10();
    f(x)
}

extern "C" fn log1p_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).ln_1p() as f32;
    f(x)
}
extern "C" fn log1p_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.ln_1p();
    f(x)
}

extern "C" fn logb_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::logb(x as f64) as f32;
    f(x)
}
extern "C" fn logb_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::logb;
    f(x)
}

extern "C" fn sinh_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).sinh() as f32;
    f(x)
}
extern "C" fn sinh_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.sinh();
    f(x)
}

extern "C" fn sinpi_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::sinpi(x as f64) as f32;
    f(x)
}
extern "C" fn sinpi_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::sinpi;
    f(x)
}

extern "C" fn tanh_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| (x as f64).tanh() as f32;
    f(x)
}
extern "C" fn tanh_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = |x| x.tanh();
    f(x)
}

extern "C" fn tanpi_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| float::tanpi(x as f64) as f32;
    f(x)
}
extern "C" fn tanpi_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = float::tanpi;
    f(x)
}

extern "C" fn tgamma_f32(x: f32) -> f32 {
    let f: fn(f32) -> f32 = |x| ports::tgamma(x as f64) as f32;
    f(x)
}
extern "C" fn tgamma_f64(x: f64) -> f64 {
    let f: fn(f64) -> f64 = ports::tgamma;
    f(x)
}

extern "C" fn pow_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |x, y| (x as f64).powf(y as f64) as f32;
    f(x, y)
}
extern "C" fn pow_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = |x, y| x.powf(y);
    f(x, y)
}

extern "C" fn atan2_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |y, x| (y as f64).atan2(x as f64) as f32;
    f(x, y)
}
extern "C" fn atan2_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = |y, x| y.atan2(x);
    f(x, y)
}

extern "C" fn atan2pi_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |y, x| float::atan2pi(y as f64, x as f64) as f32;
    f(x, y)
}
extern "C" fn atan2pi_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = float::atan2pi;
    f(x, y)
}

extern "C" fn fdim_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |x, y| float::fdim(x as f64, y as f64) as f32;
    f(x, y)
}
extern "C" fn fdim_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = float::fdim;
    f(x, y)
}

extern "C" fn fmod_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |x, y| x % y;
    f(x, y)
}
extern "C" fn fmod_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = |x, y| x % y;
    f(x, y)
}

extern "C" fn hypot_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |x, y| (x as f64).hypot(y as f64) as f32;
    f(x, y)
}
extern "C" fn hypot_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = |x, y| x.hypot(y);
    f(x, y)
}

extern "C" fn maxmag_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |x, y| float::maxmag(x as f64, y as f64) as f32;
    f(x, y)
}
extern "C" fn maxmag_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = float::maxmag;
    f(x, y)
}

extern "C" fn minmag_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |x, y| float::minmag(x as f64, y as f64) as f32;
    f(x, y)
}
extern "C" fn minmag_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = float::minmag;
    f(x, y)
}

extern "C" fn nextafter_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = float::nextafter_f32;
    f(x, y)
}
extern "C" fn nextafter_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = float::nextafter;
    f(x, y)
}

extern "C" fn powr_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |x, y| float::powr(x as f64, y as f64) as f32;
    f(x, y)
}
extern "C" fn powr_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = float::powr;
    f(x, y)
}

extern "C" fn remainder_f32(x: f32, y: f32) -> f32 {
    let f: fn(f32, f32) -> f32 = |x, y| float::remainder(x as f64, y as f64) as f32;
    f(x, y)
}
extern "C" fn remainder_f64(x: f64, y: f64) -> f64 {
    let f: fn(f64, f64) -> f64 = float::remainder;
    f(x, y)
}

extern "C" fn smoothstep_f32(x: f32, y: f32, z: f32) -> f32 {
    let f: fn(f32, f32, f32) -> f32 =
        |a, b, x| float::smoothstep(a as f64, b as f64, x as f64) as f32;
    f(x, y, z)
}
extern "C" fn smoothstep_f64(x: f64, y: f64, z: f64) -> f64 {
    let f: fn(f64, f64, f64) -> f64 = float::smoothstep;
    f(x, y, z)
}

extern "C" fn pown_f32(x: f32, n: i32) -> f32 {
    let f: fn(f32, i32) -> f32 = |x, n| (x as f64).powi(n) as f32;
    f(x, n)
}
extern "C" fn pown_f64(x: f64, n: i32) -> f64 {
    let f: fn(f64, i32) -> f64 = float::pown;
    f(x, n)
}

extern "C" fn rootn_f32(x: f32, n: i32) -> f32 {
    let f: fn(f32, i32) -> f32 = |x, n| float::rootn(x as f64, n) as f32;
    f(x, n)
}
extern "C" fn rootn_f64(x: f64, n: i32) -> f64 {
    let f: fn(f64, i32) -> f64 = float::rootn;
    f(x, n)
}

extern "C" fn ldexp_f32(x: f32, n: i32) -> f32 {
    let f: fn(f32, i32) -> f32 = float::ldexp_f32;
    f(x, n)
}
extern "C" fn ldexp_f64(x: f64, n: i32) -> f64 {
    let f: fn(f64, i32) -> f64 = float::ldexp;
    f(x, n)
}

extern "C" fn ilogb_f32(x: f32) -> i32 {
    let f: fn(f32) -> i32 = |x| float::ilogb(x as f64);
    f(x)
}
extern "C" fn ilogb_f64(x: f64) -> i32 {
    let f: fn(f64) -> i32 = float::ilogb;
    f(x)
}

/// Every routine, to register with the JIT and to declare in the module.
pub fn routines() -> Vec<Routine> {
    let mut v = Vec::new();
    let mut add = |name, ptr, shape, is_f64| {
        v.push(Routine {
            name,
            ptr,
            shape,
            is_f64,
        })
    };
    add("oclc_sin_f32", sin_f32 as *const u8, Shape::Unary, false);
    add(
        HALF_TO_F32,
        half::half_to_f32 as *const u8,
        Shape::HalfToFloat,
        false,
    );
    add(
        "oclc_f64_to_half_rte",
        half::f64_to_half_rte as *const u8,
        Shape::FloatToInt,
        true,
    );
    add(
        "oclc_f64_to_half_rtz",
        half::f64_to_half_rtz as *const u8,
        Shape::FloatToInt,
        true,
    );
    add(
        "oclc_f64_to_half_rtp",
        half::f64_to_half_rtp as *const u8,
        Shape::FloatToInt,
        true,
    );
    add(
        "oclc_f64_to_half_rtn",
        half::f64_to_half_rtn as *const u8,
        Shape::FloatToInt,
        true,
    );
    add("oclc_sin_f64", sin_f64 as *const u8, Shape::Unary, true);
    add("oclc_cos_f32", cos_f32 as *const u8, Shape::Unary, false);
    add("oclc_cos_f64", cos_f64 as *const u8, Shape::Unary, true);
    add("oclc_tan_f32", tan_f32 as *const u8, Shape::Unary, false);
    add("oclc_tan_f64", tan_f64 as *const u8, Shape::Unary, true);
    add("oclc_exp_f32", exp_f32 as *const u8, Shape::Unary, false);
    add("oclc_exp_f64", exp_f64 as *const u8, Shape::Unary, true);
    add("oclc_exp2_f32", exp2_f32 as *const u8, Shape::Unary, false);
    add("oclc_exp2_f64", exp2_f64 as *const u8, Shape::Unary, true);
    add("oclc_log_f32", log_f32 as *const u8, Shape::Unary, false);
    add("oclc_log_f64", log_f64 as *const u8, Shape::Unary, true);
    add("oclc_log2_f32", log2_f32 as *const u8, Shape::Unary, false);
    add("oclc_log2_f64", log2_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_round_f32",
        round_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_round_f64", round_f64 as *const u8, Shape::Unary, true);
    add("oclc_acos_f32", acos_f32 as *const u8, Shape::Unary, false);
    add("oclc_acos_f64", acos_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_acosh_f32",
        acosh_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_acosh_f64", acosh_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_acospi_f32",
        acospi_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add(
        "oclc_acospi_f64",
        acospi_f64 as *const u8,
        Shape::Unary,
        true,
    );
    add("oclc_asin_f32", asin_f32 as *const u8, Shape::Unary, false);
    add("oclc_asin_f64", asin_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_asinh_f32",
        asinh_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_asinh_f64", asinh_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_asinpi_f32",
        asinpi_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add(
        "oclc_asinpi_f64",
        asinpi_f64 as *const u8,
        Shape::Unary,
        true,
    );
    add("oclc_atan_f32", atan_f32 as *const u8, Shape::Unary, false);
    add("oclc_atan_f64", atan_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_atanh_f32",
        atanh_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_atanh_f64", atanh_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_atanpi_f32",
        atanpi_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add(
        "oclc_atanpi_f64",
        atanpi_f64 as *const u8,
        Shape::Unary,
        true,
    );
    add("oclc_cbrt_f32", cbrt_f32 as *const u8, Shape::Unary, false);
    add("oclc_cbrt_f64", cbrt_f64 as *const u8, Shape::Unary, true);
    add("oclc_cosh_f32", cosh_f32 as *const u8, Shape::Unary, false);
    add("oclc_cosh_f64", cosh_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_cospi_f32",
        cospi_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_cospi_f64", cospi_f64 as *const u8, Shape::Unary, true);
    add("oclc_erf_f32", erf_f32 as *const u8, Shape::Unary, false);
    add("oclc_erf_f64", erf_f64 as *const u8, Shape::Unary, true);
    add("oclc_erfc_f32", erfc_f32 as *const u8, Shape::Unary, false);
    add("oclc_erfc_f64", erfc_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_exp10_f32",
        exp10_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_exp10_f64", exp10_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_expm1_f32",
        expm1_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_expm1_f64", expm1_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_lgamma_f32",
        lgamma_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add(
        "oclc_lgamma_f64",
        lgamma_f64 as *const u8,
        Shape::Unary,
        true,
    );
    add(
        "oclc_log10_f32",
        log10_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_log10_f64", log10_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_log1p_f32",
        log1p_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_log1p_f64", log1p_f64 as *const u8, Shape::Unary, true);
    add("oclc_logb_f32", logb_f32 as *const u8, Shape::Unary, false);
    add("oclc_logb_f64", logb_f64 as *const u8, Shape::Unary, true);
    add("oclc_sinh_f32", sinh_f32 as *const u8, Shape::Unary, false);
    add("oclc_sinh_f64", sinh_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_sinpi_f32",
        sinpi_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_sinpi_f64", sinpi_f64 as *const u8, Shape::Unary, true);
    add("oclc_tanh_f32", tanh_f32 as *const u8, Shape::Unary, false);
    add("oclc_tanh_f64", tanh_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_tanpi_f32",
        tanpi_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add("oclc_tanpi_f64", tanpi_f64 as *const u8, Shape::Unary, true);
    add(
        "oclc_tgamma_f32",
        tgamma_f32 as *const u8,
        Shape::Unary,
        false,
    );
    add(
        "oclc_tgamma_f64",
        tgamma_f64 as *const u8,
        Shape::Unary,
        true,
    );
    add("oclc_pow_f32", pow_f32 as *const u8, Shape::Binary, false);
    add("oclc_pow_f64", pow_f64 as *const u8, Shape::Binary, true);
    add(
        "oclc_atan2_f32",
        atan2_f32 as *const u8,
        Shape::Binary,
        false,
    );
    add(
        "oclc_atan2_f64",
        atan2_f64 as *const u8,
        Shape::Binary,
        true,
    );
    add(
        "oclc_atan2pi_f32",
        atan2pi_f32 as *const u8,
        Shape::Binary,
        false,
    );
    add(
        "oclc_atan2pi_f64",
        atan2pi_f64 as *const u8,
        Shape::Binary,
        true,
    );
    add("oclc_fdim_f32", fdim_f32 as *const u8, Shape::Binary, false);
    add("oclc_fdim_f64", fdim_f64 as *const u8, Shape::Binary, true);
    add("oclc_fmod_f32", fmod_f32 as *const u8, Shape::Binary, false);
    add("oclc_fmod_f64", fmod_f64 as *const u8, Shape::Binary, true);
    add(
        "oclc_hypot_f32",
        hypot_f32 as *const u8,
        Shape::Binary,
        false,
    );
    add(
        "oclc_hypot_f64",
        hypot_f64 as *const u8,
        Shape::Binary,
        true,
    );
    add(
        "oclc_maxmag_f32",
        maxmag_f32 as *const u8,
        Shape::Binary,
        false,
    );
    add(
        "oclc_maxmag_f64",
        maxmag_f64 as *const u8,
        Shape::Binary,
        true,
    );
    add(
        "oclc_minmag_f32",
        minmag_f32 as *const u8,
        Shape::Binary,
        false,
    );
    add(
        "oclc_minmag_f64",
        minmag_f64 as *const u8,
        Shape::Binary,
        true,
    );
    add(HALF_FMA, half::fma_f16 as *const u8, Shape::Ternary, false);
    add(
        HALF_NEXTAFTER,
        half::nextafter_f16 as *const u8,
        Shape::Binary,
        false,
    );
    add(
        "oclc_nextafter_f32",
        nextafter_f32 as *const u8,
        Shape::Binary,
        false,
    );
    add(
        "oclc_nextafter_f64",
        nextafter_f64 as *const u8,
        Shape::Binary,
        true,
    );
    add("oclc_powr_f32", powr_f32 as *const u8, Shape::Binary, false);
    add("oclc_powr_f64", powr_f64 as *const u8, Shape::Binary, true);
    add(
        "oclc_remainder_f32",
        remainder_f32 as *const u8,
        Shape::Binary,
        false,
    );
    add(
        "oclc_remainder_f64",
        remainder_f64 as *const u8,
        Shape::Binary,
        true,
    );
    add(
        "oclc_smoothstep_f32",
        smoothstep_f32 as *const u8,
        Shape::Ternary,
        false,
    );
    add(
        "oclc_smoothstep_f64",
        smoothstep_f64 as *const u8,
        Shape::Ternary,
        true,
    );
    add(
        "oclc_pown_f32",
        pown_f32 as *const u8,
        Shape::FloatInt,
        false,
    );
    add(
        "oclc_pown_f64",
        pown_f64 as *const u8,
        Shape::FloatInt,
        true,
    );
    add(
        "oclc_rootn_f32",
        rootn_f32 as *const u8,
        Shape::FloatInt,
        false,
    );
    add(
        "oclc_rootn_f64",
        rootn_f64 as *const u8,
        Shape::FloatInt,
        true,
    );
    add(
        "oclc_ldexp_f32",
        ldexp_f32 as *const u8,
        Shape::FloatInt,
        false,
    );
    add(
        "oclc_ldexp_f64",
        ldexp_f64 as *const u8,
        Shape::FloatInt,
        true,
    );
    add(
        "oclc_ilogb_f32",
        ilogb_f32 as *const u8,
        Shape::FloatToInt,
        false,
    );
    add(
        "oclc_ilogb_f64",
        ilogb_f64 as *const u8,
        Shape::FloatToInt,
        true,
    );
    v
}

/// The routine the code generator calls for `func` on lanes of `scalar`, if it calls one:
/// half lanes compute in float (their `fma` and `nextafter`, which work on half's grid,
/// have routines of their own); integer built-ins are inlined.
pub fn routine_symbol(func: MathFn, scalar: ScalarType) -> Option<&'static str> {
    match (scalar, func) {
        (ScalarType::F16, MathFn::Fma) => Some(HALF_FMA),
        (ScalarType::F16, MathFn::Nextafter) => Some(HALF_NEXTAFTER),
        (ScalarType::F16 | ScalarType::F32, _) => math_symbol(func, false),
        (ScalarType::F64, _) => math_symbol(func, true),
        _ => None,
    }
}

/// The routine implementing `func` for f32 or f64 lanes, if it is a library call (the
/// `native_` functions use the full-precision routines).
pub fn math_symbol(func: MathFn, is_f64: bool) -> Option<&'static str> {
    let (a, b) = match func {
        MathFn::Sin => ("oclc_sin_f32", "oclc_sin_f64"),
        MathFn::Cos => ("oclc_cos_f32", "oclc_cos_f64"),
        MathFn::Tan => ("oclc_tan_f32", "oclc_tan_f64"),
        MathFn::Exp => ("oclc_exp_f32", "oclc_exp_f64"),
        MathFn::Exp2 => ("oclc_exp2_f32", "oclc_exp2_f64"),
        MathFn::Log => ("oclc_log_f32", "oclc_log_f64"),
        MathFn::Log2 => ("oclc_log2_f32", "oclc_log2_f64"),
        MathFn::Round => ("oclc_round_f32", "oclc_round_f64"),
        MathFn::Acos => ("oclc_acos_f32", "oclc_acos_f64"),
        MathFn::Acosh => ("oclc_acosh_f32", "oclc_acosh_f64"),
        MathFn::Acospi => ("oclc_acospi_f32", "oclc_acospi_f64"),
        MathFn::Asin => ("oclc_asin_f32", "oclc_asin_f64"),
        MathFn::Asinh => ("oclc_asinh_f32", "oclc_asinh_f64"),
        MathFn::Asinpi => ("oclc_asinpi_f32", "oclc_asinpi_f64"),
        MathFn::Atan => ("oclc_atan_f32", "oclc_atan_f64"),
        MathFn::Atanh => ("oclc_atanh_f32", "oclc_atanh_f64"),
        MathFn::Atanpi => ("oclc_atanpi_f32", "oclc_atanpi_f64"),
        MathFn::Cbrt => ("oclc_cbrt_f32", "oclc_cbrt_f64"),
        MathFn::Cosh => ("oclc_cosh_f32", "oclc_cosh_f64"),
        MathFn::Cospi => ("oclc_cospi_f32", "oclc_cospi_f64"),
        MathFn::Erf => ("oclc_erf_f32", "oclc_erf_f64"),
        MathFn::Erfc => ("oclc_erfc_f32", "oclc_erfc_f64"),
        MathFn::Exp10 => ("oclc_exp10_f32", "oclc_exp10_f64"),
        MathFn::Expm1 => ("oclc_expm1_f32", "oclc_expm1_f64"),
        MathFn::Lgamma => ("oclc_lgamma_f32", "oclc_lgamma_f64"),
        MathFn::Log10 => ("oclc_log10_f32", "oclc_log10_f64"),
        MathFn::Log1p => ("oclc_log1p_f32", "oclc_log1p_f64"),
        MathFn::Logb => ("oclc_logb_f32", "oclc_logb_f64"),
        MathFn::Sinh => ("oclc_sinh_f32", "oclc_sinh_f64"),
        MathFn::Sinpi => ("oclc_sinpi_f32", "oclc_sinpi_f64"),
        MathFn::Tanh => ("oclc_tanh_f32", "oclc_tanh_f64"),
        MathFn::Tanpi => ("oclc_tanpi_f32", "oclc_tanpi_f64"),
        MathFn::Tgamma => ("oclc_tgamma_f32", "oclc_tgamma_f64"),
        MathFn::Pow => ("oclc_pow_f32", "oclc_pow_f64"),
        MathFn::Atan2 => ("oclc_atan2_f32", "oclc_atan2_f64"),
        MathFn::Atan2pi => ("oclc_atan2pi_f32", "oclc_atan2pi_f64"),
        MathFn::Fdim => ("oclc_fdim_f32", "oclc_fdim_f64"),
        MathFn::Fmod => ("oclc_fmod_f32", "oclc_fmod_f64"),
        MathFn::Hypot => ("oclc_hypot_f32", "oclc_hypot_f64"),
        MathFn::Maxmag => ("oclc_maxmag_f32", "oclc_maxmag_f64"),
        MathFn::Minmag => ("oclc_minmag_f32", "oclc_minmag_f64"),
        MathFn::Nextafter => ("oclc_nextafter_f32", "oclc_nextafter_f64"),
        MathFn::Powr => ("oclc_powr_f32", "oclc_powr_f64"),
        MathFn::Remainder => ("oclc_remainder_f32", "oclc_remainder_f64"),
        MathFn::Smoothstep => ("oclc_smoothstep_f32", "oclc_smoothstep_f64"),
        MathFn::Pown => ("oclc_pown_f32", "oclc_pown_f64"),
        MathFn::Rootn => ("oclc_rootn_f32", "oclc_rootn_f64"),
        MathFn::Ldexp => ("oclc_ldexp_f32", "oclc_ldexp_f64"),
        MathFn::Ilogb => ("oclc_ilogb_f32", "oclc_ilogb_f64"),
        MathFn::NativeSin => ("oclc_sin_f32", "oclc_sin_f64"),
        MathFn::NativeCos => ("oclc_cos_f32", "oclc_cos_f64"),
        MathFn::NativeTan => ("oclc_tan_f32", "oclc_tan_f64"),
        MathFn::NativeExp => ("oclc_exp_f32", "oclc_exp_f64"),
        MathFn::NativeExp2 => ("oclc_exp2_f32", "oclc_exp2_f64"),
        MathFn::NativeExp10 => ("oclc_exp10_f32", "oclc_exp10_f64"),
        MathFn::NativeLog => ("oclc_log_f32", "oclc_log_f64"),
        MathFn::NativeLog2 => ("oclc_log2_f32", "oclc_log2_f64"),
        MathFn::NativeLog10 => ("oclc_log10_f32", "oclc_log10_f64"),
        MathFn::NativePowr => ("oclc_powr_f32", "oclc_powr_f64"),
        _ => return None,
    };
    Some(if is_f64 { b } else { a })
}

/// Name of the float remainder (`fmod`) routine for f32 or f64 operands.
pub fn fmod_symbol(is_f64: bool) -> &'static str {
    if is_f64 {
        "oclc_fmod_f64"
    } else {
        "oclc_fmod_f32"
    }
}

/// The routine named `name`.
pub fn routine(name: &str) -> Option<Routine> {
    routines().into_iter().find(|r| r.name == name)
}
