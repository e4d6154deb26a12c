//! `oclc FILE [options]`: compile (or check, or preprocess) one source file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use super::args::CompileCli;
use super::{exit_usage, report};
use crate::driver::{self, CompileError, Stages};
use crate::options::Target;

/// The default `-save-temps` prefix: the input's file stem.
pub fn default_prefix(input: &Path) -> String {
    input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "oclc".to_string())
}

/// Writes the stages when `-save-temps` was given, reporting failures.
pub fn save_temps(
    save: &Option<String>,
    input: &Path,
    stages: &Stages,
) -> Result<(), CompileError> {
    if let Some(prefix) = save {
        let prefix = if prefix.is_empty() {
            default_prefix(input)
        } else {
            prefix.clone()
        };
        driver::write_stages(&prefix, stages).map_err(|e| {
            CompileError::Io(format!(
                "cannot write -save-temps files with prefix '{prefix}': {e}"
            ))
        })?;
    }
    Ok(())
}

/// Entry point of compile mode; `args` includes the program name.
pub fn main(args: Vec<String>) -> ExitCode {
    let cli = match CompileCli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return exit_usage(e),
    };
    let mut opts = cli.compile.to_options();
    if let Some(v) = cli.spirv_version {
        opts.spirv_version = v;
    }
    if cli.preprocess_only {
        return match driver::preprocess_file(&cli.input, &opts) {
            Ok(text) => {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(text.as_bytes());
                ExitCode::SUCCESS
            }
            Err(e) => report(&e),
        };
    }
    let mut stages = Stages::default();
    let result = run(&cli, &opts, &mut stages);
    if let Err(e) = save_temps(&cli.compile.save_temps, &cli.input, &stages) {
        return report(&e);
    }
    match result {
        Ok(warnings) => {
            if !warnings.is_empty() {
                eprint!("{warnings}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => report(&e),
    }
}

fn run(
    cli: &CompileCli,
    opts: &crate::options::CompileOptions,
    stages: &mut Stages,
) -> Result<String, CompileError> {
    if cli.syntax_only {
        return driver::check_file(&cli.input, opts, stages);
    }
    let lowered = driver::lower_file(&cli.input, opts, stages)?;
    let bytes: Vec<u8> = match opts.target {
        Target::OpenCl => {
            let words = driver::emit_opencl_spirv(&lowered.module, opts, stages)?;
            words.iter().flat_map(|w| w.to_le_bytes()).collect()
        }
        Target::Vulkan => {
            return Err(CompileError::Diagnostics(
                "error: --target vulkan is not supported yet (use --target opencl or --target cpu)"
                    .into(),
            ))
        }
        Target::Cpu => {
            driver::compile_cpu(&lowered.module, stages)?;
            if cli.output.is_some() {
                return Err(CompileError::Diagnostics(
                    "error: writing CPU object files (--target cpu -o FILE) is not supported yet; \
                     use `oclc run` to run kernels on the CPU, and -save-temps to see the generated code"
                        .into(),
                ));
            }
            return Ok(lowered.warnings);
        }
    };
    let output = cli.output.clone().unwrap_or_else(|| {
        let mut p = PathBuf::from(default_prefix(&cli.input));
        p.set_extension("spv");
        p
    });
    if output.as_os_str() == "-" {
        std::io::stdout()
            .lock()
            .write_all(&bytes)
            .map_err(|e| CompileError::Io(format!("cannot write to stdout: {e}")))?;
    } else {
        std::fs::write(&output, &bytes)
            .map_err(|e| CompileError::Io(format!("cannot write '{}': {e}", output.display())))?;
    }
    Ok(lowered.warnings)
}
