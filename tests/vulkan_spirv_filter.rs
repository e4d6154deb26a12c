//! `OCLC_VK_SPIRV_FILTER` (runtime-lite's experiment hook that passes each Vulkan module
//! through a command): a filter that copies the module runs the kernel as without it, a
//! failing filter fails the launch with the command named, and neither leaves its scratch
//! folder behind.

mod common;

use std::process::{Command, Output};

use common::*;

/// `oclc run` of samples/vecadd.cl on Vulkan (lavapipe in CI) with `filter` (or none) and
/// temporary files under `tmp`.
fn run_vecadd(filter: Option<&str>, tmp: &std::path::Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_oclc"));
    cmd.args([
        "run",
        "samples/vecadd.cl",
        "--kernel",
        "vecadd",
        "--global",
        "16",
    ])
    .args(["--device", "vulkan", "--print"])
    .args(["--arg", "f32[16]=iota", "--arg", "f32[16]=fill:0.5"])
    .args(["--arg", "f32[16]=zeros"])
    .current_dir(root())
    .env("TMPDIR", tmp)
    .env_remove("OCLC_VK_SPIRV_FILTER");
    if let Some(f) = filter {
        cmd.env("OCLC_VK_SPIRV_FILTER", f);
    }
    cmd.output().expect("cannot start oclc")
}

fn leftovers(tmp: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(tmp)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("oclc-spirv-filter"))
        .collect()
}

#[test]
fn copying_filter_runs_the_kernel_and_cleans_up() {
    let tmp = scratch("spirv-filter-copy");
    let plain = run_vecadd(None, &tmp);
    assert!(
        plain.status.success(),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    let filtered = run_vecadd(Some("cp {in} {out}"), &tmp);
    assert!(
        filtered.status.success(),
        "{}",
        String::from_utf8_lossy(&filtered.stderr)
    );
    // i + 0.5 for i in 0..16, worked out by hand (not an earlier oclc output).
    let want: Vec<String> = (0..16).map(|i| format!("{i}.5")).collect();
    let want = format!("arg2 c (f32[16]): [{}]", want.join(", "));
    for out in [&plain, &filtered] {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.lines().any(|l| l == want), "{text}");
    }
    assert_eq!(leftovers(&tmp), Vec::<String>::new());
}

#[test]
fn failing_filter_fails_the_launch_and_cleans_up() {
    let tmp = scratch("spirv-filter-fail");
    let out = run_vecadd(Some("exit 3"), &tmp);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("OCLC_VK_SPIRV_FILTER (`exit 3`): exited with"),
        "{err}"
    );
    assert_eq!(leftovers(&tmp), Vec::<String>::new());
}
