//! Accuracy of the double-precision math built-ins on Vulkan (lavapipe), where they come
//! from oclc's built-in library (`lower/src/library/cl/double*.cl`): for each function a
//! generated kernel runs through `oclc run --device vulkan` over ~40k inputs (special
//! values, subnormals, random bit patterns, uniform and log-uniform ranges, huge trig
//! arguments) and the worst error in ulp is checked against OpenCL 1.2's full-profile
//! double limits (§7.4).
//!
//! References, and how much of the limit they use up:
//! - correctly rounded functions (`/`, sqrt, fma, fdim, ldexp) and exact ones (fmod,
//!   remainder, round, copysign, ...) are compared bit for bit with the host's IEEE
//!   operations (x86 `divsd`/`sqrtsd`/`vfmadd`, Rust's exact `%`), which are correctly
//!   rounded by IEEE 754;
//! - rsqrt, cbrt, log1p and rootn (limits of 2 ulp, or 16 with a host reference too weak
//!   for it) have double-double references written here: glibc's value refined by one
//!   Newton step whose residual is computed exactly with the host's fma (rsqrt, cbrt,
//!   rootn), or log1p as 2 atanh(x / (2 + x)) with the quotient in double-double; their
//!   own error is far below 0.05 ulp and the limit applies as is;
//! - the others use Rust's f64 functions (glibc) or double-double combinations of them
//!   (x/pi, pi*x), whose error is at most about 1 ulp (2 ulp for glibc's sinh, cosh, tanh,
//!   asinh, acosh and atanh, whose documented x86-64 bounds are 2 ulp): the measured error
//!   must stay below the limit minus that bound (`measured <= limit - ref_bound`), so a
//!   pass proves the limit whatever the reference's own error.
//!
//! - sin, cos and tan of huge arguments, among them 6381956970095103 * 2^797 (the double
//!   nearest to a multiple of pi/2 relative to its size, where glibc's cos is 8 ulp
//!   off), are also checked against `tests/data/f64_trig_huge.txt`: mpmath values at 4000
//!   bits as double-doubles, written by `scripts/gen-f64-trig-refs.py` (no PyPI at test
//!   time).
//!
//! The device must report shaderFloat64 (lavapipe does); without it the test says so and
//! skips. Run with `--nocapture` to see each function's measured worst error.

mod common;

use std::f64::consts::PI;
use std::path::Path;

use common::math_inputs::*;
use common::*;

// ------------------------------------------------------------------ inputs

const SPECIALS: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    1.5,
    -1.5,
    2.0,
    -2.0,
    3.0,
    10.0,
    -10.0,
    0.25,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    f64::MAX,
    -f64::MAX,
    f64::MIN_POSITIVE,
    -f64::MIN_POSITIVE,
    5e-324,
    -5e-324,
    2.225_073_858_507_201e-308,
    1e-310,
    709.782_712_893_384,
    709.79,
    710.0,
    -708.4,
    -745.1,
    -745.2,
    -746.0,
    1023.0,
    1024.0,
    -1022.0,
    -1074.0,
    -1075.0,
    308.25,
    -323.5,
    1e10,
    1e22,
    1e100,
    1e300,
    PI,
    std::f64::consts::FRAC_PI_2,
    std::f64::consts::FRAC_PI_4,
    1e-8,
    -1e-8,
    1e-300,
    0.999_999_999_999_999_9,
    1.000_000_000_000_000_2,
    4_503_599_627_370_495.5,
    9_007_199_254_740_992.0,
    524_288.0,
    524_287.5,
    // Huge trig arguments (the hardest ones, where glibc's reduction is wrong, are in
    // tests/data/f64_trig_huge.txt with mpmath references).
    1.027_569_4e19,
    2.142_137_6e120,
    -1.571_346_8e301,
    // sinpi/tanpi quarter points.
    0.75,
    -2.25,
    1e15 + 0.5,
];

/// `n` double inputs: the specials, small integers and halves, then a mix of random bit
/// patterns (every exponent, subnormals, huge values), uniform and log-uniform ranges.
fn inputs(n: usize, seed: u64) -> Vec<f64> {
    let mut r = Rng(seed);
    let mut v: Vec<f64> = SPECIALS.to_vec();
    for i in -20..=20 {
        v.push(i as f64);
        v.push(i as f64 + 0.5);
    }
    while v.len() < n {
        let x = match v.len() % 10 {
            0 | 1 => f64::from_bits(r.next()),
            2 => r.uniform(-1.0, 1.0),
            3 => r.uniform(-10.0, 10.0),
            4 => r.uniform(-100.0, 100.0),
            5 => r.uniform(0.0, 1e-3),
            6 => r.uniform(-1e4, 1e4),
            7 => r.uniform(-800.0, 800.0),
            8 => r.log_uniform(-60.0, 60.0),
            _ => r.log_uniform(-1074.0, 1024.0),
        };
        v.push(x);
    }
    v
}

// ------------------------------------------------------------------ error measure

/// 2^e exactly, for e in [-1074, 1023] (`powi` underflows to 0 on the way below -1022).
fn pow2(e: i32) -> f64 {
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074))
    }
}

/// The spacing of doubles at `r` (the subnormal spacing below the normal range).
fn ulp_f64(r: f64) -> f64 {
    let a = r.abs();
    if a < f64::MIN_POSITIVE {
        return 5e-324;
    }
    let e = ((a.to_bits() >> 52) as i32 - 1023).min(1023);
    pow2(e - 52)
}

// glibc's functions where Rust's std computes its own formula (asinh, acosh, atanh lose
// thousands of ulp near the ends of their domains).
extern "C" {
    fn asinh(x: f64) -> f64;
    fn acosh(x: f64) -> f64;
    fn atanh(x: f64) -> f64;
}

/// glibc's asinh, acosh or atanh of `x`.
fn glibc(f: unsafe extern "C" fn(f64) -> f64, x: f64) -> f64 {
    // SAFETY: pure libm functions of one double.
    unsafe { f(x) }
}

/// A reference value as an unevaluated sum `hi + lo` (`lo` = 0 for plain references).
#[derive(Clone, Copy, Debug)]
struct Dd(f64, f64);

/// The error of `got` against the reference, in ulp of the reference; a wrong NaN,
/// infinity or sign of zero counts as infinite, an infinity next to `f64::MAX` as 1 ulp.
fn ulp_error(got: f64, want: Dd) -> f64 {
    let Dd(hi, lo) = want;
    if hi.is_nan() || got.is_nan() {
        return if hi.is_nan() && got.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if hi == 0.0 && got == 0.0 && lo == 0.0 {
        return if hi.is_sign_negative() == got.is_sign_negative() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if got.is_infinite() || hi.is_infinite() {
        if got == hi {
            return 0.0;
        }
        let finite = if got.is_infinite() { hi } else { got };
        if finite.abs() == f64::MAX && got.signum() == hi.signum() {
            return 1.0;
        }
        return f64::INFINITY;
    }
    // got - hi is exact where it matters (close values).
    ((got - hi) - lo).abs() / ulp_f64(hi)
}

// ------------------------------------------------------------------ running kernels

/// How a built-in is called: its operands and result.
#[derive(Clone, Copy, PartialEq)]
enum Sig {
    /// double f(double), f(double, double) or f(double, double, double).
    Double(usize),
    /// double f(double, int).
    DoubleInt,
    /// int f(double).
    DoubleToInt,
    /// The `/` operator.
    Divide,
}

/// The test kernel: `out[i] = F(a[i], ...)`.
fn kernel_source(name: &str, sig: Sig) -> String {
    let (call, out_ty) = match sig {
        Sig::Double(1) => (format!("{name}(a[i])"), "double"),
        Sig::Double(2) => (format!("{name}(a[i], b[i])"), "double"),
        Sig::Double(_) => (format!("{name}(a[i], b[i], c[i])"), "double"),
        Sig::DoubleInt => (format!("{name}(a[i], n[i])"), "double"),
        Sig::DoubleToInt => (format!("{name}(a[i])"), "int"),
        Sig::Divide => ("a[i] / b[i]".to_string(), "double"),
    };
    format!(
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global const double *a, __global const double *b, __global const double *c,
                __global const int *n, __global {out_ty} *out)
{{
    int i = get_global_id(0);
    out[i] = {call};
}}
"
    )
}

/// Runs `name` over the operands on Vulkan; `Err` carries oclc's output on failure.
fn try_run(
    dir: &Path,
    name: &str,
    sig: Sig,
    ops: &[Vec<f64>; 3],
    ns: &[i32],
) -> Result<Vec<u64>, String> {
    let len = ops[0].len();
    std::fs::write(dir.join("k.cl"), kernel_source(name, sig)).unwrap();
    for (k, v) in ops.iter().enumerate() {
        std::fs::write(
            dir.join(format!("in{k}.bin")),
            le_bytes(v, f64::to_le_bytes),
        )
        .unwrap();
    }
    std::fs::write(dir.join("n.bin"), le_bytes(ns, i32::to_le_bytes)).unwrap();
    let int_out = sig == Sig::DoubleToInt;
    let out_ty = if int_out { "i32" } else { "f64" };
    let global = len.to_string();
    let specs = [
        format!("f64[{len}]=file:in0.bin"),
        format!("f64[{len}]=file:in1.bin"),
        format!("f64[{len}]=file:in2.bin"),
        format!("i32[{len}]=file:n.bin"),
        format!("{out_ty}[{len}]=zeros"),
    ];
    let mut args = vec![
        "run", "k.cl", "--kernel", "k", "--global", &global, "--local", "64", "--device", "vulkan",
        "--dump", "out",
    ];
    for s in &specs {
        args.push("--arg");
        args.push(s);
    }
    let out = oclc(&args, dir);
    if !out.status.success() {
        return Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let bytes = std::fs::read(dir.join("out/arg4.bin")).unwrap();
    Ok(if int_out {
        bytes
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i64 as u64)
            .collect()
    } else {
        bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect()
    })
}

fn run_kernel(dir: &Path, name: &str, sig: Sig, ops: &[Vec<f64>; 3], ns: &[i32]) -> Vec<u64> {
    try_run(dir, name, sig, ops, ns)
        .unwrap_or_else(|e| panic!("oclc run of {name} on vulkan failed:\n{e}"))
}

// ------------------------------------------------------------------ double-double helpers

/// a * b = p + e exactly (host fma).
fn two_prod(a: f64, b: f64) -> Dd {
    let p = a * b;
    Dd(p, a.mul_add(b, -p))
}

/// The double-double (hi, lo) times the double-double constant (ch, cl).
fn dd_mul(a: Dd, c: Dd) -> Dd {
    let p = two_prod(a.0, c.0);
    let lo = p.1 + a.0 * c.1 + a.1 * c.0;
    let s = p.0 + lo;
    Dd(s, lo - (s - p.0))
}

const INV_PI: Dd = Dd(std::f64::consts::FRAC_1_PI, -1.967_867_667_518_248_6e-17);
const PI_DD: Dd = Dd(PI, 1.224_646_799_147_353_2e-16);

/// x / pi with the quotient's rounding error carried in `lo` (tiny x scaled first).
fn over_pi(x: f64) -> Dd {
    if x.abs() < 1e-290 {
        let s = 2f64.powi(100);
        let d = dd_mul(Dd(x * s, 0.0), INV_PI);
        return Dd(d.0 / s, 0.0);
    }
    dd_mul(Dd(x, 0.0), INV_PI)
}

// ------------------------------------------------------------------ references

/// (m, e) with |x| = m * 2^e and m in [1, 2), for a finite nonzero x (subnormals too).
fn frexp1(x: f64) -> (f64, i32) {
    let a = x.abs();
    if a < f64::MIN_POSITIVE {
        let (m, e) = frexp1(a * 2f64.powi(600));
        return (m, e - 600);
    }
    let e = (a.to_bits() >> 52) as i32 - 1023;
    (
        f64::from_bits((a.to_bits() & ((1u64 << 52) - 1)) | (1023u64 << 52)),
        e,
    )
}

/// x * 2^n rounded once (IEEE multiplications by powers of two, exact until the last).
fn ldexp_ref(x: f64, n: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let (m, e) = frexp1(x);
    let t = e as i64 + n as i64;
    let m = m.copysign(x);
    if t > 1023 {
        return f64::INFINITY.copysign(x);
    }
    if t >= -1022 {
        return m * pow2(t as i32);
    }
    if t < -1100 {
        return 0.0f64.copysign(x);
    }
    m * pow2(t as i32 + 1000) * pow2(-1000)
}

/// log(1 + f) for a double-double f in [-0.3, 0.5]: 2 atanh(u) with u = f / (2 + f) in
/// double-double and the series tail u^3/3 + u^5/5 + ... (at most 1.5% of the result) in
/// double: relative error near 2^-59.
fn log1p_small_dd(f: Dd) -> Dd {
    // d = 2 + f, then u = f / d with its remainder (exact by fma).
    let dh = 2.0 + f.0;
    let dl = f.0 - (dh - 2.0) + f.1;
    let uh = f.0 / dh;
    let rem = (-uh).mul_add(dh, f.0) + f.1 - uh * dl;
    let ul = rem / dh;
    let z = uh * uh;
    let mut s = 0.0;
    for k in (1..=20).rev() {
        s = s * z + 1.0 / (2 * k + 1) as f64;
    }
    let tail = uh * z * s;
    let hi = 2.0 * uh;
    let lo = 2.0 * (ul + tail);
    let t = hi + lo;
    Dd(t, lo - (t - hi))
}

/// log1p in double-double: the small-argument series directly, else 1 + x = a + b
/// exactly, a = 2^k m with m in [0.75, 1.5), log = k ln 2 + log1p(m - 1 + b 2^-k).
fn log1p_ref(x: f64) -> Dd {
    if x.is_nan() || x < -1.0 {
        return Dd(f64::NAN, 0.0);
    }
    if x == -1.0 {
        return Dd(f64::NEG_INFINITY, 0.0);
    }
    if x.is_infinite() || x == 0.0 {
        return Dd(x, 0.0);
    }
    if (-0.3..=0.5).contains(&x) {
        return log1p_small_dd(Dd(x, 0.0));
    }
    let a = 1.0 + x;
    let b = if x.abs() > 1.0 {
        1.0 - (a - x)
    } else {
        x - (a - 1.0)
    };
    let (mut m, mut k) = frexp1(a);
    if m >= 1.5 {
        m *= 0.5;
        k += 1;
    }
    let f = Dd(m - 1.0, b * pow2(-k));
    let l = log1p_small_dd(f);
    let kl = dd_mul(
        Dd(k as f64, 0.0),
        Dd(std::f64::consts::LN_2, 2.319_046_813_846_299_6e-17),
    );
    let hi = kl.0 + l.0;
    let lo = if kl.0.abs() >= l.0.abs() {
        l.0 - (hi - kl.0)
    } else {
        kl.0 - (hi - l.0)
    };
    let lo = lo + kl.1 + l.1;
    Dd(hi + lo, lo - ((hi + lo) - hi))
}

/// 1/sqrt(x): y = 1/sqrt(x) refined by y * (1 - x y^2) / 2, the residual exact by fma.
fn rsqrt_ref(x: f64) -> Dd {
    if x.is_nan() || x < 0.0 {
        return Dd(f64::NAN, 0.0);
    }
    if x == 0.0 {
        return Dd(f64::INFINITY.copysign(x), 0.0);
    }
    if x.is_infinite() {
        return Dd(0.0, 0.0);
    }
    // x = m 4^k with m in [1, 4).
    let (m, e) = frexp1(x);
    let (m, k) = if e.rem_euclid(2) != 0 {
        (2.0 * m, (e - 1).div_euclid(2))
    } else {
        (m, e.div_euclid(2))
    };
    let y = 1.0 / m.sqrt();
    let y2 = two_prod(y, y);
    let r = m.mul_add(y2.0, -1.0) + m * y2.1; // m y^2 - 1
    let s = pow2(-k);
    Dd(y * s, -0.5 * y * r * s)
}

/// cbrt: glibc's value refined by one Newton step with the residual y^3 - x exact by fma.
fn cbrt_ref(x: f64) -> Dd {
    if !x.is_finite() || x == 0.0 {
        return Dd(x.cbrt(), 0.0);
    }
    // x = m 8^k with |m| in [1, 8).
    let (m, e) = frexp1(x);
    let k = e.div_euclid(3);
    let m = (m * pow2(e - 3 * k)).copysign(x);
    let y = m.cbrt();
    let y2 = two_prod(y, y);
    let y3 = two_prod(y2.0, y);
    let r = (y3.0 - m) + y3.1 + y2.1 * y; // y^3 - m
    let s = pow2(k);
    Dd(y * s, -r / (3.0 * y * y) * s)
}

/// rootn: glibc's |x|^(1/n) refined by one Newton step whose residual y^|n| * x^(+-1) - 1
/// is computed in double-double with separate exponents.
fn rootn_ref(x: f64, n: i32) -> Dd {
    if n == 0 || x.is_nan() || (x < 0.0 && n % 2 == 0) {
        return Dd(f64::NAN, 0.0);
    }
    if x == 0.0 {
        let z = if n < 0 { f64::INFINITY } else { 0.0 };
        return Dd(if n % 2 != 0 { z.copysign(x) } else { z }, 0.0);
    }
    if x.is_infinite() {
        let z = if n < 0 { 0.0 } else { f64::INFINITY };
        return Dd(z.copysign(x), 0.0);
    }
    let ax = x.abs();
    let y = ax.powf(1.0 / n as f64);
    if y == 0.0 || y.is_infinite() || !(1e-300..=1e300).contains(&y) {
        return Dd(y.copysign(x), 0.0);
    }
    // y = my 2^ey and ax = mx 2^ex with mantissas in [1, 2).
    let (my, ey) = frexp1(y);
    let (mx, ex) = frexp1(ax);
    let k = n.unsigned_abs();
    let mut p = Dd(1.0, 0.0);
    for _ in 0..k {
        p = dd_mul(p, Dd(my, 0.0));
    }
    // r = y^|n| * ax^(-sign n) as p * (mx or 1/mx) * 2^(ey |n| -+ ex).
    let e = if n > 0 {
        ey * k as i32 - ex
    } else {
        ey * k as i32 + ex
    };
    let q = if n > 0 {
        let q0 = p.0 / mx;
        let res = (-q0).mul_add(mx, p.0) + p.1;
        Dd(q0, res / mx)
    } else {
        dd_mul(p, Dd(mx, 0.0))
    };
    // r - 1 with r = q * 2^e (e is small: y is within a few ulp of the root).
    let s = pow2(e);
    let r1 = (q.0 * s - 1.0) + q.1 * s;
    let d = -y * r1 / k as f64;
    if x < 0.0 {
        Dd(-y, -d)
    } else {
        Dd(y, d)
    }
}

/// sin(pi x) with exact reduction modulo 2 and pi*r in double-double.
fn sinpi_ref(x: f64) -> Dd {
    if !x.is_finite() {
        return Dd(f64::NAN, 0.0);
    }
    let r = x % 2.0;
    if r % 1.0 == 0.0 {
        return Dd(0.0f64.copysign(x), 0.0);
    }
    // sin(pi r) = sin(pi (+-1 - r)) keeps the argument small where |r| is near 1.
    let r = if r > 0.5 {
        1.0 - r
    } else if r < -0.5 {
        -1.0 - r
    } else {
        r
    };
    let a = dd_mul(Dd(r, 0.0), PI_DD);
    Dd(a.0.sin(), a.1 * a.0.cos())
}

fn cospi_ref(x: f64) -> Dd {
    if !x.is_finite() {
        return Dd(f64::NAN, 0.0);
    }
    let r = x.abs() % 2.0;
    if r == 0.5 || r == 1.5 {
        return Dd(0.0, 0.0);
    }
    // cos(pi r) = -sin(pi (r - 1/2)).
    let s = sinpi_ref(r - 0.5);
    Dd(-s.0, -s.1)
}

fn tanpi_ref(x: f64) -> Dd {
    if !x.is_finite() {
        return Dd(f64::NAN, 0.0);
    }
    let r = x.abs() % 2.0;
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    match r {
        0.0 => return Dd(0.0f64.copysign(x), 0.0),
        1.0 => return Dd(0.0f64.copysign(-x), 0.0),
        0.5 => return Dd(f64::INFINITY.copysign(x), 0.0),
        1.5 => return Dd(f64::INFINITY.copysign(-x), 0.0),
        _ => {}
    }
    // tan has period 1: t = r - round(r) in [-1/2, 1/2].
    let t = r - r.round();
    let a = dd_mul(Dd(t, 0.0), PI_DD);
    let v = a.0.tan();
    Dd(sign * v, sign * a.1 * (1.0 + v * v))
}

/// log2 and log10 as glibc's ln times the double-double 1/ln 2 or 1/ln 10.
fn log_base_ref(x: f64, inv: Dd) -> Dd {
    let l = x.ln();
    if !l.is_finite() || l == 0.0 {
        return Dd(l, 0.0);
    }
    dd_mul(Dd(l, 0.0), inv)
}

fn nextafter_ref(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == y {
        return y;
    }
    if x == 0.0 {
        return f64::from_bits(1).copysign(y - x);
    }
    let b = x.to_bits();
    f64::from_bits(if (y > x) == (x > 0.0) { b + 1 } else { b - 1 })
}

fn ilogb_ref(x: f64) -> i32 {
    if x == 0.0 {
        i32::MIN
    } else if !x.is_finite() {
        i32::MAX
    } else {
        frexp1(x).1
    }
}

fn logb_ref(x: f64) -> f64 {
    if x == 0.0 {
        f64::NEG_INFINITY
    } else if x.is_infinite() {
        f64::INFINITY
    } else if x.is_nan() {
        x
    } else {
        ilogb_ref(x) as f64
    }
}

/// The rows of an mpmath reference file under tests/data: x, then double-doubles.
fn mpmath_rows(name: &str) -> Vec<(f64, Vec<Dd>)> {
    let path = root().join("tests/data").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<f64> = l
                .split_whitespace()
                .map(|h| f64::from_bits(u64::from_str_radix(h, 16).unwrap()))
                .collect();
            (w[0], w[1..].chunks(2).map(|c| Dd(c[0], c[1])).collect())
        })
        .collect()
}

/// (x, [sin, cos, tan]) from tests/data/f64_trig_huge.txt, repeated to whole work-groups
/// (the file has 312 rows).
fn huge_trig_refs() -> Vec<(f64, Vec<Dd>)> {
    mpmath_rows("f64_trig_huge.txt")
        .into_iter()
        .cycle()
        .take(64 * 5)
        .collect()
}

// ------------------------------------------------------------------ the table

type Ref = fn(f64, f64, f64) -> Dd;

fn plain(v: f64) -> Dd {
    Dd(v, 0.0)
}

/// (name, signature, OpenCL 1.2 double limit in ulp, the reference's own error bound in
/// ulp, reference). A pass needs `measured <= limit - bound`.
fn double_table() -> Vec<(&'static str, Sig, f64, f64, Ref)> {
    use Sig::*;
    vec![
        ("divide", Divide, 0.0, 0.0, |x, y, _| plain(x / y)),
        ("sqrt", Double(1), 0.0, 0.0, |x, _, _| plain(x.sqrt())),
        ("fma", Double(3), 0.0, 0.0, |x, y, z| plain(x.mul_add(y, z))),
        ("rsqrt", Double(1), 2.0, 0.0, |x, _, _| rsqrt_ref(x)),
        ("cbrt", Double(1), 2.0, 0.0, |x, _, _| cbrt_ref(x)),
        ("exp", Double(1), 3.0, 1.0, |x, _, _| plain(x.exp())),
        ("exp2", Double(1), 3.0, 1.0, |x, _, _| plain(x.exp2())),
        ("exp10", Double(1), 3.0, 1.0, |x, _, _| plain(10f64.powf(x))),
        ("expm1", Double(1), 3.0, 1.0, |x, _, _| plain(x.exp_m1())),
        ("log", Double(1), 3.0, 1.0, |x, _, _| plain(x.ln())),
        ("log2", Double(1), 3.0, 1.0, |x, _, _| {
            log_base_ref(x, Dd(std::f64::consts::LOG2_E, 2.035_527_374_093_103_3e-17))
        }),
        ("log10", Double(1), 3.0, 1.0, |x, _, _| {
            log_base_ref(x, Dd(std::f64::consts::LOG10_E, 1.098_319_650_216_765e-17))
        }),
        ("log1p", Double(1), 2.0, 0.0, |x, _, _| log1p_ref(x)),
        ("pow", Double(2), 16.0, 1.0, |x, y, _| plain(pow_ref(x, y))),
        ("powr", Double(2), 16.0, 1.0, |x, y, _| {
            plain(powr_ref(x, y))
        }),
        ("sin", Double(1), 4.0, 1.0, |x, _, _| plain(x.sin())),
        ("cos", Double(1), 4.0, 1.0, |x, _, _| plain(x.cos())),
        ("tan", Double(1), 5.0, 1.0, |x, _, _| plain(x.tan())),
        ("sinpi", Double(1), 4.0, 1.0, |x, _, _| sinpi_ref(x)),
        ("cospi", Double(1), 4.0, 1.0, |x, _, _| cospi_ref(x)),
        ("tanpi", Double(1), 6.0, 1.0, |x, _, _| tanpi_ref(x)),
        ("asin", Double(1), 4.0, 1.0, |x, _, _| plain(x.asin())),
        ("acos", Double(1), 4.0, 1.0, |x, _, _| plain(x.acos())),
        ("atan", Double(1), 5.0, 1.0, |x, _, _| plain(x.atan())),
        ("atan2", Double(2), 6.0, 1.0, |y, x, _| plain(y.atan2(x))),
        ("asinpi", Double(1), 5.0, 1.0, |x, _, _| over_pi(x.asin())),
        ("acospi", Double(1), 5.0, 1.0, |x, _, _| over_pi(x.acos())),
        ("atanpi", Double(1), 5.0, 1.0, |x, _, _| over_pi(x.atan())),
        ("atan2pi", Double(2), 6.0, 1.0, |y, x, _| {
            over_pi(y.atan2(x))
        }),
        ("sinh", Double(1), 4.0, 2.0, |x, _, _| plain(x.sinh())),
        ("cosh", Double(1), 4.0, 2.0, |x, _, _| plain(x.cosh())),
        ("tanh", Double(1), 5.0, 2.0, |x, _, _| plain(x.tanh())),
        ("asinh", Double(1), 4.0, 2.0, |x, _, _| {
            plain(glibc(asinh, x))
        }),
        ("acosh", Double(1), 4.0, 2.0, |x, _, _| {
            plain(glibc(acosh, x))
        }),
        ("atanh", Double(1), 5.0, 2.0, |x, _, _| {
            plain(glibc(atanh, x))
        }),
        ("hypot", Double(2), 4.0, 1.0, |x, y, _| plain(x.hypot(y))),
        ("fmod", Double(2), 0.0, 0.0, |x, y, _| plain(x % y)),
        ("remainder", Double(2), 0.0, 0.0, |x, y, _| {
            plain(remainder_ref(x, y))
        }),
        ("round", Double(1), 0.0, 0.0, |x, _, _| plain(x.round())),
        ("copysign", Double(2), 0.0, 0.0, |x, y, _| {
            plain(x.copysign(y))
        }),
        ("fdim", Double(2), 0.0, 0.0, |x, y, _| plain(fdim_ref(x, y))),
        ("maxmag", Double(2), 0.0, 0.0, |x, y, _| {
            plain(maxmag_ref(x, y))
        }),
        ("minmag", Double(2), 0.0, 0.0, |x, y, _| {
            plain(minmag_ref(x, y))
        }),
        ("nextafter", Double(2), 0.0, 0.0, |x, y, _| {
            plain(nextafter_ref(x, y))
        }),
        ("logb", Double(1), 0.0, 0.0, |x, _, _| plain(logb_ref(x))),
    ]
}

const N: usize = 40_000;

/// The worst error of one function and the operands where it occurs.
struct Worst {
    err: f64,
    at: [f64; 3],
    n: i32,
    got: f64,
    want: Dd,
}

fn worst(got: &[u64], ops: &[Vec<f64>; 3], ns: &[i32], reference: impl Fn(usize) -> Dd) -> Worst {
    let mut w = Worst {
        err: 0.0,
        at: [0.0; 3],
        n: 0,
        got: 0.0,
        want: Dd(0.0, 0.0),
    };
    for (i, &g) in got.iter().enumerate() {
        let g = f64::from_bits(g);
        let want = reference(i);
        let e = ulp_error(g, want);
        if e > w.err || e.is_nan() {
            w = Worst {
                err: e,
                at: [ops[0][i], ops[1][i], ops[2][i]],
                n: ns[i],
                got: g,
                want,
            };
        }
    }
    w
}

/// Prints one function's worst error; a message where it exceeds `limit - bound`.
fn judge(name: &str, limit: f64, bound: f64, w: Worst) -> Option<String> {
    let allowed = (limit - bound).max(0.0);
    println!(
        "{name:>10}: worst {:.3} ulp (limit {limit}, reference bound {bound}) at {:?} n={}: got {:e}, want {:e} + {:e}",
        w.err, w.at, w.n, w.got, w.want.0, w.want.1
    );
    (w.err > allowed || w.err.is_nan()).then(|| {
        format!(
            "{name}: {:.3} ulp > {allowed} at {:?} (n = {}): got {:e}, want {:e} + {:e}",
            w.err, w.at, w.n, w.got, w.want.0, w.want.1
        )
    })
}

/// True when the Vulkan device runs double kernels; false (with a message) where it
/// lacks shaderFloat64.
fn vulkan_has_doubles(dir: &Path) -> bool {
    let one = [vec![1.0; 64], vec![1.0; 64], vec![1.0; 64]];
    match try_run(dir, "fabs", Sig::Double(1), &one, &[0; 64]) {
        Ok(_) => true,
        Err(e) if e.contains("shaderFloat64") || e.contains("Float64") => {
            eprintln!("skipping: the Vulkan device has no shaderFloat64:\n{e}");
            false
        }
        Err(e) => panic!("a double kernel does not run on Vulkan:\n{e}"),
    }
}

/// Measures every function; returns the failures as messages.
fn check_all(n: usize) -> Vec<String> {
    let dir = scratch("vulkan-math-ulp-f64");
    if !vulkan_has_doubles(&dir) {
        return Vec::new();
    }
    let ops = [
        inputs(n, 0x9e37),
        shuffled(inputs(n, 0x51ed), 7),
        shuffled(inputs(n, 0x2545), 13),
    ];
    let mut r = Rng(5);
    let small_ns: Vec<i32> = (0..n).map(|_| (r.next() % 41) as i32 - 20).collect();
    let wide_ns: Vec<i32> = (0..n)
        .map(|i| match i % 4 {
            0 => (r.next() % 4401) as i32 - 2200,
            1 => r.next() as i32,
            _ => (r.next() % 41) as i32 - 20,
        })
        .collect();
    let mut failures = Vec::new();
    let mut report = |name: &str, limit: f64, bound: f64, w: Worst| {
        failures.extend(judge(name, limit, bound, w))
    };
    for (name, sig, limit, bound, f) in double_table() {
        let got = run_kernel(&dir, name, sig, &ops, &small_ns);
        let w = worst(&got, &ops, &small_ns, |i| {
            f(ops[0][i], ops[1][i], ops[2][i])
        });
        report(name, limit, bound, w);
    }
    // pow and powr on moderate operands too, where results are mostly finite.
    let mut r = Rng(77);
    let xs: Vec<f64> = (0..n).map(|_| r.uniform(0.0, 20.0)).collect();
    let ys: Vec<f64> = (0..n).map(|_| r.uniform(-200.0, 200.0)).collect();
    let moderate = [xs.clone(), ys.clone(), ys.clone()];
    for name in ["pow", "powr"] {
        let got = run_kernel(&dir, name, Sig::Double(2), &moderate, &small_ns);
        let w = worst(&got, &moderate, &small_ns, |i| plain(xs[i].powf(ys[i])));
        report(&format!("{name}(mod)"), 16.0, 1.0, w);
    }
    // Inverse trig and inverse hyperbolic functions inside their domains.
    let dom: Vec<f64> = (0..n).map(|_| r.uniform(-1.0, 1.0)).collect();
    let dom_ops = [dom.clone(), dom.clone(), dom.clone()];
    type DomRef = fn(f64) -> Dd;
    let dom_table: [(&str, f64, f64, DomRef); 5] = [
        ("asin", 4.0, 1.0, |x| plain(x.asin())),
        ("acos", 4.0, 1.0, |x| plain(x.acos())),
        ("asinpi", 5.0, 1.0, |x| over_pi(x.asin())),
        ("acospi", 5.0, 1.0, |x| over_pi(x.acos())),
        ("atanh", 5.0, 2.0, |x| plain(glibc(atanh, x))),
    ];
    for (name, limit, bound, f) in dom_table {
        let got = run_kernel(&dir, name, Sig::Double(1), &dom_ops, &small_ns);
        let w = worst(&got, &dom_ops, &small_ns, |i| f(dom[i]));
        report(&format!("{name}(dom)"), limit, bound, w);
    }
    // Huge trig arguments against mpmath.
    let huge = huge_trig_refs();
    let hx: Vec<f64> = huge.iter().map(|r| r.0).collect();
    let huge_ops = [hx.clone(), hx.clone(), hx.clone()];
    let zeros = vec![0; hx.len()];
    for (k, (name, limit)) in [("sin", 4.0), ("cos", 4.0), ("tan", 5.0)]
        .into_iter()
        .enumerate()
    {
        let got = run_kernel(&dir, name, Sig::Double(1), &huge_ops, &zeros);
        let w = worst(&got, &huge_ops, &zeros, |i| huge[i].1[k]);
        report(&format!("{name}(huge)"), limit, 0.0, w);
    }
    // erf, erfc, tgamma and lgamma against mpmath (640 rows). lgamma has no limit in
    // OpenCL 1.2: held to 16 ulp away from its zeros (where |lgamma| < 0.5 the absolute
    // error is what counts: skipped), like the float test.
    let special = mpmath_rows("f64_special.txt");
    let sx: Vec<f64> = special.iter().map(|r| r.0).collect();
    let special_ops = [sx.clone(), sx.clone(), sx.clone()];
    let zeros = vec![0; sx.len()];
    for (k, name) in ["erf", "erfc", "tgamma", "lgamma"].into_iter().enumerate() {
        let got = run_kernel(&dir, name, Sig::Double(1), &special_ops, &zeros);
        let w = worst(&got, &special_ops, &zeros, |i| {
            let want = special[i].1[k];
            if name == "lgamma" && want.0.abs() < 0.5 {
                Dd(f64::from_bits(got[i]), 0.0)
            } else {
                want
            }
        });
        report(name, 16.0, 0.0, w);
    }
    let x = &ops[0];
    type IntRef = fn(f64, i32) -> Dd;
    let int_table: [(&str, f64, f64, &Vec<i32>, IntRef); 3] = [
        ("pown", 16.0, 1.0, &small_ns, |x, n| plain(x.powf(n as f64))),
        ("rootn", 16.0, 0.0, &small_ns, rootn_ref),
        ("ldexp", 0.0, 0.0, &wide_ns, |x, n| plain(ldexp_ref(x, n))),
    ];
    for (name, limit, bound, ns, f) in int_table {
        let got = run_kernel(&dir, name, Sig::DoubleInt, &ops, ns);
        let w = worst(&got, &ops, ns, |i| f(x[i], ns[i]));
        report(name, limit, bound, w);
    }
    let got = run_kernel(&dir, "ilogb", Sig::DoubleToInt, &ops, &small_ns);
    let wrong = got.iter().zip(x).find(|(&g, &x)| g as i32 != ilogb_ref(x));
    match wrong {
        Some((&g, x)) => failures.push(format!(
            "ilogb({x:e}) = {}, want {}",
            g as i32,
            ilogb_ref(*x)
        )),
        None => println!("     ilogb: exact"),
    }
    failures
}

#[test]
fn double_builtins_on_vulkan_meet_opencl_limits() {
    if !require_vulkan() {
        return;
    }
    let failures = check_all(N);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
