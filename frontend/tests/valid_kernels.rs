//! Every `tests/valid/*.cl` kernel must pass the front end without errors.
//! (`tests/diagnostics.rs` in the `oclc` package confirms them with clang-14.)

use oclc_frontend::source::SourceMap;
use oclc_frontend::{compile_to_checked, FrontendOptions};
use std::path::Path;

#[test]
fn valid_kernels_are_accepted() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/valid");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/valid")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = String::new();
    for f in &files {
        let src = std::fs::read_to_string(f).expect("read");
        let mut map = SourceMap::new();
        let file = map.add(f.file_name().unwrap().to_str().unwrap(), &src);
        let out = compile_to_checked(&mut map, file, &FrontendOptions::default());
        if out.program.is_none() {
            failures.push_str(&out.diagnostics.render(&map));
        }
    }
    assert!(failures.is_empty(), "valid kernels rejected:\n{failures}");
}
