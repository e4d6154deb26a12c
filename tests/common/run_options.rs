//! The option lines of test kernel files, shared by the front-end and IR test crates
//! (included with `#[path]`): `// RUN-OPTIONS: ...` (`-cl-std=CLx.y`, `-D NAME[=V]` or
//! `-DNAME[=V]`, single quotes grouping words, `-I DIR` relative to the file's folder,
//! `-cl-fast-relaxed-math`) and `// CL-STD: CLx.y`.

use oclc_frontend::options::FrontendOptions;
use oclc_frontend::ClStd;
use std::path::{Path, PathBuf};

/// Splits `text` into words at whitespace; single quotes group words and are removed.
fn shell_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in text.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The options a kernel file's lines ask for, one option per entry with its value joined
/// (`-DNAME=1`, `-I/abs/dir`, `-cl-std=CL2.0`), ready for clang; `-I` folders are made
/// absolute from `dir`, the file's folder.
pub fn run_options(src: &str, dir: &Path) -> Vec<String> {
    let mut words = Vec::new();
    for line in src.lines() {
        let line = line.trim_start();
        if let Some(rest) = line.strip_prefix("// RUN-OPTIONS:") {
            words.extend(shell_words(rest));
        } else if let Some(std) = line.strip_prefix("// CL-STD:") {
            words.push(format!("-cl-std={}", std.trim()));
        }
    }
    let mut options = Vec::new();
    let mut it = words.into_iter();
    while let Some(w) = it.next() {
        let joined = match w.as_str() {
            "-D" | "-I" => {
                let value = it.next().unwrap_or_else(|| panic!("{w} needs a value"));
                format!("{w}{value}")
            }
            _ => w,
        };
        match joined.strip_prefix("-I") {
            Some(rel) => options.push(format!("-I{}", dir.join(rel).display())),
            None => options.push(joined),
        }
    }
    options
}

/// Front-end options equivalent to clang options produced by [`run_options`].
pub fn frontend_options(options: &[String]) -> FrontendOptions {
    let mut opts = FrontendOptions::default();
    for o in options {
        if let Some(v) = o.strip_prefix("-cl-std=") {
            opts.cl_std = ClStd::parse(v).unwrap_or_else(|| panic!("unknown {o}"));
        } else if let Some(d) = o.strip_prefix("-D") {
            opts.define_raw(d);
        } else if let Some(dir) = o.strip_prefix("-I") {
            opts.include_dirs.push(PathBuf::from(dir));
        } else if o == "-cl-fast-relaxed-math" {
            opts.fast_relaxed_math = true;
        } else {
            panic!("unsupported RUN-OPTIONS option {o}");
        }
    }
    opts
}
