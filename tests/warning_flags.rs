//! clang's warning names and options on oclc's warnings, checked against clang-14's own
//! output on the same kernel (tests/warnings/every_named_warning.cl): for each set of
//! options, every warning oclc shows has the line, the severity (warning, or error through
//! -Werror) and the `[-W...]` name clang-14 shows; `--diagnostics-format json` carries the
//! name as "flag".

mod common;

use std::collections::BTreeSet;
use std::process::Command;

use common::*;

const KERNEL: &str = "every_named_warning.cl";

/// `(line, severity, bracketed option)` of each warning or warning-turned-error.
fn named(text: &str, clang_style: bool) -> BTreeSet<(u32, String, String)> {
    let mut out = BTreeSet::new();
    let mut pending: Option<(String, String)> = None;
    for l in text.lines() {
        if clang_style {
            // file.cl:LINE:COL: warning: message [-Wname]
            let Some(rest) = l.strip_prefix(&format!("{KERNEL}:")) else {
                continue;
            };
            let line: u32 = rest.split(':').next().unwrap().parse().unwrap();
            let sev = if rest.contains(": warning: ") {
                "warning"
            } else {
                "error"
            };
            if let Some(open) = l.rfind(" [-W") {
                out.insert((line, sev.to_string(), l[open + 2..l.len() - 1].to_string()));
            }
            continue;
        }
        // oclc: `warning[W0305]: message [-Wname]`, then `┌─ file.cl:LINE:COL`.
        if let Some(open) = l.rfind(" [-W").filter(|_| !l.starts_with(' ')) {
            let sev = if l.starts_with("warning") {
                "warning"
            } else {
                "error"
            };
            pending = Some((sev.to_string(), l[open + 2..l.len() - 1].to_string()));
        } else if let (Some((sev, name)), Some(at)) = (&pending, l.find(&format!("{KERNEL}:"))) {
            let line: u32 = l[at + KERNEL.len() + 1..]
                .split(':')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            out.insert((line, sev.clone(), name.clone()));
            pending = None;
        }
    }
    out
}

#[test]
fn warning_names_and_options_match_clang() {
    if !require_tool("clang-14") {
        return;
    }
    let dir = root().join("tests/warnings");
    // oclc shows -Wfloat-conversion by default; clang only under -Wconversion, so clang
    // gets -Wfloat-conversion first.
    let cases: &[&[&str]] = &[
        &[],
        &["-Wno-conversion"],
        &["-Wno-all"],
        &["-Wno-unused"],
        &["-Wno-attributes"],
        &["-Wno-incompatible-pointer-types"],
        &["-Wno-#warnings"],
        &["-Wno-cpp"],
        &["-Wno-everything"],
        &["-Wno-conversion", "-Wfloat-conversion"],
        &["-Wunused-value", "-Wno-unused"],
        &["-Wno-unused", "-Wunused-value"],
        &["-Werror"],
        &["-Werror=conversion"],
        &["-Werror", "-Wno-error=unused"],
        &["-Wno-error=unused-value", "-Werror"],
        &["-Werror", "-Wno-error"],
        &["-Wno-unused-value", "-Werror=unused-value"],
        &["-Werror=unused-value", "-Wno-unused-value"],
        &["-w", "-Werror=unused-value"],
        &["-Wall", "-Wextra"],
        &["-pedantic"],
        &["-pedantic-errors"],
        &["-Weverything"],
    ];
    for opts in cases {
        let mut ours = vec![KERNEL, "-fsyntax-only"];
        ours.extend(*opts);
        let ours = oclc(&ours, &dir);
        let theirs = Command::new("clang-14")
            .args([
                "-x",
                "cl",
                "-target",
                "spir64",
                "-fsyntax-only",
                "-Wfloat-conversion",
            ])
            .args(*opts)
            .arg(KERNEL)
            .current_dir(&dir)
            .output()
            .expect("clang-14");
        let ours_text = String::from_utf8_lossy(&ours.stderr);
        let theirs_text = String::from_utf8_lossy(&theirs.stderr);
        // clang's extra warnings under -Wall/-Weverything (unused variables, missing
        // prototypes, unused macros) are warnings oclc does not have.
        let oclc_names: BTreeSet<String> = oclc_frontend::warning_flags::known_flag_names()
            .iter()
            .map(|n| format!("-W{n}"))
            .collect();
        let theirs_named: BTreeSet<_> = named(&theirs_text, true)
            .into_iter()
            .filter(|(_, _, n)| oclc_names.contains(n.trim_start_matches("-Werror,")))
            .collect();
        assert_eq!(
            named(&ours_text, false),
            theirs_named,
            "options {opts:?}\noclc:\n{ours_text}\nclang-14:\n{theirs_text}"
        );
        assert_eq!(
            ours.status.success(),
            theirs.status.success(),
            "exit status differs with {opts:?}"
        );
    }
}

#[test]
fn json_diagnostics_carry_the_warning_option() {
    let dir = root().join("tests/warnings");
    let out = oclc(
        &[
            KERNEL,
            "-fsyntax-only",
            "--diagnostics-format",
            "json",
            "-Werror=unused-value",
        ],
        &dir,
    );
    let text = String::from_utf8_lossy(&out.stderr);
    let unused = text
        .lines()
        .find(|l| l.contains("\"code\":\"W0305\""))
        .expect("the unused value");
    assert!(unused.contains("\"severity\":\"error\""), "{unused}");
    assert!(
        unused.contains("\"flag\":\"-Werror,-Wunused-value\""),
        "{unused}"
    );
    let redefined = text
        .lines()
        .find(|l| l.contains("\"code\":\"W0101\""))
        .expect("the macro redefinition");
    assert!(
        redefined.contains("\"flag\":\"-Wmacro-redefined\""),
        "{redefined}"
    );
}
