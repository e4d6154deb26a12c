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

/// Lowers the source `text` (OpenCL C 1.2).
fn lower_source(text: &str) -> Result<oclc_ir::Module, String> {
    let mut map = SourceMap::new();
    let file = map.add("k.cl", text);
    let out = oclc_frontend::compile_to_checked(&mut map, file, &frontend_options(&[]));
    let program = out.program.ok_or_else(|| out.diagnostics.render(&map))?;
    oclc_lower::lower_program(&program).map_err(|e| e.to_string())
}

/// A program-scope initializer keeps its bytes up to the last non-zero one (the rest of
/// the variable is zero): a table of 2^24 floats with two initializers holds 8 bytes.
#[test]
fn program_scope_initializers_keep_only_their_leading_bytes() {
    let m = lower_source(
        "__constant float big[1 << 24] = {1.0f, 2.0f};\n\
         __constant int zeros[100] = {0};\n\
         typedef struct { char c; int i; short s; } S;\n\
         __constant S st = {1, 0, 0x0102};\n\
         __constant uint gap[1000] = {[500] = 7};\n\
         __kernel void k(__global float *o) {\n\
           o[0] = big[(int)o[1]] + zeros[1] + st.s + gap[2];\n\
         }\n",
    )
    .unwrap();
    let init = |i: usize| m.globals[i].init.clone().unwrap();
    let mut floats = 1.0f32.to_le_bytes().to_vec();
    floats.extend(2.0f32.to_le_bytes());
    assert_eq!(init(0), floats);
    assert_eq!(init(1), Vec::<u8>::new());
    assert_eq!(init(2), vec![1, 0, 0, 0, 0, 0, 0, 0, 2, 1]);
    let mut gap = vec![0u8; 2000];
    gap.push(7);
    assert_eq!(init(3), gap);
}

/// The elements an initializer list leaves out of a private array are zeroed by a loop:
/// the IR of `float a[1000] = {1.0f}` does not grow with the array.
#[test]
fn zero_tails_of_private_arrays_are_zeroed_by_a_loop() {
    let m = lower_source(
        "__kernel void k(__global float *o) {\n\
           float a[1000] = {1.0f};\n\
           o[0] = a[(int)o[1]];\n\
         }\n",
    )
    .unwrap();
    let (mut stores, mut loops) = (0, 0);
    oclc_ir::walk_stmts(&m.functions[0].body, &mut |s| match s {
        oclc_ir::Stmt::Store { .. } => stores += 1,
        oclc_ir::Stmt::Loop { .. } => loops += 1,
        _ => {}
    });
    assert_eq!(loops, 1);
    assert!(stores < 10, "{stores} stores");
}

/// Variables beyond oclc's size limits are errors (tests/limits/ checks the messages and
/// locations through the driver).
#[test]
fn variables_beyond_the_limits_are_refused() {
    for (source, expect) in [
        (
            "__constant char t[1ul << 32] = {1};",
            "supports variables of at most",
        ),
        (
            "__constant char a[200 << 20] = {1};\n__constant char b[100 << 20] = {1};",
            "the program-scope variables take",
        ),
        (
            "void f() { float p[1 << 18]; p[0] = 1; }",
            "the private variables of `f`",
        ),
    ] {
        let text = format!("{source}\n__kernel void k(__global float *o) {{ o[0] = 1; }}\n");
        let err = lower_source(&text).expect_err(source);
        assert!(err.contains(expect), "{source}: {err}");
    }
}
