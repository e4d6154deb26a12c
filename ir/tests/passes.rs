//! "IR text in, IR text out" tests of the passes: every `tests/passes/<pass>/NAME.ir` is
//! parsed, verified, run through the pass (to its fixed point) and the printed result is
//! compared with the insta snapshot `snapshots/passes__<pass>__NAME.snap`.

use std::path::Path;

use oclc_ir::passes::{ConstFold, Dce, Simplify};
use oclc_ir::{parse_module, print_module, run_pipeline, verify_module, Module, Pass};

/// Runs `transform` on every input of `tests/passes/<dir>` and checks the snapshots.
fn check_dir(dir: &str, transform: &dyn Fn(&mut Module)) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/passes")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ir"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", root.display());
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut m = parse_module(&text).unwrap_or_else(|e| panic!("{stem}.ir:{e}"));
        verify_module(&m).unwrap_or_else(|e| panic!("{stem}.ir: input: {e}"));
        transform(&mut m);
        verify_module(&m).unwrap_or_else(|e| panic!("{stem}.ir: output: {e}"));
        let out = print_module(&m);
        // The output must itself read back.
        let again = parse_module(&out).unwrap_or_else(|e| panic!("{stem}: output: {e}"));
        assert_eq!(print_module(&again), out);
        insta::with_settings!({
            description => format!("{dir} on tests/passes/{dir}/{stem}.ir"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("{dir}__{stem}"), out);
        });
    }
}

/// Runs one pass until it reports no change (bounded).
fn to_fixed_point(pass: &dyn Pass) -> impl Fn(&mut Module) + '_ {
    move |m| {
        for _ in 0..10 {
            if !pass.run(m) {
                return;
            }
        }
        panic!("{} did not reach a fixed point", pass.name());
    }
}

#[test]
fn const_fold() {
    check_dir("const_fold", &to_fixed_point(&ConstFold));
}

#[test]
fn dce() {
    check_dir("dce", &to_fixed_point(&Dce));
}

#[test]
fn simplify() {
    check_dir("simplify", &|m| {
        to_fixed_point(&Simplify)(m);
        to_fixed_point(&Dce)(m);
    });
}

#[test]
fn pipeline_o1() {
    check_dir("pipeline", &|m| {
        let mut names = Vec::new();
        run_pipeline(m, 1, |name, _| names.push(name.to_string()));
        assert_eq!(&names[..3], ["const_fold", "simplify", "dce"]);
    });
}

#[test]
fn o0_runs_nothing() {
    let text = include_str!("passes/pipeline/fold_then_clean.ir");
    let mut m = parse_module(text).unwrap();
    let before = print_module(&m);
    let mut calls = 0;
    assert!(!run_pipeline(&mut m, 0, |_, _| calls += 1));
    assert_eq!(calls, 0);
    assert_eq!(print_module(&m), before);
    assert!(oclc_ir::pipeline(0).is_empty());
    assert_eq!(oclc_ir::pipeline(2).len(), 3);
}

#[test]
fn pipeline_keeps_fixtures_valid() {
    for m in [
        oclc_ir::fixtures::vecadd(),
        oclc_ir::fixtures::reduce_sum(),
        oclc_ir::fixtures::vec4_helper(),
    ] {
        let mut m2 = m.clone();
        run_pipeline(&mut m2, 2, |_, m| verify_module(m).unwrap());
        verify_module(&m2).unwrap();
    }
}
