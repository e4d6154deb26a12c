//! The clang driver forms people use to make SPIR-V, run as a build script would: exit
//! status and output as the README promises (`-c`, `-target`/`--target=`, `-x cl`,
//! `-Xclang`, `@file`, `-###`/`-v`, the refused LLVM-only flags), shell completions and
//! man pages, and docs/command-line.md naming every option oclc has.

mod common;

use std::path::Path;
use std::process::Output;

use common::*;

const KERNEL: &str = "__kernel void k(__global float *p) { p[get_global_id(0)] *= 2.0f; }\n";

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn setup(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    std::fs::write(dir.join("k.cl"), KERNEL).unwrap();
    dir
}

/// The reference module: `oclc k.cl -o ref.spv`.
fn reference(dir: &Path) -> Vec<u8> {
    let out = oclc(&["k.cl", "-o", "ref.spv"], dir);
    assert!(out.status.success(), "{}", text(&out));
    std::fs::read(dir.join("ref.spv")).unwrap()
}

#[test]
fn clang_forms_give_the_same_module() {
    let dir = setup("driver-forms");
    let want = reference(&dir);
    std::fs::write(
        dir.join("flags.rsp"),
        "-c \"-x\" cl\n-Xclang -finclude-default-header -o from_rsp.o\n",
    )
    .unwrap();
    let forms: &[(&[&str], &str)] = &[
        (&["-c", "k.cl"], "k.o"),
        (
            &["-c", "-target", "spirv64", "k.cl", "-o", "t1.spv"],
            "t1.spv",
        ),
        (
            &[
                "-c",
                "--target=spirv64-unknown-unknown",
                "k.cl",
                "-o",
                "t2.spv",
            ],
            "t2.spv",
        ),
        (&["-c", "--target=spir64", "k.cl", "-o", "t3.spv"], "t3.spv"),
        (&["-x", "cl", "k.cl", "-o", "x1.spv"], "x1.spv"),
        (&["-xclc", "k.cl", "-o", "x2.spv"], "x2.spv"),
        (
            &[
                "-Xclang",
                "-finclude-default-header",
                "-Xclang",
                "-fdeclare-opencl-builtins",
                "k.cl",
                "-o",
                "xc.spv",
            ],
            "xc.spv",
        ),
        (
            &[
                "-Xclang",
                "-triple",
                "-Xclang",
                "spir64-unknown-unknown",
                "k.cl",
                "-o",
                "tr.spv",
            ],
            "tr.spv",
        ),
        (&["@flags.rsp", "k.cl"], "from_rsp.o"),
        (&["-v", "k.cl", "-o", "v.spv"], "v.spv"),
    ];
    for (args, output) in forms {
        let out = oclc(args, &dir);
        assert!(out.status.success(), "{args:?}: {}", text(&out));
        let got =
            std::fs::read(dir.join(output)).unwrap_or_else(|e| panic!("{args:?}: {output}: {e}"));
        assert!(got == want, "{args:?} wrote a different module");
    }
}

#[test]
fn dry_run_prints_a_command_that_does_the_same() {
    let dir = setup("driver-dry-run");
    let out = oclc(
        &["-###", "k.cl", "-cl-mad-enable", "-DX=1", "-o", "dry.spv"],
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out));
    assert!(!dir.join("dry.spv").exists(), "-### must not compile");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("oclc version "), "{err}");
    assert!(err.contains("Target: spirv64-unknown-unknown"), "{err}");
    // The command line: every word quoted; running it compiles the same module.
    let line = err
        .lines()
        .find(|l| l.starts_with(" \""))
        .expect("the command");
    let words: Vec<String> = line
        .trim()
        .split("\" \"")
        .map(|w| {
            w.trim_matches('"')
                .replace("\\\"", "\"")
                .replace("\\$", "$")
        })
        .collect();
    assert!(words.contains(&"-cl-mad-enable".to_string()), "{line}");
    let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    let ran = oclc(&args, &dir);
    assert!(ran.status.success(), "{}", text(&ran));
    let direct = oclc(
        &["k.cl", "-cl-mad-enable", "-DX=1", "-o", "direct.spv"],
        &dir,
    );
    assert!(direct.status.success());
    assert_eq!(
        std::fs::read(dir.join("dry.spv")).unwrap(),
        std::fs::read(dir.join("direct.spv")).unwrap()
    );
}

#[test]
fn refusals_say_what_to_do_instead() {
    let dir = setup("driver-refusals");
    let cases: &[(&[&str], &str)] = &[
        (&["-c", "-emit-llvm", "k.cl"], "llvm-spirv -r"),
        (&["-S", "k.cl"], "not LLVM IR"),
        (&["-flto", "k.cl"], "not LLVM IR"),
        (&["-Xclang", "-emit-llvm-bc", "k.cl"], "not LLVM IR"),
        (
            &["-Xclang", "-fno-validate-pch", "k.cl"],
            "does not understand this -cc1 flag",
        ),
        (&["-target", "spirv32", "k.cl"], "64-bit SPIR-V only"),
        (&["--target=spir", "k.cl"], "64-bit SPIR-V only"),
        (
            &["--target=x86_64-unknown-linux-gnu", "k.cl"],
            "targets are spirv64 and spir64",
        ),
        (&["-x", "clcpp", "k.cl"], "C++ for OpenCL is not supported"),
        (&["-x", "c", "k.cl"], "unknown language"),
        (&["@missing.rsp", "k.cl"], "cannot read response file"),
    ];
    for (args, message) in cases {
        let out = oclc(args, &dir);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
        assert!(text(&out).contains(message), "{args:?}: {}", text(&out));
    }
}

#[test]
fn completions_and_man_pages_come_from_the_definition() {
    let dir = setup("driver-docs");
    for shell in ["bash", "zsh", "fish"] {
        let out = oclc(&["completions", shell], &dir);
        assert!(out.status.success(), "{shell}: {}", text(&out));
        let script = String::from_utf8_lossy(&out.stdout);
        for option in ["cl-fast-relaxed-math", "diagnostics-format", "kernel"] {
            assert!(script.contains(option), "{shell} completion lacks {option}");
        }
    }
    assert_eq!(oclc(&["completions", "tcsh"], &dir).status.code(), Some(2));
    let man = oclc(&["man"], &dir);
    assert!(man.status.success());
    let page = String::from_utf8_lossy(&man.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH oclc"),
        "{page}"
    );
    assert!(
        page.contains("cl\\-single\\-precision\\-constant"),
        "man page lacks an option"
    );
    // Rendered by man(1) where it is installed (the page's roff must be valid).
    let have_man = std::process::Command::new("man")
        .arg("--version")
        .output()
        .is_ok();
    if have_man {
        std::fs::write(dir.join("oclc.1"), man.stdout).unwrap();
        let rendered = std::process::Command::new("man")
            .arg("-l")
            .arg(dir.join("oclc.1"))
            .env("MANPAGER", "cat")
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&rendered.stdout).contains("SYNOPSIS"));
    }
    let run_page = oclc(&["man", "run"], &dir);
    assert!(String::from_utf8_lossy(&run_page.stdout).contains("\\-\\-global"));
}

/// True when `readme` names `option` inside a code span: preceded by a backtick (or a
/// space or comma in a span listing several) and followed by the span's end, a value or
/// another separator.
fn mentions(readme: &str, option: &str) -> bool {
    readme.match_indices(option).any(|(at, _)| {
        let before = readme[..at].chars().next_back();
        let after = readme[at + option.len()..].chars().next();
        matches!(before, Some('`' | ' ' | ','))
            && matches!(after, Some('`' | ' ' | '=' | '[' | ',' | '\\'))
    })
}

/// Every option of the command line is in docs/command-line.md, spelled as there: `-cl-x`
/// for the OpenCL options and clang's other single-dash long options (`-MD`,
/// `-fsyntax-only`, `-save-temps`), `-x` or `--x` otherwise.
#[test]
fn command_line_reference_lists_every_option() {
    let readme = std::fs::read_to_string(root().join("docs/command-line.md")).unwrap();
    let single_dash_long = |long: &str| {
        long.starts_with("cl-")
            || long.starts_with('M')
            || long.starts_with('f')
            || long == "save-temps"
    };
    let mut missing = Vec::new();
    let cmd = oclc::cli::docs::full_command();
    let mut commands = vec![cmd.clone()];
    commands.extend(cmd.get_subcommands().cloned());
    for c in &commands {
        for arg in c.get_arguments() {
            if arg.is_hide_set() || arg.is_positional() {
                continue;
            }
            let spelled = match (arg.get_long(), arg.get_short()) {
                (Some("dry-run"), _) => "-###".to_string(),
                (Some("help" | "version"), _) => continue,
                (Some(long), _) if single_dash_long(long) => format!("-{long}"),
                (Some(long), _) => format!("--{long}"),
                (None, Some(short)) => format!("-{short}"),
                (None, None) => continue,
            };
            if !mentions(&readme, &spelled) {
                missing.push(format!("{spelled} ({})", c.get_name()));
            }
        }
    }
    for extra in [
        "@FILE",
        "-Xclang",
        "-target",
        "completions",
        "man",
        "-pedantic",
        "-ffp-contract",
    ] {
        if !mentions(&readme, extra) {
            missing.push(extra.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "docs/command-line.md does not list: {missing:?}"
    );
}
