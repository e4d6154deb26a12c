//! `oclc FILE [options]`: compile (or check, or preprocess) one source file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use super::args::{CompileCli, EmitArg};
use super::{depfile, exit_usage, explain, report};
use crate::driver::{self, CompileError, Stages};
use crate::options::{CompileOptions, Target};

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
    if let Err(e) = opts.validate() {
        eprintln!("oclc: error: {e}");
        return ExitCode::from(2);
    }
    for w in cli.compile.option_warnings(&opts) {
        eprintln!("{w}");
    }
    if cli.compile.verbose || cli.compile.dry_run {
        eprint!("{}", describe(&cli, &opts));
        if cli.compile.dry_run {
            return ExitCode::SUCCESS;
        }
    }
    let mut stages = Stages {
        record: cli.compile.save_temps.is_some(),
        ..Stages::default()
    };
    let print_rule = cli.deps.print_rule || cli.deps.print_rule_user;
    if cli.preprocess_only || print_rule {
        let text = match driver::preprocess_file(&cli.input, &opts, &mut stages) {
            Ok(text) => text,
            Err(e) => return report(&e),
        };
        let written = if cli.preprocess_only {
            // -E -MD also writes the depfile, as clang does.
            write_output(Path::new("-"), text.as_bytes())
                .and_then(|_| write_depfile(&cli, &opts, &stages))
        } else {
            // -M prints the rule, or writes it to -MF.
            let rule = depfile::render(
                &cli.deps,
                &primary_output(&cli, &opts),
                &stages.dependencies,
            );
            let to = cli
                .deps
                .depfile
                .clone()
                .unwrap_or_else(|| PathBuf::from("-"));
            write_output(&to, rule.as_bytes())
        };
        return match written {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => report(&e),
        };
    }
    let result = run(&cli, &opts, &mut stages);
    if cli.compile.time_report {
        eprint!("{}", stages.times.render());
    }
    if let Err(e) = save_temps(&cli.compile.save_temps, &cli.input, &stages) {
        return report(&e);
    }
    match result.and_then(|w| write_depfile(&cli, &opts, &stages).map(|_| w)) {
        Ok(warnings) => {
            if !warnings.is_empty() {
                eprint!("{warnings}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => report(&e),
    }
}

/// The `-v` / `-###` description of this compilation.
fn describe(cli: &CompileCli, opts: &CompileOptions) -> String {
    let mut mode: Vec<String> = Vec::new();
    let last = if cli.preprocess_only {
        mode.push("-E".into());
        "print the preprocessed source".to_string()
    } else if cli.syntax_only {
        mode.push("-fsyntax-only".into());
        "stop (-fsyntax-only)".to_string()
    } else {
        let out = primary_output(cli, opts);
        mode.extend(["-o".to_string(), out.display().to_string()]);
        if cli.emit != EmitArg::Spirv {
            mode.push(format!("--emit={}", emit_name(cli.emit)));
        }
        let what = match opts.target {
            Target::OpenCl => "SPIR-V for OpenCL",
            Target::Vulkan => "SPIR-V for Vulkan",
            Target::Cpu => "a CPU object",
        };
        format!("emit {what}, write {}", out.display())
    };
    if let Some(p) = &cli.compile.save_temps {
        mode.push(if p.is_empty() {
            "-save-temps".into()
        } else {
            format!("-save-temps={p}")
        });
    }
    if cli.deps.write_rule || cli.deps.write_rule_user || cli.deps.depfile.is_some() {
        let out = primary_output(cli, opts);
        let path = depfile::depfile_path(&cli.deps, &out, &default_prefix(&cli.input));
        mode.extend([
            "-MD".to_string(),
            "-MF".to_string(),
            path.display().to_string(),
        ]);
        for t in &cli.deps.rule_targets {
            mode.extend(["-MT".to_string(), t.clone()]);
        }
        for t in &cli.deps.rule_quoted_targets {
            mode.extend(["-MQ".to_string(), t.clone()]);
        }
        if cli.deps.phony_headers {
            mode.push("-MP".into());
        }
    }
    explain::describe(None, &cli.input, opts, &mode, &explain::steps(opts, &last))
}

fn emit_name(e: EmitArg) -> &'static str {
    match e {
        EmitArg::Spirv => "spirv",
        EmitArg::Reflection => "reflection",
        EmitArg::Both => "both",
        EmitArg::OpenclC => "opencl-c",
        EmitArg::Header => "header",
    }
}

/// The file a compilation writes first (the target of a depfile's rule): `-o`, else
/// `STEM.spv`, `STEM.json`, `STEM.o` or `STEM.h` by target and `--emit` (`STEM.o` for
/// SPIR-V with `-c`, as clang names it).
pub(super) fn primary_output(cli: &CompileCli, opts: &CompileOptions) -> PathBuf {
    let ext = match (opts.target, cli.emit) {
        (Target::Vulkan, EmitArg::Reflection) => "json",
        (Target::Cpu, EmitArg::Header) => "h",
        (Target::Cpu, _) => "o",
        _ => "spv",
    };
    output_path(cli, ext)
}

/// Writes the depfile `-MD`, `-MMD` or `-MF` ask for, after a successful compilation.
fn write_depfile(
    cli: &CompileCli,
    opts: &CompileOptions,
    stages: &Stages,
) -> Result<(), CompileError> {
    if !(cli.deps.write_rule || cli.deps.write_rule_user || cli.deps.depfile.is_some()) {
        return Ok(());
    }
    let out = primary_output(cli, opts);
    let path = depfile::depfile_path(&cli.deps, &out, &default_prefix(&cli.input));
    let rule = depfile::render(&cli.deps, &out, &stages.dependencies);
    write_output(&path, rule.as_bytes())
}

/// The output path: -o, or the input's stem with `ext` (`.o` instead of `.spv` with -c).
pub(super) fn output_path(cli: &CompileCli, ext: &str) -> PathBuf {
    cli.output.clone().unwrap_or_else(|| {
        let ext = if cli.compile_only && ext == "spv" {
            "o"
        } else {
            ext
        };
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
    write_output(&output_path(cli, "spv"), &bytes)?;
    Ok(lowered.warnings)
}
