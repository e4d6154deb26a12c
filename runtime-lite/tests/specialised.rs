//! Kernels compiled again for each launch's local size share the program's state: a
//! program-scope `__global` variable written by one launch is read by launches of other
//! kernels at other local sizes (each compiled with its own size), checked by hand.

use oclc_runtime_lite::{ArgValue, Buffer, NDRange, Program};

const IR: &str = r#"global @g0 "counter": global i32
kernel @put(%0 "v": i32 type "int") -> void {
  %1: ptr<global, i32> = global_addr @g0
  %2: i32 = load %1
  %3: i32 = add %2, %0
  store %1, %3
  return
}
kernel @get(%0 "out": ptr<global, i32> type "__global int *") -> void {
  %1: ptr<global, i32> = global_addr @g0
  %2: i32 = load %1
  %3: u64 = local_size 0
  %4: i32 = convert %3
  %5: i32 = const 1000
  %6: i32 = mul %4, %5
  %7: i32 = add %2, %6
  %8: u64 = global_id 0
  %9: i64 = convert %8
  %10: ptr<global, i32> = ptr_offset %0, %9
  store %10, %7
  return
}
"#;

fn get(prog: &Program, local: u64) -> Vec<i32> {
    let mut bufs = vec![Buffer::from_bytes(&[0u8; 4 * 12]).unwrap()];
    prog.launch(
        "get",
        &[ArgValue::Buffer(0)],
        &mut bufs,
        &NDRange::d1(12, Some(local)),
        Some(2),
    )
    .unwrap();
    bufs[0]
        .as_bytes()
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn put(prog: &Program, v: i32, local: u64) {
    prog.launch(
        "put",
        &[ArgValue::Bytes(v.to_le_bytes().to_vec())],
        &mut [],
        &NDRange::d1(1, Some(local)),
        Some(1),
    )
    .unwrap();
}

#[test]
fn specialised_kernels_share_program_scope_variables() {
    let module = oclc_ir::parse_module(IR).expect("parses");
    let prog = Program::new(module).unwrap();
    put(&prog, 7, 1);
    assert_eq!(get(&prog, 4), vec![4007; 12]);
    assert_eq!(get(&prog, 3), vec![3007; 12]);
    put(&prog, 5, 1);
    assert_eq!(get(&prog, 6), vec![6012; 12]);
    assert_eq!(get(&prog, 4), vec![4012; 12]);
    assert_eq!(get(&prog, 1), vec![1012; 12]);
}
