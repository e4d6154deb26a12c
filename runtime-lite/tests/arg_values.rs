//! Kernels specialised on argument values (`Program::specialize_args`): every launch's
//! results are checked against values computed by hand here, whether it ran a variant or
//! the generic kernel; the statistics show which it ran, so the cache's keying by value,
//! its eviction and its limits are checked too.

mod common;

use common::{bytes_to_f32s, bytes_to_i32s};
use oclc_runtime_lite::{
    ArgSpecialization, ArgValue, Buffer, NDRange, Program, RuntimeError, SpecializationStats,
};

/// `out[g] = sum over i < n of (g + i) * k`, with a loop the value of `n` bounds.
const SUM: &str = r#"kernel @sum(%0 "out": ptr<global, i32> type "__global int *", %1 "n": i32 type "int", %2 "k": i32 type "int", %3 "unused": i32 type "int") -> void {
  local $0 "sum": private i32
  local $1 "i": private i32
  %4: u64 = global_id 0
  %5: i32 = convert %4
  %6: ptr<private, i32> = local_addr $0
  %7: i32 = const 0
  store %6, %7
  %8: ptr<private, i32> = local_addr $1
  store %8, %7
  loop {
    %9: i32 = load %8
    %10: bool = cmp.lt %9, %1
    %11: bool = not %10
    if %11 {
      break
    } else {
    }
    %12: i32 = add %5, %9
    %13: i32 = mul %12, %2
    %14: i32 = load %6
    %15: i32 = add %14, %13
    store %6, %15
  } continuing {
    %16: i32 = load %8
    %17: i32 = const 1
    %18: i32 = add %16, %17
    store %8, %18
  }
  %19: i64 = convert %4
  %20: ptr<global, i32> = ptr_offset %0, %19
  %21: i32 = load %6
  store %20, %21
  return
}
kernel @plain(%0 "out": ptr<global, i32> type "__global int *") -> void {
  %1: u64 = global_id 0
  %2: i64 = convert %1
  %3: ptr<global, i32> = ptr_offset %0, %2
  %4: i32 = convert %1
  store %3, %4
  return
}
"#;

/// `out[g] = g * s.x + s.y - s.z * s.w + b + (float)(v.x - v.z)`: a float4, a float and an
/// int3 (given as 3 elements).
const VECTORS: &str = r#"kernel @vec(%0 "out": ptr<global, f32> type "__global float *", %1 "s": f32x4 type "float4", %2 "b": f32 type "float", %3 "v": i32x3 type "int3") -> void {
  %4: u64 = global_id 0
  %5: f32 = convert %4
  %6: f32 = extract %1, 0
  %7: f32 = extract %1, 1
  %8: f32 = extract %1, 2
  %9: f32 = extract %1, 3
  %10: f32 = mul %5, %6
  %11: f32 = add %10, %7
  %12: f32 = mul %8, %9
  %13: f32 = sub %11, %12
  %14: f32 = add %13, %2
  %15: i32 = extract %3, 0
  %16: i32 = extract %3, 2
  %17: i32 = sub %15, %16
  %18: f32 = convert %17
  %19: f32 = add %14, %18
  %20: i64 = convert %4
  %21: ptr<global, f32> = ptr_offset %0, %20
  store %21, %19
  return
}
"#;

const ITEMS: u64 = 24;

fn program(text: &str, spec: impl FnOnce(ArgSpecialization) -> ArgSpecialization) -> Program {
    let module = oclc_ir::parse_module(text).expect("parses");
    let mut prog = Program::new(module.clone()).unwrap();
    prog.specialize_args(spec(ArgSpecialization::new(module, 2)))
        .unwrap();
    prog
}

fn int(v: i32) -> ArgValue {
    ArgValue::Bytes(v.to_le_bytes().to_vec())
}

/// Launches `sum` with `n` and `k` (and `unused`), local size `local`; checks the results.
fn check_sum(prog: &Program, n: i32, k: i32, unused: i32, local: u64) {
    let mut bufs = vec![Buffer::from_bytes(&[0u8; 4 * ITEMS as usize]).unwrap()];
    let args = [ArgValue::Buffer(0), int(n), int(k), int(unused)];
    prog.launch(
        "sum",
        &args,
        &mut bufs,
        &NDRange::d1(ITEMS, Some(local)),
        Some(2),
    )
    .unwrap();
    let want: Vec<i32> = (0..ITEMS as i32)
        .map(|g| (0..n.max(0)).map(|i| (g + i) * k).sum())
        .collect();
    assert_eq!(bytes_to_i32s(bufs[0].as_bytes()), want, "n={n} k={k}");
}

fn stats(compiled: usize, hits: usize, generic: usize, evicted: usize) -> SpecializationStats {
    SpecializationStats {
        compiled,
        hits,
        generic,
        evicted,
        ..SpecializationStats::default()
    }
}

/// The statistics without the compile time (which varies).
fn counts(prog: &Program) -> SpecializationStats {
    SpecializationStats {
        compile_time: Default::default(),
        ..prog.specialization_stats()
    }
}

#[test]
fn the_cache_is_keyed_by_the_values() {
    let prog = program(SUM, |s| s);
    check_sum(&prog, 3, 2, 0, 4);
    check_sum(&prog, 5, 7, 0, 4);
    check_sum(&prog, 3, 2, 0, 4);
    check_sum(&prog, 0, 9, 0, 4);
    check_sum(&prog, -2, 9, 0, 4);
    assert_eq!(counts(&prog), stats(4, 1, 0, 0));
    // A parameter the kernel does not read is not part of the key.
    check_sum(&prog, 5, 7, 12345, 4);
    assert_eq!(counts(&prog), stats(4, 2, 0, 0));
    // Nor is a kernel without by-value parameters specialised.
    let mut bufs = vec![Buffer::from_bytes(&[0u8; 16]).unwrap()];
    prog.launch(
        "plain",
        &[ArgValue::Buffer(0)],
        &mut bufs,
        &NDRange::d1(4, None),
        None,
    )
    .unwrap();
    assert_eq!(bytes_to_i32s(bufs[0].as_bytes()), vec![0, 1, 2, 3]);
    assert_eq!(counts(&prog), stats(4, 2, 1, 0));
}

#[test]
fn the_cache_is_keyed_by_the_local_size() {
    let prog = program(SUM, |s| s);
    check_sum(&prog, 4, 3, 0, 4);
    check_sum(&prog, 4, 3, 0, 8);
    check_sum(&prog, 4, 3, 0, 4);
    assert_eq!(counts(&prog), stats(2, 1, 0, 0));
}

#[test]
fn the_least_recently_launched_variant_goes_first() {
    let prog = program(SUM, |s| ArgSpecialization {
        max_variants: 2,
        ..s
    });
    check_sum(&prog, 1, 1, 0, 4);
    check_sum(&prog, 2, 1, 0, 4);
    check_sum(&prog, 1, 1, 0, 4); // (1, 1) is now more recent than (2, 1)
    check_sum(&prog, 3, 1, 0, 4); // evicts (2, 1)
    check_sum(&prog, 1, 1, 0, 4);
    assert_eq!(counts(&prog), stats(3, 2, 0, 1));
    check_sum(&prog, 2, 1, 0, 4); // compiled again, evicts (3, 1)
    assert_eq!(counts(&prog), stats(4, 2, 0, 2));
}

#[test]
fn an_argument_that_keeps_changing_is_no_longer_specialised() {
    let prog = program(SUM, |s| ArgSpecialization {
        max_distinct_values: 3,
        ..s
    });
    // k takes a new value every launch; n stays 4.
    for k in 1..=3 {
        check_sum(&prog, 4, k, 0, 4);
    }
    assert_eq!(counts(&prog), stats(3, 0, 0, 0));
    // The fourth value of k drops it from the key: one variant for n = 4, whatever k.
    for k in 4..=9 {
        check_sum(&prog, 4, k, 0, 4);
    }
    assert_eq!(counts(&prog), stats(4, 5, 0, 0));
}

#[test]
fn past_the_compile_limit_launches_run_the_generic_kernel() {
    let prog = program(SUM, |s| ArgSpecialization {
        max_compiles: 2,
        ..s
    });
    for n in [1, 2, 3, 4, 1] {
        check_sum(&prog, n, 5, 0, 4);
    }
    assert_eq!(counts(&prog), stats(2, 1, 2, 0));
}

#[test]
fn vector_and_float_arguments() {
    let prog = program(VECTORS, |s| s);
    let floats = |v: &[f32]| ArgValue::Bytes(v.iter().flat_map(|x| x.to_le_bytes()).collect());
    let ints = |v: &[i32]| ArgValue::Bytes(v.iter().flat_map(|x| x.to_le_bytes()).collect());
    for (s, b, v) in [
        ([0.5f32, 3.0, 2.0, -1.5], 0.25f32, [7, 100, 2]),
        ([2.0, -1.0, 0.5, 4.0], -8.0, [-3, 0, 5]),
        ([0.5, 3.0, 2.0, -1.5], 0.25, [7, 100, 2]),
    ] {
        let mut bufs = vec![Buffer::from_bytes(&[0u8; 4 * ITEMS as usize]).unwrap()];
        let args = [ArgValue::Buffer(0), floats(&s), floats(&[b]), ints(&v)];
        prog.launch(
            "vec",
            &args,
            &mut bufs,
            &NDRange::d1(ITEMS, Some(8)),
            Some(2),
        )
        .unwrap();
        // Every value below is exact in f32, so the order of operations does not matter.
        let want: Vec<f32> = (0..ITEMS)
            .map(|g| g as f32 * s[0] + s[1] - s[2] * s[3] + b + (v[0] - v[2]) as f32)
            .collect();
        assert_eq!(bytes_to_f32s(bufs[0].as_bytes()), want, "{s:?} {b} {v:?}");
    }
    assert_eq!(counts(&prog), stats(2, 1, 0, 0));
}

#[test]
fn bad_arguments_are_reported_as_without_specialisation() {
    let prog = program(SUM, |s| s);
    let mut bufs = vec![Buffer::from_bytes(&[0u8; 4 * ITEMS as usize]).unwrap()];
    let short = [
        ArgValue::Buffer(0),
        ArgValue::Bytes(vec![1, 0]),
        int(1),
        int(1),
    ];
    let e = prog
        .launch("sum", &short, &mut bufs, &NDRange::d1(ITEMS, None), None)
        .unwrap_err();
    assert!(matches!(e, RuntimeError::BadArg { index: 1, .. }), "{e}");
    let e = prog
        .launch(
            "sum",
            &short[..2],
            &mut bufs,
            &NDRange::d1(ITEMS, None),
            None,
        )
        .unwrap_err();
    assert!(matches!(e, RuntimeError::ArgCount { .. }), "{e}");
    assert_eq!(prog.specialization_stats().compiled, 0);
}

#[test]
fn a_source_module_that_does_not_match_is_refused() {
    let module = oclc_ir::parse_module(SUM).unwrap();
    let mut prog = Program::new(module).unwrap();
    let other = oclc_ir::parse_module(VECTORS).unwrap();
    let e = prog
        .specialize_args(ArgSpecialization::new(other, 2))
        .unwrap_err();
    assert!(matches!(e, RuntimeError::Specialization(_)), "{e}");
    let changed = SUM.replace(r#"%3 "unused": i32"#, r#"%3 "unused": u32"#);
    let e = prog
        .specialize_args(ArgSpecialization::new(
            oclc_ir::parse_module(&changed).unwrap(),
            2,
        ))
        .unwrap_err();
    assert!(e.to_string().contains("other parameters"), "{e}");
}

/// `out[0] = 1 / b; out[1] = (b == b) ? 1 : 0`.
const RECIP: &str = r#"kernel @recip(%0 "out": ptr<global, f32> type "__global float *", %1 "b": f32 type "float") -> void {
  %2: f32 = const 1.0
  %3: f32 = div %2, %1
  store %0, %3
  %4: bool = cmp.eq %1, %1
  %5: f32 = const 0.0
  %6: f32 = select %4, %2, %5
  %7: i64 = const 1
  %8: ptr<global, f32> = ptr_offset %0, %7
  store %8, %6
  return
}
"#;

#[test]
fn floats_are_keyed_by_their_bits() {
    let prog = program(RECIP, |s| s);
    // 0.0 == -0.0 but 1/0.0 = inf and 1/-0.0 = -inf: a variant for one must not serve the
    // other. Two NaNs of different payloads are distinct keys too; NaN != NaN must not
    // stop a NaN's variant from being found again.
    let nan_a = f32::from_bits(0x7fc0_0000);
    let nan_b = f32::from_bits(0x7fc0_0001);
    for (b, want) in [
        (0.0f32, [f32::INFINITY, 1.0]),
        (-0.0, [f32::NEG_INFINITY, 1.0]),
        (0.0, [f32::INFINITY, 1.0]),
        (nan_a, [f32::NAN, 0.0]),
        (nan_b, [f32::NAN, 0.0]),
        (nan_a, [f32::NAN, 0.0]),
        (4.0, [0.25, 1.0]),
    ] {
        let mut bufs = vec![Buffer::from_bytes(&[0u8; 8]).unwrap()];
        let args = [
            ArgValue::Buffer(0),
            ArgValue::Bytes(b.to_le_bytes().to_vec()),
        ];
        prog.launch("recip", &args, &mut bufs, &NDRange::d1(1, None), None)
            .unwrap();
        let got = bytes_to_f32s(bufs[0].as_bytes());
        assert_eq!(got[0].is_nan(), want[0].is_nan(), "b={b}: {got:?}");
        if !want[0].is_nan() {
            assert_eq!(got[0], want[0], "b={b}");
        }
        assert_eq!(got[1], want[1], "b={b}");
    }
    assert_eq!(counts(&prog), stats(5, 2, 0, 0));
}
