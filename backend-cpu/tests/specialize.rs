//! Kernels compiled for a launch's local size (`CpuProgram::kernel_for`): the Cranelift
//! text notes the size, vector chunks need no scalar tail when the row is a multiple of 4,
//! the size is not read from the context, and each size compiles once.

use std::sync::Arc;

use oclc_backend_cpu::{compile_module, compile_module_with, CpuOptions};
use oclc_ir::{fixtures, FunctionKind};

fn count(text: &str, pat: &str) -> usize {
    text.matches(pat).count()
}

#[test]
fn vecadd_at_a_multiple_of_four_has_no_scalar_tail() {
    let p = compile_module(&fixtures::vecadd()).unwrap();
    let k = p.kernel_for("vecadd", [8, 1, 1]).unwrap().unwrap();
    println!("{}", k.clif);
    assert!(
        k.clif.contains("; specialised: local size 8x1x1"),
        "{}",
        k.clif
    );
    // The vector adds of the loop's two chunks (a row of 8 is one pair, so no loop of
    // single chunks) and the per-work-item add, kept for rows whose global ids pass
    // i32::MAX (the int index is widened without a guard). The generic kernel also has the
    // single-chunk loop, and runs its left-over work-items through the per-work-item add.
    assert_eq!(count(&k.clif, "fadd"), 3, "{}", k.clif);
    assert_eq!(count(&p.kernel("vecadd").unwrap().clif, "fadd"), 4);
}

#[test]
fn vecadd_at_six_keeps_the_scalar_tail() {
    let p = compile_module(&fixtures::vecadd()).unwrap();
    let k = p.kernel_for("vecadd", [6, 1, 1]).unwrap().unwrap();
    assert!(
        k.clif.contains("; specialised: local size 6x1x1"),
        "{}",
        k.clif
    );
    // The call's groups run as one row (wide rows), a multiple of 6 long: the loop of pairs
    // (two adds), the single chunks and the scalar tail.
    assert_eq!(count(&k.clif, "fadd"), 4, "{}", k.clif);
}

#[test]
fn reduce_sum_folds_the_local_size() {
    let p = compile_module(&fixtures::reduce_sum()).unwrap();
    let generic = &p.kernel("reduce_sum").unwrap().clif;
    let k = p.kernel_for("reduce_sum", [64, 1, 1]).unwrap().unwrap();
    println!("{}", k.clif);
    // The generic code reads the three local sizes from the context (offset 24 of the
    // work-group context); the specialised code reads none of them.
    assert!(generic.contains("readonly v1+24\n"), "{generic}");
    assert!(!k.clif.contains("readonly v1+24\n"), "{}", k.clif);
    assert!(
        !k.clif.contains("readonly v1+32\n") && !k.clif.contains("readonly v1+40\n"),
        "{}",
        k.clif
    );
}

#[test]
fn each_local_size_compiles_once() {
    let p = compile_module(&fixtures::vecadd()).unwrap();
    let a = p.kernel_for("vecadd", [16, 1, 1]).unwrap().unwrap();
    let b = p.kernel_for("vecadd", [16, 1, 1]).unwrap().unwrap();
    let c = p.kernel_for("vecadd", [12, 1, 1]).unwrap().unwrap();
    assert!(Arc::ptr_eq(&a, &b));
    assert!(!Arc::ptr_eq(&a, &c));
    assert!(p.kernel_for("no_such_kernel", [16, 1, 1]).is_none());
}

#[test]
fn o0_and_reqd_work_group_size_take_the_generic_kernel() {
    let p = compile_module_with(&fixtures::vecadd(), CpuOptions::for_opt_level(0)).unwrap();
    let k = p.kernel_for("vecadd", [8, 1, 1]).unwrap().unwrap();
    assert!(!k.clif.contains("specialised"), "{}", k.clif);

    let mut m = fixtures::vecadd();
    for f in &mut m.functions {
        if let FunctionKind::Kernel(a) = &mut f.kind {
            a.reqd_work_group_size = Some([8, 1, 1]);
        }
    }
    let p = compile_module(&m).unwrap();
    // Compiled for its required size from the start.
    let generic = &p.kernel("vecadd").unwrap().clif;
    assert!(
        generic.contains("; specialised: local size 8x1x1"),
        "{generic}"
    );
    // The pair's two vector adds and the add of rows past i32::MAX; no tail.
    assert_eq!(count(generic, "fadd"), 3, "{generic}");
    let k = p.kernel_for("vecadd", [8, 1, 1]).unwrap().unwrap();
    assert_eq!(&k.clif, generic);
}

fn histogram() -> oclc_ir::Module {
    let text = include_str!("data/histogram.ir");
    let m = oclc_ir::parse_module(text).expect("histogram.ir parses");
    oclc_ir::verify_module(&m).expect("histogram.ir verifies");
    m
}

#[test]
fn strided_loops_over_the_local_size_run_once_per_work_item() {
    let p = compile_module(&histogram()).unwrap();
    let note = "; vectorize: loop over 'b' runs once per work-item (local size 256)";
    let k = p.kernel_for("histogram", [256, 1, 1]).unwrap().unwrap();
    println!("{}", k.clif);
    // `for (b = lid; b < 256; b += 256)`, clearing and flushing the bins.
    assert_eq!(count(&k.clif, note), 2, "{}", k.clif);
    // Smaller groups step several times; the generic code does not know.
    let k = p.kernel_for("histogram", [64, 1, 1]).unwrap().unwrap();
    assert_eq!(count(&k.clif, "runs once per work-item"), 0, "{}", k.clif);
    assert_eq!(count(&p.kernel("histogram").unwrap().clif, "runs once"), 0);
}

#[test]
fn tree_steps_unroll_once_the_local_size_fixes_their_count() {
    // `for (s = get_local_size(0) / 2; s != 0; s >>= 1) { ...; barrier }`: a halving loop
    // whose count the local size fixes (its results are checked against PoCL by the
    // reduction RUN lines of tests/run and samples/reduce.cl at several local sizes).
    let note = ", loops with barriers unrolled fully";
    let p = compile_module(&fixtures::reduce_sum()).unwrap();
    assert!(!p.kernel("reduce_sum").unwrap().clif.contains(note));
    for local in [64, 6] {
        let k = p.kernel_for("reduce_sum", [local, 1, 1]).unwrap().unwrap();
        assert!(k.clif.contains(note), "{}", k.clif);
        // One barrier before the tree and one per step (6 steps of 64, 2 of 6), each
        // ending a region of its own.
        let steps = if local == 64 { 6 } else { 2 };
        let regions = k.clif.matches("; vectorize: region ").count();
        assert_eq!(regions, steps + 2, "{}", k.clif);
        // Each step's `if (lid < s)` has a constant bound now: its region runs the first
        // `s` work-items of the row and no other (plus `if (lid == 0)` at the end).
        let cuts: Vec<u64> = k
            .clif
            .lines()
            .filter_map(|l| l.split("each row cut to its first ").nth(1))
            .filter_map(|l| l.split(' ').next()?.parse().ok())
            .collect();
        let expected: &[u64] = if local == 64 {
            &[32, 16, 8, 4, 2, 1, 1]
        } else {
            &[3, 1, 1]
        };
        assert_eq!(cuts, expected, "{}", k.clif);
    }
    // A kernel without a loop holding a barrier is left as it was.
    let v = compile_module(&fixtures::vecadd()).unwrap();
    let k = v.kernel_for("vecadd", [16, 1, 1]).unwrap().unwrap();
    assert!(!k.clif.contains(note), "{}", k.clif);
}
