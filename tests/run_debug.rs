//! Source-level debugging of `oclc run -g` (GDB's JIT interface): gdb runs
//! `oclc run kernel.cl ... -g --threads 1` on tests/cpu_object_debug/kernel.cl and must stop
//! at a kernel source line, name `kernel.cl:LINE` in the backtrace (under oclc's own
//! frames) and print the kernel's parameters, private variables and work-item ids. The
//! values are checked by hand: in = iota (0, 1, 2, 3), factor 3, two work-groups of two, so
//! out[i] = (i + i) * 3 + 1.

mod common;

use std::path::PathBuf;

use common::gdb::{assert_stopped_at, frames, gdb_batch, printed_values};
use common::*;

/// A scratch directory holding kernel.cl and helper.h.
fn kernel_dir(name: &str) -> PathBuf {
    let dir = scratch(name);
    for f in ["kernel.cl", "helper.h"] {
        std::fs::copy(root().join("tests/cpu_object_debug").join(f), dir.join(f)).unwrap();
    }
    dir
}

/// `oclc run kernel.cl` with the launch the values above assume, then `extra`.
fn run_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "run",
        "kernel.cl",
        "--kernel",
        "scale",
        "--global",
        "4",
        "--local",
        "2",
        "--arg",
        "f32[4]=zeros",
        "--arg",
        "f32[4]=iota",
        "--arg",
        "f32:3",
        "--print",
    ];
    args.extend(extra);
    args
}

#[test]
fn gdb_stops_in_jit_code_at_kernel_lines_and_prints_variables() {
    if !require_tool("gdb") {
        return;
    }
    let dir = kernel_dir("run-debug");
    let oclc = PathBuf::from(env!("CARGO_BIN_EXE_oclc"));
    let out = gdb_batch(
        &oclc,
        &run_args(&["-g", "--threads", "1"]),
        &dir,
        &[
            "set breakpoint pending on",
            "break kernel.cl:9",
            "run",
            "bt",
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
            "print gid",
            "print __global_id",
            "print __local_id",
            "delete",
            "continue",
        ],
    );
    assert_stopped_at(&out, "kernel.cl:9");
    let frames = frames(&out);
    assert!(
        frames.len() >= 2
            && frames[0].starts_with("#0 ")
            && frames[0].contains(" scale (")
            && frames[0].ends_with("at kernel.cl:9")
            && frames[1..].iter().any(|f| f.contains("oclc")),
        "backtrace does not name scale at kernel.cl:9 under oclc's frames:\n{out}"
    );
    assert!(
        out.contains("\n10\t    out[gid] = scaled + 1.0f;"),
        "`next` did not reach line 10:\n{out}"
    );
    // Work-item 0: x = in[0] = 0, scaled = (0 + 0) * 3. Two breakpoint hits later,
    // work-item 2 (group 1, local id 0): x = in[2] = 2.
    let want = [
        "0",
        "3",
        "3",
        "0",
        "{0, 0, 0}",
        "0",
        "2",
        "2",
        "{2, 0, 0}",
        "{0, 0, 0}",
    ];
    assert_eq!(printed_values(&out), want, "gdb output:\n{out}");
    assert!(
        out.contains("arg0 out (f32[4]): [1, 7, 13, 19]"),
        "the kernel's results under gdb are wrong:\n{out}"
    );
}

#[test]
fn run_g_no_longer_warns() {
    let dir = kernel_dir("run-debug-warning");
    let out = oclc(&run_args(&["-g", "--threads", "1"]), &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "oclc run -g failed:\n{stderr}");
    assert!(!stderr.contains("warning"), "oclc run -g warns:\n{stderr}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("arg0 out (f32[4]): [1, 7, 13, 19]"),
        "oclc run -g computed wrong results: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn run_without_g_gives_gdb_nothing() {
    if !require_tool("gdb") {
        return;
    }
    let dir = kernel_dir("run-no-debug");
    let oclc = PathBuf::from(env!("CARGO_BIN_EXE_oclc"));
    let out = gdb_batch(
        &oclc,
        &run_args(&["--threads", "1"]),
        &dir,
        &["set breakpoint pending on", "break kernel.cl:9", "run"],
    );
    assert!(
        !out.contains("Breakpoint 1, "),
        "without -g gdb should not stop in the kernel:\n{out}"
    );
    assert!(
        out.contains("arg0 out (f32[4]): [1, 7, 13, 19]"),
        "the program did not finish under gdb:\n{out}"
    );
}
