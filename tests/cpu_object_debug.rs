//! Source-level debugging of CPU objects (`-g`): tests/cpu_object_debug/kernel.cl is
//! compiled with `-g`, linked with a C program (main.c) and run under `gdb -batch`, which
//! must stop at a kernel source line, name `kernel.cl:LINE` in the backtrace, print the
//! kernel's parameters, private variables and work-item ids with the values the C program
//! gave and the kernel computes (checked by hand: in = 1, 2, 3, 4, factor 3, two work-groups
//! of two), step to the next line, and stop in a helper inlined from an `#include`d header.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::gdb::{assert_stopped_at, frames, gdb_batch, printed_values};
use common::*;

fn debug_dir() -> PathBuf {
    root().join("tests/cpu_object_debug")
}

/// Compiles kernel.cl with `extra` options into `dir` (object and header) and links main.c
/// with it; returns the program.
fn build(dir: &Path, extra: &[&str]) -> PathBuf {
    for f in ["kernel.cl", "helper.h", "main.c"] {
        std::fs::copy(debug_dir().join(f), dir.join(f)).unwrap();
    }
    let mut args = vec![
        "kernel.cl",
        "--target",
        "cpu",
        "--emit",
        "both",
        "-o",
        "kernel.o",
    ];
    args.extend(extra);
    let out = oclc(&args, dir);
    assert!(
        out.status.success(),
        "oclc {}:\n{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    let exe = dir.join("main");
    let out = Command::new("gcc")
        .args([
            "-std=c99", "-g", "-Wall", "-Werror", "-o", "main", "main.c", "kernel.o",
        ])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "gcc: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Runs `exe` under `gdb -batch` with `commands`; returns what gdb printed.
fn gdb(exe: &Path, commands: &[&str]) -> String {
    gdb_batch(exe, &[], exe.parent().unwrap(), commands)
}

#[test]
fn gdb_stops_at_kernel_lines_and_prints_variables() {
    if !require_tool("gcc") || !require_tool("gdb") {
        return;
    }
    let dir = scratch("cpu-object-debug");
    let exe = build(&dir, &["-g"]);
    let out = gdb(
        &exe,
        &[
            "break kernel.cl:9",
            "run",
            "backtrace",
            "print x",
            "print factor",
            "print in[3]",
            "print gid",
            "print __global_id",
            "next",
            "print scaled",
            "continue",
            "continue",
            "print x",
            "print __global_id",
            "print __local_id",
            "delete",
            "break helper.h:4",
            "continue",
            "print __global_id[0]",
            "delete",
            "continue",
        ],
    );
    assert_stopped_at(&out, "kernel.cl:9");
    let frames = frames(&out);
    assert!(
        frames.len() >= 3
            && frames[0].starts_with("#0 ")
            && frames[0].ends_with("at kernel.cl:9")
            && frames[1].contains("oclc_scale")
            && frames.iter().any(|f| f.contains("main () at main.c:")),
        "backtrace does not name kernel.cl:9 under the entry and main:\n{out}"
    );
    assert!(
        out.contains("\n10\t    out[gid] = scaled + 1.0f;"),
        "`next` did not reach line 10:\n{out}"
    );
    assert!(
        out.contains("at helper.h:4\n"),
        "gdb did not stop in the inlined helper at helper.h:4:\n{out}"
    );
    // Work-item 0: x = in[0] = 1, scaled = (1 + 1) * 3; two continues later, work-item 2
    // (group 1, local id 0): x = 3. The helper's breakpoint comes next, in work-item 3.
    let want = [
        "1",
        "3",
        "4",
        "0",
        "{0, 0, 0}",
        "6",
        "3",
        "{2, 0, 0}",
        "{0, 0, 0}",
        "3",
    ];
    assert_eq!(printed_values(&out), want, "gdb output:\n{out}");
    assert!(
        out.contains("7 13 19 25"),
        "the program's results under gdb are wrong:\n{out}"
    );
}

#[test]
fn objects_without_g_have_no_debug_information() {
    if !require_tool("gcc") || !require_tool("gdb") {
        return;
    }
    let dir = scratch("cpu-object-no-debug");
    let exe = build(&dir, &[]);
    let out = gdb(&exe, &["break kernel.cl:9"]);
    assert!(
        out.contains("No source file named kernel.cl"),
        "without -g gdb should not know kernel.cl:\n{out}"
    );
}
