//! The A.5 intrinsics (samples/brook/intrinsics.br and trig.br) on the CPU and on Vulkan
//! (lavapipe), compared with f64 math here within OpenCL's ulp bounds (rounding, selection,
//! sign and fmod exactly).

mod common;

use common::*;
use std::path::{Path, PathBuf};

fn sample(name: &str) -> String {
    root()
        .join("samples/brook")
        .join(name)
        .display()
        .to_string()
}

/// Values in (0.01, 0.99) from a fixed linear congruential sequence.
fn inputs(n: usize, seed: u32) -> Vec<f32> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            0.01 + 0.98 * (x >> 8) as f32 / (1u32 << 24) as f32
        })
        .collect()
}

/// Runs a kernel and returns its `--dump` folder, or the error text when it fails.
fn run(
    dir: &Path,
    dev: &str,
    file: &str,
    kernel: &str,
    args: &[String],
) -> Result<PathBuf, String> {
    let dump = dir.join(format!("dump-{kernel}-{dev}"));
    let _ = std::fs::remove_dir_all(&dump);
    let dump_s = dump.display().to_string();
    let mut argv: Vec<&str> = vec![
        "run", file, "--kernel", kernel, "--device", dev, "--dump", &dump_s,
    ];
    for a in args {
        argv.push("--arg");
        argv.push(a);
    }
    let out = oclc(&argv, dir);
    if out.status.success() {
        Ok(dump)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).to_string())
    }
}

/// `got` within `ulps` units of f32 precision of `want` (relative to max(|want|, 1)).
fn close(got: f32, want: f64, ulps: f64, what: &str) {
    let tol = ulps * f32::EPSILON as f64 * want.abs().max(1.0);
    assert!(
        (got as f64 - want).abs() <= tol,
        "{what}: got {got}, want {want} (tolerance {tol:e})"
    );
}

const N: usize = 100;

#[test]
fn exponentials_and_roots_match_f64() {
    let dir = scratch("brook-intr-exp");
    let a = inputs(N, 1);
    let fa = write_f32(&dir, "a.bin", &a);
    for dev in test_devices() {
        let args = [
            format!("f32[{N}]=file:{fa}"),
            format!("f32x4[{N}]=zeros"),
            format!("f32x4[{N}]=zeros"),
        ];
        let d = run(&dir, dev, &sample("intrinsics.br"), "exponentials", &args).unwrap();
        let (e, l) = (read_f32(d.join("arg1.bin")), read_f32(d.join("arg2.bin")));
        for (i, x) in a.iter().map(|x| *x as f64).enumerate() {
            let w = |k: usize, name: &str| format!("{name}({x}) element {i} on {dev} (lane {k})");
            close(e[4 * i], x.exp(), 4.0, &w(0, "exp"));
            close(e[4 * i + 1], x.exp2(), 4.0, &w(1, "exp2"));
            close(e[4 * i + 2], x.ln(), 4.0, &w(2, "log"));
            close(e[4 * i + 3], x.log2(), 4.0, &w(3, "log2"));
            close(l[4 * i], x.log10(), 4.0, &w(0, "log10"));
            close(l[4 * i + 1], x.powf(1.5), 17.0, &w(1, "pow"));
            close(l[4 * i + 2], x.sqrt(), 4.0, &w(2, "sqrt"));
            close(l[4 * i + 3], 1.0 / x.sqrt(), 3.0, &w(3, "rsqrt"));
        }
    }
}

#[test]
fn rounding_and_selection_are_exact() {
    let dir = scratch("brook-intr-round");
    let a = inputs(N, 2);
    let fa = write_f32(&dir, "a.bin", &a);
    for dev in test_devices() {
        let args = [
            format!("f32[{N}]=file:{fa}"),
            format!("f32x4[{N}]=zeros"),
            format!("f32x4[{N}]=zeros"),
        ];
        let d = run(&dir, dev, &sample("intrinsics.br"), "rounding", &args).unwrap();
        let (r, m) = (read_f32(d.join("arg1.bin")), read_f32(d.join("arg2.bin")));
        for (i, x) in a.iter().enumerate() {
            let t = x * 10.0; // rounded to f32 as the kernel does
            let want_r = [t.floor(), t.ceil(), t - t.floor(), (t + 0.5).floor()];
            assert_eq!(
                &r[4 * i..4 * i + 4],
                &want_r,
                "floor/ceil/frac/round of {t} on {dev}"
            );
            let h = x - 0.5;
            assert_eq!(m[4 * i], h.signum(), "sign({h}) on {dev}");
            assert_eq!(m[4 * i + 1], h.abs(), "abs({h}) on {dev}");
            close(
                m[4 * i + 2],
                1.0 + 2.0 * *x as f64,
                4.0,
                &format!("lerp(1, 3, {x}) on {dev}"),
            );
            assert_eq!(m[4 * i + 3], x.clamp(0.25, 0.75), "clamp({x}) on {dev}");
        }
    }
}

#[test]
fn geometric_functions_match_f64() {
    let dir = scratch("brook-intr-geom");
    let (a, b) = (inputs(4 * N, 3), inputs(4 * N, 4));
    let (fa, fb) = (write_f32(&dir, "a.bin", &a), write_f32(&dir, "b.bin", &b));
    for dev in test_devices() {
        let args = [
            format!("f32x4[{N}]=file:{fa}"),
            format!("f32x4[{N}]=file:{fb}"),
            format!("f32x4[{N}]=zeros"),
            format!("f32x4[{N}]=zeros"),
            format!("f32x4[{N}]=zeros"),
        ];
        let d = run(&dir, dev, &sample("intrinsics.br"), "geometry", &args).unwrap();
        let (c, g, n) = (
            read_f32(d.join("arg2.bin")),
            read_f32(d.join("arg3.bin")),
            read_f32(d.join("arg4.bin")),
        );
        for i in 0..N {
            let x: Vec<f64> = a[4 * i..4 * i + 4].iter().map(|v| *v as f64).collect();
            let y: Vec<f64> = b[4 * i..4 * i + 4].iter().map(|v| *v as f64).collect();
            let what = |s: &str| format!("{s} of element {i} on {dev}");
            let cross = [
                x[1] * y[2] - x[2] * y[1],
                x[2] * y[0] - x[0] * y[2],
                x[0] * y[1] - x[1] * y[0],
                0.0,
            ];
            for k in 0..4 {
                close(c[4 * i + k], cross[k], 8.0, &what("cross"));
            }
            let dot: f64 = (0..4).map(|k| x[k] * y[k]).sum();
            let len = (0..4).map(|k| x[k] * x[k]).sum::<f64>().sqrt();
            let dist = (0..4).map(|k| (x[k] - y[k]).powi(2)).sum::<f64>().sqrt();
            close(g[4 * i], dot, 8.0, &what("dot"));
            close(g[4 * i + 1], len, 8.0, &what("length"));
            close(g[4 * i + 2], dist, 8.0, &what("distance"));
            assert_eq!(g[4 * i + 3], a[4 * i].max(b[4 * i]), "{}", what("max"));
            for k in 0..4 {
                let want = x[k] / len + x[k].min(y[k]);
                close(n[4 * i + k], want, 8.0, &what("normalize + min"));
            }
        }
    }
}

#[test]
fn trigonometry_matches_f64() {
    let dir = scratch("brook-intr-trig");
    let a = inputs(N, 5);
    let fa = write_f32(&dir, "a.bin", &a);
    let args = [
        format!("f32[{N}]=file:{fa}"),
        format!("f32x4[{N}]=zeros"),
        format!("f32x4[{N}]=zeros"),
    ];
    for dev in test_devices() {
        let d = run(&dir, dev, &sample("trig.br"), "trig", &args).unwrap();
        let (t, u) = (read_f32(d.join("arg1.bin")), read_f32(d.join("arg2.bin")));
        for (i, x) in a.iter().map(|x| *x as f64).enumerate() {
            let w = |name: &str| format!("{name}({x}) element {i} on {dev}");
            close(t[4 * i], x.sin(), 4.0, &w("sin"));
            close(t[4 * i + 1], x.cos(), 4.0, &w("cos"));
            close(t[4 * i + 2], x.tan(), 5.0, &w("tan"));
            close(t[4 * i + 3], x.atan(), 5.0, &w("atan"));
            close(u[4 * i], x.asin(), 4.0, &w("asin"));
            close(u[4 * i + 1], x.acos(), 4.0, &w("acos"));
            let x32 = a[i];
            let atan2 = (x32 as f64).atan2((1.0 - x32) as f64);
            close(u[4 * i + 2], atan2, 6.0, &w("atan2"));
            // fmod is exact: Rust's % on f32 is C's fmodf.
            assert_eq!(u[4 * i + 3], (x32 * 7.0) % 2.0, "{}", w("fmod"));
        }
    }
}
