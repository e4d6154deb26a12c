//! Every `tests/valid/*.cl` kernel must pass the front end without errors, under the
//! language version a `// CL-STD: CL2.0` line names (default CL1.2).
//! (`tests/diagnostics.rs` in the `oclc` package confirms them with clang-14.)

use oclc_frontend::source::SourceMap;
use oclc_frontend::{compile_to_checked, ClStd, FrontendOptions};
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
        let std = src
            .lines()
            .find_map(|l| l.trim().strip_prefix("// CL-STD:"))
            .map_or(ClStd::Cl12, |v| {
                ClStd::parse(v.trim()).expect("CL-STD value")
            });
        let opts = FrontendOptions {
            cl_std: std,
            ..FrontendOptions::default()
        };
        let out = compile_to_checked(&mut map, file, &opts);
        if out.program.is_none() {
            failures.push_str(&out.diagnostics.render(&map));
        }
    }
    assert!(failures.is_empty(), "valid kernels rejected:\n{failures}");
}
