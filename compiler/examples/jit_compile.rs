//! JIT-compiles every kernel of one OpenCL C (`.cl`) or Brook+ (`.br`) file for the CPU, as
//! `oclc run` does at load (every kernel for any local size), and exits: 0 when it compiles,
//! 1 with the error otherwise, 2 on bad usage. The JIT column of
//! `scripts/bench-compile-all.py`.
//!
//! usage: cargo run --release -p oclc --example jit_compile -- FILE [-D DEF] [-I DIR]
//!        [-cl-std=CLx.y] [-cl-fast-relaxed-math] [-cl-mad-enable] [-cl-denorms-are-zero] [-ON]

use std::path::PathBuf;
use std::process::ExitCode;

use oclc::driver::{self, Stages};
use oclc::{ClStd, CompileOptions};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((path, opts)) = parse(&args) else {
        eprintln!("usage: jit_compile FILE [-D DEF] [-I DIR] [-cl-std=CLx.y] [-cl-...] [-ON]");
        return ExitCode::from(2);
    };
    let mut stages = Stages::default();
    let lowered = if oclc::brook::is_brook(&path, None) {
        let brook = oclc_frontend::brook::BrookOptions::default();
        oclc::brook::lower_brook(&path, &opts, &brook, &mut stages).map(|(_, l)| l)
    } else {
        driver::lower_file(&path, &opts, &mut stages)
    };
    let result = lowered
        .and_then(|l| driver::compile_cpu(&l.module, opts.opt_level, false, None, &mut stages));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            ExitCode::from(1)
        }
    }
}

/// The file and the compile options of the command line; `None` on bad usage.
fn parse(args: &[String]) -> Option<(PathBuf, CompileOptions)> {
    let mut opts = CompileOptions::default();
    let mut path = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-D" {
            opts.defines.push(it.next()?.clone());
        } else if a == "-I" {
            opts.include_dirs.push(PathBuf::from(it.next()?));
        } else if let Some(d) = a.strip_prefix("-D") {
            opts.defines.push(d.to_string());
        } else if let Some(d) = a.strip_prefix("-I") {
            opts.include_dirs.push(PathBuf::from(d));
        } else if let Some(s) = a.strip_prefix("-cl-std=") {
            opts.cl_std = ClStd::parse(s)?;
        } else if a == "-cl-fast-relaxed-math" {
            opts.fast_relaxed_math = true;
        } else if a == "-cl-mad-enable" {
            opts.mad_enable = true;
        } else if a == "-cl-denorms-are-zero" {
            opts.denorms_are_zero = true;
        } else if let Some(n) = a.strip_prefix("-O") {
            opts.opt_level = n.parse().ok().filter(|n| *n <= 3)?;
        } else if a.starts_with('-') || path.is_some() {
            return None;
        } else {
            path = Some(PathBuf::from(a));
        }
    }
    Some((path?, opts))
}
