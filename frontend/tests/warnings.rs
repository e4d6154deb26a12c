//! File-driven warnings: every `tests/warnings/*.cl` compiles (warnings are not errors) and
//! its rendered warnings are an insta snapshot; clang-14, run with the matching warning
//! groups enabled, must warn on exactly the same lines, so each warning is independently
//! confirmed.

use oclc_frontend::source::SourceMap;
use oclc_frontend::{compile_to_checked, FrontendOptions};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/warnings");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("warnings dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    v.sort();
    v
}

/// Line numbers of `file.cl:LINE:` locations that belong to warnings: on the warning's own
/// line (clang) or on the `┌─` location line under a `warning[...]` header (oclc).
fn warned_lines(text: &str, file_name: &str) -> BTreeSet<u32> {
    let needle = format!("{file_name}:");
    let mut in_warning = false;
    let mut out = BTreeSet::new();
    for l in text.lines() {
        if l.starts_with("warning") || l.starts_with("error") || l.starts_with("note") {
            in_warning = l.starts_with("warning");
        }
        let clang_style = l.contains(": warning:");
        if !(clang_style || (in_warning && l.contains('┌'))) {
            continue;
        }
        if let Some(at) = l.find(&needle) {
            if let Some(Ok(n)) = l[at + needle.len()..].split(':').next().map(str::parse) {
                out.insert(n);
            }
        }
    }
    out
}

#[test]
fn warnings_match_snapshots_and_clang() {
    let clang = Command::new("clang-14").arg("--version").output().is_ok();
    if !clang {
        assert!(
            std::env::var("OCLC_ALLOW_MISSING_TOOLS").is_ok_and(|v| v == "1"),
            "clang-14 is required (set OCLC_ALLOW_MISSING_TOOLS=1 to skip)"
        );
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_snapshot_path(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/warnings/snapshots"),
    );
    for f in cases() {
        let name = f.file_stem().unwrap().to_str().unwrap().to_string();
        let src = std::fs::read_to_string(&f).expect("read");
        let mut map = SourceMap::new();
        let file = map.add(format!("{name}.cl"), &src);
        let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
        let rendered = out.diagnostics.render(&map);
        assert!(out.program.is_some(), "{name}.cl was rejected:\n{rendered}");
        settings.bind(|| insta::assert_snapshot!(name.clone(), rendered.clone()));
        if !clang {
            continue;
        }
        let theirs = Command::new("clang-14")
            .args([
                "-cc1",
                "-triple",
                "spir64-unknown-unknown",
                "-cl-std=CL1.2",
                "-finclude-default-header",
                "-fsyntax-only",
                "-Wconstant-conversion",
                "-Wliteral-conversion",
                "-Wfloat-conversion",
                "-Wunused-value",
            ])
            .arg(&f)
            .output()
            .expect("run clang-14");
        let theirs = String::from_utf8_lossy(&theirs.stderr);
        let file_name = format!("{name}.cl");
        assert_eq!(
            warned_lines(&rendered, &file_name),
            warned_lines(&theirs, &file_name),
            "{name}.cl: oclc and clang-14 warn on different lines\noclc:\n{rendered}\nclang:\n{theirs}"
        );
    }
}
