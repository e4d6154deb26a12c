//! Every sample and front-end test kernel lowers to IR that passes the verifier.

use std::path::Path;

#[path = "../../tests/common/run_options.rs"]
mod run_options;

use oclc_frontend::source::SourceMap;
use run_options::{frontend_options, run_options};

fn lower_file(path: &Path) -> Result<oclc_ir::Module, String> {
    let mut map = SourceMap::new();
    let file = map.load(path).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let opts = frontend_options(&run_options(&text, path.parent().unwrap()));
    let out = oclc_frontend::compile_to_checked(&mut map, file, &opts);
    let program = out.program.ok_or_else(|| out.diagnostics.render(&map))?;
    let module = oclc_lower::lower_program(&program).map_err(|e| format!("{e} at {:?}", e.span))?;
    oclc_ir::verify_module(&module)
        .map_err(|e| format!("{e}\n{}", oclc_ir::print_module(&module)))?;
    Ok(module)
}

#[test]
fn samples_and_frontend_kernels_lower_and_verify() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut count = 0;
    // Valid programs may use constructs the lowering reports as not supported yet; everything
    // that lowers must verify.
    for (dir, must_lower) in [
        ("samples", true),
        ("frontend/tests/kernels", true),
        ("tests/valid", false),
    ] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "cl"))
            .collect();
        files.sort();
        for f in files {
            match lower_file(&f) {
                Ok(_) => {}
                Err(e)
                    if !must_lower
                        && e.contains("not supported")
                        && !e.contains("IR verification") =>
                {
                    eprintln!("{}: {e}", f.display())
                }
                Err(e) => panic!("{}: {e}", f.display()),
            }
            count += 1;
        }
    }
    assert!(count >= 8, "only {count} kernels found");
}

/// The unrolling requests of `tests/valid/loop_unroll_hints.cl` reach the IR's loops, in
/// source order.
#[test]
fn unroll_requests_reach_the_loops() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let module = lower_file(&root.join("tests/valid/loop_unroll_hints.cl")).unwrap();
    let text = oclc_ir::print_module(&module);
    let loops: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("loop"))
        .collect();
    assert_eq!(
        loops,
        [
            "loop unroll {",
            "loop unroll(2) {",
            "loop unroll(3) {",
            "loop nounroll {",
            "loop unroll(4) {",
            "loop unroll(2) {",
            "loop unroll(2) {",
            "loop unroll {",
        ],
        "{text}"
    );
}
