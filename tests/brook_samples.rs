//! Brook+ samples (samples/brook) run with `oclc run` on the CPU and on Vulkan (lavapipe),
//! compared with the outputs the ATI Stream Computing User Guide prints for them, or with
//! values computed here in f64 by straightforward loops (hand-checkable arithmetic).

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

/// Runs `oclc run FILE --kernel K --arg ... --dump DIR --device DEV` (extra args appended)
/// and returns DIR.
fn run(
    dir: &Path,
    dev: &str,
    file: &str,
    kernel: &str,
    args: &[String],
    extra: &[&str],
) -> PathBuf {
    let dump = dir.join(format!("dump-{kernel}-{dev}"));
    let _ = std::fs::remove_dir_all(&dump);
    let mut argv: Vec<String> = vec![
        "run".into(),
        file.into(),
        "--kernel".into(),
        kernel.into(),
        "--device".into(),
        dev.into(),
    ];
    for a in args {
        argv.push("--arg".into());
        argv.push(a.clone());
    }
    argv.push("--dump".into());
    argv.push(dump.display().to_string());
    argv.extend(extra.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
    let out = oclc(&refs, dir);
    assert!(
        out.status.success(),
        "oclc {} (on {dev})\n{}",
        argv.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    dump
}

fn s(x: &str) -> String {
    x.to_string()
}

#[test]
fn sum_adds_two_10x10_streams() {
    for dev in test_devices() {
        // Guide 2.2.1 (sum.br): input_a[i][j] = i, input_b[i][j] = j, c = a + b.
        let dir = scratch("brook-sum");
        let a: Vec<f32> = (0..100).map(|k| (k / 10) as f32).collect();
        let b: Vec<f32> = (0..100).map(|k| (k % 10) as f32).collect();
        let fa = write_f32(&dir, "a.bin", &a);
        let fb = write_f32(&dir, "b.bin", &b);
        let d = run(
            &dir,
            dev,
            &sample("sum.br"),
            "sum",
            &[
                format!("f32[10,10]=file:{fa}"),
                format!("f32[10,10]=file:{fb}"),
                s("f32[10,10]=zeros"),
            ],
            &[],
        );
        let c = read_f32(d.join("arg2.bin"));
        for i in 0..10 {
            for j in 0..10 {
                assert_eq!(c[i * 10 + j], (i + j) as f32);
            }
        }
    }
}

#[test]
fn mad_multiplies_and_adds_a_constant() {
    for dev in test_devices() {
        // A.4.1.1: d = a * b + c.
        let dir = scratch("brook-mad");
        let d = run(
            &dir,
            dev,
            &sample("mad.br"),
            "mad",
            &[
                s("f32[64]=iota"),
                s("f32[64]=fill:2"),
                s("f32:1"),
                s("f32[64]=zeros"),
            ],
            &[],
        );
        let out = read_f32(d.join("arg3.bin"));
        let want: Vec<f32> = (0..64).map(|i| 2.0 * i as f32 + 1.0).collect();
        assert_eq!(out, want);
    }
}

#[test]
fn copy_downscales_and_upscales_as_the_guide_prints() {
    for dev in test_devices() {
        // A.3.3.2: copy(src<10>, dst<5>) prints d = 0.0 2.0 4.0 6.0 8.0, and
        // copy(src<5>, dst<10>) prints d = 0.0 0.0 1.0 1.0 2.0 2.0 3.0 3.0 4.0 4.0.
        let dir = scratch("brook-copy");
        let d = run(
            &dir,
            dev,
            &sample("copy.br"),
            "copy",
            &[s("f32[10]=iota"), s("f32[5]=zeros")],
            &[],
        );
        assert_eq!(read_f32(d.join("arg1.bin")), vec![0.0, 2.0, 4.0, 6.0, 8.0]);
        let d = run(
            &dir,
            dev,
            &sample("copy.br"),
            "copy",
            &[s("f32[5]=iota"), s("f32[10]=zeros")],
            &[],
        );
        assert_eq!(
            read_f32(d.join("arg1.bin")),
            vec![0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0]
        );
    }
}

#[test]
fn gather_reads_through_a_float2_index() {
    for dev in test_devices() {
        // A.4.2: c = b[a] with a = (column, row); b[r][c] = 100 r + c.
        let dir = scratch("brook-gather");
        let idx: Vec<f32> = (0..50)
            .flat_map(|k| [(k * 7 % 100) as f32, (k * 3 % 100) as f32])
            .collect();
        let fi = write_f32(&dir, "idx.bin", &idx);
        let d = run(
            &dir,
            dev,
            &sample("gather.br"),
            "gather_ex_1",
            &[
                format!("f32x2[50]=file:{fi}"),
                s("f32[100,100]=iota"),
                s("f32[50]=zeros"),
            ],
            &[],
        );
        let c = read_f32(d.join("arg2.bin"));
        for (k, value) in c.iter().enumerate() {
            let (col, row) = (k * 7 % 100, k * 3 % 100);
            assert_eq!(*value, (row * 100 + col) as f32, "element {k}");
        }
    }
}

#[test]
fn reductions_fold_to_scalars() {
    for dev in test_devices() {
        // A.4.1.2: sum, cond_sum (only elements > 10), max and min reductions.
        let dir = scratch("brook-reduce");
        let f = sample("reductions.br");
        let d = run(
            &dir,
            dev,
            &f,
            "sum",
            &[s("f32[1000]=iota"), s("f32:0")],
            &[],
        );
        assert_eq!(read_f32(d.join("arg1.bin")), vec![499500.0]);
        let d = run(
            &dir,
            dev,
            &f,
            "cond_sum",
            &[s("f32[100]=iota"), s("f32:0")],
            &[],
        );
        assert_eq!(read_f32(d.join("arg1.bin")), vec![4950.0 - 55.0]);
        let values: Vec<f32> = (0..3001)
            .map(|i| ((i * 7919) % 3001) as f32 - 1500.0)
            .collect();
        let fv = write_f32(&dir, "v.bin", &values);
        let d = run(
            &dir,
            dev,
            &f,
            "max_reduce",
            &[format!("f32[3001]=file:{fv}"), s("f32[1]=zeros")],
            &[],
        );
        assert_eq!(read_f32(d.join("arg1.bin")), vec![1500.0]);
        let d = run(
            &dir,
            dev,
            &f,
            "min_reduce",
            &[format!("f32[3001]=file:{fv}"), s("f32[1]=zeros")],
            &[],
        );
        assert_eq!(read_f32(d.join("arg1.bin")), vec![-1500.0]);
    }
}

#[test]
fn partial_reductions_over_100x200() {
    for dev in test_devices() {
        // A.4.1.3: sum(s<100,200>, u<100,50>) sums 1x4 strips; sum(s, t<100>) sums 1x200 strips.
        // s[i][j] = 200 i + j, so u[i][k] = 800 i + 16 k + 6 and t[i] = 40000 i + 19900.
        let dir = scratch("brook-partial");
        let f = sample("reductions.br");
        let d = run(
            &dir,
            dev,
            &f,
            "max_reduce",
            &[s("f32[100,200]=iota"), s("f32[100,50]=zeros")],
            &[],
        );
        let u = read_f32(d.join("arg1.bin"));
        for i in 0..100 {
            for k in 0..50 {
                assert_eq!(u[i * 50 + k], (200 * i + 4 * k + 3) as f32);
            }
        }
        // `sum` has a scalar reduce parameter; a stream target needs the stream form.
        let sum_stream = dir.join("sum_stream.br");
        std::fs::write(
            &sum_stream,
            "reduce void sum(float a<>, reduce float b<>) { b += a; }\n",
        )
        .unwrap();
        let f = sum_stream.display().to_string();
        let d = run(
            &dir,
            dev,
            &f,
            "sum",
            &[s("f32[100,200]=iota"), s("f32[100,50]=zeros")],
            &[],
        );
        let u = read_f32(d.join("arg1.bin"));
        for i in 0..100 {
            for k in 0..50 {
                assert_eq!(u[i * 50 + k], (800 * i + 16 * k + 6) as f32);
            }
        }
        let d = run(
            &dir,
            dev,
            &f,
            "sum",
            &[s("f32[100,200]=iota"), s("f32[100]=zeros")],
            &[],
        );
        let t = read_f32(d.join("arg1.bin"));
        for (i, value) in t.iter().enumerate() {
            assert_eq!(*value, (40000 * i + 19900) as f32);
        }
    }
}

fn matmul_reference(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
    let mut c = vec![0f32; m * n];
    for i in 0..m {
        for j in 0..n {
            let s: f64 = (0..k)
                .map(|x| a[i * k + x] as f64 * b[x * n + j] as f64)
                .sum();
            c[i * n + j] = s as f32;
        }
    }
    c
}

#[test]
fn matrix_multiply_matches_f64_loops() {
    for dev in test_devices() {
        // Sections 2.3.1 and 2.9: C = A * B with A 6x8, B 8x6 of small integers (exact in f32).
        let dir = scratch("brook-matmult");
        let (m, k, n) = (6, 8, 6);
        let a: Vec<f32> = (0..m * k).map(|i| ((i * 5) % 7) as f32 - 3.0).collect();
        let b: Vec<f32> = (0..k * n).map(|i| ((i * 3) % 5) as f32 - 2.0).collect();
        let fa = write_f32(&dir, "a.bin", &a);
        let fb = write_f32(&dir, "b.bin", &b);
        let want = matmul_reference(&a, &b, m, k, n);
        let args = [
            s("f32:8"),
            format!("f32[6,8]=file:{fa}"),
            format!("f32[8,6]=file:{fb}"),
            s("f32[6,6]=zeros"),
        ];
        let d = run(
            &dir,
            dev,
            &sample("matmult.br"),
            "simple_matmult",
            &args,
            &[],
        );
        assert_eq!(read_f32(d.join("arg3.bin")), want);
        let mut args = args.clone();
        args[0] = s("u32:8");
        let d = run(
            &dir,
            dev,
            &sample("matmult.br"),
            "simple_matmult_instance",
            &args,
            &[],
        );
        assert_eq!(read_f32(d.join("arg3.bin")), want);
    }
}

#[test]
fn group_size_kernel_shares_through_lds() {
    for dev in test_devices() {
        // Section 2.17.7 (sum_2d): c[y][x] = a + b through a shared array, groups of 64.
        let dir = scratch("brook-sum2d");
        let d = run(
            &dir,
            dev,
            &sample("sum_2d.br"),
            "sum_2d",
            &[
                s("f32x4[4,128]=iota"),
                s("f32x4[4,128]=fill:0.5"),
                s("f32x4[4,128]=zeros"),
            ],
            &[],
        );
        let c = read_f32(d.join("arg2.bin"));
        let want: Vec<f32> = (0..4 * 128 * 4).map(|i| i as f32 + 0.5).collect();
        assert_eq!(c, want);
    }
}

#[test]
fn scatter_writes_through_an_index_stream() {
    for dev in test_devices() {
        // Section 2.8: b[index] = a; index reverses the order.
        let dir = scratch("brook-scatter");
        let idx: Vec<f32> = (0..32).rev().map(|i| i as f32).collect();
        let fi = write_f32(&dir, "idx.bin", &idx);
        let d = run(
            &dir,
            dev,
            &sample("scatter.br"),
            "scatter",
            &[
                format!("f32[32]=file:{fi}"),
                s("f32[32]=iota"),
                s("f32[32]=zeros"),
            ],
            &[],
        );
        let want: Vec<f32> = (0..32).rev().map(|i| i as f32).collect();
        assert_eq!(read_f32(d.join("arg2.bin")), want);
    }
}

#[test]
fn runtime_errors_use_the_a8_wording() {
    for dev in test_devices() {
        let dir = scratch("brook-rt-errors");
        let out = oclc(
            &[
                "run",
                &sample("sum.br"),
                "--kernel",
                "sum",
                "--device",
                dev,
                "--arg",
                "f32[10]=iota",
                "--arg",
                "f32[2,5]=iota",
                "--arg",
                "f32[10]=zeros",
            ],
            &dir,
        );
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("input stream rank doesn't match with first output rank"),
            "{err}"
        );
        let out = oclc(
            &[
                "run",
                &sample("reductions.br"),
                "--kernel",
                "max_reduce",
                "--device",
                dev,
                "--arg",
                "f32[10]=iota",
                "--arg",
                "f32[3]=zeros",
            ],
            &dir,
        );
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("Input dimensions should be integral multiple of output dimensions"),
            "{err}"
        );
    }
}

#[test]
fn vector_relations_test_the_x_components() {
    for dev in test_devices() {
        // A.2: `if (a < b)` with float2 operands compares a.x with b.x only.
        let dir = scratch("brook-vectors");
        let a: Vec<f32> = vec![1.0, 9.0, 5.0, 0.0, 3.0, -1.0];
        let b: Vec<f32> = vec![2.0, 0.0, 4.0, 7.0, 3.0, 8.0];
        let fa = write_f32(&dir, "a.bin", &a);
        let fb = write_f32(&dir, "b.bin", &b);
        let d = run(
            &dir,
            dev,
            &sample("vectors.br"),
            "pick",
            &[
                format!("f32x2[3]=file:{fa}"),
                format!("f32x2[3]=file:{fb}"),
                s("f32x2[3]=zeros"),
            ],
            &[],
        );
        // (1,9)<(2,0) by x: c = (1, 9); (5,0) vs (4,7): c = (4, 4); (3,-1) vs (3,8): c = (3, 3).
        assert_eq!(
            read_f32(d.join("arg2.bin")),
            vec![1.0, 9.0, 4.0, 4.0, 3.0, 3.0]
        );
    }
}

#[test]
fn no_strong_typing_promotes_int_to_float() {
    for dev in test_devices() {
        let dir = scratch("brook-promote");
        let f = sample("promote.br");
        let args = [s("f32[8]=iota"), s("i32[8]=fill:2"), s("f32[8]=zeros")];
        // Strong typing (the default) refuses float + int.
        let argv = [
            "run",
            &f,
            "--kernel",
            "add_count",
            "--arg",
            &args[0],
            "--arg",
            &args[1],
            "--arg",
            &args[2],
        ];
        let out = oclc(&argv, &dir);
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains("Mismatched operands"));
        let d = run(
            &dir,
            dev,
            &f,
            "add_count",
            &args,
            &["--brook-no-strong-typing"],
        );
        let want: Vec<f32> = (0..8).map(|i| i as f32 + 2.0).collect();
        assert_eq!(read_f32(d.join("arg2.bin")), want);
    }
}

#[test]
fn every_sample_compiles_to_valid_vulkan_spirv() {
    // `oclc k.br --target vulkan -o k.spv` must give a module spirv-val accepts for Vulkan 1.2
    // (or, for a sample marked `// VULKAN-UNSUPPORTED:`, a "not supported on Vulkan" error).
    if !require_tool("spirv-val") {
        return;
    }
    let dir = scratch("brook-vulkan-spv");
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("samples/brook"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "br"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "expected the Brook+ samples, found {files:?}"
    );
    for f in files {
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        let spv = dir.join(format!("{stem}.spv"));
        let (f_s, spv_s) = (f.display().to_string(), spv.display().to_string());
        // `// ARGS: ...` lines carry the flags a sample needs.
        let text = std::fs::read_to_string(&f).unwrap();
        let flags: Vec<String> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("// ARGS:"))
            .flat_map(|a| a.split_whitespace().map(str::to_string))
            .collect();
        let mut argv: Vec<&str> = vec![&f_s, "--target", "vulkan", "-o", &spv_s];
        argv.extend(flags.iter().map(String::as_str));
        let out = oclc(&argv, &dir);
        let err = String::from_utf8_lossy(&out.stderr);
        if text
            .lines()
            .any(|l| l.starts_with("// VULKAN-UNSUPPORTED:"))
        {
            assert!(
                !out.status.success() && err.contains("not supported on Vulkan"),
                "{stem}: marked VULKAN-UNSUPPORTED but compiling gave: {err}"
            );
            continue;
        }
        assert!(
            out.status.success(),
            "{stem}: oclc --target vulkan failed: {err}"
        );
        let val = std::process::Command::new("spirv-val")
            .args(["--target-env", "vulkan1.2"])
            .arg(&spv)
            .output()
            .unwrap();
        assert!(
            val.status.success(),
            "{stem}: spirv-val --target-env vulkan1.2 rejected the module: {}",
            String::from_utf8_lossy(&val.stderr)
        );
    }
}

#[test]
fn struct_streams_bind_with_the_opencl_layout() {
    // structs.br: Particle { float2 pos; float mass; float4 vel; } is 32 bytes (pos at 0,
    // mass at 8, vel at 16); Moved { float2 pos; float energy; } is 16 bytes.
    let dir = scratch("brook-structs");
    let mut particles = Vec::new();
    for i in 0..9 {
        let i = i as f32;
        particles.extend([i, 10.0 + i, 2.0 + i, -1.0, 1.0 + i, -2.0, 0.5, 7.0]);
    }
    let fp = write_f32(&dir, "p.bin", &particles);
    for dev in test_devices() {
        let d = run(
            &dir,
            dev,
            &sample("structs.br"),
            "step",
            &[
                format!("f32x8[3,3]=file:{fp}"),
                s("f32:0.5"),
                s("f32x4[3,3]=zeros"),
            ],
            &[],
        );
        let m = read_f32(d.join("arg2.bin"));
        for k in 0..9 {
            let p = &particles[k * 8..k * 8 + 8];
            let (vx, vy) = (p[4] as f64, p[5] as f64);
            let want = [
                p[0] as f64 + vx * 0.5,
                p[1] as f64 + vy * 0.5,
                0.5 * p[2] as f64 * (vx * vx + vy * vy),
            ];
            for c in 0..3 {
                assert_eq!(m[k * 4 + c] as f64, want[c], "element {k}.{c} on {dev}");
            }
        }
    }
}

#[test]
fn double2_and_small_integer_streams() {
    // types.br: r = a * x + y on double2 elements (checked in f64), and the bytes of uchar4,
    // short2, char and ushort elements combined into a uint (checked with integer arithmetic).
    let dir = scratch("brook-types");
    let x: Vec<f64> = (0..14).map(|i| i as f64 * 0.37 - 2.0).collect();
    let y: Vec<f64> = (0..14).map(|i| 1.0 / (i as f64 + 1.0)).collect();
    let bytes = |v: &[f64]| -> Vec<u8> { v.iter().flat_map(|d| d.to_le_bytes()).collect() };
    let (fx, fy) = (dir.join("x.bin"), dir.join("y.bin"));
    std::fs::write(&fx, bytes(&x)).unwrap();
    std::fs::write(&fy, bytes(&y)).unwrap();
    let p: Vec<u8> = (0..24).map(|i| (i * 37 % 256) as u8).collect();
    let sh: Vec<i16> = (0..12).map(|i| i * 1000 - 5000).collect();
    let c: Vec<i8> = (0..6i32).map(|i| (i * 40 - 100) as i8).collect();
    let u: Vec<u16> = (0..6).map(|i| i * 9000 + 1).collect();
    let write = |name: &str, b: Vec<u8>| {
        let path = dir.join(name);
        std::fs::write(&path, b).unwrap();
        path.display().to_string()
    };
    let fp = write("p.bin", p.clone());
    let fs = write("s.bin", sh.iter().flat_map(|v| v.to_le_bytes()).collect());
    let fc = write("c.bin", c.iter().map(|v| *v as u8).collect());
    let fu = write("u.bin", u.iter().flat_map(|v| v.to_le_bytes()).collect());
    for dev in test_devices() {
        let d = run(
            &dir,
            dev,
            &sample("types.br"),
            "axpy_d2",
            &[
                format!("f64x2[7]=file:{}", fx.display()),
                format!("f64x2[7]=file:{}", fy.display()),
                s("f64:0.1"),
                s("f64x2[7]=zeros"),
            ],
            &[],
        );
        let r: Vec<f64> = std::fs::read(d.join("arg3.bin"))
            .unwrap()
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
            .collect();
        for k in 0..14 {
            // One multiply and one add, each rounded: allow a unit in the last place.
            let want = 0.1 * x[k] + y[k];
            assert!(
                (r[k] - want).abs() <= 2.0 * f64::EPSILON * want.abs().max(1.0),
                "axpy_d2 {k} on {dev}: {} vs {want}",
                r[k]
            );
        }
        let d = run(
            &dir,
            dev,
            &sample("types.br"),
            "widen",
            &[
                format!("u8x4[6]=file:{fp}"),
                format!("i16x2[6]=file:{fs}"),
                format!("i8[6]=file:{fc}"),
                format!("u16[6]=file:{fu}"),
                s("u32[6]=zeros"),
            ],
            &[],
        );
        let w: Vec<u32> = std::fs::read(d.join("arg4.bin"))
            .unwrap()
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        for k in 0..6 {
            let packed = u32::from_le_bytes([p[4 * k], p[4 * k + 1], p[4 * k + 2], p[4 * k + 3]]);
            let want = packed
                ^ (sh[2 * k] as i32 as u32).wrapping_add(sh[2 * k + 1] as i32 as u32)
                ^ (c[k] as i32 as u32)
                ^ u[k] as u32;
            assert_eq!(w[k], want, "widen {k} on {dev}");
        }
    }
}

#[test]
fn vulkan_reflection_describes_the_generated_kernels() {
    // `--emit both` writes the module and its reflection; the reduction passes need
    // work-groups of 64 (their tree reduction's reqd_work_group_size).
    let dir = scratch("brook-reflection");
    let f = sample("reductions.br");
    let spv = dir.join("r.spv").display().to_string();
    let out = oclc(
        &[&f, "--target", "vulkan", "--emit", "both", "-o", &spv],
        &dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = std::fs::read_to_string(dir.join("r.json")).unwrap();
    for k in [
        "__brook_reduce_sum",
        "__brook_reduce_sum_combine",
        "__brook_reduce_max_reduce",
    ] {
        assert!(
            json.contains(&format!("\"entry_point\":\"{k}\"")),
            "{k} missing: {json}"
        );
    }
    assert!(json.contains("\"reqd_work_group_size\":[64,1,1]"), "{json}");
    let out = oclc(&[&f, "--emit", "reflection", "-o", "-"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs --target vulkan"));
}

#[test]
fn parameter_names_never_clash_with_generated_ones() {
    // names.br: z = (x + y) + a + a_nx + pos_a + dom[0], each input a constant stream.
    let dir = scratch("brook-names");
    for dev in test_devices() {
        let d = run(
            &dir,
            dev,
            &sample("names.br"),
            "k",
            &[
                s("f32[4]=iota"),
                s("f32[4]=fill:10"),
                s("f32[4]=fill:100"),
                s("f32[4]=fill:1000"),
                s("f32[4]=fill:10000"),
                s("f32[3]=fill:0.5"),
                s("f32[4]=zeros"),
            ],
            &[],
        );
        let want: Vec<f32> = (0..4).map(|i| i as f32 + 11110.5).collect();
        assert_eq!(read_f32(d.join("arg6.bin")), want, "on {dev}");
    }
}

#[test]
fn sub_kernels_write_the_callers_output_streams() {
    // subkernel.br, by hand: s = a + 3; forward(a + 1) leaves r = (2(a + 1), (a + 1)^2 + 1);
    // then r.x += s.
    let dir = scratch("brook-subkernel");
    for dev in test_devices() {
        let d = run(
            &dir,
            dev,
            &sample("subkernel.br"),
            "top",
            &[s("f32[6]=iota"), s("f32x2[6]=zeros"), s("f32[6]=zeros")],
            &[],
        );
        let (r, sums) = (read_f32(d.join("arg1.bin")), read_f32(d.join("arg2.bin")));
        for i in 0..6 {
            let a = i as f32;
            assert_eq!(sums[i], a + 3.0, "s[{i}] on {dev}");
            let want = [2.0 * (a + 1.0) + a + 3.0, (a + 1.0) * (a + 1.0) + 1.0];
            assert_eq!(&r[2 * i..2 * i + 2], &want, "r[{i}] on {dev}");
        }
        // positions: b = 1 + 10 i + 100 i + 0.5 at element i.
        let d = run(
            &dir,
            dev,
            &sample("subkernel.br"),
            "positions",
            &[s("f32[5]=fill:1"), s("f32[5]=zeros")],
            &[],
        );
        let want: Vec<f32> = (0..5).map(|i| 1.5 + 110.0 * i as f32).collect();
        assert_eq!(read_f32(d.join("arg1.bin")), want, "positions on {dev}");
    }
}
