//! `-v` and `-###`: what oclc will do, printed on stderr as clang prints its jobs: the
//! version, the target, the steps, and one command line with every option spelled out
//! (running it does the same compilation).

use std::path::Path;

use crate::options::{CompileOptions, Target};

/// A command-line word quoted as clang's `-###` quotes it.
fn quoted(word: &str) -> String {
    let mut s = String::from("\"");
    for c in word.chars() {
        if matches!(c, '"' | '\\' | '$') {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}

/// The description: `sub` is the subcommand (`run`) if any, `mode` the words that pick
/// what to do (`-fsyntax-only`, `--emit=both`, `-o FILE`, ...), `steps` the stages that
/// will run.
pub fn describe(
    sub: Option<&str>,
    input: &Path,
    opts: &CompileOptions,
    mode: &[String],
    steps: &str,
) -> String {
    let target = match opts.target {
        Target::OpenCl => format!(
            "spirv64-unknown-unknown (SPIR-V {}.{} for OpenCL)",
            opts.spirv_version.0, opts.spirv_version.1
        ),
        Target::Vulkan => "vulkan (SPIR-V 1.5 for Vulkan compute)".to_string(),
        Target::Cpu => format!(
            "{}-{} (native object, Cranelift)",
            std::env::consts::ARCH,
            std::env::consts::OS
        ),
    };
    let program = std::env::current_exe()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| "oclc".to_string());
    let mut words = vec![program];
    words.extend(sub.map(str::to_string));
    words.push(input.display().to_string());
    words.extend(opts.command_line());
    words.extend(mode.iter().cloned());
    let line: Vec<String> = words.iter().map(|w| quoted(w)).collect();
    format!(
        "oclc version {}\nTarget: {target}\nSteps: {steps}\n {}\n",
        env!("CARGO_PKG_VERSION"),
        line.join(" ")
    )
}

/// The stages a compilation to `target` runs at `opt_level`, in words.
pub fn steps(opts: &CompileOptions, last: &str) -> String {
    let passes = if opts.opt_level == 0 {
        "no IR passes (-O0)".to_string()
    } else {
        format!("IR passes (-O{})", opts.opt_level)
    };
    format!("preprocess, parse, check, lower to IR, {passes}, {last}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_like_clang() {
        assert_eq!(quoted("a b"), "\"a b\"");
        assert_eq!(quoted("-DX=\"$y\""), "\"-DX=\\\"\\$y\\\"\"");
    }
}
