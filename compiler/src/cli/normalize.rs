//! Rewrites clang-style single-dash long options (`-cl-std=CL2.0`, `-save-temps`,
//! `-fsyntax-only`, `-Werror`) to the double-dash spellings the argument parser knows, so
//! that oclc accepts the command lines people already use with clang.

/// Single-dash options with long names, as prefixes; the value may follow `=`.
const SINGLE_DASH_LONG: &[&str] = &[
    "-cl-",
    "-save-temps",
    "-fsyntax-only",
    "-fbracket-depth",
    "-Werror",
];

/// Returns the arguments with clang-style long options given a second dash.
pub fn normalize_args(args: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut after_double_dash = false;
    for arg in args {
        if after_double_dash {
            out.push(arg);
            continue;
        }
        if arg == "--" {
            after_double_dash = true;
            out.push(arg);
            continue;
        }
        if SINGLE_DASH_LONG.iter().any(|p| arg.starts_with(p)) {
            out.push(format!("-{arg}"));
        } else {
            out.push(arg);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_clang_spellings_only() {
        let args = [
            "-cl-std=CL2.0",
            "-save-temps=x",
            "-O2",
            "-DFOO=1",
            "-fsyntax-only",
            "-Werror",
            "-w",
            "--",
            "-cl-x",
        ];
        let out = normalize_args(args.iter().map(|s| s.to_string()));
        assert_eq!(
            out,
            [
                "--cl-std=CL2.0",
                "--save-temps=x",
                "-O2",
                "-DFOO=1",
                "--fsyntax-only",
                "--Werror",
                "-w",
                "--",
                "-cl-x"
            ]
        );
    }
}
