//! The `oclc` command line: argument definitions, compile mode and `oclc run`.

pub mod args;
pub mod compile;
pub mod normalize;
pub mod run;

use std::process::ExitCode;

use crate::driver::CompileError;

/// Prints a clap error (or help/version) and returns its exit code (2 for usage errors).
pub fn exit_usage(e: clap::Error) -> ExitCode {
    let _ = e.print();
    ExitCode::from(e.exit_code() as u8)
}

/// Prints a compile error to stderr and returns exit code 1.
pub fn report(e: &CompileError) -> ExitCode {
    eprintln!("{e}");
    ExitCode::from(1)
}

/// Runs the command line; `args` includes the program name.
pub fn main(args: Vec<String>) -> ExitCode {
    let args = normalize::normalize_args(args);
    if args.get(1).map(String::as_str) == Some("run") {
        let mut rest = args;
        rest.remove(1);
        if let Some(first) = rest.first_mut() {
            *first = "oclc run".to_string();
        }
        return run::main(rest);
    }
    compile::main(args)
}
