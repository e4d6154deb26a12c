//! Brook+ reductions (samples/brook/reduce_ops.br) as work-group tree reductions, on the CPU
//! and on Vulkan (lavapipe): sizes that are not multiples of the work-group size (64) or of
//! the 256-element blocks of a reduction to one value, several passes, +, *, |, ^, max and
//! min, float4 elements, partial reductions of 2-D and 3-D streams, and inputs whose every
//! element is negative (a reduction function has no identity: seeding max with 0 would show).
//! Every result is compared with a straightforward loop here (f64 for floats, exact for
//! integers and for sums of small integers).

mod common;

use common::*;
use std::path::Path;

fn sample() -> String {
    root()
        .join("samples/brook/reduce_ops.br")
        .display()
        .to_string()
}

fn write(dir: &Path, name: &str, bytes: Vec<u8>) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// `oclc run reduce_ops.br --kernel K --device DEV --arg INPUT --arg TARGET`; returns the
/// target's bytes read back as f32 words.
fn reduce(dir: &Path, dev: &str, kernel: &str, input: &str, target: &str) -> Vec<f32> {
    let dump = dir.join(format!("dump-{kernel}-{dev}"));
    let _ = std::fs::remove_dir_all(&dump);
    let f = sample();
    let dump_s = dump.display().to_string();
    let argv = [
        "run", &f, "--kernel", kernel, "--device", dev, "--arg", input, "--arg", target, "--dump",
        &dump_s,
    ];
    let out = oclc(&argv, dir);
    assert!(
        out.status.success(),
        "{kernel} on {dev} ({input} -> {target}): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    read_f32(dump.join("arg1.bin"))
}

const SIZES: [usize; 7] = [1, 63, 64, 65, 1000, 3001, 70_001];

/// Small integers in [-6, 6]: every partial sum is exact in f32.
fn small(n: usize) -> Vec<f32> {
    (0..n).map(|i| ((i * 7) % 13) as f32 - 6.0).collect()
}

#[test]
fn sums_to_one_value_over_awkward_sizes() {
    let dir = scratch("brook-red-sum");
    for dev in test_devices() {
        for n in SIZES {
            let v = small(n);
            let fv = write(&dir, "v.bin", f32_bytes(&v));
            let want: f64 = v.iter().map(|x| *x as f64).sum();
            let got = reduce(&dir, dev, "sum_f", &format!("f32[{n}]=file:{fv}"), "f32:0");
            assert_eq!(got, vec![want as f32], "sum of {n} on {dev}");
        }
    }
}

#[test]
fn products_match_f64() {
    let dir = scratch("brook-red-product");
    for dev in test_devices() {
        for n in [1usize, 65, 1000, 3001] {
            let v: Vec<f32> = (0..n)
                .map(|i| 1.0 + ((i % 5) as f32 - 2.0) * 0.001)
                .collect();
            let fv = write(&dir, "v.bin", f32_bytes(&v));
            let want: f64 = v.iter().map(|x| *x as f64).product();
            let got = reduce(
                &dir,
                dev,
                "product_f",
                &format!("f32[{n}]=file:{fv}"),
                "f32:0",
            )[0];
            assert!(
                ((got as f64 - want) / want).abs() < 1e-4,
                "product of {n} on {dev}: {got} vs {want}"
            );
        }
    }
}

#[test]
fn max_and_min_functions_fold_only_existing_elements() {
    let dir = scratch("brook-red-maxmin");
    for dev in test_devices() {
        for n in SIZES {
            // All negative, a permutation of -1..=-n: a zero seed would give max 0.
            let v: Vec<f32> = (0..n).map(|i| -(((i * 7919) % n) as f32) - 1.0).collect();
            let fv = write(&dir, "v.bin", f32_bytes(&v));
            let input = format!("f32[{n}]=file:{fv}");
            assert_eq!(reduce(&dir, dev, "max_f", &input, "f32:0"), vec![-1.0]);
            assert_eq!(
                reduce(&dir, dev, "min_f", &input, "f32:0"),
                vec![-(n as f32)],
                "min of {n} on {dev}"
            );
        }
    }
}

#[test]
fn integer_or_and_xor() {
    let dir = scratch("brook-red-bits");
    for dev in test_devices() {
        for n in [1usize, 65, 3001] {
            let v: Vec<i32> = (0..n)
                .map(|i| ((i as u32).wrapping_mul(2_654_435_761) >> (i % 29)) as i32)
                .collect();
            let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
            let fv = write(&dir, "v.bin", bytes);
            let input = format!("i32[{n}]=file:{fv}");
            let or = v.iter().fold(0, |a, b| a | b);
            let xor = v.iter().fold(0, |a, b| a ^ b);
            let got = reduce(&dir, dev, "or_i", &input, "i32:0")[0].to_bits() as i32;
            assert_eq!(got, or, "or of {n} on {dev}");
            let got = reduce(&dir, dev, "xor_i", &input, "i32:0")[0].to_bits() as i32;
            assert_eq!(got, xor, "xor of {n} on {dev}");
        }
    }
}

#[test]
fn float4_sums_and_maxima() {
    let dir = scratch("brook-red-f4");
    for dev in test_devices() {
        for n in [1usize, 65, 1000] {
            let v = small(4 * n);
            let fv = write(&dir, "v.bin", f32_bytes(&v));
            let mut want = [0f64; 4];
            for (i, x) in v.iter().enumerate() {
                want[i % 4] += *x as f64;
            }
            let got = reduce(
                &dir,
                dev,
                "sum_f4",
                &format!("f32x4[{n}]=file:{fv}"),
                "f32x4:0,0,0,0",
            );
            assert_eq!(
                got,
                want.map(|w| w as f32).to_vec(),
                "float4 sum of {n} on {dev}"
            );
        }
        // Partial: 7x130 float4 elements to 7x10 (blocks of 13) and to 7 (blocks of 130).
        let v: Vec<f32> = (0..7 * 130 * 4)
            .map(|i| -(((i * 31) % 1009) as f32) - 1.0)
            .collect();
        let fv = write(&dir, "v4.bin", f32_bytes(&v));
        let input = format!("f32x4[7,130]=file:{fv}");
        for cols in [10usize, 1] {
            let target = if cols == 1 {
                "f32x4[7]=zeros".to_string()
            } else {
                format!("f32x4[7,{cols}]=zeros")
            };
            let got = reduce(&dir, dev, "max_f4", &input, &target);
            let block = 130 / cols;
            for r in 0..7 {
                for c in 0..cols {
                    for k in 0..4 {
                        let want = (0..block)
                            .map(|j| v[((r * 130) + c * block + j) * 4 + k])
                            .fold(f32::NEG_INFINITY, f32::max);
                        assert_eq!(
                            got[(r * cols + c) * 4 + k],
                            want,
                            "max_f4 [{r}][{c}].{k} on {dev}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn partial_sums_of_a_3d_stream() {
    // s<6,4,9> to t<3,2,3>: each element sums a 2x2x3 block.
    let dir = scratch("brook-red-3d");
    for dev in test_devices() {
        let v = small(6 * 4 * 9);
        let fv = write(&dir, "v.bin", f32_bytes(&v));
        let got = reduce(
            &dir,
            dev,
            "sum_f",
            &format!("f32[6,4,9]=file:{fv}"),
            "f32[3,2,3]=zeros",
        );
        for a in 0..3 {
            for b in 0..2 {
                for c in 0..3 {
                    let mut want = 0f64;
                    for i in 2 * a..2 * a + 2 {
                        for j in 2 * b..2 * b + 2 {
                            for k in 3 * c..3 * c + 3 {
                                want += v[(i * 4 + j) * 9 + k] as f64;
                            }
                        }
                    }
                    assert_eq!(
                        got[(a * 2 + b) * 3 + c],
                        want as f32,
                        "[{a}][{b}][{c}] on {dev}"
                    );
                }
            }
        }
    }
}
