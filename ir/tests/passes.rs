//! "IR text in, IR text out" tests of the passes: every `tests/passes/<dir>/NAME.ir` is
//! parsed, verified, run through passes and the printed result is compared with the insta
//! snapshot `snapshots/passes__<dir>__NAME.snap`. Adding a case is adding a file.
//!
//! What runs: a `; PASSES: a, b, c` line in the file names the passes (by their pipeline
//! names, `oclc_ir::opt::by_name`), run in order as one group to a fixed point; a
//! `; LEVEL: N` line runs the whole target-neutral pipeline of `-ON` instead (with the
//! `; CONFIG:` changes below, SLP off unless asked). Without either,
//! the pass named like the folder runs to its fixed point. The settings are those of `-O2`
//! (SLP vectorisation at 4 lanes, as on the CPU), changed by a `; CONFIG: name=value, ...` line (`full_unroll_budget`, `full_unroll_max_loads`,
//! `partial_unroll_factor`, `partial_unroll_max_body`, `slp_lanes`, `fast_math` (0 or 1),
//! `level`).

use std::path::Path;

use oclc_ir::opt::{self, OptConfig};
use oclc_ir::{parse_module, print_module, verify_module, Module, Pass, Pipeline};

/// The value of the `; KEY: value` header line of `text`, if any.
fn header<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    text.lines()
        .take_while(|l| l.trim_start().starts_with(';') || l.trim().is_empty())
        .find_map(|l| {
            l.trim_start()
                .trim_start_matches(';')
                .trim()
                .strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(':'))
                .map(str::trim)
        })
}

/// The pipeline a test file asks for (see the module documentation).
fn pipeline_for(dir: &str, text: &str) -> Pipeline<'static> {
    if let Some(level) = header(text, "LEVEL") {
        let neutral = OptConfig::for_level(level.parse().expect("LEVEL: N"));
        return opt::pipeline(&configured(neutral, text));
    }
    let names: Vec<&str> = match header(text, "PASSES") {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => vec![dir],
    };
    let config = config_for(text);
    let passes: Vec<Box<dyn Pass>> = names
        .iter()
        .map(|n| opt::by_name(n, &config).unwrap_or_else(|| panic!("no pass called {n}")))
        .collect();
    Pipeline::new().fixed_point(passes)
}

/// The `-O2` settings with SLP vectorisation at 4 lanes (the CPU's setting), changed by the
/// file's `; CONFIG:` line.
fn config_for(text: &str) -> OptConfig {
    let config = OptConfig {
        slp_lanes: 4,
        ..OptConfig::for_level(2)
    };
    configured(config, text)
}

/// `config` changed by the file's `; CONFIG:` line.
fn configured(mut config: OptConfig, text: &str) -> OptConfig {
    for item in header(text, "CONFIG").unwrap_or("").split(',') {
        let Some((name, value)) = item.split_once('=') else {
            continue;
        };
        let n: usize = value.trim().parse().expect("CONFIG value");
        match name.trim() {
            "level" => config.level = n as u8,
            "full_unroll_budget" => config.full_unroll_budget = n,
            "full_unroll_max_loads" => config.full_unroll_max_loads = n,
            "partial_unroll_factor" => config.partial_unroll_factor = n as u32,
            "partial_unroll_max_body" => config.partial_unroll_max_body = n,
            "slp_lanes" => config.slp_lanes = n as u8,
            "fast_math" => config.fast_math = n != 0,
            other => panic!("unknown CONFIG setting {other}"),
        }
    }
    config
}

/// Runs every input of `tests/passes/<dir>` and checks the snapshots.
fn check_dir(dir: &str) {
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
        run(&pipeline_for(dir, &text), &mut m);
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

fn run(pipeline: &Pipeline, m: &mut Module) -> bool {
    pipeline
        .run(m, &mut |_, m| verify_module(m).unwrap())
        .expect("optimisations never refuse")
}

/// Every folder of `tests/passes/` is a test case group.
#[test]
fn every_pass_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/passes");
    let mut dirs: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 4, "{dirs:?}");
    for dir in dirs {
        check_dir(&dir);
    }
}

#[test]
fn o0_runs_nothing() {
    let text = include_str!("passes/pipeline/fold_then_clean.ir");
    let mut m = parse_module(text).unwrap();
    let before = print_module(&m);
    let mut calls = 0;
    let changed = opt::pipeline(&OptConfig::for_level(0))
        .run(&mut m, &mut |_, _| calls += 1)
        .unwrap();
    assert!(!changed);
    assert_eq!(calls, 0);
    assert_eq!(print_module(&m), before);
    assert!(opt::pipeline(&OptConfig::for_level(0))
        .pass_names()
        .is_empty());
}

#[test]
fn every_pipeline_pass_has_a_name_by_name_finds() {
    let config = OptConfig::for_level(3);
    for name in opt::pipeline(&config).pass_names() {
        let pass = opt::by_name(name, &config).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(pass.name(), name);
    }
}

#[test]
fn a_disabled_pass_does_not_run() {
    let text = include_str!("passes/pipeline/fold_then_clean.ir");
    let mut m = parse_module(text).unwrap();
    let mut ran = Vec::new();
    opt::pipeline(&OptConfig::for_level(2))
        .disable(&["const_fold"])
        .run(&mut m, &mut |name, _| ran.push(name.to_string()))
        .unwrap();
    assert!(!ran.is_empty());
    assert!(!ran.iter().any(|n| n == "const_fold"), "{ran:?}");
}

#[test]
fn pipeline_keeps_fixtures_valid() {
    for m in [
        oclc_ir::fixtures::vecadd(),
        oclc_ir::fixtures::reduce_sum(),
        oclc_ir::fixtures::vec4_helper(),
    ] {
        let mut m2 = m.clone();
        run(&opt::pipeline(&OptConfig::for_level(3)), &mut m2);
        verify_module(&m2).unwrap();
    }
}

/// `optimize_function_o1` (the built-in library's functions, optimised when first linked)
/// runs exactly `-O1`'s pipeline: one fixed-point group of `O1_PASSES`.
#[test]
fn o1_is_one_group_of_the_function_passes() {
    let names: Vec<&str> = opt::O1_PASSES.iter().map(|p| p.name()).collect();
    assert_eq!(opt::pipeline(&OptConfig::for_level(1)).pass_names(), names);
    for m in [
        oclc_ir::fixtures::vecadd(),
        oclc_ir::fixtures::reduce_sum(),
        oclc_ir::fixtures::vec4_helper(),
    ] {
        let mut whole = m.clone();
        opt::optimize(&mut whole, 1);
        let mut each = m.clone();
        for index in 0..each.functions.len() {
            opt::optimize_function_o1(&mut each, index);
        }
        assert_eq!(print_module(&each), print_module(&whole));
    }
}
