//! printf on Vulkan (the printf buffer; `backend-spirv/src/vulkan/printf.rs`): every
//! kernel file in `tests/printf/` runs each of its `// RUN:` lines through
//! `oclc run --device vulkan` and through the system's OpenCL driver (PoCL) compiling the
//! source, and the printed lines must be the same once sorted (OpenCL leaves the order of
//! different work-items' output open); the buffers, dumped after the run, must be equal
//! byte for byte (the files keep them integer). The CPU backend's output is held to the same
//! reference, since both targets format with the same code.

mod common;

use std::path::Path;

use common::*;

/// The sorted output lines and the dumped buffers of one run.
fn run(dir: &Path, file: &Path, args: &[String], device: &str) -> (Vec<String>, Vec<Vec<u8>>) {
    let dump = dir.join(format!("dump-{device}"));
    let _ = std::fs::remove_dir_all(&dump);
    let file_s = file.to_string_lossy();
    let dump_s = dump.to_string_lossy();
    let mut argv: Vec<&str> = vec!["run", &file_s, "--device", device, "--dump", &dump_s];
    argv.extend(args.iter().map(String::as_str));
    let out = oclc(&argv, dir);
    assert!(
        out.status.success(),
        "{} {args:?} on {device} failed:\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    lines.sort();
    let mut buffers = Vec::new();
    for k in 0.. {
        match std::fs::read(dump.join(format!("arg{k}.bin"))) {
            Ok(b) => buffers.push(b),
            Err(_) if k < args.len() => buffers.push(Vec::new()),
            Err(_) => break,
        }
    }
    (lines, buffers)
}

#[test]
fn printf_on_vulkan_prints_what_opencl_prints() {
    if !require_opencl() || !require_vulkan() {
        return;
    }
    let dir = scratch("vulkan-printf");
    let mut runs = 0;
    for file in cl_files(&root().join("tests/printf")) {
        for args in run_lines(&file) {
            let (want, want_buffers) = run(&dir, &file, &args, "opencl");
            assert!(
                !want.is_empty(),
                "{}: the reference printed nothing",
                file.display()
            );
            for device in ["vulkan", "cpu"] {
                let (got, buffers) = run(&dir, &file, &args, device);
                assert_eq!(
                    got,
                    want,
                    "{} {args:?}: printed lines on {device} (left) differ from PoCL's (right)",
                    file.display()
                );
                assert_eq!(
                    buffers,
                    want_buffers,
                    "{} {args:?}: buffers on {device} differ from PoCL's",
                    file.display()
                );
            }
            runs += 1;
        }
    }
    assert!(
        runs >= 3,
        "expected RUN lines in tests/printf, found {runs}"
    );
}

#[test]
fn printf_buffer_overflow_drops_records_and_says_so() {
    if !require_vulkan() {
        return;
    }
    // 70016 work-items each reserve 4 words (id + three ints), 280064 in all, more than the
    // buffer's 262142; the records that fit print, the others are dropped with a warning,
    // and printf returns -1 for them (counted in the buffer).
    let dir = scratch("vulkan-printf-overflow");
    std::fs::write(
        dir.join("k.cl"),
        "__kernel void k(__global int *r) { int i = get_global_id(0); r[i] = printf(\"%d %d %d\\n\", i, i, i); }\n",
    )
    .unwrap();
    let args = [
        "run",
        "k.cl",
        "--kernel",
        "k",
        "--global",
        "70016",
        "--local",
        "64",
        "--device",
        "vulkan",
        "--dump",
        "out",
        "--arg",
        "i32[70016]=zeros",
    ];
    let out = oclc(&args, &dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout).lines().count();
    let bytes = std::fs::read(dir.join("out/arg0.bin")).unwrap();
    let results: Vec<i32> = bytes
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let ok = results.iter().filter(|&&r| r == 0).count();
    let failed = results.iter().filter(|&&r| r == -1).count();
    // (2^20 / 4 - 2) / 4 records fit: 65535.
    assert_eq!((printed, ok, failed), (65535, 65535, 70016 - 65535));
    assert!(String::from_utf8_lossy(&out.stderr).contains("printf buffer"));
}
