//! `oclc run --check` finds the one defect of each buggy kernel in tests/check/: every file
//! has a `// RUN:` line and one `// EXPECT: KIND LINE` line per report it must give (the
//! defect's kind and source line); the checked run must give exactly those reports, as
//! JSON diagnostics, and exit with status 1. Adding a case is adding a file.
//!
//! When Oclgrind is installed (`apt-get install oclgrind`), each expectation is confirmed
//! independently: the same RUN line runs on Oclgrind's OpenCL device (`oclc run --device
//! opencl` with an ICD file naming `liboclgrind-rt-icd.so`, and `OCLGRIND_DATA_RACES=1
//! OCLGRIND_UNINITIALIZED=1`), whose report of the same kind must name the same line. A file
//! says `// OCLGRIND-MISSES: reason` for a defect Oclgrind does not look for, and
//! `// OCLGRIND-AT: LINE (reason)` when Oclgrind reports the defect at another line (barrier
//! divergence: Oclgrind names the barrier, oclc the condition the work-items disagree on).
//! `// CLANG-CONFIRMS: -WFLAG` asks clang-14 (always installed for the tests) for a warning
//! that must name each expected line, for defects it can see statically.

mod common;

use std::path::Path;
use std::process::Command;

use common::{cl_files, oclc, root, run_lines, scratch};

/// The `// EXPECT: KIND LINE` lines of a file, sorted.
fn expectations(file: &Path) -> Vec<(String, u32)> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut v: Vec<(String, u32)> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// EXPECT:"))
        .map(|l| {
            let mut w = l.split_whitespace();
            let kind = w.next().expect("EXPECT: KIND LINE").to_string();
            let line = w
                .next()
                .and_then(|n| n.parse().ok())
                .expect("EXPECT: KIND LINE");
            (kind, line)
        })
        .collect();
    v.sort();
    v
}

/// The value of `"key":` in a JSON line (a string without escapes, or a number).
fn json_field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = &line[at..];
    if let Some(s) = rest.strip_prefix('"') {
        return s.split('"').next();
    }
    rest.split([',', '}']).next()
}

/// `oclc run FILE RUN... --check --diagnostics-format json`.
fn checked_run(file: &Path, run: &[String]) -> std::process::Output {
    let file_s = file.to_string_lossy().into_owned();
    let mut args: Vec<&str> = vec!["run", &file_s];
    args.extend(run.iter().map(String::as_str));
    args.extend(["--check", "--diagnostics-format", "json"]);
    oclc(&args, &root())
}

/// The (kind, line) of every report a checked run of `file` gave, sorted.
fn checked_reports(file: &Path, run: &[String]) -> Vec<(String, u32)> {
    let out = checked_run(file, run);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}: a checked run with a defect must exit with 1:\n{stderr}",
        file.display()
    );
    let mut v: Vec<(String, u32)> = stderr
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| {
            let kind = json_field(l, "code").unwrap_or("").to_string();
            let line = json_field(l, "line_start")
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            (kind, line)
        })
        .collect();
    // Several reports on one line (two accesses of one expression) count once.
    v.sort();
    v.dedup();
    v
}

/// Oclgrind's phrase for a kind of defect.
fn oclgrind_phrase(kind: &str) -> &'static str {
    match kind {
        "out-of-bounds-read" => "Invalid read",
        "out-of-bounds-write" => "Invalid write",
        "uninitialised-read" => "Uninitialized value",
        "data-race" | "global-data-race" => "data race",
        "barrier-divergence" => "divergence",
        "misaligned-access" => "Unaligned",
        other => panic!("no Oclgrind phrase for {other}"),
    }
}

/// Oclgrind's messages for a run of `file`: each message's text (to its source line).
fn oclgrind_messages(file: &Path, run: &[String], icd: &Path) -> Vec<String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_oclc"));
    cmd.arg("run").arg(file).args(run);
    cmd.args(["--device", "opencl", "--opencl-device", "Oclgrind"]);
    cmd.env("OCL_ICD_VENDORS", icd)
        .env("OCLGRIND_DATA_RACES", "1")
        .env("OCLGRIND_UNINITIALIZED", "1")
        .current_dir(root());
    let out = cmd.output().expect("cannot start oclc");
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        text.contains("Kernel:") || out.status.success(),
        "{}: the Oclgrind run failed:\n{text}",
        file.display()
    );
    text.split("\n\n")
        .filter(|m| m.contains("Kernel:"))
        .map(str::to_string)
        .collect()
}

/// Checks that clang-14, with warning `flag` (`// CLANG-CONFIRMS: -Wflag`), points at the
/// line of each expected report: for defects that a static warning can see and Oclgrind
/// cannot (its front end optimises an uninitialised private scalar away). Returns the
/// failures.
fn clang_confirms(file: &Path, flag: &str, want: &[(String, u32)]) -> Vec<String> {
    let out = Command::new("clang-14")
        .args(["-cc1", "-triple", "spir64-unknown-unknown", "-cl-std=CL1.2"])
        .args(["-finclude-default-header", "-fsyntax-only", flag])
        .arg(file)
        .output()
        .expect("cannot start clang-14");
    let text = String::from_utf8_lossy(&out.stderr);
    let name = file.file_name().unwrap().to_string_lossy();
    want.iter()
        .filter(|(_, line)| !text.contains(&format!("{name}:{line}:")))
        .map(|(kind, line)| {
            format!(
                "{}: clang-14 {flag} does not confirm {kind} at line {line}:\n{text}",
                file.display()
            )
        })
        .collect()
}

/// The folder with an ICD file for Oclgrind, when it is installed.
fn oclgrind_icd() -> Option<std::path::PathBuf> {
    let lib = Path::new("/usr/lib/oclgrind/liboclgrind-rt-icd.so");
    if !lib.exists() {
        eprintln!("Oclgrind is not installed: the reports are not confirmed by it");
        return None;
    }
    let dir = scratch("oclgrind-icd");
    std::fs::write(dir.join("oclgrind.icd"), format!("{}\n", lib.display())).unwrap();
    Some(dir)
}

#[test]
fn every_buggy_kernel_gets_its_report() {
    let files = cl_files(&root().join("tests/check"));
    assert!(files.len() >= 6, "tests/check has too few cases");
    let icd = oclgrind_icd();
    let mut failures = Vec::new();
    for file in &files {
        let runs = run_lines(file);
        assert_eq!(runs.len(), 1, "{}: one RUN line", file.display());
        let want = expectations(file);
        assert!(!want.is_empty(), "{}: no EXPECT line", file.display());
        let got = checked_reports(file, &runs[0]);
        if got != want {
            failures.push(format!(
                "{}: expected {want:?}, got {got:?}",
                file.display()
            ));
        }
        let text = std::fs::read_to_string(file).unwrap();
        if let Some(flag) = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("// CLANG-CONFIRMS:"))
        {
            failures.extend(clang_confirms(file, flag.trim(), &want));
        }
        let Some(icd) = &icd else { continue };
        if text.contains("// OCLGRIND-MISSES:") {
            continue;
        }
        let messages = oclgrind_messages(file, &runs[0], icd);
        let oclgrind_line: Option<u32> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("// OCLGRIND-AT:"))
            .find_map(|l| l.split_whitespace().next().and_then(|n| n.parse().ok()));
        for (kind, line) in &want {
            let phrase = oclgrind_phrase(kind);
            let at = format!("At line {} ", oclgrind_line.unwrap_or(*line));
            if !messages
                .iter()
                .any(|m| m.contains(phrase) && m.contains(&at))
            {
                failures.push(format!(
                    "{}: Oclgrind does not confirm {kind} at line {line}:\n{}",
                    file.display(),
                    messages.join("\n\n")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn kernels_without_defects_run_clean() {
    // tests/check/clean/*.cl: kernels that look racy but are not (one RUN line each). The
    // checked run must report nothing and exit with 0, and Oclgrind (when installed) must
    // find no data race in the same run either (unless the file says `// OCLGRIND-MISSES:`
    // why Oclgrind cannot run it).
    let files = cl_files(&root().join("tests/check/clean"));
    assert!(!files.is_empty());
    let icd = oclgrind_icd();
    let mut failures = Vec::new();
    for file in &files {
        let runs = run_lines(file);
        assert_eq!(runs.len(), 1, "{}: one RUN line", file.display());
        let out = checked_run(file, &runs[0]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() || stderr.lines().any(|l| l.starts_with('{')) {
            failures.push(format!("{}: a false report:\n{stderr}", file.display()));
        }
        let Some(icd) = &icd else { continue };
        if std::fs::read_to_string(file)
            .unwrap()
            .contains("// OCLGRIND-MISSES:")
        {
            continue;
        }
        let messages = oclgrind_messages(file, &runs[0], icd);
        if !messages.is_empty() {
            failures.push(format!(
                "{}: Oclgrind finds a defect:\n{}",
                file.display(),
                messages.join("\n\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn brook_gathers_outside_their_stream_are_reported() {
    // Brook+ kernels (tests/check/brook/*.br): the report points into the generated
    // OpenCL C, so the EXPECT lines give the kind only. (Oclgrind runs the generated code,
    // whose gathers clamp: it has nothing to confirm.)
    let dir = root().join("tests/check/brook");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "br"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files {
        let runs = run_lines(&file);
        let text = std::fs::read_to_string(&file).unwrap();
        let want: Vec<&str> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("// EXPECT:"))
            .map(str::trim)
            .collect();
        let out = checked_run(&file, &runs[0]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{}: {stderr}", file.display());
        let got: Vec<&str> = stderr
            .lines()
            .filter_map(|l| json_field(l, "code"))
            .collect();
        assert_eq!(got, want, "{}: {stderr}", file.display());
        // The same run unchecked is clean (gathers clamp).
        let file_s = file.to_string_lossy().into_owned();
        let mut args: Vec<&str> = vec!["run", &file_s];
        args.extend(runs[0].iter().map(String::as_str));
        let out = oclc(&args, &root());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
