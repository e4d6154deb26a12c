//! Math built-ins without a Cranelift instruction, as Rust `extern "C"` functions that the
//! JIT links by name. The generated code calls them once per lane.
//!
//! These are a stopgap: a later issue replaces them with inlined, vectorizable polynomial code
//! that meets OpenCL's ULP limits on its own (Rust's std forwards to the platform libm).

use oclc_ir::MathFn;

macro_rules! unary {
    ($($name:ident: $t:ty => $e:expr;)*) => {$(
        extern "C" fn $name(x: $t) -> $t {
            let f: fn($t) -> $t = $e;
            f(x)
        }
    )*};
}

macro_rules! binary {
    ($($name:ident: $t:ty => $e:expr;)*) => {$(
        extern "C" fn $name(x: $t, y: $t) -> $t {
            let f: fn($t, $t) -> $t = $e;
            f(x, y)
        }
    )*};
}

unary! {
    sin_f32: f32 => f32::sin;
    cos_f32: f32 => f32::cos;
    tan_f32: f32 => f32::tan;
    exp_f32: f32 => f32::exp;
    exp2_f32: f32 => f32::exp2;
    log_f32: f32 => f32::ln;
    log2_f32: f32 => f32::log2;
    round_f32: f32 => f32::round;
    sin_f64: f64 => f64::sin;
    cos_f64: f64 => f64::cos;
    tan_f64: f64 => f64::tan;
    exp_f64: f64 => f64::exp;
    exp2_f64: f64 => f64::exp2;
    log_f64: f64 => f64::ln;
    log2_f64: f64 => f64::log2;
    round_f64: f64 => f64::round;
}

binary! {
    pow_f32: f32 => f32::powf;
    fmod_f32: f32 => |x, y| x % y;
    pow_f64: f64 => f64::powf;
    fmod_f64: f64 => |x, y| x % y;
}

/// Name of the float remainder (`fmod`) routine for f32 or f64 operands.
pub fn fmod_symbol(is_f64: bool) -> &'static str {
    if is_f64 {
        "oclc_fmod_f64"
    } else {
        "oclc_fmod_f32"
    }
}

/// The routine implementing `func` for f32 or f64 lanes, if it is a library call.
pub fn math_symbol(func: MathFn, is_f64: bool) -> Option<&'static str> {
    let (a, b) = match func {
        MathFn::Sin => ("oclc_sin_f32", "oclc_sin_f64"),
        MathFn::Cos => ("oclc_cos_f32", "oclc_cos_f64"),
        MathFn::Tan => ("oclc_tan_f32", "oclc_tan_f64"),
        MathFn::Exp => ("oclc_exp_f32", "oclc_exp_f64"),
        MathFn::Exp2 => ("oclc_exp2_f32", "oclc_exp2_f64"),
        MathFn::Log => ("oclc_log_f32", "oclc_log_f64"),
        MathFn::Log2 => ("oclc_log2_f32", "oclc_log2_f64"),
        MathFn::Pow => ("oclc_pow_f32", "oclc_pow_f64"),
        MathFn::Round => ("oclc_round_f32", "oclc_round_f64"),
        _ => return None,
    };
    Some(if is_f64 { b } else { a })
}

/// Every routine with its address, to register with the JIT.
pub fn symbols() -> Vec<(&'static str, *const u8)> {
    vec![
        ("oclc_sin_f32", sin_f32 as *const u8),
        ("oclc_cos_f32", cos_f32 as *const u8),
        ("oclc_tan_f32", tan_f32 as *const u8),
        ("oclc_exp_f32", exp_f32 as *const u8),
        ("oclc_exp2_f32", exp2_f32 as *const u8),
        ("oclc_log_f32", log_f32 as *const u8),
        ("oclc_log2_f32", log2_f32 as *const u8),
        ("oclc_round_f32", round_f32 as *const u8),
        ("oclc_pow_f32", pow_f32 as *const u8),
        ("oclc_fmod_f32", fmod_f32 as *const u8),
        ("oclc_sin_f64", sin_f64 as *const u8),
        ("oclc_cos_f64", cos_f64 as *const u8),
        ("oclc_tan_f64", tan_f64 as *const u8),
        ("oclc_exp_f64", exp_f64 as *const u8),
        ("oclc_exp2_f64", exp2_f64 as *const u8),
        ("oclc_log_f64", log_f64 as *const u8),
        ("oclc_log2_f64", log2_f64 as *const u8),
        ("oclc_round_f64", round_f64 as *const u8),
        ("oclc_pow_f64", pow_f64 as *const u8),
        ("oclc_fmod_f64", fmod_f64 as *const u8),
    ]
}

/// Number of operands of a library routine (2 for pow and fmod, else 1).
pub fn symbol_arity(name: &str) -> usize {
    if name.contains("pow") || name.contains("fmod") {
        2
    } else {
        1
    }
}
