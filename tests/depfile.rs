//! Dependency files: on sources with nested includes (quoted and angled, through -I, a
//! `#pragma once` header included twice), oclc's `-MD`, `-MMD`, `-M` and `-MF/-MT/-MQ/-MP`
//! rules list the same files, in the same order, as clang-14's (whose only extra file is
//! its own opencl-c-base.h, a system header that `-MMD` leaves out).

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

fn tree(dir: &Path) {
    for (path, text) in [
        (
            "src/k.cl",
            "#include \"local.h\"\n#include <lib.h>\n#include \"local.h\"\n\
             __kernel void k(__global float *p) { p[0] = A + B + C; }\n",
        ),
        (
            "src/local.h",
            "#pragma once\n#include \"sub/deep.h\"\n#define A 1\n",
        ),
        ("src/sub/deep.h", "#define C 3\n"),
        ("inc dir/lib.h", "#include \"lib/more.h\"\n#define B 2\n"),
        ("inc dir/lib/more.h", "#define MORE 1\n"),
    ] {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    std::fs::create_dir_all(dir.join("out")).unwrap();
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// clang-14 with the same dependency options (it writes LLVM bitcode; only the rule
/// matters here).
fn clang(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = Command::new("clang-14")
        .args(["-x", "cl", "-target", "spir64", "-c", "-emit-llvm"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("clang-14");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The rule without clang's own header (and the line breaks that it moved).
fn without_clang_header(rule: &str) -> Vec<String> {
    rule.replace("\\\n", " ")
        .split_whitespace()
        .filter(|w| !w.contains("opencl-c-base.h"))
        .map(str::to_string)
        .collect()
}

#[test]
fn depfiles_list_the_files_clang_lists() {
    if !require_tool("clang-14") {
        return;
    }
    let dir = scratch("depfile");
    tree(&dir);
    // -MD next to the output: the same files as clang's -MD, less its opencl-c-base.h.
    let out = oclc(
        &["src/k.cl", "-I", "inc dir", "-MD", "-o", "out/k.spv"],
        &dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ours = read(&dir, "out/k.d");
    std::fs::create_dir_all(dir.join("clang")).unwrap();
    clang(
        &dir,
        &[
            "src/k.cl",
            "-I",
            "inc dir",
            "-MD",
            "-MF",
            "clang/k.d",
            "-MT",
            "out/k.spv",
            "-o",
            "out/k.bc",
        ],
    );
    let theirs = read(&dir, "clang/k.d");
    assert_eq!(
        without_clang_header(&ours),
        without_clang_header(&theirs),
        "oclc:\n{ours}\nclang-14:\n{theirs}"
    );
    assert!(ours.contains("inc\\ dir/lib/more.h"), "{ours}");
    // -MMD -MP -MF -MT with absolute paths: byte for byte clang-14's rule.
    let abs = dir.to_string_lossy().into_owned();
    let inc = format!("{abs}/inc dir");
    let input = format!("{abs}/src/k.cl");
    let ours = oclc(
        &[
            &input,
            "-I",
            &inc,
            "-MMD",
            "-MP",
            "-MF",
            "ours.d",
            "-MT",
            "my target",
            "-MQ",
            "$q t",
            "-o",
            "out/k.spv",
        ],
        &dir,
    );
    assert!(
        ours.status.success(),
        "{}",
        String::from_utf8_lossy(&ours.stderr)
    );
    clang(
        &dir,
        &[
            &input,
            "-I",
            &inc,
            "-MMD",
            "-MP",
            "-MF",
            "theirs.d",
            "-MT",
            "my target",
            "-MQ",
            "$q t",
            "-o",
            "out/k.bc",
        ],
    );
    assert_eq!(read(&dir, "ours.d"), read(&dir, "theirs.d"));
    // -M prints the rule instead of compiling; clang names the target k.o.
    let ours = oclc(&["src/k.cl", "-I", "inc dir", "-M", "-MT", "k.o"], &dir);
    let theirs = Command::new("clang-14")
        .args([
            "-x", "cl", "-target", "spir64", "-MM", "src/k.cl", "-I", "inc dir",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&ours.stdout),
        String::from_utf8_lossy(&theirs.stdout)
    );
    // -M -MF writes the rule to the file; -E -MD prints the source and writes the rule.
    let ours = oclc(
        &[
            "src/k.cl", "-I", "inc dir", "-M", "-MF", "m.d", "-MT", "k.o",
        ],
        &dir,
    );
    assert!(ours.status.success() && ours.stdout.is_empty());
    assert_eq!(read(&dir, "m.d"), String::from_utf8_lossy(&theirs.stdout));
    let ours = oclc(
        &[
            "src/k.cl", "-I", "inc dir", "-E", "-MD", "-MF", "e.d", "-MT", "k.o",
        ],
        &dir,
    );
    assert!(String::from_utf8_lossy(&ours.stdout).contains("p[0] = 1 + 2 + 3"));
    assert_eq!(read(&dir, "e.d"), String::from_utf8_lossy(&theirs.stdout));
}

#[test]
fn a_failed_compile_writes_no_depfile() {
    let dir = scratch("depfile-error");
    std::fs::write(dir.join("bad.cl"), "__kernel void k( {\n").unwrap();
    let out = oclc(&["bad.cl", "-MD"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("bad.d").exists());
}
