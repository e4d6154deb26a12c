//! No false reports from `oclc run --check`: every `// RUN:` line of tests/run/ and samples/
//! and every `// BENCH-TINY:` line of bench/kernels/ runs clean under `--check` (exit
//! status 0, no report) and leaves every buffer byte for byte as the unchecked run does.
//! (bench/check.py does the same on the full-size `// BENCH:` lines while it times them.)
//! `OCLC_RUN_FILTER=SUBSTRING` limits the files, as in run_reference.

mod common;

use std::path::{Path, PathBuf};

use common::{cl_files, root, run_dumped, run_lines, scratch};

/// The `// BENCH-TINY:` lines of a bench kernel, split into arguments.
fn bench_tiny_lines(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// BENCH-TINY:"))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The files of a buffer dump, sorted, with their bytes.
fn dump(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| (e.path(), std::fs::read(e.path()).unwrap()))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn checked_runs_are_clean_and_unchanged() {
    let filter = std::env::var("OCLC_RUN_FILTER").unwrap_or_default();
    let mut lines: Vec<(PathBuf, Vec<String>)> = Vec::new();
    for dir in ["tests/run", "samples"] {
        for file in cl_files(&root().join(dir)) {
            for run in run_lines(&file) {
                lines.push((file.clone(), run));
            }
        }
    }
    for file in cl_files(&root().join("bench/kernels")) {
        for run in bench_tiny_lines(&file) {
            lines.push((file.clone(), run));
        }
    }
    let tmp = scratch("check-clean");
    let (mut checked, mut failures) = (0, Vec::new());
    for (n, (file, run)) in lines.iter().enumerate() {
        if !file.to_string_lossy().contains(&filter) {
            continue;
        }
        let (plain, with_check) = (
            tmp.join(format!("{n}-plain")),
            tmp.join(format!("{n}-check")),
        );
        // Lines the CPU device refuses are covered by run_reference.
        if run_dumped(file, run, &["cpu"], &plain).is_err() {
            continue;
        }
        let mut run_checked = run.clone();
        run_checked.push("--check".into());
        if let Err(e) = run_dumped(file, &run_checked, &["cpu"], &with_check) {
            failures.push(format!("false report: {e}"));
            continue;
        }
        if dump(&plain)
            .iter()
            .map(|(_, b)| b)
            .ne(dump(&with_check).iter().map(|(_, b)| b))
        {
            failures.push(format!(
                "{} {}: the checked run's buffers differ from the unchecked run's",
                file.display(),
                run.join(" ")
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        filter.is_empty() || checked > 0,
        "no RUN line matches the filter"
    );
    assert!(
        !filter.is_empty() || checked > 200,
        "only {checked} RUN lines ran"
    );
}
