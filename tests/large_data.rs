//! Every module oclc writes is valid, or oclc says where the problem is (issue 20):
//!
//! - every kernel file of the test corpus (tests/, samples/, bench/, frontend/tests/; `.cl`
//!   and Brook+ `.br`) compiled for both SPIR-V flavours either exits 0 with a module that
//!   spirv-val accepts (`--target-env vulkan1.2` for Vulkan) or exits 1 with an error shown
//!   at a source location (`┌─ FILE:LINE:COL`); never an invalid module, a crash or an
//!   unlocated error;
//! - the kernels of tests/limits/ (variables beyond oclc's size limits) fail on every
//!   target with their error at the declaration, in a small memory bound;
//! - large `__constant` tables (tests/run/const_table_*.cl, and one at the 256 MiB limit)
//!   compile in that bound to small valid modules: zero tails are never materialised.
//!   (tests/run_reference.rs runs the tables on the CPU, PoCL and lavapipe.)

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use common::*;

#[path = "common/run_options.rs"]
#[allow(dead_code)]
mod run_options;

/// The address-space bound (KiB) of the compiles checked for memory: a compiler that
/// materialised a 2^31-element table, or the zero tail of the tables here, would fail.
const MEMORY_BOUND_KIB: u64 = 512 << 10;

/// Runs oclc with `args` in `dir` within [`MEMORY_BOUND_KIB`] of address space.
fn oclc_bounded(args: &[&str], dir: &Path) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_BOUND_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_oclc"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("cannot start sh")
}

/// The kernel files (`.cl`, `.br`) under `dir`, recursively, sorted.
fn kernel_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            kernel_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "cl" || e == "br") {
            out.push(p);
        }
    }
}

/// The compile options a file asks for: those of its first `// RUN:` line, else its
/// `// RUN-OPTIONS:` and `// CL-STD:` lines.
fn file_options(file: &Path) -> Vec<String> {
    let mut options = match run_lines(file).first() {
        Some(run) => compile_options(run),
        None => {
            let src = std::fs::read_to_string(file).unwrap();
            run_options::run_options(&src, file.parent().unwrap())
        }
    };
    // A file may name its language version on two lines; the last one counts.
    if let Some(last) = options.iter().rposition(|o| o.starts_with("-cl-std=")) {
        let mut i = 0;
        options.retain(|o| {
            i += 1;
            i - 1 == last || !o.starts_with("-cl-std=")
        });
    }
    options
}

/// The `FILE:LINE:COL` a rendered diagnostic shows (`┌─ FILE:LINE:COL`), if any.
fn shown_location(err: &str) -> Option<&str> {
    err.lines()
        .find_map(|l| l.trim_start().strip_prefix("┌─ "))
        .map(str::trim)
}

/// spirv-val's complaint about the module `spv` (`None` when it is valid).
fn spirv_val(spv: &Path, vulkan: bool) -> Option<String> {
    let mut cmd = Command::new("spirv-val");
    if vulkan {
        cmd.args(["--target-env", "vulkan1.2"]);
    }
    let out = cmd.arg(spv).output().expect("cannot start spirv-val");
    (!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned())
}

/// What is wrong with compiling `file` for `target` (`opencl` or `vulkan`), if anything.
fn check_compile(file: &Path, target: &str, dir: &Path) -> Option<String> {
    let spv = dir.join(format!("{target}.spv"));
    let _ = std::fs::remove_file(&spv);
    let options = file_options(file);
    let (file_s, spv_s) = (file.to_string_lossy(), spv.to_string_lossy());
    let mut args: Vec<&str> = vec![&file_s, "--target", target, "-o", &spv_s];
    args.extend(options.iter().map(String::as_str));
    let out = oclc(&args, &root());
    let err = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => spirv_val(&spv, target == "vulkan")
            .map(|e| format!("exit 0 with a module spirv-val rejects: {e}")),
        Some(1) if shown_location(&err).is_some() => None,
        Some(1) => Some(format!("an error without a source location: {err}")),
        code => Some(format!("exit status {code:?}: {err}")),
    }
}

#[test]
fn every_kernel_file_gives_valid_spirv_or_a_located_error() {
    if !require_tool("spirv-val") {
        return;
    }
    let mut files = Vec::new();
    for dir in ["tests", "samples", "bench", "frontend/tests"] {
        kernel_files(&root().join(dir), &mut files);
    }
    assert!(
        files.len() > 500,
        "expected the whole corpus, found {} files",
        files.len()
    );
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for w in 0..workers {
            let (files, next, failures) = (&files, &next, &failures);
            s.spawn(move || {
                let dir = scratch(&format!("corpus-spirv-{w}"));
                while let Some(file) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
                    for target in ["opencl", "vulkan"] {
                        if let Some(why) = check_compile(file, target, &dir) {
                            let name = file.strip_prefix(root()).unwrap_or(file);
                            failures
                                .lock()
                                .unwrap()
                                .push(format!("{} --target {target}: {why}", name.display()));
                        }
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} compiles neither gave a valid module nor a located error:\n{}",
        failures.len(),
        2 * files.len(),
        failures.join("\n")
    );
}

/// Every kernel in `tests/limits/` fails on every target with exit status 1 and its error
/// (`// MESSAGE:`) at the declaration beyond the limit (`// AT:`), within the memory bound.
#[test]
fn size_limits_give_located_errors() {
    let dir = root().join("tests/limits");
    let out_dir = scratch("limits");
    let files = cl_files(&dir);
    assert!(files.len() >= 5, "expected the cases of tests/limits");
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&file).unwrap();
        let tag = |key: &str| {
            src.lines()
                .find_map(|l| l.trim().strip_prefix(key))
                .map(|v| v.trim().to_string())
                .unwrap_or_else(|| panic!("{name}: no {key}"))
        };
        let (message, at) = (tag("// MESSAGE:"), tag("// AT:"));
        for target in ["opencl", "vulkan", "cpu"] {
            let output = out_dir.join(format!("{name}.{target}.out"));
            let (file_s, out_s) = (file.to_string_lossy(), output.to_string_lossy());
            let out = oclc_bounded(&[&file_s, "--target", target, "-o", &out_s], &root());
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(1),
                "{name} --target {target}: {err}"
            );
            assert!(
                err.contains(&message),
                "{name} --target {target}: expected `{message}`, got: {err}"
            );
            assert!(
                shown_location(&err).is_some_and(|l| l.ends_with(&format!("/{at}"))),
                "{name} --target {target}: expected the error at {at}, got: {err}"
            );
        }
    }
}

/// Compiles `file` for `target` within the memory bound; returns the output's size, and
/// checks a SPIR-V module with spirv-val.
fn bounded_compile_size(file: &Path, target: &str, dir: &Path) -> u64 {
    let name = file.file_name().unwrap().to_string_lossy().to_string();
    let output = dir.join(format!("{name}.{target}.out"));
    let (file_s, out_s) = (file.to_string_lossy(), output.to_string_lossy());
    let out = oclc_bounded(&[&file_s, "--target", target, "-o", &out_s], &root());
    assert!(
        out.status.success(),
        "{name} --target {target}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    if target != "cpu" {
        if let Some(e) = spirv_val(&output, target == "vulkan") {
            panic!("{name} --target {target}: spirv-val: {e}");
        }
    }
    std::fs::metadata(&output).unwrap().len()
}

/// The large tables of tests/run compile within the memory bound to valid modules, those
/// of 2^20 elements to modules of a few KiB (their zeros are one constant each); a table
/// at the 256 MiB limit compiles for both SPIR-V flavours too.
#[test]
fn large_tables_compile_in_small_memory() {
    if !require_tool("spirv-val") {
        return;
    }
    let dir = scratch("large-tables");
    let run = root().join("tests/run");
    for target in ["opencl", "vulkan", "cpu"] {
        bounded_compile_size(&run.join("const_table_64k.cl"), target, &dir);
    }
    for target in ["opencl", "vulkan"] {
        let size = bounded_compile_size(&run.join("const_table_1m.cl"), target, &dir);
        assert!(
            size < 16 << 10,
            "const_table_1m --target {target}: {size} bytes"
        );
    }
    // The CPU object holds the partly initialised table in full (4 MiB) and the zero one
    // as .bss.
    let size = bounded_compile_size(&run.join("const_table_1m.cl"), "cpu", &dir);
    assert!(size < 5 << 20, "const_table_1m --target cpu: {size} bytes");
    let at_limit = dir.join("at_limit.cl");
    std::fs::write(
        &at_limit,
        "__constant uchar t[256 << 20] = {1, 2, [(1 << 20) - 1] = 3};\n\
         __kernel void k(__global uchar *o) { o[get_global_id(0)] = t[get_global_id(0)]; }\n",
    )
    .unwrap();
    for target in ["opencl", "vulkan"] {
        let size = bounded_compile_size(&at_limit, target, &dir);
        assert!(
            size < 16 << 10,
            "at_limit.cl --target {target}: {size} bytes"
        );
    }
}
