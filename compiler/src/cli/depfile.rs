//! Make-style dependency files, as clang writes them for `-M`, `-MD`, `-MMD`, `-MF`, `-MT`,
//! `-MQ` and `-MP` (make, ninja and CMake read them): `TARGET: INPUT HEADER ...`, lines
//! wrapped at 75 columns with ` \`, then with `-MP` an empty rule per header. oclc has no
//! system headers, so `-MM`/`-MMD` list the same files as `-M`/`-MD`.

use std::path::{Path, PathBuf};

use super::args::DepArgs;

/// The rule's targets: `-MT` as written and `-MQ` quoted, in order given, or `default`
/// (the output file) quoted.
fn targets(args: &DepArgs, default: &Path) -> Vec<String> {
    let mut t: Vec<String> = args.rule_targets.clone();
    t.extend(args.rule_quoted_targets.iter().map(|q| quote(q)));
    if t.is_empty() {
        t.push(quote(&default.to_string_lossy()));
    }
    t
}

/// `name` quoted for make as clang quotes it: spaces and `#` escaped with a backslash
/// (and the backslashes before a space doubled), `$` doubled.
fn quote(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        match c {
            ' ' | '\t' => {
                // Backslashes right before a space are doubled, then the space escaped.
                let mut j = i;
                while j > 0 && chars[j - 1] == '\\' {
                    out.push('\\');
                    j -= 1;
                }
                out.push('\\');
                out.push(c);
            }
            '#' => out.push_str("\\#"),
            '$' => out.push_str("$$"),
            c => out.push(c),
        }
    }
    out
}

/// The dependency rule for `files` (the input first), formatted as clang formats it.
pub fn render(args: &DepArgs, default_target: &Path, files: &[PathBuf]) -> String {
    const MAX_COLUMNS: usize = 75;
    let mut out = String::new();
    let mut columns = 0usize;
    for t in targets(args, default_target) {
        let n = t.chars().count();
        if columns != 0 && columns + n + 1 + 2 > MAX_COLUMNS {
            out.push_str(" \\\n  ");
            columns = 2;
        } else if columns != 0 {
            out.push(' ');
            columns += 1;
        }
        out.push_str(&t);
        columns += n;
    }
    out.push(':');
    columns += 1;
    let names: Vec<String> = files
        .iter()
        .map(|f| f.to_string_lossy().into_owned())
        .collect();
    for name in &names {
        let n = name.chars().count();
        if columns > 2 && columns + n + 1 + 2 > MAX_COLUMNS {
            out.push_str(" \\\n ");
            columns = 2;
        }
        out.push(' ');
        out.push_str(&quote(name));
        columns += n + 1;
    }
    out.push('\n');
    if args.phony_headers {
        for name in names.iter().skip(1) {
            out.push('\n');
            out.push_str(&quote(name));
            out.push_str(":\n");
        }
    }
    out
}

/// Where `-MD`/`-MMD` write the rule: `-MF`, else the output with the extension `.d`
/// (`STEM.d` when the output is stdout).
pub fn depfile_path(args: &DepArgs, output: &Path, stem: &str) -> PathBuf {
    if let Some(f) = &args.depfile {
        return f.clone();
    }
    if output.as_os_str() == "-" {
        return PathBuf::from(format!("{stem}.d"));
    }
    output.with_extension("d")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_quotes_as_clang_does() {
        let args = DepArgs {
            phony_headers: true,
            ..DepArgs::default()
        };
        let files = [
            PathBuf::from("sub/k.cl"),
            PathBuf::from("/usr/lib/llvm-14/lib/clang/14.0.6/include/opencl-c-base.h"),
            PathBuf::from("sub/a.h"),
            PathBuf::from("sub/inc/b.h"),
            PathBuf::from("my dir/$x#.h"),
        ];
        // The first four wrap as clang-14 wrapped them for `-o out/k.bc -MD`.
        assert_eq!(
            render(&args, Path::new("out/k.bc"), &files),
            "out/k.bc: sub/k.cl \\\n  /usr/lib/llvm-14/lib/clang/14.0.6/include/opencl-c-base.h \
             sub/a.h \\\n  sub/inc/b.h my\\ dir/$$x\\#.h\n\n\
             /usr/lib/llvm-14/lib/clang/14.0.6/include/opencl-c-base.h:\n\nsub/a.h:\n\n\
             sub/inc/b.h:\n\nmy\\ dir/$$x\\#.h:\n"
        );
    }
}
