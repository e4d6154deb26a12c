//! Brook+ samples (samples/brook) run on the CPU with `oclc run`, compared with the outputs
//! the ATI Stream Computing User Guide prints for them, or with values computed here in f64
//! by straightforward loops (hand-checkable arithmetic).

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

fn write_f32(dir: &Path, name: &str, values: &[f32]) -> String {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

fn read_f32(path: PathBuf) -> Vec<f32> {
    std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Runs `oclc run FILE --kernel K --arg ... --dump DIR` (extra args appended) and returns DIR.
fn run(dir: &Path, file: &str, kernel: &str, args: &[String], extra: &[&str]) -> PathBuf {
    let dump = dir.join(format!("dump-{kernel}"));
    let mut argv: Vec<String> = vec!["run".into(), file.into(), "--kernel".into(), kernel.into()];
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
        "oclc {}\n{}",
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
    // Guide 2.2.1 (sum.br): input_a[i][j] = i, input_b[i][j] = j, c = a + b.
    let dir = scratch("brook-sum");
    let a: Vec<f32> = (0..100).map(|k| (k / 10) as f32).collect();
    let b: Vec<f32> = (0..100).map(|k| (k % 10) as f32).collect();
    let fa = write_f32(&dir, "a.bin", &a);
    let fb = write_f32(&dir, "b.bin", &b);
    let d = run(
        &dir,
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

#[test]
fn mad_multiplies_and_adds_a_constant() {
    // A.4.1.1: d = a * b + c.
    let dir = scratch("brook-mad");
    let d = run(
        &dir,
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

#[test]
fn copy_downscales_and_upscales_as_the_guide_prints() {
    // A.3.3.2: copy(src<10>, dst<5>) prints d = 0.0 2.0 4.0 6.0 8.0, and
    // copy(src<5>, dst<10>) prints d = 0.0 0.0 1.0 1.0 2.0 2.0 3.0 3.0 4.0 4.0.
    let dir = scratch("brook-copy");
    let d = run(
        &dir,
        &sample("copy.br"),
        "copy",
        &[s("f32[10]=iota"), s("f32[5]=zeros")],
        &[],
    );
    assert_eq!(read_f32(d.join("arg1.bin")), vec![0.0, 2.0, 4.0, 6.0, 8.0]);
    let d = run(
        &dir,
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

#[test]
fn gather_reads_through_a_float2_index() {
    // A.4.2: c = b[a] with a = (column, row); b[r][c] = 100 r + c.
    let dir = scratch("brook-gather");
    let idx: Vec<f32> = (0..50)
        .flat_map(|k| [(k * 7 % 100) as f32, (k * 3 % 100) as f32])
        .collect();
    let fi = write_f32(&dir, "idx.bin", &idx);
    let d = run(
        &dir,
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

#[test]
fn reductions_fold_to_scalars() {
    // A.4.1.2: sum, cond_sum (only elements > 10), max and min reductions.
    let dir = scratch("brook-reduce");
    let f = sample("reductions.br");
    let d = run(&dir, &f, "sum", &[s("f32[1000]=iota"), s("f32:0")], &[]);
    assert_eq!(read_f32(d.join("arg1.bin")), vec![499500.0]);
    let d = run(&dir, &f, "cond_sum", &[s("f32[100]=iota"), s("f32:0")], &[]);
    assert_eq!(read_f32(d.join("arg1.bin")), vec![4950.0 - 55.0]);
    let values: Vec<f32> = (0..3001)
        .map(|i| ((i * 7919) % 3001) as f32 - 1500.0)
        .collect();
    let fv = write_f32(&dir, "v.bin", &values);
    let d = run(
        &dir,
        &f,
        "max_reduce",
        &[format!("f32[3001]=file:{fv}"), s("f32[1]=zeros")],
        &[],
    );
    assert_eq!(read_f32(d.join("arg1.bin")), vec![1500.0]);
    let d = run(
        &dir,
        &f,
        "min_reduce",
        &[format!("f32[3001]=file:{fv}"), s("f32[1]=zeros")],
        &[],
    );
    assert_eq!(read_f32(d.join("arg1.bin")), vec![-1500.0]);
}

#[test]
fn partial_reductions_over_100x200() {
    // A.4.1.3: sum(s<100,200>, u<100,50>) sums 1x4 strips; sum(s, t<100>) sums 1x200 strips.
    // s[i][j] = 200 i + j, so u[i][k] = 800 i + 16 k + 6 and t[i] = 40000 i + 19900.
    let dir = scratch("brook-partial");
    let f = sample("reductions.br");
    let d = run(
        &dir,
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
    let d = run(&dir, &sample("matmult.br"), "simple_matmult", &args, &[]);
    assert_eq!(read_f32(d.join("arg3.bin")), want);
    let mut args = args.clone();
    args[0] = s("u32:8");
    let d = run(
        &dir,
        &sample("matmult.br"),
        "simple_matmult_instance",
        &args,
        &[],
    );
    assert_eq!(read_f32(d.join("arg3.bin")), want);
}

#[test]
fn group_size_kernel_shares_through_lds() {
    // Section 2.17.7 (sum_2d): c[y][x] = a + b through a shared array, groups of 64.
    let dir = scratch("brook-sum2d");
    let d = run(
        &dir,
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

#[test]
fn scatter_writes_through_an_index_stream() {
    // Section 2.8: b[index] = a; index reverses the order.
    let dir = scratch("brook-scatter");
    let idx: Vec<f32> = (0..32).rev().map(|i| i as f32).collect();
    let fi = write_f32(&dir, "idx.bin", &idx);
    let d = run(
        &dir,
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

#[test]
fn runtime_errors_use_the_a8_wording() {
    let dir = scratch("brook-rt-errors");
    let out = oclc(
        &[
            "run",
            &sample("sum.br"),
            "--kernel",
            "sum",
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

#[test]
fn vector_relations_test_the_x_components() {
    // A.2: `if (a < b)` with float2 operands compares a.x with b.x only.
    let dir = scratch("brook-vectors");
    let a: Vec<f32> = vec![1.0, 9.0, 5.0, 0.0, 3.0, -1.0];
    let b: Vec<f32> = vec![2.0, 0.0, 4.0, 7.0, 3.0, 8.0];
    let fa = write_f32(&dir, "a.bin", &a);
    let fb = write_f32(&dir, "b.bin", &b);
    let d = run(
        &dir,
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

#[test]
fn no_strong_typing_promotes_int_to_float() {
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
    let d = run(&dir, &f, "add_count", &args, &["--brook-no-strong-typing"]);
    let want: Vec<f32> = (0..8).map(|i| i as f32 + 2.0).collect();
    assert_eq!(read_f32(d.join("arg2.bin")), want);
}
