//! `oclc completions bash|zsh|fish` and `oclc man [run]`: shell completions and man pages
//! generated from the command-line definition itself (clap_complete and clap_mangen, the
//! clap project's own generators), so they cannot drift from the options oclc accepts.

use std::io::Write;
use std::process::ExitCode;

use clap::{Command, CommandFactory};

use super::args::{CompileCli, RunCli};

/// The whole command line as one clap command: compile mode's options, and `run`,
/// `completions` and `man` as subcommands (for the generators; parsing dispatches on the
/// first argument instead).
pub fn full_command() -> Command {
    CompileCli::command()
        .args_conflicts_with_subcommands(true)
        .subcommand(RunCli::command().name("run"))
        .subcommand(
            Command::new("completions")
                .about("Print a shell completion script (bash, zsh or fish) on stdout")
                .arg(clap::Arg::new("shell").required(true)),
        )
        .subcommand(
            Command::new("man")
                .about("Print the man page (roff) of oclc, or with `run` of oclc run, on stdout")
                .arg(clap::Arg::new("page").required(false)),
        )
}

fn usage(message: &str) -> ExitCode {
    eprintln!("oclc: error: {message}");
    ExitCode::from(2)
}

/// `oclc completions SHELL`; `args` are the words after `completions`.
pub fn completions(args: &[String]) -> ExitCode {
    use clap_complete::Shell;
    let shell = match args {
        [s] => match s.as_str() {
            "bash" => Shell::Bash,
            "zsh" => Shell::Zsh,
            "fish" => Shell::Fish,
            other => return usage(&format!("unknown shell '{other}' (bash, zsh or fish)")),
        },
        _ => return usage("usage: oclc completions bash|zsh|fish"),
    };
    let mut cmd = full_command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "oclc", &mut out);
    let _ = std::io::stdout().lock().write_all(&out);
    ExitCode::SUCCESS
}

/// `oclc man [run]`; `args` are the words after `man`.
pub fn man(args: &[String]) -> ExitCode {
    let cmd = match args {
        [] => full_command(),
        [p] if p == "run" => RunCli::command().name("oclc-run").bin_name("oclc run"),
        _ => return usage("usage: oclc man [run]"),
    };
    let mut out = Vec::new();
    if let Err(e) = clap_mangen::Man::new(cmd).render(&mut out) {
        eprintln!("oclc: error: cannot render the man page: {e}");
        return ExitCode::from(1);
    }
    let _ = std::io::stdout().lock().write_all(&out);
    ExitCode::SUCCESS
}
