//! A launch that passes one buffer as two arguments gets code that keeps every load before
//! the stores that follow it; a launch of distinct buffers gets code in which the loads of a
//! loop carrying a float4 sum may move to their uses (`movable_loads` in backend-cpu), past
//! the stores of the loop. The kernel (tests/data/aliased_float4_sums.ir) loads four floats
//! per iteration, overwrites the first through its other pointer, then adds them to its sum:
//! with `in` and `out` the same buffer a load moved past that store would read -1. The
//! expected values follow from the kernel's C semantics, computed here in plain Rust.

use oclc_runtime_lite::program::distinct_buffers;
use oclc_runtime_lite::{ArgSpecialization, ArgValue, Buffer, NDRange, Program};

const IR: &str = include_str!("data/aliased_float4_sums.ir");

/// Work-items, and iterations of each one's loop.
const G: usize = 64;
const N: usize = 5;

fn floats(b: &Buffer) -> Vec<f32> {
    b.as_bytes()
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn buffer(values: &[f32]) -> Buffer {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    Buffer::from_bytes(&bytes).unwrap()
}

/// The input: small integers, so that every sum is exact.
fn input() -> Vec<f32> {
    (0..4 * N * G).map(|j| (j % 13) as f32).collect()
}

/// `res[i]` and the buffer `out` after the kernel, by its C semantics.
fn expected(input: &[f32]) -> (Vec<f32>, Vec<f32>) {
    let mut out = input.to_vec();
    let res = (0..G)
        .map(|i| {
            let mut s = 0.0f32;
            for k in 0..N {
                let b = i + 4 * k * G;
                let v = input[b] + input[b + G] + input[b + 2 * G] + input[b + 3 * G];
                out[b] = -1.0;
                s += v * (k + 1) as f32;
            }
            s
        })
        .collect();
    (res, out)
}

fn launch(prog: &Program, in_out: [usize; 2], bufs: &mut [Buffer]) {
    let args = [
        ArgValue::Buffer(in_out[0]),
        ArgValue::Buffer(in_out[1]),
        ArgValue::Buffer(2),
        ArgValue::Bytes((N as i32).to_le_bytes().to_vec()),
    ];
    prog.launch(
        "sums",
        &args,
        bufs,
        &NDRange::d1(G as u64, Some(16)),
        Some(1),
    )
    .unwrap();
}

/// Launches with distinct buffers, then with `in` and `out` one buffer; checks both.
fn check_both(prog: &Program) {
    let (res, after) = expected(&input());
    // Distinct buffers first, so that their code exists when the aliased launch asks for
    // its own.
    let mut bufs = vec![buffer(&input()), buffer(&input()), buffer(&[0.0; G])];
    launch(prog, [0, 1], &mut bufs);
    assert_eq!(floats(&bufs[0]), input(), "the input is never written");
    assert_eq!(floats(&bufs[1]), after);
    assert_eq!(floats(&bufs[2]), res);

    // Buffer 1 is not an argument of this launch.
    let mut bufs = vec![buffer(&input()), buffer(&[0.0]), buffer(&[0.0; G])];
    launch(prog, [0, 0], &mut bufs);
    assert_eq!(floats(&bufs[0]), after);
    assert_eq!(
        floats(&bufs[2]),
        res,
        "sums of the values before the stores"
    );
}

#[test]
fn one_buffer_passed_twice_keeps_loads_before_stores() {
    check_both(&Program::new(oclc_ir::parse_module(IR).expect("parses")).unwrap());
}

#[test]
fn variants_specialised_on_arguments_keep_aliased_launches_apart() {
    // `n` becomes a constant (the loop is then unrolled partially, its float4 sum kept):
    // the aliased launch needs a variant of its own although the values are the same.
    let module = oclc_ir::parse_module(IR).expect("parses");
    let mut prog = Program::new(module.clone()).unwrap();
    prog.specialize_args(ArgSpecialization::new(module, 2))
        .unwrap();
    check_both(&prog);
    assert_eq!(prog.specialization_stats().compiled, 2);
}

#[test]
fn distinct_buffers_are_told_apart_from_repeated_ones() {
    assert!(distinct_buffers(&[
        ArgValue::Buffer(0),
        ArgValue::Bytes(vec![0; 4]),
        ArgValue::Buffer(1)
    ]));
    assert!(!distinct_buffers(&[
        ArgValue::Buffer(2),
        ArgValue::Local(64),
        ArgValue::Buffer(2)
    ]));
    assert!(distinct_buffers(&[]));
}
