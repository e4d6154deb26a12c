//! Helpers shared by the integration tests: running `oclc`, finding the reference tools,
//! reading `// RUN:` lines from kernel files.
#![allow(dead_code)]

pub mod ftz;
pub mod gdb;
pub mod math_inputs;
pub mod math_refs;
pub mod parallel;
pub mod random_kernel;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs the `oclc` binary with `args` in `dir`.
pub fn oclc(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oclc"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("cannot start oclc")
}

/// The `--emit reflection` JSON of `file` compiled for Vulkan with `options`, written to
/// `dir/STEM.json`; panics with oclc's errors when it fails.
pub fn vulkan_reflection(file: &Path, options: &[&str], dir: &Path) -> String {
    let stem = file.file_stem().unwrap().to_string_lossy();
    let json = dir.join(format!("{stem}.json"));
    let (file_s, json_s) = (file.to_string_lossy(), json.to_string_lossy());
    let mut args = vec![
        &*file_s,
        "--target",
        "vulkan",
        "--emit",
        "reflection",
        "-o",
        &json_s,
    ];
    args.extend(options);
    let out = oclc(&args, &root());
    assert!(
        out.status.success(),
        "{file_s}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&json).unwrap()
}

/// `oclc run FILE RUN... --device DEVICE... --dump DUMP` from the workspace root: its
/// standard output, or the command line and its output when it fails.
pub fn run_dumped(
    file: &Path,
    run: &[String],
    device: &[&str],
    dump: &Path,
) -> Result<String, String> {
    let file_s = file.to_string_lossy().into_owned();
    let dump_s = dump.to_string_lossy().into_owned();
    let mut args: Vec<&str> = vec!["run", &file_s];
    args.extend(run.iter().map(String::as_str));
    args.push("--device");
    args.extend(device);
    args.extend(["--dump", &dump_s]);
    let out = oclc(&args, &root());
    if out.status.success() {
        return Ok(String::from_utf8_lossy(&out.stdout).into_owned());
    }
    Err(format!(
        "oclc {} failed on {device:?}:\n{}{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oclc-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// True when an external tool can be started. A missing tool fails the test unless
/// OCLC_ALLOW_MISSING_TOOLS=1 is set (for quick local runs); CI installs them all.
pub fn require_tool(tool: &str) -> bool {
    let found = Command::new(tool)
        .arg("--version")
        .output()
        .map(|o| o.status.success() || !o.stdout.is_empty() || !o.stderr.is_empty())
        .unwrap_or(false);
    if !found {
        if std::env::var("OCLC_ALLOW_MISSING_TOOLS").as_deref() == Ok("1") {
            eprintln!("skipping: {tool} is not installed (OCLC_ALLOW_MISSING_TOOLS=1)");
            return false;
        }
        panic!("{tool} is not installed: run scripts/install-test-deps.sh (or set OCLC_ALLOW_MISSING_TOOLS=1 to skip)");
    }
    true
}

/// `what`, a process's exit status and the first 2000 characters of its stderr, for
/// assertion messages.
pub fn describe_output(what: &str, out: &Output) -> String {
    format!(
        "{what}: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
            .chars()
            .take(2000)
            .collect::<String>()
    )
}

/// Asserts that spirv-val accepts `file` (in `dir`) for the target environment `env`
/// (`opencl1.2`, `vulkan1.2`, ...); skips under the missing-tool rule of [`require_tool`].
pub fn assert_spirv_valid(dir: &Path, env: &str, file: &str) {
    if !require_tool("spirv-val") {
        return;
    }
    let val = Command::new("spirv-val")
        .args(["--target-env", env, file])
        .current_dir(dir)
        .output()
        .expect("cannot start spirv-val");
    assert!(val.status.success(), "{}", describe_output(file, &val));
}

/// True when the OpenCL reference (PoCL) is usable, with the same skip rule as tools.
pub fn require_opencl() -> bool {
    let ok = Command::new("clinfo")
        .arg("-l")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("Device"))
        .unwrap_or(false);
    if !ok {
        if std::env::var("OCLC_ALLOW_MISSING_TOOLS").as_deref() == Ok("1") {
            eprintln!("skipping: no OpenCL device (OCLC_ALLOW_MISSING_TOOLS=1)");
            return false;
        }
        panic!(
            "no OpenCL device found (clinfo -l): run scripts/install-test-deps.sh to install PoCL"
        );
    }
    true
}

/// The `.cl` files of a folder, sorted.
pub fn cl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    files
}

/// The `// RUN: ...` lines of a kernel file, each split into arguments.
pub fn run_lines(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// RUN:"))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The compile options (-D, -I, -cl-std, -O) among a RUN line's arguments.
pub fn compile_options(run: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < run.len() {
        let a = &run[i];
        if (a == "-D" || a == "-I") && i + 1 < run.len() {
            out.push(a.clone());
            out.push(run[i + 1].clone());
            i += 1;
        } else if a.starts_with("-D")
            || a.starts_with("-I")
            || a.starts_with("-cl-")
            || a.starts_with("-O")
        {
            out.push(a.clone());
        }
        i += 1;
    }
    out
}

/// Float tolerance `(rtol, atol)` from a `// TOLERANCE: RTOL ATOL` line, or the default.
pub fn tolerance(path: &Path) -> (f64, f64) {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// TOLERANCE:"))
        .map(|l| {
            let v: Vec<f64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .next()
        .unwrap_or((1e-5, 1e-6))
}

/// True when `oclc run --device vulkan` works here (lavapipe or a GPU). When it does not,
/// panics with the reason unless OCLC_ALLOW_MISSING_TOOLS=1 (then prints it and returns
/// false, so the caller skips its Vulkan runs).
pub fn require_vulkan() -> bool {
    static PROBES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = PROBES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = scratch(&format!("vulkan-probe-{n}"));
    std::fs::write(
        dir.join("probe.cl"),
        "__kernel void probe(__global float *o) { o[get_global_id(0)] = 1.0f; }",
    )
    .unwrap();
    let args = [
        "run",
        "probe.cl",
        "--kernel",
        "probe",
        "--global",
        "4",
        "--device",
        "vulkan",
        "--arg",
        "f32[4]=zeros",
    ];
    let out = oclc(&args, &dir);
    if out.status.success() {
        return true;
    }
    let err = String::from_utf8_lossy(&out.stderr);
    if std::env::var("OCLC_ALLOW_MISSING_TOOLS").as_deref() == Ok("1") {
        eprintln!(
            "skipping the Vulkan runs: no usable Vulkan device ({})",
            err.trim()
        );
        return false;
    }
    panic!("no usable Vulkan device for `oclc run --device vulkan` (install mesa-vulkan-drivers, or set OCLC_ALLOW_MISSING_TOOLS=1): {err}");
}

/// The devices a kernel test runs on: oclc's CPU backend, plus oclc's Vulkan SPIR-V on the
/// system's Vulkan device (lavapipe in CI) when [`require_vulkan`] finds one usable.
pub fn test_devices() -> Vec<&'static str> {
    static VULKAN: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *VULKAN.get_or_init(require_vulkan) {
        vec!["cpu", "vulkan"]
    } else {
        vec!["cpu"]
    }
}

/// Writes `values` as little-endian f32s to `dir/name`; returns the path.
pub fn write_f32(dir: &Path, name: &str, values: &[f32]) -> String {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// Reads a file of little-endian f32s (an `oclc run --dump` buffer).
pub fn read_f32(path: PathBuf) -> Vec<f32> {
    std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
