//! Blocks (each work-item's own vector, stored one after another) that a vectorised region
//! loads and stores with only lane moves between: the stores take the loaded vectors, or one
//! shuffle of each, instead of splitting them into components and joining them back
//! (`codegen/vector/transpose.rs`). Each file of tests/data/block_moves is a kernel's IR whose
//! first line says how many of its 16-byte stores store a loaded vector directly and how
//! many one shuffle of loaded vectors: `; block stores: D direct, S one shuffle`. That the
//! results are right is checked against PoCL by tests/run (vector loads and stores).

use std::collections::HashMap;
use std::path::Path;

use oclc_backend_cpu::compile_module;

/// How many lane moves (shuffles; bitcasts are free) lie between `v` and loaded vectors, if
/// every path from `v` ends at a 16-byte load.
fn shuffles_from_loads(defs: &HashMap<&str, (&str, Vec<&str>)>, v: &str) -> Option<usize> {
    let (op, args) = defs.get(v)?;
    match *op {
        "load.i8x16" => Some(0),
        "bitcast.f32x4" | "bitcast.i32x4" | "bitcast.i8x16" => shuffles_from_loads(defs, args[0]),
        "shuffle" => {
            let depth = args[..2]
                .iter()
                .map(|a| shuffles_from_loads(defs, a))
                .collect::<Option<Vec<_>>>()?;
            depth.into_iter().max().map(|d| d + 1)
        }
        _ => None,
    }
}

/// `(direct, one shuffle)` counts of the vector stores in Cranelift text `clif`.
fn block_stores(clif: &str) -> (usize, usize) {
    let mut defs = HashMap::new();
    for line in clif.lines() {
        let Some((lhs, rhs)) = line.trim().split_once(" = ") else {
            continue;
        };
        let mut words = rhs.split_whitespace();
        let op = words.next().unwrap_or("");
        let args: Vec<&str> = words
            .map(|w| w.trim_end_matches(','))
            .filter(|w| w.starts_with('v'))
            .collect();
        defs.insert(lhs, (op, args));
    }
    let (mut direct, mut one) = (0, 0);
    for line in clif.lines() {
        let Some(rest) = line.trim().strip_prefix("store ") else {
            continue;
        };
        let value = rest
            .split_whitespace()
            .find(|w| w.starts_with('v'))
            .map(|w| w.trim_end_matches(','));
        match value.and_then(|v| shuffles_from_loads(&defs, v)) {
            Some(0) => direct += 1,
            Some(1) => one += 1,
            _ => {}
        }
    }
    (direct, one)
}

#[test]
fn block_stores_take_the_loaded_vectors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/block_moves");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "no cases in {}", dir.display());
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let first = text.lines().next().unwrap_or("");
        let expected: Vec<usize> = first
            .strip_prefix("; block stores: ")
            .unwrap_or_else(|| {
                panic!(
                    "{}: first line must say `; block stores: D direct, S one shuffle`",
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
        let clif = compile_module(&module).unwrap().clif_text();
        let got = block_stores(&clif);
        if vec![got.0, got.1] != expected {
            wrong.push(format!(
                "{}: expected {expected:?}, got {got:?}",
                file.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
