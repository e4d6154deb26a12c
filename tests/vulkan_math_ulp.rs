//! Accuracy of the float math built-ins on Vulkan (lavapipe), where they come from oclc's
//! shared built-in library (`lower/src/library/cl/float*.cl`): for each function a generated
//! kernel runs through `oclc run --device vulkan` over ~100k inputs (special values,
//! random bit patterns, several uniform ranges, huge trig arguments), and the worst error
//! in ulp against a double-precision reference computed here (Rust's f64 functions, or
//! references written here for those std lacks) is checked against OpenCL 1.2's
//! full-profile limits (§7.4). Correctly rounded functions (fma, ldexp, fdim) are
//! held to 0.5 ulp (plus the reference's own rounding), exact ones to 0; sqrt to OpenCL's
//! 3 ulp (Vulkan refuses -cl-fp32-correctly-rounded-divide-sqrt; the library's fast path is
//! within 1.6 ulp on any conforming driver, see `__oclc_sqrt_f32`).
//!
//! Two tests share the measurement: one calls the built-ins by their OpenCL names (so the
//! link pass supplies the library functions), the other pastes the library's sources into
//! the kernel (renamed to `__oclc_pasted_*`, under `FP_CONTRACT OFF` as the library is
//! compiled) and calls
//! `__oclc_pasted_<F>_f32` directly, which checks the library on its own. Run with
//! `--nocapture` to see each function's measured worst error. With
//! `OCLC_VK_DENORM=flush|any` denormal operands and results may flush, judged as OpenCL's
//! conformance tests do (see `common/ftz.rs`).

mod common;

use std::f64::consts::PI;
use std::path::Path;

use common::math_inputs::*;
use common::math_refs::*;
use common::*;

// ------------------------------------------------------------------ inputs

const SPECIALS: &[f32] = &[
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
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    f32::MAX,
    -f32::MAX,
    f32::MIN_POSITIVE,
    -f32::MIN_POSITIVE,
    1e-45,
    -1e-45,
    1.1754942e-38,
    88.72283,
    88.7,
    89.0,
    -87.3,
    -103.0,
    -104.0,
    -150.0,
    127.0,
    128.0,
    -126.0,
    -149.0,
    38.5,
    -45.0,
    1e10,
    -1e10,
    1e30,
    1e38,
    std::f32::consts::PI,
    std::f32::consts::FRAC_PI_2,
    std::f32::consts::FRAC_PI_4,
    1e-7,
    -1e-7,
    0.999_999_94,
    1.000_000_1,
    100.5,
    -7.5,
    1e5,
    8_388_608.5,
    16_777_216.0,
    // Huge trig arguments (exact argument reduction needed).
    1.027_569_4e19,
    2.142_137_6e20,
    -1.571_346_8e31,
    // Floats nearest a multiple of pi/2 below 2^24 (4e-9 to 2e-8 away: hard reductions).
    252.898_21,
    4.712_389,
    52_516.434,
    2_709_675.5,
];

/// `n` float inputs: the specials, small integers and halves, then a mix of random bit
/// patterns (every exponent, denormals, huge values) and uniform ranges.
fn inputs(n: usize, seed: u64) -> Vec<f32> {
    let mut r = Rng(seed);
    let mut v: Vec<f32> = SPECIALS.to_vec();
    for i in -20..=20 {
        v.push(i as f32);
        v.push(i as f32 + 0.5);
    }
    while v.len() < n {
        let x = match v.len() % 8 {
            0 | 1 => f32::from_bits(r.next() as u32),
            2 => r.uniform(-1.0, 1.0) as f32,
            3 => r.uniform(-10.0, 10.0) as f32,
            4 => r.uniform(-100.0, 100.0) as f32,
            5 => r.uniform(0.0, 1e-3) as f32,
            6 => r.uniform(-1e4, 1e4) as f32,
            _ => r.uniform(-200.0, 200.0) as f32,
        };
        v.push(x);
    }
    v
}

// ------------------------------------------------------------------ error measure

/// The spacing of f32 numbers at `r` (the denormal spacing below the normal range).
fn ulp_f32(r: f64) -> f64 {
    let a = r.abs();
    if a < f32::MIN_POSITIVE as f64 {
        return 2f64.powi(-149);
    }
    let e = ((a.to_bits() >> 52) as i32 - 1023).min(127);
    2f64.powi(e - 23)
}

/// The error of `got` against the exact `reference`, in ulp of the reference; a wrong
/// NaN, infinity or sign of zero counts as infinite.
fn ulp_error(got: f32, reference: f64) -> f64 {
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
    let rounded = reference as f32;
    if got.is_infinite() || rounded.is_infinite() {
        // Overflow: the correctly rounded result is an infinity, or a result within the
        // limit of f32::MAX may round either way.
        if got == rounded {
            return 0.0;
        }
        if got.is_infinite() && (reference.abs() - f32::MAX as f64) < ulp_f32(f32::MAX as f64) {
            return (reference.abs() - f32::MAX as f64) / ulp_f32(f32::MAX as f64) + 1.0;
        }
        if got.is_infinite() {
            return f64::INFINITY;
        }
    }
    (got as f64 - reference).abs() / ulp_f32(reference)
}

// ------------------------------------------------------------------ running kernels

/// How a built-in is called: its operands and result.
#[derive(Clone, Copy, PartialEq)]
enum Sig {
    /// float f(float), float f(float, float), float f(float, float, float).
    Float(usize),
    /// float f(float, int).
    FloatInt,
    /// int f(float).
    FloatToInt,
}

/// Where the function comes from.
#[derive(Clone, Copy, PartialEq)]
enum Via {
    /// The OpenCL built-in by name (the link pass supplies the library function).
    Builtin,
    /// The library's sources pasted into the kernel, called as `__oclc_pasted_<F>_f32`.
    PastedLibrary,
}

/// The library's float sources, renamed so that they cannot clash with linked ones, under
/// `FP_CONTRACT OFF`: the linked library is never contracted (its error-free
/// transformations need every product rounded), and user code, which this now is, has its
/// float arithmetic decorated `NoContraction` on Vulkan as the library's is.
fn pasted_library() -> String {
    let dir = root().join("lower/src/library/cl");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("float") && name.ends_with(".cl")
        })
        .collect();
    // float_ff.cl and float.cl first (the others build on them), then the library's order.
    files.sort_by_key(|p| {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let order = [
            "float_ff.cl",
            "float.cl",
            "float_trig.cl",
            "float_hyper.cl",
            "float_misc.cl",
        ];
        (
            order.iter().position(|o| *o == name).unwrap_or(order.len()),
            name,
        )
    });
    let mut text = String::from(
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#pragma OPENCL FP_CONTRACT OFF\n",
    );
    for f in files {
        text.push_str(
            &std::fs::read_to_string(&f)
                .unwrap()
                .replace("__oclc_", "__oclc_pasted_"),
        );
        text.push('\n');
    }
    text
}

/// The test kernel: `out[i] = F(a[i], ...)`.
fn kernel_source(name: &str, sig: Sig, via: Via) -> String {
    let callee = match via {
        Via::Builtin => name.to_string(),
        Via::PastedLibrary => format!("__oclc_pasted_{name}_f32"),
    };
    let (call, out_ty) = match sig {
        Sig::Float(1) => (format!("{callee}(a[i])"), "float"),
        Sig::Float(2) => (format!("{callee}(a[i], b[i])"), "float"),
        Sig::Float(_) => (format!("{callee}(a[i], b[i], c[i])"), "float"),
        Sig::FloatInt => (format!("{callee}(a[i], n[i])"), "float"),
        Sig::FloatToInt => (format!("{callee}(a[i])"), "int"),
    };
    let prelude = match via {
        Via::Builtin => String::new(),
        Via::PastedLibrary => pasted_library(),
    };
    format!(
        "{prelude}
__kernel void k(__global const float *a, __global const float *b, __global const float *c,
                __global const int *n, __global {out_ty} *out)
{{
    int i = get_global_id(0);
    out[i] = {call};
}}
"
    )
}

/// Runs `name` over the operands on `device`; returns the raw result words.
fn run_kernel(
    dir: &Path,
    device: &str,
    name: &str,
    sig: Sig,
    via: Via,
    ops: &[Vec<f32>; 3],
    ns: &[i32],
) -> Vec<u32> {
    run_kernel_with(dir, device, (name, sig, via), ops, ns, &[])
}

/// [`run_kernel`] with build options.
fn run_kernel_with(
    dir: &Path,
    device: &str,
    (name, sig, via): (&str, Sig, Via),
    ops: &[Vec<f32>; 3],
    ns: &[i32],
    options: &[&str],
) -> Vec<u32> {
    let len = ops[0].len();
    std::fs::write(dir.join("k.cl"), kernel_source(name, sig, via)).unwrap();
    for (k, v) in ops.iter().enumerate() {
        std::fs::write(
            dir.join(format!("in{k}.bin")),
            le_bytes(v, f32::to_le_bytes),
        )
        .unwrap();
    }
    std::fs::write(dir.join("n.bin"), le_bytes(ns, i32::to_le_bytes)).unwrap();
    let out_ty = if sig == Sig::FloatToInt { "i32" } else { "f32" };
    let global = len.to_string();
    let specs = [
        format!("f32[{len}]=file:in0.bin"),
        format!("f32[{len}]=file:in1.bin"),
        format!("f32[{len}]=file:in2.bin"),
        format!("i32[{len}]=file:n.bin"),
        format!("{out_ty}[{len}]=zeros"),
    ];
    let mut args = vec![
        "run", "k.cl", "--kernel", "k", "--global", &global, "--local", "64", "--device", device,
        "--dump", "out",
    ];
    args.extend(options);
    for s in &specs {
        args.push("--arg");
        args.push(s);
    }
    let out = oclc(&args, dir);
    assert!(
        out.status.success(),
        "oclc run of {name} on {device} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(dir.join("out/arg4.bin")).unwrap();
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

// ------------------------------------------------------------------ references

/// pown for any n: exp2(n log2|x|) in double (powi's repeated squaring loses accuracy for
/// large n), negative for odd powers of negative x; zero and special operands by powi.
fn pown_wide_ref(x: f64, n: i32) -> f64 {
    if x == 0.0 || !x.is_finite() || n == 0 {
        return x.powi(n);
    }
    let mag = (n as f64 * x.abs().log2()).exp2();
    if x < 0.0 && n % 2 != 0 {
        -mag
    } else {
        mag
    }
}

fn nextafter_ref(x: f64, y: f64) -> f64 {
    let (xf, yf) = (x as f32, y as f32);
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == y {
        return y;
    }
    if x == 0.0 {
        return f32::from_bits(1).copysign(yf - xf) as f64;
    }
    let b = xf.to_bits();
    f32::from_bits(if (y > x) == (x > 0.0) { b + 1 } else { b - 1 }) as f64
}

fn round_ref(x: f64) -> f64 {
    x.round()
}

// ------------------------------------------------------------------ the table

type Ref = fn(f64, f64, f64) -> f64;

/// The limit for correctly rounded functions: half an ulp, plus the f64 reference's own
/// rounding (at most 2^-29 ulp of f32).
const CR: f64 = 0.500_01;

/// (name, operands, OpenCL 1.2 limit in ulp, reference).
fn float_table() -> Vec<(&'static str, usize, f64, Ref)> {
    vec![
        ("sqrt", 1, 3.0, |x, _, _| x.sqrt()),
        ("fma", 3, CR, |x, y, z| x.mul_add(y, z)),
        ("exp", 1, 3.0, |x, _, _| x.exp()),
        ("exp2", 1, 3.0, |x, _, _| x.exp2()),
        ("exp10", 1, 3.0, |x, _, _| 10f64.powf(x)),
        ("expm1", 1, 3.0, |x, _, _| x.exp_m1()),
        ("log", 1, 3.0, |x, _, _| x.ln()),
        ("log2", 1, 3.0, |x, _, _| x.log2()),
        ("log10", 1, 3.0, |x, _, _| x.log10()),
        ("log1p", 1, 2.0, |x, _, _| x.ln_1p()),
        ("pow", 2, 16.0, |x, y, _| pow_ref(x, y)),
        ("powr", 2, 16.0, |x, y, _| powr_ref(x, y)),
        ("sin", 1, 4.0, |x, _, _| x.sin()),
        ("cos", 1, 4.0, |x, _, _| x.cos()),
        ("tan", 1, 5.0, |x, _, _| x.tan()),
        ("sinpi", 1, 4.0, |x, _, _| sinpi_ref(x)),
        ("cospi", 1, 4.0, |x, _, _| cospi_ref(x)),
        ("tanpi", 1, 6.0, |x, _, _| tanpi_ref(x)),
        ("asin", 1, 4.0, |x, _, _| x.asin()),
        ("acos", 1, 4.0, |x, _, _| x.acos()),
        ("atan", 1, 5.0, |x, _, _| x.atan()),
        ("atan2", 2, 6.0, |y, x, _| y.atan2(x)),
        ("asinpi", 1, 5.0, |x, _, _| x.asin() / PI),
        ("acospi", 1, 5.0, |x, _, _| x.acos() / PI),
        ("atanpi", 1, 5.0, |x, _, _| x.atan() / PI),
        ("atan2pi", 2, 6.0, |y, x, _| y.atan2(x) / PI),
        ("sinh", 1, 4.0, |x, _, _| x.sinh()),
        ("cosh", 1, 4.0, |x, _, _| x.cosh()),
        ("tanh", 1, 5.0, |x, _, _| x.tanh()),
        ("asinh", 1, 4.0, |x, _, _| x.asinh()),
        ("acosh", 1, 4.0, |x, _, _| x.acosh()),
        ("atanh", 1, 5.0, |x, _, _| x.atanh()),
        ("cbrt", 1, 2.0, |x, _, _| x.cbrt()),
        ("hypot", 2, 4.0, |x, y, _| x.hypot(y)),
        ("fmod", 2, 0.0, |x, y, _| x % y),
        ("remainder", 2, 0.0, |x, y, _| remainder_ref(x, y)),
        ("round", 1, 0.0, |x, _, _| round_ref(x)),
        ("copysign", 2, 0.0, |x, y, _| x.copysign(y)),
        ("fdim", 2, CR, |x, y, _| fdim_ref(x, y)),
        ("maxmag", 2, 0.0, |x, y, _| maxmag_ref(x, y)),
        ("minmag", 2, 0.0, |x, y, _| minmag_ref(x, y)),
        ("nextafter", 2, 0.0, |x, y, _| nextafter_ref(x, y)),
        ("logb", 1, 0.0, |x, _, _| logb_ref(x)),
        ("erf", 1, 16.0, |x, _, _| erf_ref(x)),
        ("erfc", 1, 16.0, |x, _, _| erfc_ref(x)),
        ("tgamma", 1, 16.0, |x, _, _| tgamma_ref(x)),
    ]
}

const N: usize = 100_032;

/// The worst error of one function and the operands where it occurs.
struct Worst {
    err: f64,
    at: [f32; 3],
    n: i32,
    got: f32,
    want: f64,
}

/// The worst error of the results `got` against `reference(i, operands of i)`; when
/// denormals may flush (`ftz`), an error above `limit` is retried as OpenCL's conformance
/// tests do (see `common/ftz.rs`).
fn worst(
    got: &[u32],
    ops: &[Vec<f32>; 3],
    ns: &[i32],
    (limit, ftz): (f64, bool),
    reference: impl Fn(usize, [f64; 3]) -> f64,
) -> Worst {
    let wide = |v: [f32; 3]| v.map(|x| x as f64);
    let mut w = Worst {
        err: 0.0,
        at: [0.0; 3],
        n: 0,
        got: 0.0,
        want: 0.0,
    };
    for (i, &g) in got.iter().enumerate() {
        let g = f32::from_bits(g);
        let at = [ops[0][i], ops[1][i], ops[2][i]];
        let want = reference(i, wide(at));
        let mut e = ulp_error(g, want);
        if ftz && (e > limit || e.is_nan()) {
            for v in ftz::flushed_operands(at) {
                let want = reference(i, wide(v));
                let ev = if g == 0.0 && ftz::result_may_flush(want, limit) {
                    0.0
                } else {
                    ulp_error(g, want)
                };
                e = e.min(ev);
            }
        }
        if e > w.err || e.is_nan() {
            w = Worst {
                err: e,
                at,
                n: ns[i],
                got: g,
                want,
            };
        }
    }
    w
}

/// Measures every function via `via` on `device`; returns the failures as messages.
fn check_all(device: &str, via: Via, n: usize) -> Vec<String> {
    let dir = scratch(&format!("vulkan-math-ulp-{device}-{}", via as u8));
    let ops = [
        inputs(n, 0x9e37),
        shuffled(inputs(n, 0x51ed), 7),
        shuffled(inputs(n, 0x2545), 13),
    ];
    let mut r = Rng(5);
    let small_ns: Vec<i32> = (0..n).map(|_| (r.next() % 41) as i32 - 20).collect();
    let wide_ns: Vec<i32> = (0..n)
        .map(|i| match i % 4 {
            0 => (r.next() % 601) as i32 - 300,
            1 => r.next() as i32,
            _ => (r.next() % 41) as i32 - 20,
        })
        .collect();
    let ftz = ftz::ftz_judging();
    let mut failures = Vec::new();
    let mut report =
        |name: &str, limit: f64, w: Worst| failures.extend(judge(name, device, limit, w));
    for (name, arity, limit, f) in float_table() {
        let got = run_kernel(&dir, device, name, Sig::Float(arity), via, &ops, &small_ns);
        let w = worst(&got, &ops, &small_ns, (limit, ftz), |_, a| {
            f(a[0], a[1], a[2])
        });
        report(name, limit, w);
    }
    // pow and powr on moderate operands too, where results are mostly finite.
    let mut r = Rng(77);
    let xs: Vec<f32> = (0..n).map(|_| r.uniform(0.0, 20.0) as f32).collect();
    let ys: Vec<f32> = (0..n).map(|_| r.uniform(-30.0, 30.0) as f32).collect();
    let moderate = [xs, ys.clone(), ys];
    for name in ["pow", "powr"] {
        let got = run_kernel(&dir, device, name, Sig::Float(2), via, &moderate, &small_ns);
        let w = worst(&got, &moderate, &small_ns, (16.0, ftz), |_, a| {
            a[0].powf(a[1])
        });
        report(&format!("{name}(mod)"), 16.0, w);
    }
    let x = &ops[0];
    type IntRef = fn(f64, i32) -> f64;
    let int_table: [(&str, f64, &Vec<i32>, IntRef); 3] = [
        ("pown", 16.0, &small_ns, |x, n| x.powi(n)),
        ("rootn", 16.0, &small_ns, rootn_ref),
        ("ldexp", CR, &wide_ns, |x, n| {
            x * 2f64.powi(n.clamp(-600, 600))
        }),
    ];
    for (name, limit, ns, f) in int_table {
        let got = run_kernel(&dir, device, name, Sig::FloatInt, via, &ops, ns);
        let w = worst(&got, &ops, ns, (limit, ftz), |i, a| f(a[0], ns[i]));
        report(name, limit, w);
    }
    // pown and rootn with exponents over the whole int range too.
    for (name, f) in [("pown", pown_wide_ref as IntRef), ("rootn", rootn_ref)] {
        let got = run_kernel(&dir, device, name, Sig::FloatInt, via, &ops, &wide_ns);
        let w = worst(&got, &ops, &wide_ns, (16.0, ftz), |i, a| {
            f(a[0], wide_ns[i])
        });
        report(&format!("{name}(wide)"), 16.0, w);
    }
    // lgamma has no limit in OpenCL 1.2's table: bounded loosely away from its zeros.
    let got = run_kernel(&dir, device, "lgamma", Sig::Float(1), via, &ops, &small_ns);
    let w = worst(&got, &ops, &small_ns, (16.0, ftz), |i, a| {
        let x = a[0];
        if x < 0.0 && x > -20.0 && lgamma_ref(x).abs() < 0.5 {
            // Near a zero of lgamma the absolute error matters: skip.
            f32::from_bits(got[i]) as f64
        } else {
            lgamma_ref(x)
        }
    });
    report("lgamma", 16.0, w);
    let got = run_kernel(&dir, device, "ilogb", Sig::FloatToInt, via, &ops, &small_ns);
    // A flushed denormal x is a zero: ilogb gives FP_ILOGB0 then.
    let wrong = got.iter().zip(x).find(|(&g, &x)| {
        g as i32 != ilogb_ref(x as f64)
            && !(ftz && ftz::is_denormal_f32(x) && g as i32 == ilogb_ref(0.0))
    });
    match wrong {
        Some((&g, x)) => failures.push(format!(
            "ilogb({x:e}) = {}, want {}",
            g as i32,
            ilogb_ref(*x as f64)
        )),
        None => println!("     ilogb on {device}: exact"),
    }
    failures
}

/// Prints one function's worst error; a message where it exceeds `limit`.
fn judge(name: &str, device: &str, limit: f64, w: Worst) -> Option<String> {
    println!(
        "{name:>10} on {device}: worst {:.3} ulp (limit {limit}) at {:?} n={}: got {:e}, want {:e}",
        w.err, w.at, w.n, w.got, w.want
    );
    (w.err > limit || w.err.is_nan()).then(|| {
        format!(
            "{name}: {:.3} ulp > {limit} at {:?} (n = {}): got {:e}, want {:e}",
            w.err, w.at, w.n, w.got, w.want
        )
    })
}

#[test]
fn float_builtins_on_vulkan_meet_opencl_limits() {
    if !require_vulkan() {
        return;
    }
    let failures = check_all("vulkan", Via::Builtin, N);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn library_sources_on_vulkan_meet_opencl_limits() {
    if !require_vulkan() {
        return;
    }
    let failures = check_all("vulkan", Via::PastedLibrary, N / 3);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The flushes NVIDIA's Vulkan driver showed (no denormal mode) pass FTZ judging and fail
/// strict judging: a denormal operand read as zero (minmag, fmod's NaN for a flushed y) and
/// a denormal result returned as zero (erfc).
#[test]
fn ftz_judging_accepts_the_flushes_of_a_flushing_device() {
    let table = float_table();
    let f = |name: &str| table.iter().find(|t| t.0 == name).unwrap().3;
    let cases: [(&str, [f32; 2], f32, f64); 3] = [
        ("minmag", [1.1754942e-38, -5.8], 0.0, 0.0),
        ("fmod", [36.4, 1.75e-39], f32::NAN, 0.0),
        ("erfc", [9.21, 0.0], 0.0, 16.0),
    ];
    for (name, [a, b], got, limit) in cases {
        let ops = [vec![a], vec![b], vec![0.0]];
        let got = [got.to_bits()];
        let reference = |_: usize, v: [f64; 3]| f(name)(v[0], v[1], v[2]);
        let strict = worst(&got, &ops, &[0], (limit, false), reference);
        let flushing = worst(&got, &ops, &[0], (limit, true), reference);
        assert!(
            strict.err > limit,
            "{name}: strict judging accepted a flush"
        );
        assert!(flushing.err <= limit, "{name}: {} ulp", flushing.err);
    }
}

/// The relaxed limits of OpenCL 3.0 (§7.4, for -cl-fast-relaxed-math and
/// -cl-unsafe-math-optimizations), which Vulkan's GLSL.std.450 instructions are held to:
/// (name, input range, error of `got` against the reference at x, in units where the limit
/// is 1).
type RelaxedCase = (&'static str, (f64, f64), fn(f64, f32) -> f64);

/// Error against exp's relaxed limit, 3 + floor(|2x|) ulp.
fn relaxed_exp_error(x: f64, got: f32, want: f64) -> f64 {
    ulp_error(got, want) / (3.0 + (2.0 * x).abs().floor())
}

/// Error against log's relaxed limit: 2^-21 absolute in [0.5, 2], 3 ulp outside.
fn relaxed_log_error(x: f64, got: f32, want: f64) -> f64 {
    if (0.5..=2.0).contains(&x) {
        (got as f64 - want).abs() / 2f64.powi(-21)
    } else {
        ulp_error(got, want) / 3.0
    }
}

/// Error against sin's and cos's relaxed limit in [-pi, pi], 2^-11 absolute.
fn relaxed_trig_error(got: f32, want: f64) -> f64 {
    (got as f64 - want).abs() / 2f64.powi(-11)
}

fn relaxed_table() -> Vec<RelaxedCase> {
    vec![
        ("exp", (-87.0, 88.0), |x, g| {
            relaxed_exp_error(x, g, x.exp())
        }),
        ("exp2", (-126.0, 127.0), |x, g| {
            relaxed_exp_error(x, g, x.exp2())
        }),
        ("log", (1e-30, 1e30), |x, g| relaxed_log_error(x, g, x.ln())),
        ("log2", (1e-30, 1e30), |x, g| {
            relaxed_log_error(x, g, x.log2())
        }),
        ("sin", (-PI, PI), |x, g| relaxed_trig_error(g, x.sin())),
        ("cos", (-PI, PI), |x, g| relaxed_trig_error(g, x.cos())),
    ]
}

/// Under -cl-fast-relaxed-math the exponentials, logarithms, sin and cos are Vulkan's own
/// instructions (not library calls), and meet OpenCL's relaxed limits on this device.
#[test]
fn relaxed_math_on_vulkan_uses_instructions_within_relaxed_limits() {
    if !require_vulkan() {
        return;
    }
    let dir = scratch("vulkan-math-relaxed");
    for (name, (lo, hi), error) in relaxed_table() {
        let mut r = Rng(11);
        let xs: Vec<f32> = (0..4096)
            .map(|i| {
                if lo > 0.0 {
                    // log: spread over the exponents, and densely around 1.
                    let t = if i % 2 == 0 {
                        r.uniform(lo.ln(), hi.ln()).exp()
                    } else {
                        r.uniform(0.25, 4.0)
                    };
                    t as f32
                } else {
                    r.uniform(lo, hi) as f32
                }
            })
            .collect();
        let ops = [xs.clone(), xs.clone(), xs.clone()];
        let ns = vec![0; xs.len()];
        let sig = (name, Sig::Float(1), Via::Builtin);
        let got = run_kernel_with(&dir, "vulkan", sig, &ops, &ns, &["-cl-fast-relaxed-math"]);
        let worst = xs
            .iter()
            .zip(&got)
            .map(|(&x, &g)| (error(x as f64, f32::from_bits(g)), x))
            .fold(
                (0.0, 0.0),
                |a, b| if b.0 > a.0 || b.0.is_nan() { b } else { a },
            );
        println!(
            "{name:>6} relaxed: worst {:.3} of the limit at {:e}",
            worst.0, worst.1
        );
        assert!(
            worst.0 <= 1.0,
            "{name} under -cl-fast-relaxed-math: {:.3} of the relaxed limit at {:e}",
            worst.0,
            worst.1
        );
        // The instruction itself, not the library: no library function in the module.
        let spv = dir.join("relaxed.spv");
        let (k, spv_s) = (dir.join("k.cl"), spv.to_string_lossy().into_owned());
        let names_in = |options: &[&str]| {
            let k = k.to_string_lossy();
            let mut args = vec![&*k, "--target", "vulkan", "-o", &*spv_s];
            args.extend(options);
            let out = oclc(&args, &dir);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            String::from_utf8_lossy(&std::fs::read(&spv).unwrap()).contains("__oclc_")
        };
        assert!(
            names_in(&[]),
            "{name}: no library function without relaxed math"
        );
        assert!(
            !names_in(&["-cl-fast-relaxed-math"]),
            "{name}: a library function under relaxed math"
        );
    }
}
