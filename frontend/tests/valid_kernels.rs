//! Every `tests/valid/*.cl` kernel must pass the front end without errors, and clang-14
//! must accept it too, so each case is independently confirmed valid. Many files pin
//! compile-time values with checks such as `typedef char c[(X == 12) ? 1 : -1];`, which
//! both compilers must evaluate the same way (a false check is a negative array size).
//!
//! `tests/valid/pending/` holds valid kernels oclc does not accept yet (each names its
//! gap): clang-14 must accept them and oclc must still reject them, so a fixed gap is
//! noticed and its file moved up.
//!
//! A `// RUN-OPTIONS: ...` line in a file adds options for both compilers: `-cl-std=CLx.y`,
//! `-D NAME[=VALUE]` (single quotes group words, as in a shell), `-I DIR` (relative to
//! `tests/valid/`) and `-cl-fast-relaxed-math`.

#[path = "../../tests/common/run_options.rs"]
mod run_options;

use oclc_frontend::compile_to_checked;
use oclc_frontend::source::SourceMap;
use run_options::{frontend_options, run_options};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `tests/valid/` folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/valid")
}

/// Every `*.cl` file directly in `tests/valid/`, sorted.
fn valid_files() -> Vec<PathBuf> {
    let files = cl_files(&root());
    assert!(!files.is_empty());
    files
}

/// Every `*.cl` file directly in `dir`, sorted (the pending folder may be empty).
fn cl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("kernel folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    files
}

/// Runs oclc's front end on `f` with its RUN-OPTIONS; the rendered diagnostics when
/// it rejects the file.
fn oclc_rejection(f: &Path) -> Option<String> {
    let src = std::fs::read_to_string(f).expect("read");
    let opts = frontend_options(&run_options(&src, &root()));
    let mut map = SourceMap::new();
    let file = map.load(f).expect("load");
    let out = compile_to_checked(&mut map, file, &opts);
    out.program.is_none().then(|| out.diagnostics.render(&map))
}

#[test]
fn valid_kernels_are_accepted() {
    let failures: String = valid_files()
        .iter()
        .filter_map(|f| oclc_rejection(f))
        .collect();
    assert!(failures.is_empty(), "valid kernels rejected:\n{failures}");
}

#[test]
fn pending_kernels_are_still_rejected() {
    let accepted: Vec<String> = cl_files(&root().join("pending"))
        .into_iter()
        .filter(|f| oclc_rejection(f).is_none())
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        accepted.is_empty(),
        "oclc now accepts these pending kernels; move them to tests/valid/: {accepted:?}"
    );
}

#[test]
fn clang_accepts_each_valid_kernel() {
    let mut files = valid_files();
    files.extend(cl_files(&root().join("pending")));
    let rejected = clang_rejections(&files);
    assert!(rejected.is_empty(), "clang-14 rejects:\n{rejected}");
}

/// clang-14's errors for those of `files` it rejects (empty when clang-14 is missing
/// and OCLC_ALLOW_MISSING_TOOLS=1).
fn clang_rejections(files: &[PathBuf]) -> String {
    if Command::new("clang-14").arg("--version").output().is_err() {
        assert!(
            std::env::var("OCLC_ALLOW_MISSING_TOOLS").is_ok_and(|v| v == "1"),
            "clang-14 is required: run scripts/install-test-deps.sh (or set OCLC_ALLOW_MISSING_TOOLS=1 to skip)"
        );
        return String::new();
    }
    let mut rejected = String::new();
    for f in files {
        let src = std::fs::read_to_string(f).expect("read");
        let options = run_options(&src, &root());
        // A later -cl-std overrides this default, as the last one wins in clang.
        let out = Command::new("clang-14")
            .args([
                "-cc1",
                "-triple",
                "spir64-unknown-unknown",
                "-cl-std=CL1.2",
                "-finclude-default-header",
                "-fsyntax-only",
            ])
            .args(&options)
            .arg(f)
            .output()
            .expect("run clang-14");
        if !out.status.success() {
            rejected.push_str(&String::from_utf8_lossy(&out.stderr));
        }
    }
    rejected
}
