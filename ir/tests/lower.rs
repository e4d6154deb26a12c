//! Every sample and front-end test kernel lowers to IR that passes the verifier.

use std::path::Path;

use oclc_frontend::options::FrontendOptions;
use oclc_frontend::source::SourceMap;

fn lower_file(path: &Path) -> Result<oclc_ir::Module, String> {
    let mut map = SourceMap::new();
    let file = map.load(path).map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let opts = options_of(path, &text);
    let out = oclc_frontend::compile_to_checked(&mut map, file, &opts);
    let program = out.program.ok_or_else(|| out.diagnostics.render(&map))?;
    let module = oclc_ir::lower_program(&program).map_err(|e| format!("{e} at {:?}", e.span))?;
    oclc_ir::verify_module(&module)
        .map_err(|e| format!("{e}\n{}", oclc_ir::print_module(&module)))?;
    Ok(module)
}

/// The front-end options a tests/valid file asks for: a `// CL-STD: CLx.y` line, or a
/// `// RUN-OPTIONS:` line with `-cl-std=`, `-D` (single quotes group words), `-I` (relative
/// to the file's folder) and `-cl-fast-relaxed-math` (see frontend/tests/valid_kernels.rs).
fn options_of(path: &Path, text: &str) -> FrontendOptions {
    let mut opts = FrontendOptions::default();
    if let Some(v) = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("// CL-STD:"))
    {
        opts.cl_std = oclc_frontend::ClStd::parse(v.trim()).unwrap_or_default();
    }
    let Some(line) = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("// RUN-OPTIONS:"))
    else {
        return opts;
    };
    let mut words = Vec::new();
    for (i, part) in line.split('\'').enumerate() {
        if i % 2 == 1 {
            words.push(part.to_string());
        } else {
            words.extend(part.split_whitespace().map(str::to_string));
        }
    }
    let mut it = words.into_iter();
    while let Some(w) = it.next() {
        if let Some(v) = w.strip_prefix("-cl-std=") {
            opts.cl_std = oclc_frontend::ClStd::parse(v).unwrap_or_default();
        } else if w == "-cl-fast-relaxed-math" {
            opts.fast_relaxed_math = true;
        } else if w == "-D" {
            opts.define_raw(&it.next().unwrap_or_default());
        } else if let Some(d) = w.strip_prefix("-D") {
            opts.define_raw(d);
        } else if w == "-I" {
            let dir = it.next().unwrap_or_default();
            opts.include_dirs.push(path.parent().unwrap().join(dir));
        }
    }
    opts
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
