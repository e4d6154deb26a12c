//! Switch statements, atomics and directed-rounding conversions, written as IR text kernels
//! and checked against results computed here independently (plain Rust arithmetic).

mod common;

use common::*;

/// `out[i]` from a switch with fall-through, a default, `break` leaving the switch inside a
/// loop and `continue` passing through it to the loop.
const SWITCH: &str = r#"
kernel @sw(%0 "out": ptr<global, i32>) -> void {
  %1: u64 = global_id 0
  %2: i64 = convert %1
  %3: i32 = convert %1
  %4: ptr<global, i32> = ptr_offset %0, %2
  %5: i32 = const 0
  store %4, %5
  %6: i32 = const 7
  %7: i32 = rem %3, %6
  switch %7 {
  case 0 {
    %8: i32 = const 100
    store %4, %8
    break
  }
  case 1, 2 fallthrough {
    %9: i32 = const 10
    store %4, %9
  }
  case 3 {
    %10: i32 = load %4
    %11: i32 = const 1
    %12: i32 = add %10, %11
    store %4, %12
  }
  case -5 {
    %13: i32 = const 55
    store %4, %13
  }
  case default {
    %14: i32 = const -1
    store %4, %14
  }
  }
  return
}
"#;

fn switch_expected(i: i32) -> i32 {
    match i % 7 {
        0 => 100,
        1 | 2 => 11,
        3 => 1,
        _ => -1,
    }
}

#[test]
fn switch_with_fall_through_and_default() {
    let p = compile(&parse(SWITCH));
    let mut out = vec![0u8; 4 * 64];
    run(&p, "sw", &mut [Arg::Buf(&mut out)], 64, 16, 2);
    let got: Vec<i32> = from_bytes(&out);
    let want: Vec<i32> = (0..64).map(switch_expected).collect();
    assert_eq!(got, want);
}

/// A switch inside a loop: `continue` in a case skips the rest of the iteration, `break` in
/// a case only leaves the switch; plus a group-level switch containing a barrier.
const SWITCH_LOOP: &str = r#"
kernel @swl(%0 "out": ptr<global, i32>, %1 "mode": i32) -> void {
  local $0 "acc": private i32
  local $1 "k": private i32
  local $2 "tile": local [16 x i32]
  %2: u64 = global_id 0
  %3: i64 = convert %2
  %4: i32 = convert %2
  %5: ptr<private, i32> = local_addr $0
  %6: ptr<private, i32> = local_addr $1
  %7: i32 = const 0
  store %5, %7
  store %6, %7
  loop {
    %8: i32 = load %6
    %9: i32 = const 3
    %10: i32 = rem %8, %9
    switch %10 {
    case 0 {
      continue
    }
    case 1 {
      %11: i32 = load %5
      %12: i32 = add %11, %4
      store %5, %12
      break
    }
    case default {
      %13: i32 = load %5
      %14: i32 = const 1000
      %15: i32 = add %13, %14
      store %5, %15
    }
    }
    %16: i32 = load %5
    %17: i32 = const 1
    %18: i32 = add %16, %17
    store %5, %18
  } continuing {
    %19: i32 = load %6
    %20: i32 = const 1
    %21: i32 = add %19, %20
    store %6, %21
    %22: i32 = const 6
    %23: bool = cmp.ge %21, %22
  } break_if %23
  %24: u64 = local_id 0
  %25: i64 = convert %24
  %26: ptr<local, [16 x i32]> = local_addr $2
  %27: ptr<local, i32> = index_addr %26, %25
  %28: i32 = load %5
  store %27, %28
  switch %1 {
  case 1 {
    barrier local
    %29: i64 = const 15
    %30: i64 = sub %29, %25
    %31: ptr<local, i32> = index_addr %26, %30
    %32: i32 = load %31
    %33: ptr<global, i32> = ptr_offset %0, %3
    store %33, %32
    break
  }
  case default {
    %34: ptr<global, i32> = ptr_offset %0, %3
    store %34, %28
  }
  }
  return
}
"#;

fn acc_of(i: i32) -> i32 {
    let mut acc = 0;
    for k in 0..6 {
        match k % 3 {
            0 => continue,
            1 => acc += i,
            _ => acc += 1000,
        }
        acc += 1;
    }
    acc
}

#[test]
fn switch_in_loop_and_switch_with_barrier() {
    let m = parse(SWITCH_LOOP);
    let p = compile(&m);
    assert!(p.kernel("swl").unwrap().has_barrier);
    for mode in [0i32, 1] {
        let mut out = vec![0u8; 4 * 64];
        run(
            &p,
            "swl",
            &mut [Arg::Buf(&mut out), Arg::Val(mode.to_le_bytes().to_vec())],
            64,
            16,
            2,
        );
        let got: Vec<i32> = from_bytes(&out);
        let want: Vec<i32> = (0..64)
            .map(|i| {
                if mode == 1 {
                    acc_of((i / 16) * 16 + 15 - i % 16)
                } else {
                    acc_of(i)
                }
            })
            .collect();
        assert_eq!(got, want, "mode {mode}");
    }
}

/// Global atomics from many work-groups on several threads, and `__local` atomics.
const ATOMICS: &str = r#"
kernel @hist(%0 "data": ptr<global, u32>, %1 "bins": ptr<global, u32>, %2 "stats": ptr<global, i32>, %3 "fsum": ptr<global, f32>) -> void {
  local $0 "lbins": local [8 x u32]
  %4: u64 = global_id 0
  %5: i64 = convert %4
  %6: u64 = local_id 0
  %7: i64 = convert %6
  %8: ptr<local, [8 x u32]> = local_addr $0
  %9: i64 = const 8
  %10: bool = cmp.lt %7, %9
  if %10 {
    %11: ptr<local, u32> = index_addr %8, %7
    %12: u32 = const 0
    store %11, %12
  } else {
  }
  barrier local
  %13: ptr<global, u32> = ptr_offset %0, %5
  %14: u32 = load %13
  %15: u32 = const 7
  %16: u32 = and %14, %15
  %17: i64 = convert %16
  %18: ptr<local, u32> = index_addr %8, %17
  %19: u32 = atomic.inc relaxed work_group %18
  barrier local
  if %10 {
    %20: ptr<local, u32> = index_addr %8, %7
    %21: u32 = load %20
    %22: ptr<global, u32> = ptr_offset %1, %7
    %23: u32 = atomic.add relaxed device %22, %21
  } else {
  }
  %24: i32 = convert %14
  %25: i64 = const 0
  %26: ptr<global, i32> = ptr_offset %2, %25
  %27: i32 = atomic.max relaxed device %26, %24
  %28: i64 = const 1
  %29: ptr<global, i32> = ptr_offset %2, %28
  %30: i32 = atomic.min relaxed device %29, %24
  %31: i64 = const 2
  %32: ptr<global, i32> = ptr_offset %2, %31
  %33: i32 = atomic.sub relaxed device %32, %24
  %34: i64 = const 3
  %35: ptr<global, i32> = ptr_offset %2, %34
  %36: i32 = atomic.xor relaxed device %35, %24
  %37: i64 = const 4
  %38: ptr<global, i32> = ptr_offset %2, %37
  %39: i32 = const 0
  %40: i32 = atomic.cmpxchg seq_cst device %38, %39, %24
  %41: f32 = const 0.5
  %42: f32 = atomic.add relaxed device %3, %41
  return
}
"#;

#[test]
fn atomics_from_parallel_groups() {
    let p = compile(&parse(ATOMICS));
    let n = 4096u64;
    let data: Vec<u32> = (0..n as u32)
        .map(|i| i.wrapping_mul(2654435761) >> 7)
        .collect();
    let mut d = bytes(&data);
    let mut bins = vec![0u8; 4 * 8];
    let mut stats = bytes(&[i32::MIN, i32::MAX, 0, 0, 0]);
    let mut fsum = bytes(&[0f32]);
    run(
        &p,
        "hist",
        &mut [
            Arg::Buf(&mut d),
            Arg::Buf(&mut bins),
            Arg::Buf(&mut stats),
            Arg::Buf(&mut fsum),
        ],
        n,
        64,
        4,
    );
    let mut want = [0u32; 8];
    for v in &data {
        want[(v & 7) as usize] += 1;
    }
    assert_eq!(from_bytes::<u32>(&bins), want.to_vec());
    let s: Vec<i32> = from_bytes(&stats);
    let vals: Vec<i32> = data.iter().map(|v| *v as i32).collect();
    assert_eq!(s[0], *vals.iter().max().unwrap());
    assert_eq!(s[1], *vals.iter().min().unwrap());
    assert_eq!(s[2], vals.iter().fold(0i32, |a, v| a.wrapping_sub(*v)));
    assert_eq!(s[3], vals.iter().fold(0i32, |a, v| a ^ v));
    // Exactly one work-item found 0 there (data[0] is 0, so later ones may also swap 0 in).
    assert!(vals.contains(&s[4]));
    assert_eq!(from_bytes::<f32>(&fsum)[0], 0.5 * n as f32);
}

/// int -> float and double -> float conversions in every rounding mode.
const CONVERT: &str = r#"
kernel @cvt(%0 "i": ptr<global, i64>, %1 "d": ptr<global, f64>, %2 "out": ptr<global, f32>) -> void {
  %3: u64 = global_id 0
  %4: i64 = convert %3
  %5: ptr<global, i64> = ptr_offset %0, %4
  %6: i64 = load %5
  %7: ptr<global, f64> = ptr_offset %1, %4
  %8: f64 = load %7
  %9: i64 = const 8
  %10: i64 = mul %4, %9
  %11: f32 = convert.rte %6
  %12: f32 = convert.rtz %6
  %13: f32 = convert.rtp %6
  %14: f32 = convert.rtn %6
  %15: f32 = convert.rte %8
  %16: f32 = convert.rtz %8
  %17: f32 = convert.rtp %8
  %18: f32 = convert.rtn %8
  %19: ptr<global, f32> = ptr_offset %2, %10
  store %19, %11
  %20: i64 = const 1
  %21: ptr<global, f32> = ptr_offset %19, %20
  store %21, %12
  %22: ptr<global, f32> = ptr_offset %21, %20
  store %22, %13
  %23: ptr<global, f32> = ptr_offset %22, %20
  store %23, %14
  %24: ptr<global, f32> = ptr_offset %23, %20
  store %24, %15
  %25: ptr<global, f32> = ptr_offset %24, %20
  store %25, %16
  %26: ptr<global, f32> = ptr_offset %25, %20
  store %26, %17
  %27: ptr<global, f32> = ptr_offset %26, %20
  store %27, %18
  return
}
"#;

/// The f32 neighbours of an exact value `v` (as f64 or i128) in each direction.
fn round_dirs(exact: f64, nearest: f32, cmp: std::cmp::Ordering) -> [f32; 4] {
    use std::cmp::Ordering::*;
    let up = |f: f32| next(f, true);
    let down = |f: f32| next(f, false);
    let _ = exact;
    let (lo, hi) = match cmp {
        Equal => (nearest, nearest),
        Greater => (down(nearest), nearest),
        Less => (nearest, up(nearest)),
    };
    let rtz = if nearest > 0.0 || (nearest == 0.0 && lo >= 0.0) {
        lo
    } else {
        hi
    };
    [nearest, rtz, hi, lo]
}

fn next(f: f32, up: bool) -> f32 {
    if f == 0.0 {
        let t = f32::from_bits(1);
        return if up { t } else { -t };
    }
    let b = f.to_bits();
    f32::from_bits(if (f > 0.0) == up { b + 1 } else { b - 1 })
}

#[test]
fn conversions_honour_every_rounding_mode() {
    let p = compile(&parse(CONVERT));
    let ints: Vec<i64> = vec![
        0,
        1,
        -1,
        16777217,
        -16777217,
        16777219,
        123456789,
        -123456789,
        i64::MAX,
        i64::MIN,
        i64::MIN + 1,
        (1 << 40) + 1,
        -(1 << 40) - 1,
        33554435,
        7,
        -3,
    ];
    let dbls: Vec<f64> = vec![
        0.1,
        -0.1,
        1.0,
        1e-40,
        -1e-40,
        3.4028235677973366e38,
        -3.4028235677973366e38,
        1e300,
        -1e300,
        1.0 + 2f64.powi(-30),
        -(1.0 + 2f64.powi(-30)),
        2f64.powi(-149) * 0.75,
        0.0,
        -0.0,
        1e-50,
        2.5,
    ];
    let n = ints.len();
    let mut ib = bytes(&ints);
    let mut db = bytes(&dbls);
    let mut out = vec![0u8; 4 * 8 * n];
    run(
        &p,
        "cvt",
        &mut [Arg::Buf(&mut ib), Arg::Buf(&mut db), Arg::Buf(&mut out)],
        n as u64,
        n as u64,
        1,
    );
    let got: Vec<f32> = from_bytes(&out);
    for (k, (&i, &d)) in ints.iter().zip(&dbls).enumerate() {
        let near = i as f32;
        let cmp = (near as i128).cmp(&(i as i128));
        // `near as i128` saturates at 2^127 only beyond i64 range; f32(i64::MAX) = 2^63.
        let cmp = if near >= 9.223372e18 {
            std::cmp::Ordering::Greater
        } else {
            cmp
        };
        let want = round_dirs(i as f64, near, cmp);
        assert_eq!(&got[8 * k..8 * k + 4], &want, "int {i}");
        let near = d as f32;
        let cmp = (near as f64).partial_cmp(&d).unwrap();
        let mut want = round_dirs(d, near, cmp);
        // Toward zero and toward the infinity opposite to an overflow give the largest finite.
        if near.is_infinite() {
            let max = f32::MAX.copysign(near);
            want[1] = max;
            if near > 0.0 {
                want[3] = max
            } else {
                want[2] = max
            }
        }
        assert_eq!(&got[8 * k + 4..8 * k + 8], &want, "double {d:e}");
    }
}

/// printf from JIT code: the call returns 0 for every work-item (the formatting itself is
/// unit-tested against C's printf output in `printf::format`).
const PRINTF: &str = r#"
kernel @pf(%0 "out": ptr<global, i32>, %1 "v": f32x4) -> void {
  %2: u64 = global_id 0
  %3: i64 = convert %2
  %4: f64 = const 2.5
  %5: i32 = printf "wi %ld: %f %v4hlf\x0a", %3, %4, %1
  %6: ptr<global, i32> = ptr_offset %0, %3
  store %6, %5
  return
}
"#;

#[test]
fn printf_runs_from_generated_code() {
    let p = compile(&parse(PRINTF));
    let mut out = bytes(&[7i32; 4]);
    let v = bytes(&[1.0f32, 2.0, 3.0, 4.0]);
    run(&p, "pf", &mut [Arg::Buf(&mut out), Arg::Val(v)], 4, 2, 2);
    assert_eq!(from_bytes::<i32>(&out), vec![0; 4]);
}
