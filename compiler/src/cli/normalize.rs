//! Rewrites the clang command lines people already use into the spellings the argument
//! parser knows: single-dash long options (`-cl-std=CL2.0`, `-save-temps`, `-MD`, ...) get a
//! second dash, `@file` response files are read, `-Xclang FLAG` passes the `-cc1` flags oclc
//! understands, `-target`/`--target=` triples name oclc's targets, `-x cl` is OpenCL C, and
//! LLVM-only flags are refused with a message saying what oclc emits instead.

use std::path::{Path, PathBuf};

/// Single-dash options with long names, as prefixes; the value may follow `=`.
const SINGLE_DASH_LONG: &[&str] = &[
    "-cl-",
    "-save-temps",
    "-fsyntax-only",
    "-ffp-contract",
    "-fbracket-depth",
    "-ftime-report",
];

/// clang's dependency-file options without a value (`-MD` becomes `--MD`).
const DEP_FLAGS: &[&str] = &["-M", "-MM", "-MD", "-MMD", "-MP"];

/// clang's dependency-file options with a value, joined (`-MFdeps.d`) or separate.
const DEP_VALUE_FLAGS: &[&str] = &["-MF", "-MT", "-MQ"];

/// `-cc1` flags that change nothing in oclc (its built-in declarations are always there;
/// it writes no LLVM pointers): accepted after `-Xclang` and dropped.
const CC1_NO_OPS: &[&str] = &[
    "-finclude-default-header",
    "-fdeclare-opencl-builtins",
    "-no-opaque-pointers",
    "-opaque-pointers",
];

/// The `-cc1` flags `-Xclang` may pass (prefixes), besides [`CC1_NO_OPS`] and `-triple`.
const CC1_UNDERSTOOD: &[&str] = &[
    "-cl-",
    "-O",
    "-D",
    "-I",
    "-U",
    "-W",
    "-w",
    "-ffp-contract=",
    "-fsyntax-only",
    "-E",
];

/// Flags that ask for LLVM output, which oclc does not produce.
const LLVM_ONLY: &[&str] = &[
    "-emit-llvm",
    "-emit-llvm-bc",
    "-emit-llvm-only",
    "-S",
    "-flto",
    "-mllvm",
    "-fembed-bitcode",
];

/// What oclc says instead of producing LLVM output.
const LLVM_REFUSAL: &str = "oclc writes SPIR-V (and CPU objects), not LLVM IR or bitcode: \
     drop it (with -c, oclc writes the SPIR-V module); for LLVM bitcode, translate oclc's \
     SPIR-V with `llvm-spirv -r`; for readable SPIR-V use -save-temps (PREFIX.spvasm)";

/// The deepest chain of response files read from one another.
const MAX_RESPONSE_DEPTH: usize = 16;

/// Returns the arguments (the program name first) in the parser's spellings, or a usage
/// error.
pub fn normalize_args(args: impl IntoIterator<Item = String>) -> Result<Vec<String>, String> {
    let args = expand_response_files(args.into_iter().collect(), None, 0)?;
    let mut out = Vec::with_capacity(args.len());
    let mut it = args.into_iter();
    if let Some(program) = it.next() {
        out.push(program);
    }
    while let Some(arg) = it.next() {
        if arg == "--" {
            out.push(arg);
            out.extend(it.by_ref());
            break;
        }
        if arg == "-Xclang" {
            let flag = it
                .next()
                .ok_or("-Xclang needs a flag after it (e.g. -Xclang -cl-ext=-all)")?;
            xclang(&flag, &mut it, &mut out)?;
            continue;
        }
        rewrite(&arg, &mut it, &mut out)?;
    }
    Ok(out)
}

/// Rewrites one argument (taking its value from `rest` when it comes separately).
fn rewrite(
    arg: &str,
    rest: &mut impl Iterator<Item = String>,
    out: &mut Vec<String>,
) -> Result<(), String> {
    let mut value_of = |flag: &str| {
        rest.next()
            .ok_or_else(|| format!("{flag} needs a value after it"))
    };
    if LLVM_ONLY
        .iter()
        .any(|f| arg == *f || arg.starts_with(&format!("{f}=")))
    {
        return Err(format!("{arg}: {LLVM_REFUSAL}"));
    }
    if arg == "-target" || arg == "--target" {
        let t = value_of(arg)?;
        out.push(format!("--target={}", target_name(&t)?));
    } else if let Some(t) = arg
        .strip_prefix("--target=")
        .or_else(|| arg.strip_prefix("-target="))
    {
        out.push(format!("--target={}", target_name(t)?));
    } else if arg == "-x" {
        let lang = value_of(arg)?;
        out.extend(["-x".to_string(), language(&lang)?.to_string()]);
    } else if let Some(lang) = arg.strip_prefix("-x").filter(|l| !l.is_empty()) {
        out.extend(["-x".to_string(), language(lang)?.to_string()]);
    } else if arg == "-###" {
        out.push("--dry-run".into());
    } else if arg == "-pedantic" || arg == "--pedantic" {
        out.push("-Wpedantic".into());
    } else if arg == "-pedantic-errors" || arg == "--pedantic-errors" {
        out.push("--pedantic-errors".into());
    } else if let Some(v) = arg.strip_prefix("-std=") {
        out.push(format!("--cl-std={v}"));
    } else if DEP_FLAGS.contains(&arg) {
        out.push(format!("-{arg}"));
    } else if let Some(flag) = DEP_VALUE_FLAGS.iter().find(|f| arg.starts_with(**f)) {
        let value = match &arg[flag.len()..] {
            "" => value_of(flag)?,
            joined => joined.to_string(),
        };
        out.push(format!("-{flag}={value}"));
    } else if SINGLE_DASH_LONG.iter().any(|p| arg.starts_with(p)) {
        out.push(format!("-{arg}"));
    } else {
        out.push(arg.to_string());
    }
    Ok(())
}

/// Handles `-Xclang FLAG`: the `-cc1` flags oclc understands are rewritten as if given
/// directly; others are refused, naming them.
fn xclang(
    flag: &str,
    rest: &mut impl Iterator<Item = String>,
    out: &mut Vec<String>,
) -> Result<(), String> {
    if CC1_NO_OPS.contains(&flag) {
        return Ok(());
    }
    if flag == "-triple" {
        // `-Xclang -triple -Xclang spir64-unknown-unknown`.
        let triple = match (rest.next(), rest.next()) {
            (Some(x), Some(t)) if x == "-Xclang" => t,
            _ => return Err("-Xclang -triple needs `-Xclang TRIPLE` after it".into()),
        };
        out.push(format!("--target={}", target_name(&triple)?));
        return Ok(());
    }
    let llvm = LLVM_ONLY.contains(&flag);
    if llvm || !CC1_UNDERSTOOD.iter().any(|p| flag.starts_with(p)) || flag.len() < 2 {
        return Err(if llvm {
            format!("-Xclang {flag}: {LLVM_REFUSAL}")
        } else {
            format!(
                "-Xclang {flag}: oclc does not understand this -cc1 flag (it understands \
                 -triple, {}, and {} flags)",
                CC1_NO_OPS.join(", "),
                CC1_UNDERSTOOD.join(" ")
            )
        });
    }
    let mut none = std::iter::empty();
    rewrite(flag, &mut none, out)
}

/// oclc's `--target` name for a clang target triple (or oclc's own names).
fn target_name(triple: &str) -> Result<&'static str, String> {
    let lower = triple.to_ascii_lowercase();
    let arch = lower.split('-').next().unwrap_or("");
    match arch {
        "opencl" => Ok("opencl"),
        "vulkan" => Ok("vulkan"),
        "cpu" => Ok("cpu"),
        "spir64" | "spirv64" => Ok("opencl"),
        "spir" | "spirv32" => Err(format!(
            "target '{triple}': oclc emits 64-bit SPIR-V only (Physical64 addressing, 64-bit \
             size_t); use spirv64 or spir64 (32-bit SPIR-V is not supported yet)"
        )),
        _ => Err(format!(
            "unknown target '{triple}': oclc's targets are spirv64 and spir64 (SPIR-V for \
             OpenCL, also spelled opencl), vulkan (SPIR-V for Vulkan compute) and cpu (a \
             native object for this machine)"
        )),
    }
}

/// oclc's `-x` name for a clang language name.
fn language(lang: &str) -> Result<&'static str, String> {
    match lang {
        "cl" | "clc" | "opencl" => Ok("opencl"),
        "brook" => Ok("brook"),
        "clcpp" | "cl++" | "clc++" => Err(format!(
            "-x {lang}: C++ for OpenCL is not supported (oclc reads OpenCL C: -x cl)"
        )),
        _ => Err(format!(
            "-x {lang}: unknown language (oclc reads cl, also spelled clc or opencl, and \
             brook)"
        )),
    }
}

/// Replaces each `@FILE` argument by the arguments the file holds (GNU quoting, as clang
/// reads it on Linux: whitespace separates, quotes group, a backslash escapes the next
/// character); a response file's own `@FILE`s are relative to its folder.
fn expand_response_files(
    args: Vec<String>,
    base: Option<&Path>,
    depth: usize,
) -> Result<Vec<String>, String> {
    let mut out = Vec::with_capacity(args.len());
    for arg in args {
        let Some(name) = arg.strip_prefix('@').filter(|n| !n.is_empty()) else {
            out.push(arg);
            continue;
        };
        if depth >= MAX_RESPONSE_DEPTH {
            return Err(format!(
                "@{name}: response files nest more than {MAX_RESPONSE_DEPTH} deep"
            ));
        }
        let path = match base {
            Some(dir) if Path::new(name).is_relative() => dir.join(name),
            _ => PathBuf::from(name),
        };
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read response file '{}': {e}", path.display()))?;
        let dir = path.parent().map(Path::to_path_buf);
        out.extend(expand_response_files(
            split_gnu(&text),
            dir.as_deref(),
            depth + 1,
        )?);
    }
    Ok(out)
}

/// Splits response-file text into arguments with GNU quoting rules.
fn split_gnu(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut cur = String::new();
    let mut in_arg = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_arg = true;
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_arg = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_arg {
                    args.push(std::mem::take(&mut cur));
                    in_arg = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_arg = true;
            }
        }
    }
    if in_arg {
        args.push(cur);
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(args: &[&str]) -> Result<Vec<String>, String> {
        let mut v = vec!["oclc".to_string()];
        v.extend(args.iter().map(|s| s.to_string()));
        normalize_args(v).map(|mut v| {
            v.remove(0);
            v
        })
    }

    #[test]
    fn rewrites_clang_spellings_only() {
        let out = norm(&[
            "-cl-std=CL2.0",
            "-save-temps=x",
            "-O2",
            "-DFOO=1",
            "-fsyntax-only",
            "-Werror",
            "-w",
            "-MD",
            "-MFdeps.d",
            "-MT",
            "t",
            "-target",
            "spirv64-unknown-unknown",
            "-xcl",
            "--",
            "-cl-x",
        ])
        .unwrap();
        assert_eq!(
            out,
            [
                "--cl-std=CL2.0",
                "--save-temps=x",
                "-O2",
                "-DFOO=1",
                "--fsyntax-only",
                "-Werror",
                "-w",
                "--MD",
                "--MF=deps.d",
                "--MT=t",
                "--target=opencl",
                "-x",
                "opencl",
                "--",
                "-cl-x"
            ]
        );
    }

    #[test]
    fn xclang_passes_understood_flags_and_refuses_others() {
        let out = norm(&[
            "-Xclang",
            "-finclude-default-header",
            "-Xclang",
            "-cl-ext=-all",
            "-Xclang",
            "-triple",
            "-Xclang",
            "spir64",
        ])
        .unwrap();
        assert_eq!(out, ["--cl-ext=-all", "--target=opencl"]);
        assert!(norm(&["-Xclang", "-fno-builtin"])
            .unwrap_err()
            .contains("does not understand"));
        assert!(norm(&["-Xclang", "-emit-llvm-bc"])
            .unwrap_err()
            .contains("llvm-spirv -r"));
        assert!(norm(&["-emit-llvm"]).unwrap_err().contains("SPIR-V"));
        assert!(norm(&["--target=spirv32"]).unwrap_err().contains("64-bit"));
        assert!(norm(&["-target", "x86_64"])
            .unwrap_err()
            .contains("spirv64"));
    }

    #[test]
    fn response_files_use_gnu_quoting() {
        assert_eq!(
            split_gnu("-DA=\"x y\" 'q r'\n-I\\ dir  "),
            ["-DA=x y", "q r", "-I dir"]
        );
    }
}
