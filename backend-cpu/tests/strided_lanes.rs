//! Per-lane accesses at an affine address that is not lane-consecutive (a column of a tile,
//! `tile[lx][ly]`; every third float, `out[3 * i + 1]`): a vectorised region loads or
//! stores each lane's element at an immediate offset from one base address instead of
//! computing four addresses (`codegen/vector/access.rs`). Each file of
//! tests/data/strided_lanes is a kernel's IR whose first line says how many scalar loads
//! and stores at a lane offset (`load.f32 vB+K`, `store ..., vB+K`) its code has when
//! compiled for the local size given: `; lane offsets: L loads, S stores (local size X, Y)`.
//! Addresses whose affine form holds only under a run-time guard (unsigned arithmetic
//! that may wrap) keep per-lane addresses. That the results are right is checked against
//! PoCL by tests/run (local_2d.cl, diff_local.cl, samples/transpose.cl among others).

mod common;

use oclc_backend_cpu::compile_module;

/// Scalar 32-bit loads and stores at a non-zero immediate offset in Cranelift text `clif`.
fn lane_offsets(clif: &str) -> (usize, usize) {
    let at_offset = |addr: &str| {
        addr.split_once('+')
            .is_some_and(|(base, k)| base.starts_with('v') && k.parse::<u32>().is_ok())
    };
    let (mut loads, mut stores) = (0, 0);
    for line in clif.lines() {
        let line = line.split(';').next().unwrap_or("").trim();
        let rhs = line.split_once(" = ").map_or(line, |(_, r)| r);
        if let Some(addr) = rhs.strip_prefix("load.f32 ") {
            loads += usize::from(at_offset(addr.trim()));
        } else if let Some(ops) = rhs.strip_prefix("store ") {
            let addr = ops.rsplit(", ").next().unwrap_or("");
            stores += usize::from(at_offset(addr.trim()));
        }
    }
    (loads, stores)
}

#[test]
fn strided_lanes_address_one_base_at_offsets() {
    let mut wrong = Vec::new();
    for (file, text) in &common::ir_cases("strided_lanes", 3) {
        let n = common::header_numbers(
            text,
            "; lane offsets: ",
            4,
            file,
            "; lane offsets: L loads, S stores (local size X, Y)",
        );
        let module = common::parse(text);
        let program = compile_module(&module).unwrap();
        let k = &program.kernels()[0];
        let compiled = program
            .kernel_for(&k.name, [n[2] as u64, n[3] as u64, 1])
            .unwrap()
            .unwrap();
        let got = lane_offsets(&compiled.clif);
        if got != (n[0], n[1]) {
            wrong.push(format!(
                "{}: expected {:?}, got {got:?}\n{}",
                file.display(),
                (n[0], n[1]),
                compiled.clif
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
