//! Running programs under `gdb -batch` (the `-g` tests) and reading what it printed.

use std::path::Path;
use std::process::Command;

/// Runs `program` with `args` in `dir` under `gdb -nx -batch`, executing `commands`;
/// returns everything gdb and the program printed.
pub fn gdb_batch(program: &Path, args: &[&str], dir: &Path, commands: &[&str]) -> String {
    let mut cmd = Command::new("gdb");
    cmd.args(["-nx", "-batch"]);
    for c in commands {
        cmd.args(["-ex", c]);
    }
    let out = cmd
        .arg("--args")
        .arg(program)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("cannot start gdb");
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The values gdb printed (`$N = VALUE`), in order.
pub fn printed_values(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix('$')?;
            let (n, value) = rest.split_once(" = ")?;
            n.parse::<u32>().ok()?;
            Some(value.to_string())
        })
        .collect()
}

/// The backtrace's frame lines (`#N ...`), in order.
pub fn frames(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with('#')).collect()
}

/// Asserts that gdb hit its first breakpoint at `place` (`FILE:LINE`).
pub fn assert_stopped_at(out: &str, place: &str) {
    assert!(
        out.contains("Breakpoint 1, ") && out.contains(&format!("at {place}\n")),
        "gdb did not stop at {place}:\n{out}"
    );
}
