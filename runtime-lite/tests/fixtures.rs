//! The IR fixtures run on the CPU device, checked against plain Rust.
#![allow(clippy::needless_range_loop)]

mod common;

use common::*;
use oclc_ir::fixtures;
use oclc_runtime_lite::{ArgValue, NDRange, Program};

#[test]
fn vecadd_is_exact() {
    let prog = Program::new(fixtures::vecadd()).unwrap();
    let n = 10_000;
    let mut rng = Rng(42);
    let a: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let b: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let out = run_threads(
        &prog,
        "vecadd",
        &[
            ArgValue::Buffer(0),
            ArgValue::Buffer(1),
            ArgValue::Buffer(2),
        ],
        &[f32s_to_bytes(&a), f32s_to_bytes(&b), vec![0; 4 * n]],
        &NDRange::d1(n as u64, None),
    );
    let c = bytes_to_f32s(&out[2]);
    for i in 0..n {
        assert_eq!(c[i].to_bits(), (a[i] + b[i]).to_bits(), "at {i}");
    }
}

#[test]
fn reduce_sum_matches_double_precision() {
    let prog = Program::new(fixtures::reduce_sum()).unwrap();
    assert!(prog.kernel("reduce_sum").unwrap().has_barrier);
    let n = 4096usize;
    let mut rng = Rng(7);
    let input: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    for local in [64usize, 128] {
        let groups = n / local;
        let out = run_threads(
            &prog,
            "reduce_sum",
            &[ArgValue::Buffer(0), ArgValue::Buffer(1)],
            &[f32s_to_bytes(&input), vec![0; 4 * groups]],
            &NDRange::d1(n as u64, Some(local as u64)),
        );
        let sums = bytes_to_f32s(&out[1]);
        for g in 0..groups {
            let exact: f64 = input[g * local..(g + 1) * local]
                .iter()
                .map(|x| *x as f64)
                .sum();
            // The kernel stores max(sqrt(s*s), s) = |s|.
            let got = sums[g] as f64;
            let tol = 1e-4
                * input[g * local..(g + 1) * local]
                    .iter()
                    .map(|x| x.abs() as f64)
                    .sum::<f64>();
            assert!(
                (got - exact.abs()).abs() <= tol,
                "group {g}: {got} vs {exact}"
            );
        }
    }
}

#[test]
fn vec4_helper_is_exact() {
    let prog = Program::new(fixtures::vec4_helper()).unwrap();
    let n = 1000;
    let mut rng = Rng(3);
    let p: Vec<f32> = (0..4 * n).map(|_| rng.f32()).collect();
    let s = 1.5f32;
    let out = run_threads(
        &prog,
        "vec4_helper",
        &[
            ArgValue::Buffer(0),
            ArgValue::Bytes(s.to_le_bytes().to_vec()),
        ],
        &[f32s_to_bytes(&p)],
        &NDRange::d1(n as u64, Some(8)),
    );
    let got = bytes_to_f32s(&out[0]);
    for i in 0..n {
        let y: Vec<f32> = (0..4)
            .map(|l| p[4 * i + l] * s + (l as f32 + 1.0))
            .collect();
        let want = [y[3].abs(), y[2], y[1], y[0]];
        for l in 0..4 {
            assert_eq!(
                got[4 * i + l].to_bits(),
                want[l].to_bits(),
                "item {i} lane {l}"
            );
        }
    }
}
