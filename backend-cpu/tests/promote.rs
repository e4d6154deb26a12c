//! Private variables whose address never escapes live in Cranelift variables (registers), not
//! in stack slots or the work-item state; the results stay the same.

mod common;

use common::*;

/// `acc` and `v` (a vector) are only loaded and stored whole: promoted. `esc` is written
/// through an atomic: it keeps its stack slot.
const PROMOTE: &str = r#"
kernel @pr(%0 "out": ptr<global, i32>) -> void {
  local $0 "acc": private i32
  local $1 "v": private i32x2
  local $2 "esc": private i32
  %1: u64 = global_id 0
  %2: i64 = convert %1
  %3: i32 = convert %1
  %4: ptr<private, i32> = local_addr $0
  %5: ptr<private, i32x2> = local_addr $1
  %6: ptr<private, i32> = local_addr $2
  %7: i32 = const 0
  store %4, %7
  store %6, %7
  %8: i32x2 = splat %3
  store %5, %8
  loop {
    %9: i32 = load %4
    %10: i32x2 = load %5
    %11: i32 = extract %10, 1
    %12: i32 = add %9, %11
    store %4, %12
    %13: i32 = const 1
    %14: i32 = atomic.add relaxed work_group %6, %13
  } continuing {
    %15: i32 = atomic.load relaxed work_group %6
    %16: i32 = const 4
    %17: bool = cmp.ge %15, %16
  } break_if %17
  %18: i32 = load %4
  %19: ptr<global, i32> = ptr_offset %0, %2
  store %19, %18
  return
}
"#;

#[test]
fn non_escaping_privates_live_in_registers() {
    let m = parse(PROMOTE);
    let p = compile(&m);
    let text = p.clif_text();
    println!("{text}");
    // Only `esc` has a stack slot, plus one copy per lane of each chunk the vectorised
    // region emits: the two it runs interleaved (lanes only leave its loop) and the single
    // chunk after the pairs.
    assert_eq!(text.matches("explicit_slot").count(), 1 + 3 * 4, "{text}");
    let scalar =
        oclc_backend_cpu::compile_module_with(&m, oclc_backend_cpu::CpuOptions::for_opt_level(0))
            .unwrap();
    assert_eq!(scalar.clif_text().matches("explicit_slot").count(), 1);
    let mut out = vec![0u8; 4 * 64];
    run(&p, "pr", &mut [Arg::Buf(&mut out)], 64, 16, 2);
    let got: Vec<i32> = from_bytes(&out);
    let want: Vec<i32> = (0..64).map(|i| 4 * i).collect();
    assert_eq!(got, want);
}
