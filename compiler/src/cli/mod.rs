//! The `oclc` command line: argument definitions, compile mode and `oclc run`.

pub mod args;
pub mod compile;
pub mod cpu_object;
pub mod depfile;
pub mod docs;
pub mod explain;
pub mod normalize;
pub mod run;

use std::process::ExitCode;

use crate::driver::CompileError;
use oclc_frontend::diagnostic::{
    diagnostic_format, set_diagnostic_format, DiagnosticFormat, Severity,
};
use oclc_frontend::diagnostic_json::message_to_json;

/// Prints a clap error (or help/version) and returns its exit code (2 for usage errors).
pub fn exit_usage(e: clap::Error) -> ExitCode {
    let _ = e.print();
    ExitCode::from(e.exit_code() as u8)
}

/// Prints a compile error to stderr (in the chosen diagnostics format) and returns exit code 1
/// (2 for a usage error).
pub fn report(e: &CompileError) -> ExitCode {
    let text = e.to_string();
    if diagnostic_format() == DiagnosticFormat::Json {
        eprint!("{}", as_json_lines(&text));
    } else {
        eprintln!("{text}");
    }
    ExitCode::from(if matches!(e, CompileError::Usage(_)) {
        2
    } else {
        1
    })
}

/// Keeps the JSON lines of `text` and wraps the rest (errors without a source location)
/// in one JSON object.
pub fn as_json_lines(text: &str) -> String {
    let mut out = String::new();
    let mut plain: Vec<&str> = Vec::new();
    for line in text.lines() {
        if line.starts_with('{') {
            out.push_str(line);
            out.push('\n');
        } else if !line.trim().is_empty() {
            plain.push(line);
        }
    }
    if !plain.is_empty() {
        let joined = plain.join("\n");
        let message = joined.strip_prefix("error: ").unwrap_or(&joined);
        out.push_str(&message_to_json(Severity::Error, None, message));
        out.push('\n');
    }
    out
}

/// Applies `--diagnostics-format` to every later rendering in this process.
pub fn apply_diagnostics_format(format: args::DiagnosticsFormatArg) {
    set_diagnostic_format(match format {
        args::DiagnosticsFormatArg::Text => DiagnosticFormat::Text,
        args::DiagnosticsFormatArg::Json => DiagnosticFormat::Json,
    });
}

/// Runs the command line; `args` includes the program name. Runs on a thread with a
/// large stack (see [`crate::on_compile_stack`]).
pub fn main(args: Vec<String>) -> ExitCode {
    crate::on_compile_stack(|| main_on_this_thread(args))
}

fn main_on_this_thread(args: Vec<String>) -> ExitCode {
    match args.get(1).map(String::as_str) {
        Some("completions") => return docs::completions(&args[2..]),
        Some("man") => return docs::man(&args[2..]),
        _ => {}
    }
    let args = match normalize::normalize_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("oclc: error: {e}");
            return ExitCode::from(2);
        }
    };
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
