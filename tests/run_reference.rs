//! Differential tests: every kernel with `// RUN:` lines (in samples/ and tests/run/) runs
//! through the system's OpenCL driver (PoCL) compiling the source — the reference — and
//! through oclc twice: `oclc run --device cpu` (native code), and oclc's OpenCL SPIR-V read
//! back by `llvm-spirv-14 -r` and run on PoCL as SPIR 1.2 bitcode. Every buffer must match
//! the reference (integers exactly, floats within the file's `// TOLERANCE: RTOL ATOL`,
//! default 1e-5 1e-6).
//!
//! The CPU run is made twice (except at `-O0`): as the RUN line says, and with
//! `--specialize-args` (the kernel compiled again with its by-value arguments' values as
//! constants); both must match.
//!
//! A file may say `// CPU-UNSUPPORTED: reason` for a construct the CPU backend does not
//! implement yet: its CPU run must then fail with an "unsupported" error (so the marker has
//! to go as soon as the backend learns it), and only the SPIR-V path is compared.
//!
//! A fourth run uses oclc's Vulkan SPIR-V on the system's Vulkan device (lavapipe here):
//! `oclc run --device vulkan` with `OCLC_VK_ITEMS=4 OCLC_VK_MERGE_GROUPS=256
//! OCLC_VK_MERGE_SYNCHRONISED=1024 OCLC_VK_GROUPS=4` (several work-items per invocation,
//! work-groups per workgroup and work-groups per invocation wherever the kernel allows,
//! kernels with barriers and `__local` memory included),
//! compared with the same reference. A file may say
//! `// VULKAN-UNSUPPORTED: reason` (e.g. math whose Vulkan precision is not OpenCL's): its
//! Vulkan run must then fail with an "unsupported"/"not supported" error. Without a Vulkan
//! device the Vulkan runs fail, or are skipped with a printed reason when
//! OCLC_ALLOW_MISSING_TOOLS=1.
//!
//! A file may say `// SPIRV-POCL-UNSUPPORTED: reason` when the reference tools of the SPIR-V
//! path lack a built-in (PoCL 3.1's SPIR library has no `convert_half_rtz`, say): oclc's module
//! must still pass spirv-val and llvm-spirv-14, and the PoCL run must fail.
//!
//! A file may say `// VULKAN-RUN-ONLY: reason` when what it checks is left to the
//! implementation by Vulkan (float subnormals: OpenCL lets a device flush them, and Vulkan
//! keeps them only under DenormPreserve, which lavapipe lacks): the Vulkan run must still
//! compile, validate and run, but its results are not compared.
//!
//! A file may say `// VULKAN-TOLERANCE: RTOL ATOL reason` to compare its Vulkan runs with a
//! tolerance of their own (linear filtering: Vulkan guarantees only `subTexelPrecisionBits`
//! of filter weight precision, 8 on lavapipe), and `// VULKAN-REFERENCE-DIFFERS: SUBSTRING |
//! argK,argK | reason` for RUN lines containing SUBSTRING whose Vulkan results in those
//! arguments legitimately differ from the reference (where PoCL 3.1 departs from the
//! OpenCL specification, or where Vulkan's format conversions do): those arguments are not
//! compared (the others are), and the reason names the test that checks the behaviour
//! instead.
//!
//! A file may say `// REFERENCE: clang-14-spir (reason)` when PoCL cannot build the source
//! (OpenCL C 2.0's generic address space, which PoCL 3.1 does not offer): the reference is
//! then clang-14 compiling the source to SPIR 1.2 bitcode (with the RUN line's -cl-std,
//! -D and -I), run on PoCL.
//!
//! A file may instead give hand-checked results, `// EXPECT: argK = V1 V2 ...` (the values
//! repeat over the buffer), where no reference implements the construct (PoCL's flat memory
//! answers `to_local` with non-NULL for every pointer): they replace the reference run, and
//! oclc's SPIR-V is validated (spirv-val, llvm-spirv-14) but not run on PoCL. Every buffer
//! argument then needs an `EXPECT` line.
//!
//! oclc's three runs happen at every optimisation level of `OCLC_RUN_LEVELS` (default
//! `0,2`: `-O0` and the default `-O2`; `OCLC_RUN_LEVELS=0,1,2,3` for all, which CI's time
//! budget leaves out; tests/random_programs.rs runs `-O3` on the CPU), each compared with
//! the one reference run (at the automatic `-O0` the SPIR-V is validated and read back but
//! not run on PoCL, for CI's time);
//! a RUN line that names a level (`-O1`) runs at that level only.
//!
//! `OCLC_RUN_FILTER=SUBSTRING` limits the run to the files whose path contains SUBSTRING
//! (for iterating on one file; the full suite runs without it).

mod common;

use std::path::{Path, PathBuf};

use common::*;

/// Element type and lane size of a buffer spec such as `f32x4[64]=iota`, or of the channels
/// of an image spec such as `image2d:rgba:unorm8[4,4]=iota` (its dumped texels).
fn buffer_type(spec: &str) -> Option<(String, usize)> {
    let ty = spec.split('[').next()?;
    if !spec.contains('[') {
        return None;
    }
    let ty = match ty.strip_prefix("image") {
        Some(image) => match image.rsplit(':').next()? {
            "unorm8" => "u8",
            "snorm8" => "i8",
            "unorm16" => "u16",
            "snorm16" => "i16",
            channel => channel,
        },
        None => ty,
    };
    let scalar = ty.split('x').next()?.to_string();
    let size = match scalar.as_str() {
        "i8" | "u8" => 1,
        "i16" | "u16" | "f16" => 2,
        "i32" | "u32" | "f32" => 4,
        _ => 8,
    };
    Some((scalar, size))
}

fn lane_value(bytes: &[u8], scalar: &str) -> f64 {
    let mut raw = [0u8; 8];
    raw[..bytes.len()].copy_from_slice(bytes);
    let u = u64::from_le_bytes(raw);
    match scalar {
        "f32" => f32::from_bits(u as u32) as f64,
        "f64" => f64::from_bits(u),
        "f16" => oclc_ir_f16(u as u16),
        _ => u as f64,
    }
}

fn oclc_ir_f16(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let man = (h & 0x3ff) as f64;
    sign * match exp {
        0 => man * 2f64.powi(-24),
        31 => {
            if man == 0.0 {
                f64::INFINITY
            } else {
                f64::NAN
            }
        }
        e => (1.0 + man / 1024.0) * 2f64.powi(e - 15),
    }
}

fn compare(file: &Path, run: &[String], cpu: &Path, reference: &Path) {
    compare_within(file, run, cpu, reference, tolerance(file));
}

/// The Vulkan tolerance of a file: `// VULKAN-TOLERANCE: RTOL ATOL reason`, or its
/// `// TOLERANCE:`.
fn vulkan_tolerance(file: &Path) -> (f64, f64) {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// VULKAN-TOLERANCE:"))
        .map(|l| {
            let v: Vec<f64> = l
                .split_whitespace()
                .take(2)
                .map(|x| x.parse().unwrap())
                .collect();
            (v[0], v[1])
        })
        .next()
        .unwrap_or_else(|| tolerance(file))
}

/// The arguments that `// VULKAN-REFERENCE-DIFFERS: SUBSTRING | argK,argK | reason` lines
/// of `file` exclude from the comparison of `run` (those whose SUBSTRING it contains).
fn vulkan_reference_differs(file: &Path, run: &[String]) -> Vec<usize> {
    let line = run.join(" ");
    let mut skip = Vec::new();
    for l in std::fs::read_to_string(file).unwrap().lines() {
        let Some(rest) = l.trim().strip_prefix("// VULKAN-REFERENCE-DIFFERS:") else {
            continue;
        };
        let mut parts = rest.split('|');
        let (Some(sub), Some(args), Some(_reason)) = (parts.next(), parts.next(), parts.next())
        else {
            panic!(
                "{}: malformed VULKAN-REFERENCE-DIFFERS line: {l}",
                file.display()
            );
        };
        if line.contains(sub.trim()) {
            skip.extend(args.split(',').map(|a| {
                a.trim()
                    .strip_prefix("arg")
                    .and_then(|k| k.parse::<usize>().ok())
                    .unwrap_or_else(|| panic!("{}: bad argument '{a}' in: {l}", file.display()))
            }));
        }
    }
    skip
}

fn compare_within(file: &Path, run: &[String], cpu: &Path, reference: &Path, tol: (f64, f64)) {
    compare_except(file, run, cpu, reference, tol, &[]);
}

fn compare_except(
    file: &Path,
    run: &[String],
    cpu: &Path,
    reference: &Path,
    tol: (f64, f64),
    skip: &[usize],
) {
    let (rtol, atol) = tol;
    let specs: Vec<&String> = run
        .windows(2)
        .filter(|w| w[0] == "--arg")
        .map(|w| &w[1])
        .collect();
    let mut compared = 0;
    for (k, spec) in specs.iter().enumerate() {
        let Some((scalar, size)) = buffer_type(spec) else {
            continue;
        };
        if skip.contains(&k) {
            continue;
        }
        let name = format!("arg{k}.bin");
        let ours = std::fs::read(cpu.join(&name))
            .unwrap_or_else(|e| panic!("{}: oclc wrote no {name}: {e}", file.display()));
        let theirs = std::fs::read(reference.join(&name))
            .unwrap_or_else(|e| panic!("{}: reference wrote no {name}: {e}", file.display()));
        assert_eq!(
            ours.len(),
            theirs.len(),
            "{}: {name} sizes differ",
            file.display()
        );
        let mut bad = Vec::new();
        for (i, (a, b)) in ours.chunks(size).zip(theirs.chunks(size)).enumerate() {
            let ok = if scalar.starts_with('f') {
                let (x, y) = (lane_value(a, &scalar), lane_value(b, &scalar));
                (x.is_nan() && y.is_nan()) || x == y || (x - y).abs() <= atol + rtol * y.abs()
            } else {
                a == b
            };
            if !ok {
                bad.push(format!(
                    "lane {i}: oclc {} vs reference {}",
                    lane_value(a, &scalar),
                    lane_value(b, &scalar)
                ));
            }
        }
        assert!(
            bad.is_empty(),
            "{} {}: argument {k} differs from the OpenCL reference in {} lanes, e.g.\n  {}",
            file.display(),
            run.join(" "),
            bad.len(),
            bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n  ")
        );
        compared += 1;
    }
    assert!(
        compared > 0,
        "{}: RUN line has no buffer to compare",
        file.display()
    );
}

/// Compiles `file` to SPIR-V with oclc and reads it back to SPIR 1.2 bitcode with
/// llvm-spirv-14; returns the bitcode's path.
fn spirv_to_bitcode(file: &Path, run: &[String], dir: &Path) -> PathBuf {
    let spv = dir.join("k.spv");
    let bc = dir.join("k.bc");
    let mut args = vec![file.to_string_lossy().into_owned()];
    args.extend(compile_options(run));
    args.extend(["-o".to_string(), spv.to_string_lossy().into_owned()]);
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = oclc(&argv, &root());
    assert!(
        out.status.success(),
        "oclc {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    let val = std::process::Command::new("spirv-val")
        .arg(&spv)
        .output()
        .unwrap();
    assert!(
        val.status.success(),
        "{}: spirv-val: {}",
        file.display(),
        String::from_utf8_lossy(&val.stderr)
    );
    let rev = std::process::Command::new("llvm-spirv-14")
        .args(["-r", "--spirv-target-env=CL1.2"])
        .arg(&spv)
        .arg("-o")
        .arg(&bc)
        .output()
        .unwrap();
    assert!(
        rev.status.success(),
        "{}: llvm-spirv-14 -r: {}",
        file.display(),
        String::from_utf8_lossy(&rev.stderr)
    );
    bc
}

fn run_device(file: &Path, run: &[String], device: &str, dump: &Path) {
    run_device_with(file, run, &[device], dump)
}

fn run_device_with(file: &Path, run: &[String], device: &[&str], dump: &Path) {
    if let Err(e) = run_dumped(file, run, device, dump) {
        panic!("{e}");
    }
}

/// True when the file has a line starting with `marker`.
fn has_marker(file: &Path, marker: &str) -> bool {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .any(|l| l.trim().starts_with(marker))
}

/// True when the file says `// SPIRV-POCL-UNSUPPORTED: reason`: the SPIR-V path's tools
/// (llvm-spirv-14's read-back or PoCL 3.1's SPIR library) lack something the kernel needs,
/// e.g. `convert_half_rtz`. oclc's module must still pass spirv-val and llvm-spirv-14.
fn spirv_pocl_unsupported(file: &Path) -> bool {
    has_marker(file, "// SPIRV-POCL-UNSUPPORTED:")
}

/// The PoCL run of a `SPIRV-POCL-UNSUPPORTED` file's bitcode must fail (so the marker goes
/// once the reference tools learn the construct).
fn expect_spirv_pocl_failure(file: &Path, run: &[String], bc: &str, dump: &Path) {
    let file_s = file.to_string_lossy().into_owned();
    let dump_s = dump.to_string_lossy().into_owned();
    let mut args: Vec<&str> = vec!["run", &file_s];
    args.extend(run.iter().map(String::as_str));
    args.extend(["--device", "opencl", "--opencl-spir", bc, "--dump", &dump_s]);
    let out = oclc(&args, &root());
    assert!(
        !out.status.success(),
        "{}: marked SPIRV-POCL-UNSUPPORTED but its SPIR-V ran on PoCL: remove the marker",
        file.display()
    );
}

/// True when the file declares a construct the CPU backend does not support yet.
fn cpu_unsupported(file: &Path) -> bool {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .any(|l| l.trim().starts_with("// CPU-UNSUPPORTED:"))
}

/// The CPU run of a `CPU-UNSUPPORTED` file must fail with an "unsupported" message.
fn expect_cpu_unsupported(file: &Path, run: &[String]) {
    let file_s = file.to_string_lossy().into_owned();
    let mut args: Vec<&str> = vec!["run", &file_s];
    args.extend(run.iter().map(String::as_str));
    let out = oclc(&args, &root());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("not supported"),
        "{}: marked CPU-UNSUPPORTED but the CPU run {}: {err}",
        file.display(),
        if out.status.success() {
            "succeeded (remove the marker)"
        } else {
            "failed differently"
        }
    );
}

/// True when the file declares a construct oclc's Vulkan flavour does not support yet.
fn vulkan_unsupported(file: &Path) -> bool {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .any(|l| l.trim().starts_with("// VULKAN-UNSUPPORTED:"))
}

/// The Vulkan run of a `VULKAN-UNSUPPORTED` file must fail with an "unsupported" message.
fn expect_vulkan_unsupported(file: &Path, run: &[String]) {
    let file_s = file.to_string_lossy().into_owned();
    let mut args: Vec<&str> = vec!["run", &file_s];
    args.extend(run.iter().map(String::as_str));
    args.extend(["--device", "vulkan"]);
    let out = oclc(&args, &root());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && (err.contains("not supported") || err.contains("unsupported")),
        "{}: marked VULKAN-UNSUPPORTED but the Vulkan run {}: {err}",
        file.display(),
        if out.status.success() {
            "succeeded (remove the marker)"
        } else {
            "failed differently"
        }
    );
}

/// The reference run of a `REFERENCE: clang-14-spir` file: clang-14 compiles the source to
/// SPIR bitcode, which PoCL runs.
fn run_clang_spir_reference(file: &Path, run: &[String], dir: &Path, dump: &Path) {
    let bc = dir.join("clang.bc");
    let std = run
        .iter()
        .find(|a| a.starts_with("-cl-std="))
        .cloned()
        .unwrap_or_else(|| "-cl-std=CL1.2".to_string());
    let opts: Vec<String> = compile_options(run)
        .into_iter()
        .filter(|a| a.starts_with("-D") || a.starts_with("-I"))
        .collect();
    let out = std::process::Command::new("clang-14")
        .args(["-cc1", "-triple", "spir64-unknown-unknown", &std])
        .args(["-finclude-default-header", "-emit-llvm-bc", "-O0"])
        .args(&opts)
        .arg(file)
        .arg("-o")
        .arg(&bc)
        .output()
        .expect("run clang-14");
    assert!(
        out.status.success(),
        "{}: clang-14 -emit-llvm-bc: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let bc_s = bc.to_string_lossy().into_owned();
    run_device_with(file, run, &["opencl", "--opencl-spir", &bc_s], dump);
}

/// The `// EXPECT: argK = V...` lines of a file: argument index and values.
fn expectations(file: &Path) -> Vec<(usize, Vec<f64>)> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// EXPECT:"))
        .map(|rest| {
            let (arg, values) = rest.split_once('=').expect("EXPECT: argK = values");
            let k = arg.trim().strip_prefix("arg").expect("EXPECT: argK");
            let values = values
                .split_whitespace()
                .map(|v| v.parse().expect("EXPECT value"))
                .collect();
            (k.parse().expect("EXPECT argument index"), values)
        })
        .collect()
}

/// The binary16 pattern of `v`, which must be a half value (or infinite / NaN).
fn half_bits(v: f64) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    let a = v.abs();
    if a.is_nan() {
        return 0x7e00;
    }
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    if a < 2f64.powi(-14) {
        let m = a / 2f64.powi(-24);
        assert!(m.fract() == 0.0, "EXPECT value {v} is not a half");
        return sign | m as u16;
    }
    let e = a.log2().floor() as i32;
    let m = (a / 2f64.powi(e) - 1.0) * 1024.0;
    assert!(
        m.fract() == 0.0 && e <= 15,
        "EXPECT value {v} is not a half"
    );
    sign | (((e + 15) as u16) << 10) | m as u16
}

/// Writes the expected buffers of a file with `// EXPECT:` lines into `dir` as the
/// reference, in the layout `--dump` uses (`argK.bin`).
fn write_expected(run: &[String], expected: &[(usize, Vec<f64>)], dir: &Path) {
    let specs: Vec<&String> = run
        .windows(2)
        .filter(|w| w[0] == "--arg")
        .map(|w| &w[1])
        .collect();
    std::fs::create_dir_all(dir).unwrap();
    for (k, values) in expected {
        let spec = specs[*k];
        let (scalar, size) = buffer_type(spec).expect("EXPECT names a buffer argument");
        let (ty, rest) = spec.split_once('[').expect("buffer spec");
        let elems: usize = rest
            .split(']')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("buffer length");
        let width: usize = ty.split('x').nth(1).map_or(1, |w| w.parse().unwrap());
        let lanes = elems * width;
        let mut bytes = Vec::with_capacity(lanes * size);
        for i in 0..lanes {
            let v = values[i % values.len()];
            let raw: u64 = match scalar.as_str() {
                "f16" => half_bits(v) as u64,
                "f32" => (v as f32).to_bits() as u64,
                "f64" => v.to_bits(),
                _ => v as i64 as u64,
            };
            bytes.extend_from_slice(&raw.to_le_bytes()[..size]);
        }
        std::fs::write(dir.join(format!("arg{k}.bin")), bytes).unwrap();
    }
}

/// `run` once per level of `OCLC_RUN_LEVELS` (with `-ON` appended), or as it is when it
/// names a level itself; each with a name for its scratch folder.
fn at_levels(run: &[String]) -> Vec<(String, Vec<String>)> {
    if run.iter().any(|a| a.starts_with("-O")) {
        return vec![("as-given".to_string(), run.to_vec())];
    }
    let levels = std::env::var("OCLC_RUN_LEVELS").unwrap_or_else(|_| "0,2".to_string());
    levels
        .split(',')
        .map(|l| {
            let mut r = run.to_vec();
            r.push(format!("-O{}", l.trim()));
            (format!("O{}", l.trim()), r)
        })
        .collect()
}

/// oclc's runs of one RUN line at one level (the CPU, the SPIR-V read back on PoCL, and
/// Vulkan), each compared with the reference's buffers in `reference`.
fn check_oclc_runs(
    file: &Path,
    run: &[String],
    dir: &Path,
    reference: &Path,
    expected: &[(usize, Vec<f64>)],
    vulkan: bool,
    spirv_on_pocl: bool,
) {
    let cpu = dir.join("cpu");
    if cpu_unsupported(file) {
        expect_cpu_unsupported(file, run);
    } else {
        run_device(file, run, "cpu", &cpu);
        compare(file, run, &cpu, reference);
        if !run.iter().any(|a| a == "-O0") {
            // Again with the kernel specialised on its argument values.
            let specialised = dir.join("cpu-specialised");
            run_device_with(file, run, &["cpu", "--specialize-args"], &specialised);
            compare(file, run, &specialised, reference);
        }
    }
    let bc = spirv_to_bitcode(file, run, dir);
    let via_spirv = dir.join("spirv");
    let bc_s = bc.to_string_lossy().into_owned();
    if !expected.is_empty() || !spirv_on_pocl {
        // Validated by `spirv_to_bitcode`; no reference runs the construct, or (at the
        // automatic -O0) PoCL's compile of the module is left out for CI's time: the -O0
        // module is also run on the CPU and Vulkan.
    } else if spirv_pocl_unsupported(file) {
        expect_spirv_pocl_failure(file, run, &bc_s, &via_spirv);
    } else {
        run_device_with(file, run, &["opencl", "--opencl-spir", &bc_s], &via_spirv);
        compare(file, run, &via_spirv, reference);
    }
    if vulkan && vulkan_unsupported(file) {
        expect_vulkan_unsupported(file, run);
    } else if vulkan {
        let via_vulkan = dir.join("vulkan");
        run_device(file, run, "vulkan", &via_vulkan);
        if !has_marker(file, "// VULKAN-RUN-ONLY:") {
            let tol = vulkan_tolerance(file);
            let skip = vulkan_reference_differs(file, run);
            compare_except(file, run, &via_vulkan, reference, tol, &skip);
        }
    }
}

/// Runs one RUN line of `file` (the `n`th) on the reference and every oclc path at every level.
fn check_run_line(file: &Path, n: usize, run: &[String], vulkan: bool) {
    let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
    let dir = scratch(&format!("{stem}-{n}"));
    let reference = dir.join("ref");
    let expected = expectations(file);
    if !expected.is_empty() {
        write_expected(run, &expected, &reference);
    } else if has_marker(file, "// REFERENCE: clang-14-spir") {
        if !require_tool("clang-14") {
            return;
        }
        run_clang_spir_reference(file, run, &dir, &reference);
    } else {
        run_device(file, run, "opencl", &reference);
    }
    for (level, level_run) in at_levels(run) {
        let sub = dir.join(&level);
        std::fs::create_dir_all(&sub).unwrap();
        let spirv_on_pocl = level != "O0";
        check_oclc_runs(
            file,
            &level_run,
            &sub,
            &reference,
            &expected,
            vulkan,
            spirv_on_pocl,
        );
    }
}

#[test]
fn kernels_match_the_opencl_reference() {
    if !require_opencl() || !require_tool("llvm-spirv-14") || !require_tool("spirv-val") {
        return;
    }
    let mut files = cl_files(&root().join("samples"));
    files.extend(cl_files(&root().join("tests/run")));
    if let Ok(filter) = std::env::var("OCLC_RUN_FILTER") {
        files.retain(|f| f.to_string_lossy().contains(filter.as_str()));
        assert!(
            !files.is_empty(),
            "OCLC_RUN_FILTER={filter} matches no kernel file"
        );
    }
    let filtered = std::env::var("OCLC_RUN_FILTER").is_ok();
    let vulkan = require_vulkan();
    // The Vulkan runs take up to 4 work-items per invocation and merge work-groups into
    // workgroups of up to 256 invocations wherever a kernel allows it, synchronising
    // kernels up to 1024, and run 4 work-groups per invocation wherever a kernel has that
    // variant and its group count allows (by default only launches of millions of
    // work-items take several items or groups per invocation, group-blind kernels do not
    // merge and synchronising ones up to 256), so that the
    // differential runs check these paths on every kernel that qualifies. Set before any
    // thread starts.
    for (name, value) in [
        ("OCLC_VK_ITEMS", "4"),
        ("OCLC_VK_MERGE_GROUPS", "256"),
        ("OCLC_VK_MERGE_SYNCHRONISED", "1024"),
        ("OCLC_VK_GROUPS", "4"),
    ] {
        if std::env::var_os(name).is_none() {
            std::env::set_var(name, value);
        }
    }
    let cases: Vec<(PathBuf, usize, Vec<String>)> = files
        .iter()
        .flat_map(|f| {
            run_lines(f)
                .into_iter()
                .enumerate()
                .map(|(n, run)| (f.clone(), n, run))
        })
        .collect();
    let runs = cases.len();
    // The RUN lines are independent (each has its own scratch folder).
    let timings = common::parallel::each_in_parallel(&cases, |(file, n, run)| {
        let started = std::time::Instant::now();
        check_run_line(file, *n, run, vulkan);
        let name = format!("{}-{n}", file.file_stem().unwrap().to_string_lossy());
        (started.elapsed(), name)
    });
    // The slowest RUN lines, to see where the suite's time goes (`-- --nocapture`).
    let mut timings = timings;
    timings.sort();
    for (t, name) in timings.iter().rev().take(15) {
        eprintln!("run_reference: {name}: {:.1} s", t.as_secs_f64());
    }
    assert!(
        filtered || runs >= 5,
        "expected RUN lines in the samples, found {runs}"
    );
}
