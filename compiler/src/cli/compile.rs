//! `oclc FILE [options]`: compile (or check, or preprocess) one source file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use super::args::{CompileCli, EmitArg};
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
    super::apply_diagnostics_format(cli.compile.diagnostics_format);
    let mut opts = cli.compile.to_options();
    if let Some(v) = cli.spirv_version {
        opts.spirv_version = v;
    }
    opts.cpu_symbol_prefix = cli.cpu_symbol_prefix.clone();
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
    let mut stages = Stages {
        record: cli.compile.save_temps.is_some(),
        ..Stages::default()
    };
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

/// The output path: -o, or the input's stem with `ext`.
pub(super) fn output_path(cli: &CompileCli, ext: &str) -> PathBuf {
    cli.output.clone().unwrap_or_else(|| {
        let mut p = PathBuf::from(default_prefix(&cli.input));
        p.set_extension(ext);
        p
    })
}

/// Writes `bytes` to `path` ('-': stdout).
pub(super) fn write_output(path: &Path, bytes: &[u8]) -> Result<(), CompileError> {
    if path.as_os_str() == "-" {
        return std::io::stdout()
            .lock()
            .write_all(bytes)
            .map_err(|e| CompileError::Io(format!("cannot write to stdout: {e}")));
    }
    std::fs::write(path, bytes)
        .map_err(|e| CompileError::Io(format!("cannot write '{}': {e}", path.display())))
}

fn run(
    cli: &CompileCli,
    opts: &crate::options::CompileOptions,
    stages: &mut Stages,
) -> Result<String, CompileError> {
    if crate::brook::is_brook(&cli.input, cli.compile.language.as_deref()) {
        return crate::brook::compile_brook_cli(cli, opts, stages);
    }
    if cli.emit == EmitArg::OpenclC || cli.emit == EmitArg::Header && opts.target != Target::Cpu {
        return Err(CompileError::Diagnostics(
            "error: --emit opencl-c is for Brook+ sources (.br or -x brook); --emit header is \
             for Brook+ sources and for --target cpu"
                .into(),
        ));
    }
    if cli.syntax_only {
        return driver::check_file(&cli.input, opts, stages);
    }
    let lowered = driver::lower_file(&cli.input, opts, stages)?;
    let vulkan_only = cli.emit == EmitArg::Reflection || cli.emit == EmitArg::Both;
    if vulkan_only && opts.target == Target::OpenCl
        || cli.emit == EmitArg::Reflection && opts.target == Target::Cpu
    {
        return Err(CompileError::Diagnostics(
            "error: --emit reflection needs --target vulkan, --emit both --target vulkan or cpu"
                .into(),
        ));
    }
    let bytes: Vec<u8> = match opts.target {
        Target::OpenCl => {
            let words = driver::emit_opencl_spirv(&lowered, opts, stages)?;
            words.iter().flat_map(|w| w.to_le_bytes()).collect()
        }
        Target::Vulkan => {
            let mut vk = driver::emit_vulkan_spirv(&lowered, opts, stages)?;
            driver::apply_vulkan_denorm(&mut vk.words, opts.vulkan_denorm_mode(), stages);
            let json = oclc_backend_spirv::module_reflection_json(&vk);
            let words: Vec<u8> = vk.words.iter().flat_map(|w| w.to_le_bytes()).collect();
            match cli.emit {
                // OpenCL sources with --emit opencl-c/header were refused above.
                EmitArg::Spirv | EmitArg::OpenclC | EmitArg::Header => words,
                EmitArg::Reflection => {
                    let out = output_path(cli, "json");
                    write_output(&out, json.as_bytes())?;
                    return Ok(lowered.warnings);
                }
                EmitArg::Both => {
                    let mut out = output_path(cli, "spv");
                    write_output(&out, &words)?;
                    if out.as_os_str() != "-" {
                        out.set_extension("json");
                        write_output(&out, json.as_bytes())?;
                    }
                    return Ok(lowered.warnings);
                }
            }
        }
        Target::Cpu => {
            super::cpu_object::emit(cli, opts, &lowered, stages)?;
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
