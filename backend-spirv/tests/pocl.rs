//! Execution checks: fixtures go SPIR-V -> `llvm-spirv-14 -r` -> LLVM bitcode, which an
//! OpenCL device (PoCL in CI) builds with `-x spir -spir-std=1.2` and runs on random
//! inputs; results are compared with values computed here.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use oclc_ir::fixtures;
use support::*;

/// Deterministic pseudo-random floats in [-1, 1).
fn random_floats(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

fn write_floats(path: &Path, v: &[f32]) {
    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    std::fs::write(path, bytes).unwrap();
}

fn read_floats(path: &Path) -> Vec<f32> {
    std::fs::read(path)
        .unwrap()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Compiles the C runner against libOpenCL, or `None` when tools are missing (allowed).
fn runner(dir: &Path) -> Option<PathBuf> {
    let gcc = tool("gcc")?;
    tool("clinfo")?;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/run_kernel.c");
    let exe = dir.join("run_kernel");
    let out = Command::new(gcc)
        .arg("-O1")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .arg("-lOpenCL")
        .output()
        .unwrap();
    if !out.status.success() {
        let msg = String::from_utf8_lossy(&out.stderr);
        if allow_missing() {
            eprintln!("SKIPPED: cannot build the OpenCL runner (OpenCL headers?):\n{msg}");
            return None;
        }
        panic!("cannot build the OpenCL runner (install ocl-icd-opencl-dev):\n{msg}");
    }
    Some(exe)
}

fn run(exe: &Path, bc: &Path, kernel: &str, global: usize, local: usize, args: &[String]) {
    run_ok(
        Command::new(exe)
            .arg(bc)
            .arg(kernel)
            .arg(global.to_string())
            .arg(local.to_string())
            .args(args),
        &format!("running {kernel} on the OpenCL device"),
    );
}

#[test]
fn vecadd_runs() {
    let dir = scratch("pocl-vecadd");
    let Some(exe) = runner(&dir) else { return };
    let Some(bc) = to_llvm_bc(&emit(&fixtures::vecadd()), "vecadd") else {
        return;
    };
    let n = 1000;
    let (a, b) = (random_floats(n, 1), random_floats(n, 2));
    let (pa, pb, pc) = (dir.join("a"), dir.join("b"), dir.join("c"));
    write_floats(&pa, &a);
    write_floats(&pb, &b);
    let args = [
        format!("in:{}", pa.display()),
        format!("in:{}", pb.display()),
        format!("out:{}:{}", n * 4, pc.display()),
    ];
    run(&exe, &bc, "vecadd", n, 8, &args);
    let c = read_floats(&pc);
    for i in 0..n {
        assert_eq!(c[i], a[i] + b[i], "c[{i}]");
    }
}

#[test]
fn reduce_sum_runs() {
    let dir = scratch("pocl-reduce");
    let Some(exe) = runner(&dir) else { return };
    let Some(bc) = to_llvm_bc(&emit(&fixtures::reduce_sum()), "reduce_sum") else {
        return;
    };
    let (local, groups) = (64, 16);
    let n = local * groups;
    let input = random_floats(n, 3);
    let (pin, pout) = (dir.join("in"), dir.join("out"));
    write_floats(&pin, &input);
    let args = [
        format!("in:{}", pin.display()),
        format!("out:{}:{}", groups * 4, pout.display()),
    ];
    run(&exe, &bc, "reduce_sum", n, local, &args);
    let out = read_floats(&pout);
    for g in 0..groups {
        let total: f64 = input[g * local..(g + 1) * local]
            .iter()
            .map(|x| *x as f64)
            .sum();
        // max(sqrt(t*t), t) == |t|
        let want = total.abs();
        assert!(
            (out[g] as f64 - want).abs() <= 1e-4 * (1.0 + want),
            "group {g}: got {}, want {want}",
            out[g]
        );
    }
}

#[test]
fn vec4_helper_runs() {
    let dir = scratch("pocl-vec4");
    let Some(exe) = runner(&dir) else { return };
    let Some(bc) = to_llvm_bc(&emit(&fixtures::vec4_helper()), "vec4_helper") else {
        return;
    };
    let n = 64;
    let p = random_floats(4 * n, 4);
    let pp = dir.join("p");
    write_floats(&pp, &p);
    let s = 1.5f32;
    let args = [
        format!("io:{}:{}", n * 16, pp.display()),
        format!("f32:{s}"),
    ];
    run(&exe, &bc, "vec4_helper", n, 8, &args);
    let got = read_floats(&pp);
    for i in 0..n {
        let y: Vec<f32> = (0..4).map(|l| p[4 * i + l] * s + (l + 1) as f32).collect();
        let want = [y[3].abs(), y[2], y[1], y[0]];
        for l in 0..4 {
            let g = got[4 * i + l];
            assert!(
                (g - want[l]).abs() <= 1e-5 * (1.0 + want[l].abs()),
                "p[{i}].{l}: {g} vs {}",
                want[l]
            );
        }
    }
}
