//! CPU object output (`oclc K.cl --target cpu --emit both -o K.o`): every kernel file in
//! tests/cpu_object/ is compiled to an object and its C header; for each `// OBJECT-RUN:`
//! line a generated C driver (gcc -std=c99 -Wall -Werror -pedantic) links the object with
//! `-lm`, runs the kernel's entry on inputs the test writes, and dumps every buffer; the
//! reference is PoCL running the same source on the same inputs (`oclc run --device
//! opencl`); the object is built at -O2, at -O0 (vectorize stage on and off) and with -g
//! (debug information). Integers
//! and halves must be identical, floats within the file's `// ULP: N`
//! (default 2), and what the kernel printed (printf) identical byte for byte (the files
//! print in an order PoCL shares: one work-group, one printf per work-item).
//!
//! Further tests: the headers compile as C99 and C++ together, the object imports nothing
//! but malloc/free, vprintf and libm, printf returns 0 or (when stdout fails) -1, the
//! entries report bad ranges, the work-group function runs groups on its own, the symbol
//! prefix renames, and unsupported constructs are refused.

mod common;
#[path = "cpu_object/harness.rs"]
mod harness;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;
use harness::{c_driver, object_runs, prepare_inputs, scalar_size, struct_fields, Arg};

fn object_dir() -> PathBuf {
    root().join("tests/cpu_object")
}

/// Runs a command and panics with its output when it fails.
fn must(cmd: &mut Command, what: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        out.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Compiles `file` to `dir/STEM.o` and `dir/STEM.h` (extra options appended).
fn compile_object(file: &Path, dir: &Path, extra: &[&str]) -> (PathBuf, PathBuf) {
    let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
    let obj = dir.join(format!("{stem}.o"));
    let file_s = file.to_string_lossy();
    let obj_s = obj.to_string_lossy();
    let mut args = vec![&*file_s, "--target", "cpu", "--emit", "both", "-o", &*obj_s];
    args.extend(extra);
    let out = oclc(&args, dir);
    assert!(
        out.status.success(),
        "oclc {}:\n{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    (obj, dir.join(format!("{stem}.h")))
}

/// `// ULP: N` of a file, default 2.
fn ulp_limit(file: &Path) -> u64 {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .find_map(|l| l.trim().strip_prefix("// ULP:"))
        .map(|v| v.trim().parse().unwrap())
        .unwrap_or(2)
}

/// Distance in units in the last place between two floats of `size` bytes (0 for two NaNs).
fn ulp_distance(a: &[u8], b: &[u8], size: usize) -> u64 {
    let ordered = |bytes: &[u8]| -> (i128, bool) {
        if size == 4 {
            let u = u32::from_le_bytes(bytes.try_into().unwrap());
            let f = f32::from_bits(u);
            let m = (u & 0x7fff_ffff) as i128;
            (if u >> 31 == 1 { -m } else { m }, f.is_nan())
        } else {
            let u = u64::from_le_bytes(bytes.try_into().unwrap());
            let f = f64::from_bits(u);
            let m = (u & 0x7fff_ffff_ffff_ffff) as i128;
            (if u >> 63 == 1 { -m } else { m }, f.is_nan())
        }
    };
    let ((x, xn), (y, yn)) = (ordered(a), ordered(b));
    match (xn, yn) {
        (true, true) => 0,
        (false, false) => (x - y).unsigned_abs() as u64,
        _ => u64::MAX,
    }
}

/// Compares the buffers the C driver wrote with the reference's.
fn compare(what: &str, args: &[Arg], ours: &Path, theirs: &Path, ulps: u64) {
    let mut compared = 0;
    for (k, a) in args.iter().enumerate() {
        let Arg::Buffer { scalar, .. } = a else {
            continue;
        };
        let name = format!("arg{k}.bin");
        let x = std::fs::read(ours.join(&name)).unwrap();
        let y = std::fs::read(theirs.join(&name)).unwrap();
        assert_eq!(x.len(), y.len(), "{what}: {name} sizes differ");
        let size = scalar_size(scalar);
        let mut bad = Vec::new();
        for (i, (p, q)) in x.chunks(size).zip(y.chunks(size)).enumerate() {
            // Half buffers hold conversions, which are exact: compared bit for bit.
            let ok = if scalar == "f32" || scalar == "f64" {
                ulp_distance(p, q, size) <= ulps
            } else {
                p == q
            };
            if !ok {
                bad.push(format!("lane {i}: object {p:?} vs reference {q:?}"));
            }
        }
        assert!(
            bad.is_empty(),
            "{what}: argument {k} ({scalar}) differs from PoCL in {} lanes, e.g.\n  {}",
            bad.len(),
            bad.iter().take(6).cloned().collect::<Vec<_>>().join("\n  ")
        );
        compared += 1;
    }
    assert!(compared > 0, "{what}: no buffer to compare");
}

#[test]
fn objects_match_the_opencl_reference() {
    if !require_tool("gcc") || !require_opencl() {
        return;
    }
    let files = cl_files(&object_dir());
    assert!(files.len() >= 5, "tests/cpu_object has too few kernels");
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = scratch(&format!("cpu-object-{stem}"));
        let (obj, header) = compile_object(&file, &dir, &[]);
        let o0 = dir.join("O0");
        std::fs::create_dir_all(&o0).unwrap();
        let (obj_o0, _) = compile_object(&file, &o0, &["-O0"]);
        let g = dir.join("g");
        std::fs::create_dir_all(&g).unwrap();
        let (obj_g, _) = compile_object(&file, &g, &["-g"]);
        let header_text = std::fs::read_to_string(&header).unwrap();
        let runs = object_runs(&file);
        assert!(!runs.is_empty(), "{}: no OBJECT-RUN line", file.display());
        for (r, run) in runs.iter().enumerate() {
            let what = format!("{} (OBJECT-RUN {r}, kernel {})", file.display(), run.kernel);
            let data = dir.join(format!("run{r}"));
            let (ours, theirs) = (data.join("object"), data.join("pocl"));
            std::fs::create_dir_all(&ours).unwrap();
            let run_args = prepare_inputs(run, &data);
            let file_s = file.to_string_lossy().into_owned();
            let theirs_s = theirs.to_string_lossy().into_owned();
            let mut args: Vec<&str> = vec!["run", &file_s];
            args.extend(run_args.iter().map(String::as_str));
            args.extend(["--device", "opencl", "--dump", &theirs_s]);
            let out = oclc(&args, &dir);
            assert!(
                out.status.success(),
                "{what}: PoCL run failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let pocl_stdout = String::from_utf8_lossy(&out.stdout).into_owned();
            let fields = struct_fields(&header_text, &format!("oclc_{}_args", run.kernel));
            // The object as compiled at -O2 (vectorize stage on), at -O0 (off) and with -g
            // (one work-item at a time, variables in memory).
            for (variant, object) in [("O2", &obj), ("O0", &obj_o0), ("g", &obj_g)] {
                let what = format!("{what} at -{variant}");
                let ours = ours.join(variant);
                std::fs::create_dir_all(&ours).unwrap();
                let driver = c_driver(
                    run,
                    &header.file_name().unwrap().to_string_lossy(),
                    "oclc_",
                    &fields,
                    &data,
                    &ours,
                );
                let c = dir.join(format!("driver{r}{variant}.c"));
                std::fs::write(&c, driver).unwrap();
                let exe = dir.join(format!("driver{r}{variant}"));
                must(
                    Command::new("gcc")
                        .args(["-std=c99", "-Wall", "-Werror", "-pedantic", "-o"])
                        .arg(&exe)
                        .arg(&c)
                        .arg(object)
                        .arg("-lm")
                        .current_dir(&dir),
                    &format!("{what}: gcc"),
                );
                let printed = must(&mut Command::new(&exe), &format!("{what}: the C driver"));
                assert_eq!(
                    printed, pocl_stdout,
                    "{what}: the object's printf output (left) differs from PoCL's (right)"
                );
                compare(&what, &run.args, &ours, &theirs, ulp_limit(&file));
            }
        }
    }
}

#[test]
fn headers_compile_as_c99_and_cpp_together() {
    if !require_tool("gcc") || !require_tool("g++") {
        return;
    }
    let dir = scratch("cpu-object-headers");
    let mut includes = String::new();
    for file in cl_files(&object_dir()) {
        let (_, header) = compile_object(&file, &dir, &[]);
        includes.push_str(&format!(
            "#include \"{}\"\n#include \"{}\"\n",
            header.file_name().unwrap().to_string_lossy(),
            header.file_name().unwrap().to_string_lossy()
        ));
    }
    includes.push_str(
        "int oclc_headers_included(void);\nint oclc_headers_included(void) { return OCLC_OK; }\n",
    );
    std::fs::write(dir.join("all.c"), &includes).unwrap();
    std::fs::write(dir.join("all.cpp"), &includes).unwrap();
    must(
        Command::new("gcc")
            .args([
                "-std=c99",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-pedantic",
                "-c",
                "all.c",
            ])
            .current_dir(&dir),
        "gcc -std=c99 on the headers",
    );
    must(
        Command::new("g++")
            .args([
                "-std=c++11",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-pedantic",
                "-c",
                "all.cpp",
            ])
            .current_dir(&dir),
        "g++ on the headers",
    );
}

#[test]
fn objects_import_only_the_c_library() {
    if !require_tool("nm") {
        return;
    }
    let allowed = [
        "malloc",
        "free",
        "vprintf",
        "floorf",
        "ceilf",
        "truncf",
        "nearbyintf",
        "fmaf",
        "floor",
        "ceil",
        "trunc",
        "nearbyint",
        "fma",
        "_GLOBAL_OFFSET_TABLE_",
    ];
    let dir = scratch("cpu-object-imports");
    for file in cl_files(&object_dir()) {
        let (obj, header) = compile_object(&file, &dir, &[]);
        let undefined = must(Command::new("nm").arg("-u").arg(&obj), "nm -u");
        for sym in undefined.split_whitespace().filter(|w| *w != "U") {
            assert!(
                allowed.contains(&sym),
                "{}: the object imports '{sym}'",
                file.display()
            );
        }
        let defined = must(
            Command::new("nm").arg("-g").arg("--defined-only").arg(&obj),
            "nm",
        );
        let header = std::fs::read_to_string(header).unwrap();
        let entries: Vec<String> = header
            .lines()
            .filter_map(|l| l.strip_prefix("int "))
            .filter_map(|l| l.split('(').next())
            .map(str::to_string)
            .collect();
        assert!(!entries.is_empty(), "{}: no entry declared", file.display());
        for e in entries {
            for sym in [format!(" T {e}\n"), format!(" T {e}_group\n")] {
                assert!(
                    defined.contains(&sym),
                    "{}: no{sym}in {defined}",
                    file.display()
                );
            }
        }
    }
}

/// Builds the C driver `c_file` (headers from `dir`) with `objects` by gcc (C99, warnings as
/// errors) and runs it; its standard output.
fn build_and_run_c(dir: &Path, c_file: &Path, objects: &[PathBuf]) -> String {
    let stem = c_file.file_stem().unwrap().to_string_lossy().into_owned();
    let exe = dir.join(&stem);
    must(
        Command::new("gcc")
            .args(["-std=c99", "-Wall", "-Werror", "-pedantic", "-I"])
            .arg(dir)
            .arg("-o")
            .arg(&exe)
            .arg(c_file)
            .args(objects)
            .arg("-lm"),
        &format!("gcc {stem}.c"),
    );
    must(&mut Command::new(&exe), &stem)
}

#[test]
fn half_math_in_objects_matches_hand_rounded_values() {
    if !require_tool("gcc") {
        return;
    }
    let dir = scratch("cpu-object-half-math");
    let hand = object_dir().join("hand");
    let (obj, _) = compile_object(&hand.join("half_math.cl"), &dir, &[]);
    let out = build_and_run_c(&dir, &hand.join("half_math.c"), &[obj]);
    assert!(out.contains("half math matches"), "{out}");
}

#[test]
fn printf_in_objects_returns_zero_or_minus_one() {
    if !require_tool("gcc") {
        return;
    }
    let dir = scratch("cpu-object-printf-result");
    let hand = object_dir().join("hand");
    let (obj, _) = compile_object(&hand.join("printf_result.cl"), &dir, &[]);
    // The driver exits with 0 only when printf returned 0 while stdout worked and -1 once
    // it pointed at /dev/full; what it printed before is the first run's.
    let out = build_and_run_c(&dir, &hand.join("printf_result.c"), &[obj]);
    assert_eq!(out, "item 0\nitem 1\nitem 2\nitem 3\n");
}

#[test]
fn entries_check_ranges_and_group_functions_run_alone() {
    if !require_tool("gcc") {
        return;
    }
    let dir = scratch("cpu-object-ranges");
    let (obj, _) = compile_object(&object_dir().join("vadd.cl"), &dir, &[]);
    let (reduce, _) = compile_object(&object_dir().join("local_reduce.cl"), &dir, &[]);
    let out = build_and_run_c(&dir, &object_dir().join("ranges.c"), &[obj, reduce]);
    assert!(out.contains("all range checks passed"), "{out}");
}

#[test]
fn symbol_prefix_renames_every_c_name() {
    if !require_tool("nm") {
        return;
    }
    let dir = scratch("cpu-object-prefix");
    let (obj, header) = compile_object(
        &object_dir().join("vadd.cl"),
        &dir,
        &["--cpu-symbol-prefix", "mylib_"],
    );
    let defined = must(
        Command::new("nm").arg("-g").arg("--defined-only").arg(&obj),
        "nm",
    );
    assert!(defined.contains(" T mylib_vadd\n"), "{defined}");
    assert!(defined.contains(" T mylib_vadd_group\n"), "{defined}");
    let h = std::fs::read_to_string(header).unwrap();
    assert!(
        h.contains("} mylib_vadd_args;") && !h.contains("oclc_vadd"),
        "{h}"
    );
}

/// Writes `source` to `dir/NAME.cl`, compiles it for a CPU object with `extra` options and
/// returns stderr (asserting failure).
fn refused(dir: &Path, name: &str, source: &str, extra: &[&str]) -> String {
    let file = dir.join(format!("{name}.cl"));
    std::fs::write(&file, source).unwrap();
    let mut args = vec![format!("{name}.cl"), "--target".into(), "cpu".into()];
    args.push("-o".into());
    args.push(format!("{name}.o"));
    args.extend(extra.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = oclc(&args, dir);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        !out.status.success(),
        "{name}: expected an error, got success"
    );
    assert!(!err.contains("panicked"), "{name}: {err}");
    assert!(
        !dir.join(format!("{name}.o")).exists(),
        "{name}: an object was written despite the error"
    );
    err
}

#[test]
fn unsupported_constructs_and_options_are_refused() {
    let dir = scratch("cpu-object-refusals");
    let err = refused(
        &dir,
        "image",
        "__kernel void k(__read_only image2d_t im, __global float4 *o) { o[0] = read_imagef(im, (int2)(0, 0)); }",
        &[],
    );
    assert!(err.contains("image"), "{err}");
    // The refusal points at the first image operation (column of `read_imagef`).
    assert!(err.contains("image.cl:1:72"), "{err}");
    let err = refused(
        &dir,
        "reflect",
        "__kernel void k(__global int *o) { o[0] = 1; }",
        &["--emit", "reflection"],
    );
    assert!(
        err.contains("--emit reflection needs --target vulkan"),
        "{err}"
    );
    let err = refused(
        &dir,
        "prefix",
        "__kernel void k(__global int *o) { o[0] = 1; }",
        &["--cpu-symbol-prefix", "9bad"],
    );
    assert!(
        err.contains("symbol prefix '9bad' is not a C identifier prefix"),
        "{err}"
    );
    let err = refused(
        &dir,
        "clash",
        "__kernel void k(__global int *o) { o[0] = 1; }\n__kernel void k_group(__global int *o) { o[0] = 2; }",
        &[],
    );
    assert!(err.contains("is taken by another generated name"), "{err}");
}

#[test]
fn rust_programs_link_objects() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    if !require_tool(&rustc) {
        return;
    }
    let dir = scratch("cpu-object-rust");
    std::fs::write(
        dir.join("k.cl"),
        "__kernel void vadd(__global const float *a, __global const float *b, __global float *c)\n\
         { size_t i = get_global_id(0); c[i] = a[i] + b[i] * 0.5f; }\n",
    )
    .unwrap();
    let (obj, _) = compile_object(&dir.join("k.cl"), &dir, &[]);
    std::fs::write(
        dir.join("main.rs"),
        r#"
#[repr(C)]
struct VaddArgs { a: *const f32, b: *const f32, c: *mut f32 }
#[repr(C)]
struct NdRange { work_dim: u32, reserved: u32, global_size: [u64; 3], global_offset: [u64; 3], local_size: [u64; 3] }
extern "C" {
    fn oclc_vadd(args: *const VaddArgs, range: *const NdRange) -> i32;
}
fn main() {
    let a: Vec<f32> = (0..300).map(|i| i as f32 * 0.25).collect();
    let b: Vec<f32> = (0..300).map(|i| 300.0 - i as f32).collect();
    let mut c = vec![0f32; 300];
    let args = VaddArgs { a: a.as_ptr(), b: b.as_ptr(), c: c.as_mut_ptr() };
    let range = NdRange { work_dim: 1, reserved: 0, global_size: [300, 1, 1], global_offset: [0; 3], local_size: [0; 3] };
    assert_eq!(unsafe { oclc_vadd(&args, &range) }, 0);
    for i in 0..300 {
        assert_eq!(c[i], a[i] + b[i] * 0.5, "lane {i}");
    }
    println!("rust ok");
}
"#,
    )
    .unwrap();
    let exe = dir.join("main");
    must(
        Command::new(&rustc)
            .args(["--edition", "2021", "-O", "main.rs", "-o"])
            .arg(&exe)
            .arg("-C")
            .arg(format!("link-arg={}", obj.display()))
            .current_dir(&dir),
        "rustc main.rs with the object",
    );
    let out = must(&mut Command::new(&exe), "the Rust program");
    assert!(out.contains("rust ok"), "{out}");
}
