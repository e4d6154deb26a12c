//! Loads that vectorised loops may let Cranelift place by their uses
//! (`vectorize/movable_loads.rs`): read-only, non-trapping and movable vector loads, only
//! from buffers the kernel never writes, only in loops that carry a float4-sized sum, and
//! only where moving cannot make a load run that the program would not run. Each file of
//! tests/data/movable_loads is a module's IR whose first line says how many vector loads
//! of its kernels are marked movable when compiled for a launch that says nothing about its
//! buffers, and how many for one whose buffer arguments are distinct buffers:
//! `; movable loads: A without the launch's facts, B with distinct buffers`. That the marked
//! code computes the right results is checked against PoCL by tests/run (every kernel that
//! `oclc run` launches has distinct buffers), and for a buffer passed twice by
//! runtime-lite/tests/aliased_buffers.rs.

mod common;

use oclc_backend_cpu::compile_module;

/// Vector loads marked movable in Cranelift text `clif`.
fn movable_loads(clif: &str) -> usize {
    clif.lines()
        .filter(|l| {
            let rhs = l.split_once(" = ").map_or("", |(_, r)| r);
            rhs.starts_with("load.") && rhs.contains(" can_move ")
        })
        .count()
}

#[test]
fn loads_are_movable_only_where_nothing_can_change_them() {
    let mut wrong = Vec::new();
    for (file, text) in &common::ir_cases("movable_loads", 5) {
        let expected = common::header_numbers(
            text,
            "; movable loads: ",
            2,
            file,
            "; movable loads: A without the launch's facts, B with distinct buffers",
        );
        let module = common::parse(text);
        let program = compile_module(&module).unwrap();
        let count = |distinct: bool| -> usize {
            program
                .kernels()
                .iter()
                .map(|k| {
                    let compiled = program
                        .kernel_for_launch(&k.name, [16, 1, 1], distinct)
                        .unwrap()
                        .unwrap();
                    movable_loads(&compiled.clif)
                })
                .sum()
        };
        let got = vec![count(false), count(true)];
        if got != expected {
            wrong.push(format!(
                "{}: expected {expected:?}, got {got:?}",
                file.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
