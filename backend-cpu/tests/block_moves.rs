//! Blocks (each work-item's own vector, stored one after another) that a vectorised region
//! loads and stores with only lane moves or element-wise arithmetic between: the arithmetic
//! runs on the loaded vectors (`codegen/vector/blocks.rs`) and the stores take its results,
//! the loaded vectors, or one shuffle of each, instead of splitting them into components and
//! joining them back (`codegen/vector/transpose.rs`). Each file of tests/data/block_moves is
//! a kernel's IR whose first line says how many of its 16-byte stores store a value with no
//! shuffle after the loads or arithmetic that computed it, and how many one with one
//! shuffle: `; block stores: D direct, S one shuffle`. That the results are right is checked
//! against PoCL by tests/run/cpu_block_lane_moves.cl.

mod common;

use std::collections::HashMap;

use oclc_backend_cpu::compile_module;

/// How many lane moves (shuffles; bitcasts are free) lie between `v` and the loads or
/// arithmetic that computed its lanes (the most along any path).
fn shuffles_before(defs: &HashMap<&str, (&str, Vec<&str>)>, v: &str) -> usize {
    match defs.get(v) {
        Some((op, args)) if op.starts_with("bitcast") => shuffles_before(defs, args[0]),
        Some((op, args)) if *op == "shuffle" => {
            1 + args[..2]
                .iter()
                .map(|a| shuffles_before(defs, a))
                .max()
                .unwrap_or(0)
        }
        _ => 0,
    }
}

/// True when `v` is a 128-bit vector: loaded, built or moved as one, or computed from one.
fn is_vector(defs: &HashMap<&str, (&str, Vec<&str>)>, v: &str) -> bool {
    let Some((op, args)) = defs.get(v) else {
        return false;
    };
    let vector_op = ["shuffle", "splat", "insertlane", "vconst"];
    if op.ends_with("x4") || op.ends_with("x16") || vector_op.contains(op) {
        return true;
    }
    !op.contains('.') && args.first().is_some_and(|a| is_vector(defs, a))
}

/// How many 16-byte stores in Cranelift text `clif` store a value with no shuffle after the
/// loads or arithmetic that computed it (`direct`), and how many one with one shuffle.
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
        let Some(value) = value.filter(|v| is_vector(&defs, v)) else {
            continue;
        };
        match shuffles_before(&defs, value) {
            0 => direct += 1,
            1 => one += 1,
            _ => {}
        }
    }
    (direct, one)
}

#[test]
fn block_stores_take_the_loaded_vectors() {
    let mut wrong = Vec::new();
    for (file, text) in &common::ir_cases("block_moves", 3) {
        let expected = common::header_numbers(
            text,
            "; block stores: ",
            2,
            file,
            "; block stores: D direct, S one shuffle",
        );
        let module = common::parse(text);
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
