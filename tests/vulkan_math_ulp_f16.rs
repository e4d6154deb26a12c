//! Accuracy of the half-precision math built-ins (and of half division) on Vulkan
//! (lavapipe), where they come from oclc's built-in library (`lower/src/library/cl/half.cl`:
//! each computes in float and rounds once to half). For each function a generated kernel
//! over `half2` operands runs through `oclc run --device vulkan`: one-operand functions
//! over every one of the 65536 half bit patterns (NaNs, infinities, subnormals included),
//! the others over every pattern paired with shuffled patterns (and, for the powers, over
//! moderate operands where results are mostly finite). The worst error in half ulp against
//! a double-precision reference is checked against the full-profile limits of the
//! cl_khr_fp16 table "ULP Values for Half Precision Floating-Point Arithmetic Operations"
//! (correctly rounded: 0.5 ulp; exact: 0). A half ulp is 2^-10 relative, so the f64
//! references (Rust's f64 functions, glibc) are exact for this purpose except where noted
//! (their error is below 1e-9 half ulp).
//!
//! Run with `--nocapture` to see each function's measured worst error.

mod common;

use std::f64::consts::PI;
use std::path::Path;

use common::math_inputs::*;
use common::math_refs::*;
use common::*;

// ------------------------------------------------------------------ half numbers

/// The exact value of the half with bits `h`.
fn h2f(h: u16) -> f64 {
    let sign = if h >> 15 == 1 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    let v = match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    };
    v.copysign(sign)
}

/// `x` rounded to the nearest half (ties to even), as an f64.
fn round_half(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let a = x.abs();
    // Below 65520 the value rounds to a finite half; from there on to infinity.
    if a >= 65520.0 {
        return f64::INFINITY.copysign(x);
    }
    let spacing = ulp_half(a);
    ((a / spacing).round_ties_even() * spacing).copysign(x)
}

/// The spacing of halves at `r` (the subnormal spacing below the normal range).
fn ulp_half(r: f64) -> f64 {
    let a = r.abs();
    if a < 2f64.powi(-14) {
        return 2f64.powi(-24);
    }
    let e = ((a.to_bits() >> 52) as i32 - 1023).min(15);
    2f64.powi(e - 10)
}

/// The error of `got` against the exact `reference`, in half ulp of the reference; a wrong
/// NaN, infinity or sign of zero counts as infinite.
fn ulp_error(got: f64, reference: f64) -> f64 {
    if reference.is_nan() || got.is_nan() {
        return if reference.is_nan() && got.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if reference == 0.0 && got == 0.0 {
        return if reference.is_sign_negative() == got.is_sign_negative() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let rounded = round_half(reference);
    if got.is_infinite() || rounded.is_infinite() {
        if got == rounded {
            return 0.0;
        }
        // An infinity for a result just above the largest half counts as the next half
        // up, 65536 (as OpenCL's conformance tests do).
        if got.is_infinite() && got.signum() == reference.signum() {
            return (65536.0 - reference.abs()) / 32.0;
        }
        if got.is_infinite() {
            return f64::INFINITY;
        }
    }
    (got - reference).abs() / ulp_half(reference)
}

// ------------------------------------------------------------------ running kernels

/// How a built-in is called.
#[derive(Clone, Copy, PartialEq)]
enum Sig {
    /// half f(half), half f(half, half), half f(half, half, half).
    Half(usize),
    /// half f(half, int).
    HalfInt,
    /// int f(half).
    HalfToInt,
    /// The division operator.
    Div,
    /// short f(half) of a relational function (-1/0 on vectors).
    Relational,
}

/// The test kernel: `out[i] = F(a[i], ...)` on `half2` lanes.
fn kernel_source(name: &str, sig: Sig) -> String {
    let (call, out_ty) = match sig {
        Sig::Half(1) => (format!("{name}(a[i])"), "half2"),
        Sig::Half(2) => (format!("{name}(a[i], b[i])"), "half2"),
        Sig::Half(_) => (format!("{name}(a[i], b[i], c[i])"), "half2"),
        Sig::HalfInt => (format!("{name}(a[i], n[i])"), "half2"),
        Sig::HalfToInt => (format!("{name}(a[i])"), "int2"),
        Sig::Div => ("a[i] / b[i]".to_string(), "half2"),
        Sig::Relational => (format!("{name}(a[i])"), "short2"),
    };
    format!(
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half2 *a, __global const half2 *b, __global const half2 *c,
                __global const int2 *n, __global {out_ty} *out)
{{
    int i = get_global_id(0);
    out[i] = {call};
}}
"
    )
}

/// Runs `name` over the operands (half bits) on Vulkan; returns the raw result words
/// (half bits, or ints for `HalfToInt`).
fn run_kernel(dir: &Path, name: &str, sig: Sig, ops: &[Vec<u16>; 3], ns: &[i32]) -> Vec<u32> {
    let len = ops[0].len();
    std::fs::write(dir.join("k.cl"), kernel_source(name, sig)).unwrap();
    for (k, v) in ops.iter().enumerate() {
        std::fs::write(
            dir.join(format!("in{k}.bin")),
            le_bytes(v, u16::to_le_bytes),
        )
        .unwrap();
    }
    std::fs::write(dir.join("n.bin"), le_bytes(ns, i32::to_le_bytes)).unwrap();
    let out_ty = match sig {
        Sig::HalfToInt => "i32x2",
        Sig::Relational => "i16x2",
        _ => "f16x2",
    };
    let pairs = len / 2;
    let global = pairs.to_string();
    let specs = [
        format!("f16x2[{pairs}]=file:in0.bin"),
        format!("f16x2[{pairs}]=file:in1.bin"),
        format!("f16x2[{pairs}]=file:in2.bin"),
        format!("i32x2[{pairs}]=file:n.bin"),
        format!("{out_ty}[{pairs}]=zeros"),
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
    assert!(
        out.status.success(),
        "oclc run of {name} on vulkan failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(dir.join("out/arg4.bin")).unwrap();
    if sig == Sig::HalfToInt {
        bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    } else {
        bytes
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]) as u32)
            .collect()
    }
}

// ------------------------------------------------------------------ references

/// The next half after x toward y.
fn nextafter_ref(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == y {
        return y;
    }
    let up = y > x;
    if x.is_infinite() {
        return 65504f64.copysign(x);
    }
    // Halves are exact in f64: step by the spacing on the side the move goes to.
    let step = if x == 0.0 {
        2f64.powi(-24)
    } else {
        let a = x.abs();
        let toward_zero = up != (x > 0.0);
        // Moving toward zero from a power of two above the subnormals steps by the finer
        // spacing below it.
        if toward_zero && a > 2f64.powi(-14) && a == 2f64.powi(a.log2().floor() as i32) {
            ulp_half(a) / 2.0
        } else {
            ulp_half(a)
        }
    };
    let r = if up { x + step } else { x - step };
    if r == 0.0 {
        // Stepping from the smallest subnormal to zero keeps x's sign (as C's nextafter).
        0f64.copysign(x)
    } else if r.abs() > 65504.0 {
        f64::INFINITY.copysign(r)
    } else {
        r
    }
}

fn div_ref(x: f64, y: f64) -> f64 {
    // Exact enough: the f64 quotient of two halves is within 2^-53 relative, and a
    // quotient of halves is never that close to a half midpoint without being on it.
    x / y
}

// ------------------------------------------------------------------ the table

type Ref = fn(f64, f64, f64) -> f64;

/// The limit for correctly rounded functions: half an ulp, plus the f64 reference's own
/// rounding (at most 2^-42 half ulp).
const CR: f64 = 0.500_001;

/// (name, signature, cl_khr_fp16 full-profile limit in ulp, reference).
fn half_table() -> Vec<(&'static str, Sig, f64, Ref)> {
    use Sig::*;
    vec![
        ("div", Div, CR, |x, y, _| div_ref(x, y)),
        ("sqrt", Half(1), CR, |x, _, _| x.sqrt()),
        ("rsqrt", Half(1), 1.0, |x, _, _| 1.0 / x.sqrt()),
        ("fma", Half(3), CR, |x, y, z| x.mul_add(y, z)),
        ("exp", Half(1), 2.0, |x, _, _| x.exp()),
        ("exp2", Half(1), 2.0, |x, _, _| x.exp2()),
        ("exp10", Half(1), 2.0, |x, _, _| 10f64.powf(x)),
        ("expm1", Half(1), 2.0, |x, _, _| x.exp_m1()),
        ("log", Half(1), 2.0, |x, _, _| x.ln()),
        ("log2", Half(1), 2.0, |x, _, _| x.log2()),
        ("log10", Half(1), 2.0, |x, _, _| x.log10()),
        ("log1p", Half(1), 2.0, |x, _, _| x.ln_1p()),
        ("pow", Half(2), 4.0, |x, y, _| pow_ref(x, y)),
        ("powr", Half(2), 4.0, |x, y, _| powr_ref(x, y)),
        ("sin", Half(1), 2.0, |x, _, _| x.sin()),
        ("cos", Half(1), 2.0, |x, _, _| x.cos()),
        ("tan", Half(1), 2.0, |x, _, _| x.tan()),
        ("sinpi", Half(1), 2.0, |x, _, _| sinpi_ref(x)),
        ("cospi", Half(1), 2.0, |x, _, _| cospi_ref(x)),
        ("tanpi", Half(1), 2.0, |x, _, _| tanpi_ref(x)),
        ("asin", Half(1), 2.0, |x, _, _| x.asin()),
        ("acos", Half(1), 2.0, |x, _, _| x.acos()),
        ("atan", Half(1), 2.0, |x, _, _| x.atan()),
        ("atan2", Half(2), 2.0, |y, x, _| y.atan2(x)),
        ("asinpi", Half(1), 2.0, |x, _, _| x.asin() / PI),
        ("acospi", Half(1), 2.0, |x, _, _| x.acos() / PI),
        ("atanpi", Half(1), 2.0, |x, _, _| x.atan() / PI),
        ("atan2pi", Half(2), 2.0, |y, x, _| y.atan2(x) / PI),
        ("sinh", Half(1), 2.0, |x, _, _| x.sinh()),
        ("cosh", Half(1), 2.0, |x, _, _| x.cosh()),
        ("tanh", Half(1), 2.0, |x, _, _| x.tanh()),
        ("asinh", Half(1), 2.0, |x, _, _| x.asinh()),
        ("acosh", Half(1), 2.0, |x, _, _| x.acosh()),
        ("atanh", Half(1), 2.0, |x, _, _| x.atanh()),
        ("cbrt", Half(1), 2.0, |x, _, _| x.cbrt()),
        ("hypot", Half(2), 2.0, |x, y, _| x.hypot(y)),
        ("fmod", Half(2), 0.0, |x, y, _| x % y),
        ("remainder", Half(2), 0.0, |x, y, _| remainder_ref(x, y)),
        ("round", Half(1), 0.0, |x, _, _| x.round()),
        ("copysign", Half(2), 0.0, |x, y, _| x.copysign(y)),
        ("fdim", Half(2), CR, |x, y, _| fdim_ref(x, y)),
        ("maxmag", Half(2), 0.0, |x, y, _| maxmag_ref(x, y)),
        ("minmag", Half(2), 0.0, |x, y, _| minmag_ref(x, y)),
        ("nextafter", Half(2), 0.0, |x, y, _| nextafter_ref(x, y)),
        ("logb", Half(1), 0.0, |x, _, _| logb_ref(x)),
        ("erf", Half(1), 4.0, |x, _, _| erf_ref(x)),
        ("erfc", Half(1), 4.0, |x, _, _| erfc_ref(x)),
        ("tgamma", Half(1), 4.0, |x, _, _| tgamma_ref(x)),
    ]
}

/// The worst error of one function and where it occurs.
struct Worst {
    err: f64,
    at: [f64; 3],
    n: i32,
    got: f64,
    want: f64,
}

fn worst(got: &[u32], ops: &[Vec<u16>; 3], ns: &[i32], reference: impl Fn(usize) -> f64) -> Worst {
    let mut w = Worst {
        err: 0.0,
        at: [0.0; 3],
        n: 0,
        got: 0.0,
        want: 0.0,
    };
    for (i, &g) in got.iter().enumerate() {
        let g = h2f(g as u16);
        let want = reference(i);
        let e = ulp_error(g, want);
        if e > w.err || e.is_nan() {
            w = Worst {
                err: e,
                at: [h2f(ops[0][i]), h2f(ops[1][i]), h2f(ops[2][i])],
                n: ns[i],
                got: g,
                want,
            };
        }
    }
    w
}

/// Prints one function's worst error; a message where it exceeds `limit`.
fn judge(name: &str, limit: f64, w: Worst) -> Option<String> {
    println!(
        "{name:>10}: worst {:.4} ulp (limit {limit}) at {:?} n={}: got {:e}, want {:e}",
        w.err, w.at, w.n, w.got, w.want
    );
    (w.err > limit || w.err.is_nan()).then(|| {
        format!(
            "{name}: {:.4} ulp > {limit} at {:?} (n = {}): got {:e}, want {:e}",
            w.err, w.at, w.n, w.got, w.want
        )
    })
}

/// Every half bit pattern, in a reproducible random order.
fn all_halves(seed: u64) -> Vec<u16> {
    shuffled((0..=u16::MAX).collect(), seed)
}

/// Halves with value uniform in [lo, hi).
fn uniform_halves(n: usize, lo: f64, hi: f64, r: &mut Rng) -> Vec<u16> {
    (0..n)
        .map(|_| half_bits_of(round_half(r.uniform(lo, hi))))
        .collect()
}

/// The bits of the half equal to `v` (which must be a half, not a NaN).
fn half_bits_of(v: f64) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = v.abs();
    let bits = if a.is_infinite() {
        0x7c00
    } else if a < 2f64.powi(-14) {
        (a / 2f64.powi(-24)) as u16
    } else {
        let e = (a.to_bits() >> 52) as i32 - 1023;
        let m = ((a / 2f64.powi(e) - 1.0) * 1024.0) as u16;
        (((e + 15) as u16) << 10) | m
    };
    assert_eq!(h2f(sign | bits), v, "{v} is not a half");
    sign | bits
}

/// copysign on the bits: x's magnitude and y's sign bit, a NaN y's sign included (the ulp
/// judging takes every NaN as equal); the first mismatch as a message.
fn copysign_bit_errors(got: &[u32], ops: &[Vec<u16>; 3]) -> Option<String> {
    let (x, y) = (&ops[0], &ops[1]);
    (0..got.len()).find_map(|i| {
        let want = (x[i] & 0x7fff) | (y[i] & 0x8000);
        (got[i] as u16 != want).then(|| {
            format!(
                "copysign({:#06x}, {:#06x}) = {:#06x}, want {want:#06x}",
                x[i], y[i], got[i] as u16
            )
        })
    })
}

/// Measures every function; returns the failures as messages.
fn check_all() -> Vec<String> {
    let dir = scratch("vulkan-math-ulp-f16");
    let ops = [
        (0..=u16::MAX).collect::<Vec<u16>>(),
        all_halves(7),
        all_halves(13),
    ];
    let n = ops[0].len();
    let mut r = Rng(5);
    let small_ns: Vec<i32> = (0..n).map(|_| (r.next() % 41) as i32 - 20).collect();
    let wide_ns: Vec<i32> = (0..n)
        .map(|i| match i % 4 {
            0 => (r.next() % 81) as i32 - 40,
            1 => r.next() as i32,
            _ => (r.next() % 41) as i32 - 20,
        })
        .collect();
    let mut failures = Vec::new();
    let mut copysign_failure = None;
    let mut report = |name: &str, limit: f64, w: Worst| failures.extend(judge(name, limit, w));
    let value = |ops: &[Vec<u16>; 3], k: usize, i: usize| h2f(ops[k][i]);
    for (name, sig, limit, f) in half_table() {
        let got = run_kernel(&dir, name, sig, &ops, &small_ns);
        let w = worst(&got, &ops, &small_ns, |i| {
            f(value(&ops, 0, i), value(&ops, 1, i), value(&ops, 2, i))
        });
        report(name, limit, w);
        if name == "copysign" {
            copysign_failure = copysign_bit_errors(&got, &ops);
        }
    }
    // Powers, fma and division on moderate operands too, where results are mostly finite
    // and inexact.
    let mut r = Rng(77);
    let moderate = [
        uniform_halves(n, 0.0, 8.0, &mut r),
        uniform_halves(n, -12.0, 12.0, &mut r),
        uniform_halves(n, -30.0, 30.0, &mut r),
    ];
    for (name, sig, limit, f) in half_table() {
        if !["pow", "powr", "fma", "div", "hypot", "atan2"].contains(&name) {
            continue;
        }
        let got = run_kernel(&dir, name, sig, &moderate, &small_ns);
        let w = worst(&got, &moderate, &small_ns, |i| {
            f(
                value(&moderate, 0, i),
                value(&moderate, 1, i),
                value(&moderate, 2, i),
            )
        });
        report(&format!("{name}(mod)"), limit, w);
    }
    type IntRef = fn(f64, i32) -> f64;
    type IntCase<'a> = (&'a str, f64, &'a Vec<i32>, &'a [Vec<u16>; 3], IntRef);
    let int_table: [IntCase; 4] = [
        ("pown", 4.0, &small_ns, &ops, |x, n| x.powi(n)),
        ("pown", 4.0, &small_ns, &moderate, |x, n| x.powi(n)),
        ("rootn", 4.0, &small_ns, &ops, rootn_ref),
        ("ldexp", CR, &wide_ns, &ops, |x, n| {
            x * 2f64.powi(n.clamp(-600, 600))
        }),
    ];
    for (name, limit, ns, ops, f) in int_table {
        let got = run_kernel(&dir, name, Sig::HalfInt, ops, ns);
        let w = worst(&got, ops, ns, |i| f(value(ops, 0, i), ns[i]));
        report(name, limit, w);
    }
    let got = run_kernel(&dir, "ilogb", Sig::HalfToInt, &ops, &small_ns);
    let wrong = got
        .iter()
        .zip(&ops[0])
        .find(|(&g, &x)| g as i32 != ilogb_ref(h2f(x)));
    match wrong {
        Some((&g, &x)) => failures.push(format!(
            "ilogb({:e}) = {}, want {}",
            h2f(x),
            g as i32,
            ilogb_ref(h2f(x))
        )),
        None => println!("     ilogb: exact"),
    }
    // Relational functions on half's own ranges (a half subnormal is a normal float).
    type Pred = fn(u16) -> bool;
    let relational: [(&str, Pred); 5] = [
        ("isnan", |h| h & 0x7fff > 0x7c00),
        ("isinf", |h| h & 0x7fff == 0x7c00),
        ("isfinite", |h| h & 0x7fff < 0x7c00),
        ("isnormal", |h| (0x0400..0x7c00).contains(&(h & 0x7fff))),
        ("signbit", |h| h >> 15 == 1),
    ];
    for (name, pred) in relational {
        let got = run_kernel(&dir, name, Sig::Relational, &ops, &small_ns);
        let wrong = got.iter().zip(&ops[0]).find(|(&g, &x)| {
            let want = if pred(x) { 0xffff } else { 0 };
            g != want
        });
        match wrong {
            Some((&g, &x)) => failures.push(format!("{name}(half bits {x:#06x}) = {g:#06x}")),
            None => println!("{name:>10}: exact on every half"),
        }
    }
    failures.extend(copysign_failure);
    failures
}

#[test]
fn half_builtins_on_vulkan_meet_opencl_limits() {
    if !require_vulkan() {
        return;
    }
    let failures = check_all();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn half_reference_helpers_round_and_step_correctly() {
    // Hand-checked: 1 + 2^-11 is a tie between 1 and 1 + 2^-10 (even: 1); 65519 rounds
    // down to 65504, 65520 up to infinity; the half after 1 is 1 + 2^-10, before 1 is
    // 1 - 2^-11; the smallest subnormal is 2^-24.
    assert_eq!(round_half(1.0 + 2f64.powi(-11)), 1.0);
    assert_eq!(
        round_half(1.0 + 3.0 * 2f64.powi(-11)),
        1.0 + 2.0 * 2f64.powi(-10)
    );
    assert_eq!(round_half(65519.0), 65504.0);
    assert_eq!(round_half(65520.0), f64::INFINITY);
    assert_eq!(nextafter_ref(1.0, 2.0), 1.0 + 2f64.powi(-10));
    assert_eq!(nextafter_ref(1.0, 0.0), 1.0 - 2f64.powi(-11));
    assert_eq!(nextafter_ref(0.0, -1.0), -(2f64.powi(-24)));
    assert_eq!(h2f(0x0001), 2f64.powi(-24));
    assert_eq!(h2f(0x7bff), 65504.0);
    assert_eq!(h2f(0x3c00), 1.0);
    assert_eq!(
        nextafter_ref(2f64.powi(-14), 0.0),
        2f64.powi(-14) - 2f64.powi(-24)
    );
    for h in (0..=u16::MAX).filter(|&h| !h2f(h).is_nan()) {
        assert_eq!(half_bits_of(h2f(h)), h);
    }
}
