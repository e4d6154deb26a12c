//! Debug information in SPIR-V (`-g`): tests/cpu_object_debug/kernel.cl (a kernel calling a
//! helper from helper.h) compiled with `-g` for both flavours is accepted by spirv-val
//! (`OpenCL.DebugInfo.100` for OpenCL, `NonSemantic.Shader.DebugInfo.100` under
//! `--target-env vulkan1.2` for Vulkan), and llvm-spirv-14 reads the OpenCL flavour's debug
//! information back: llvm-dis-14 shows a subprogram per function and `DILocation`s on the
//! kernel's source lines (7 to 10 of kernel.cl, 4 of helper.h).

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

/// Compiles kernel.cl (copied into `dir` with helper.h) to `out` with `args`.
fn compile(dir: &Path, out: &str, args: &[&str]) {
    for f in ["kernel.cl", "helper.h"] {
        std::fs::copy(root().join("tests/cpu_object_debug").join(f), dir.join(f)).unwrap();
    }
    let mut all = vec!["kernel.cl", "-o", out];
    all.extend(args);
    let o = oclc(&all, dir);
    assert!(
        o.status.success(),
        "oclc {}: {}",
        all.join(" "),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Runs `cmd` in `dir`; panics with its output unless it succeeds; returns its stdout.
fn must(dir: &Path, cmd: &str, args: &[&str]) -> String {
    let o = Command::new(cmd)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{cmd} {}: {}{}",
        args.join(" "),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn spirv_val_accepts_debug_information_of_both_flavours() {
    if !require_tool("spirv-val") || !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("spirv-debug-val");
    compile(&dir, "cl.spv", &["-g"]);
    compile(&dir, "vk.spv", &["-g", "--target", "vulkan"]);
    must(&dir, "spirv-val", &["cl.spv"]);
    must(&dir, "spirv-val", &["--target-env", "vulkan1.2", "vk.spv"]);
    let cl = must(&dir, "spirv-dis", &["cl.spv"]);
    let vk = must(&dir, "spirv-dis", &["vk.spv"]);
    assert!(
        cl.contains("OpExtInstImport \"OpenCL.DebugInfo.100\"")
            && cl.contains("DebugFunction")
            && cl.contains("OpLine"),
        "no OpenCL debug information:\n{cl}"
    );
    assert!(
        vk.contains("OpExtInstImport \"NonSemantic.Shader.DebugInfo.100\"")
            && vk.contains("DebugFunctionDefinition")
            && vk.contains("DebugLine"),
        "no Vulkan debug information:\n{vk}"
    );
}

#[test]
fn llvm_spirv_reads_the_opencl_debug_lines_back() {
    if !require_tool("llvm-spirv-14") || !require_tool("llvm-dis-14") {
        return;
    }
    let dir = scratch("spirv-debug-llvm");
    compile(&dir, "cl.spv", &["-g"]);
    must(&dir, "llvm-spirv-14", &["-r", "cl.spv", "-o", "cl.bc"]);
    let ll = must(&dir, "llvm-dis-14", &["cl.bc", "-o", "-"]);
    let subprogram = |name: &str, file: &str| {
        ll.lines().any(|l| {
            l.contains("DISubprogram(")
                && l.contains(&format!("name: \"{name}\""))
                && l.contains(&format!(
                    "line: {}",
                    if file == "kernel.cl" { 7 } else { 4 }
                ))
        })
    };
    assert!(
        subprogram("scale", "kernel.cl") && subprogram("twice", "helper.h"),
        "no subprograms for scale and twice:\n{ll}"
    );
    assert!(ll.contains("!DIFile(filename: \"helper.h\""), "{ll}");
    let lines: Vec<u32> = ll
        .lines()
        .filter(|l| l.contains("= !DILocation("))
        .filter_map(|l| l.split("line: ").nth(1)?.split(',').next()?.parse().ok())
        .collect();
    for line in [4, 7, 8, 9, 10] {
        assert!(
            lines.contains(&line),
            "no DILocation on line {line} (found {lines:?}):\n{ll}"
        );
    }
    let instructions_with_locations = ll
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains(", !dbg !"))
        .count();
    assert!(instructions_with_locations >= 10, "{ll}");

    // Without -g there is none.
    compile(&dir, "plain.spv", &[]);
    must(
        &dir,
        "llvm-spirv-14",
        &["-r", "plain.spv", "-o", "plain.bc"],
    );
    let plain = must(&dir, "llvm-dis-14", &["plain.bc", "-o", "-"]);
    assert!(!plain.contains("DILocation"), "{plain}");
}

#[test]
fn every_run_kernel_with_g_passes_spirv_val() {
    if !require_tool("spirv-val") {
        return;
    }
    let dir = scratch("spirv-debug-sweep");
    let mut checked = 0;
    for file in cl_files(&root().join("tests/run")) {
        let f = file.to_string_lossy().into_owned();
        for (flavour, env) in [("opencl", "spv1.0"), ("vulkan", "vulkan1.2")] {
            let compiled = |extra: &[&str]| {
                let mut args = vec![f.as_str(), "--target", flavour, "-o", "m.spv"];
                args.extend(extra);
                oclc(&args, &dir).status.success()
            };
            if !compiled(&["-g"]) {
                assert!(!compiled(&[]), "{f} ({flavour}) compiles without -g only");
                continue;
            }
            must(&dir, "spirv-val", &["--target-env", env, "m.spv"]);
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} modules checked");
}
