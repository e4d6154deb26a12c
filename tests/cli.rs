//! The command-line contract: exit codes, located diagnostics, -D/-I/-E/-fsyntax-only,
//! `oclc run` argument checking and reporting.

mod common;

use common::*;

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    std::fs::write(dir.join(name), text).unwrap();
    name.to_string()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn syntax_error_is_located_and_exits_1() {
    let dir = scratch("syntax");
    let f = write(
        &dir,
        "bad.cl",
        "__kernel void k(__global int *p) {\n    p[0] = 1\n}\n",
    );
    let out = oclc(&[&f, "-o", "x.spv"], &dir);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("bad.cl:"), "no file:line:col in {err}");
    assert!(err.contains("p[0] = 1"), "no source excerpt in {err}");
    assert!(
        !dir.join("x.spv").exists(),
        "no output may be written on error"
    );
}

#[test]
fn undeclared_name_is_located() {
    let dir = scratch("undeclared");
    let f = write(
        &dir,
        "u.cl",
        "__kernel void k(__global int *p) {\n    p[0] = missing_name;\n}\n",
    );
    let out = oclc(&[&f], &dir);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("u.cl:2:"), "expected u.cl:2:COL in {err}");
    assert!(err.contains("missing_name"), "{err}");
}

#[test]
fn missing_file_exits_1_with_message() {
    let dir = scratch("missing");
    let out = oclc(&["nope.cl"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("nope.cl"), "{}", stderr(&out));
}

#[test]
fn bad_usage_exits_2() {
    let dir = scratch("usage");
    assert_eq!(oclc(&[], &dir).status.code(), Some(2));
    assert_eq!(
        oclc(&["x.cl", "--no-such-flag"], &dir).status.code(),
        Some(2)
    );
    assert_eq!(oclc(&["x.cl", "-O9"], &dir).status.code(), Some(2));
    assert_eq!(
        oclc(&["x.cl", "-cl-std=CL9.9"], &dir).status.code(),
        Some(2)
    );
}

#[test]
fn defines_includes_and_preprocess_only() {
    let dir = scratch("pp");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    write(&dir, "inc/scale.h", "#define SCALE(x) ((x) * FACTOR)\n");
    let f = write(
        &dir,
        "p.cl",
        "#include \"scale.h\"\n__kernel void k(__global float *p) { p[0] = SCALE(p[0]); }\n",
    );
    let out = oclc(&[&f, "-E", "-I", "inc", "-DFACTOR=3.5f"], &dir);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("3.5f"), "macro not expanded: {text}");
    assert!(!text.contains("SCALE"), "macro not expanded: {text}");
    // Without the include directory the #include fails with a located error.
    let out = oclc(&[&f, "-fsyntax-only"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("scale.h"), "{}", stderr(&out));
    // -fsyntax-only writes nothing.
    let out = oclc(&[&f, "-fsyntax-only", "-I", "inc", "-D", "FACTOR=2"], &dir);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!dir.join("p.spv").exists());
}

#[test]
fn vulkan_target_writes_a_vulkan_module() {
    if !require_tool("spirv-val") {
        return;
    }
    let dir = scratch("vulkan");
    let f = root().join("samples/vecadd.cl");
    let out = oclc(
        &[&f.to_string_lossy(), "--target", "vulkan", "-o", "v.spv"],
        &dir,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let val = std::process::Command::new("spirv-val")
        .args(["--target-env", "vulkan1.2"])
        .arg(dir.join("v.spv"))
        .output()
        .unwrap();
    assert!(
        val.status.success(),
        "{}",
        String::from_utf8_lossy(&val.stderr)
    );
}

/// A file without kernels (a helper library a host program links or prepends) still gives a
/// valid module: its functions are exported by name, which llvm-spirv-14 reads back as
/// defined external functions (checked with llvm-nm-14).
#[test]
fn module_without_kernels_exports_its_functions() {
    if !require_tool("spirv-val") || !require_tool("llvm-spirv-14") || !require_tool("llvm-nm-14") {
        return;
    }
    let dir = scratch("library");
    let f = write(
        &dir,
        "lib.cl",
        "float twice(float x) { return 2.0f * x; }\nint add_one(int x) { return x + 1; }\n",
    );
    let out = oclc(&[&f, "-o", "lib.spv"], &dir);
    assert!(out.status.success(), "{}", stderr(&out));
    let val = std::process::Command::new("spirv-val")
        .arg(dir.join("lib.spv"))
        .output()
        .unwrap();
    assert!(val.status.success(), "{}", stderr(&val));
    let back = std::process::Command::new("llvm-spirv-14")
        .args(["-r", "lib.spv", "-o", "lib.bc"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(back.status.success(), "{}", stderr(&back));
    let nm = std::process::Command::new("llvm-nm-14")
        .arg(dir.join("lib.bc"))
        .output()
        .unwrap();
    let symbols = String::from_utf8_lossy(&nm.stdout);
    for name in ["twice", "add_one"] {
        assert!(
            symbols
                .lines()
                .any(|l| l.contains(" T ") && l.ends_with(name)),
            "{name} not defined in:\n{symbols}"
        );
    }
}

/// Warnings do not fail a compile; `-w` silences them and `-Werror` makes them fail it.
#[test]
fn warnings_w_and_werror() {
    let dir = scratch("warnings");
    let f = write(
        &dir,
        "w.cl",
        "__kernel void k(__global int *p) { p[0] + 1; char c = 300; p[1] = c; }\n",
    );
    let plain = oclc(&[&f, "-fsyntax-only"], &dir);
    assert!(plain.status.success(), "{}", stderr(&plain));
    let text = stderr(&plain);
    assert!(
        text.contains("warning[W0305]") && text.contains("warning[W0304]"),
        "{text}"
    );
    let quiet = oclc(&[&f, "-fsyntax-only", "-w"], &dir);
    assert!(
        quiet.status.success() && stderr(&quiet).is_empty(),
        "{}",
        stderr(&quiet)
    );
    let strict = oclc(&[&f, "-fsyntax-only", "-Werror"], &dir);
    assert_eq!(strict.status.code(), Some(1), "{}", stderr(&strict));
    assert!(stderr(&strict).contains("-Werror"), "{}", stderr(&strict));
}

#[test]
fn run_prints_correct_results() {
    let dir = scratch("run-print");
    let f = root().join("samples/vecadd.cl");
    let out = oclc(
        &[
            "run",
            &f.to_string_lossy(),
            "--kernel",
            "vecadd",
            "--global",
            "4",
            "--arg",
            "f32[4]=iota",
            "--arg",
            "f32[4]=fill:0.5",
            "--arg",
            "f32[4]=zeros",
            "--print",
        ],
        &dir,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("[0.5, 1.5, 2.5, 3.5]"),
        "unexpected output: {text}"
    );
}

#[test]
fn run_checks_arguments_by_name() {
    let dir = scratch("run-args");
    let f = root()
        .join("samples/saxpy.cl")
        .to_string_lossy()
        .into_owned();
    // Too few arguments: names the missing parameters.
    let out = oclc(
        &[
            "run", &f, "--kernel", "saxpy", "--global", "8", "--arg", "f32:1",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("missing") && err.contains("'x'") && err.contains("'n'"),
        "{err}"
    );
    // Wrong kind: a buffer where a scalar goes.
    let out = oclc(
        &[
            "run",
            &f,
            "--kernel",
            "saxpy",
            "--global",
            "8",
            "--arg",
            "f32[8]=zeros",
            "--arg",
            "f32[8]=zeros",
            "--arg",
            "f32[8]=zeros",
            "--arg",
            "i32:8",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("'alpha'"), "{}", stderr(&out));
    // Unknown kernel.
    let out = oclc(&["run", &f, "--kernel", "nope", "--global", "8"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("saxpy"),
        "should list the kernels: {}",
        stderr(&out)
    );
}

#[test]
fn run_time_and_dump() {
    let dir = scratch("run-time");
    let f = root()
        .join("samples/vecadd.cl")
        .to_string_lossy()
        .into_owned();
    let out = oclc(
        &[
            "run",
            &f,
            "--kernel",
            "vecadd",
            "--global",
            "256",
            "--arg",
            "f32[256]=iota",
            "--arg",
            "f32[256]=iota",
            "--arg",
            "f32[256]=zeros",
            "--time",
            "--repeat",
            "3",
            "--dump",
            "out",
        ],
        &dir,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("kernel time: ") && text.contains("3 runs)"),
        "{text}"
    );
    let c = std::fs::read(dir.join("out/arg2.bin")).unwrap();
    assert_eq!(c.len(), 256 * 4);
    let v: Vec<f32> = c
        .chunks(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert!(v.iter().enumerate().all(|(i, x)| *x == 2.0 * i as f32));
}

#[test]
fn time_report_lists_stages_and_passes() {
    let dir = scratch("time_report");
    let f = write(
        &dir,
        "k.cl",
        "float twice(float x) { return x * 2.0f; }\n\
         __kernel void k(__global float *p) { p[0] = twice(p[1]) + exp(p[2]); }\n",
    );
    for (target, backend) in [
        ("opencl", "SPIR-V emission"),
        ("vulkan", "SPIR-V emission"),
        ("cpu", "CPU code generation"),
    ] {
        let out = oclc(
            &[
                &f,
                "--target",
                target,
                "-O2",
                "-ftime-report",
                "-o",
                "k.out",
            ],
            &dir,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let err = stderr(&out);
        for line in [
            "front end (preprocess, parse, check)",
            "lowering to IR",
            "pass const_fold",
            "pass inline",
            backend,
            "100.0%  total",
        ] {
            assert!(err.contains(line), "{target}: no '{line}' in\n{err}");
        }
    }
    // Vulkan links the built-in library as a pass; the OpenCL target does not.
    let vk = stderr(&oclc(
        &[&f, "--target", "vulkan", "-ftime-report", "-o", "k.out"],
        &dir,
    ));
    assert!(vk.contains("pass link_library"), "{vk}");
}
