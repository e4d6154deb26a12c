//! Unit tests: every sample in samples/brook compiles to OpenCL C that the OpenCL front end
//! accepts (the end-to-end results are checked by the integration tests).

use super::*;

fn compile(path: &std::path::Path) -> BrookOutput {
    let mut map = SourceMap::new();
    let file = map.load(path).expect("sample readable");
    let mut opts = BrookOptions::default();
    if map
        .file(file)
        .text
        .starts_with("// ARGS: --brook-no-strong-typing")
    {
        opts.strong_typing = false;
    }
    let out = compile_brook(&mut map, file, &opts);
    assert!(
        !out.diagnostics.has_errors(),
        "{}:\n{}",
        path.display(),
        out.diagnostics.render(&map)
    );
    out
}

#[test]
fn samples_compile() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/brook");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).expect("samples/brook exists") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "br") {
            let out = compile(&path);
            assert!(out.program.is_some());
            if std::env::var_os("BROOK_DUMP").is_some() {
                println!("{}", out.opencl_c.unwrap_or_default());
            }
            n += 1;
        }
    }
    assert!(n >= 5);
}
