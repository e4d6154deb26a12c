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

use std::path::Path;

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
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/movable_loads");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "no cases in {}", dir.display());
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let first = text.lines().next().unwrap_or("");
        let expected: Vec<usize> = first
            .strip_prefix("; movable loads: ")
            .unwrap_or_else(|| {
                panic!(
                    "{}: first line must say `; movable loads: A without the launch's facts, B with distinct buffers`",
                    file.display()
                )
            })
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .take(2)
            .collect();
        let module =
            oclc_ir::parse_module(&text).unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
        oclc_ir::verify_module(&module).unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
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
