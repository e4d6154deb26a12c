//! File-driven diagnostics: every `tests/diagnostics/**/*.cl` must be rejected by
//! oclc (rendered diagnostics are insta snapshots), and every file directly in
//! `tests/diagnostics/` must be rejected by clang-14 too, so each case is
//! independently confirmed invalid. `tests/diagnostics/oclc_only/` holds cases
//! that clang accepts (see its README). A file may name its language version on a line
//! `// CL-STD: CL2.0` (default CL1.2); both oclc and clang-14 then check it under it.

use oclc_frontend::source::SourceMap;
use oclc_frontend::{compile_to_checked, ClStd, FrontendOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

fn cl_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("diagnostics dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    v.sort();
    v
}

/// The `-cl-std=` value a file asks for with `// CL-STD: ...` (default `CL1.2`).
fn cl_std_of(src: &str) -> String {
    src.lines()
        .find_map(|l| l.trim().strip_prefix("// CL-STD:"))
        .map_or("CL1.2".to_string(), |v| v.trim().to_string())
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/diagnostics")
}

#[test]
fn oclc_rejects_each_invalid_kernel() {
    let mut files = cl_files(&root());
    files.extend(cl_files(&root().join("oclc_only")));
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_snapshot_path(root().join("snapshots"));
    for f in files {
        let name = f.file_stem().unwrap().to_str().unwrap().to_string();
        let src = std::fs::read_to_string(&f).expect("read");
        let mut map = SourceMap::new();
        let file = map.add(format!("{name}.cl"), &src);
        let opts = FrontendOptions {
            cl_std: ClStd::parse(&cl_std_of(&src)).expect("CL-STD value"),
            ..FrontendOptions::default()
        };
        let out = compile_to_checked(&mut map, file, &opts);
        assert!(out.program.is_none(), "{name}.cl was accepted by oclc");
        settings.bind(|| insta::assert_snapshot!(name, out.diagnostics.render(&map)));
    }
}

#[test]
fn clang_rejects_each_invalid_kernel() {
    if Command::new("clang-14").arg("--version").output().is_err() {
        assert!(
            std::env::var("OCLC_ALLOW_MISSING_TOOLS").is_ok_and(|v| v == "1"),
            "clang-14 is required (set OCLC_ALLOW_MISSING_TOOLS=1 to skip)"
        );
        return;
    }
    let mut accepted = Vec::new();
    for f in cl_files(&root()) {
        let std = cl_std_of(&std::fs::read_to_string(&f).expect("read"));
        let ok = Command::new("clang-14")
            .args([
                "-cc1",
                "-triple",
                "spir64-unknown-unknown",
                &format!("-cl-std={std}"),
                "-finclude-default-header",
                "-fsyntax-only",
            ])
            .arg(&f)
            .output()
            .expect("run clang-14")
            .status
            .success();
        if ok {
            accepted.push(f.display().to_string());
        }
    }
    assert!(accepted.is_empty(), "clang-14 accepts: {accepted:?}");
}
