//! `oclc run FILE --kernel NAME --global ... --arg ...`: compile, run on a device, report.

use std::process::ExitCode;

use clap::Parser;

use super::args::{DeviceArg, Dims, RunCli};
use super::compile::save_temps;
use super::{exit_usage, report};
use crate::driver::{self, Stages};
use crate::options::Target;
use crate::run::buffers::format_buffer;
use crate::run::{
    bind_args, format_specialization, format_times, run_cpu, run_opencl, run_vulkan, BoundArg,
    Launch, OpenClSource,
};

fn usage_error(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("oclc run: error: {message}");
    ExitCode::from(2)
}

fn runtime_error(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("oclc run: error: {message}");
    ExitCode::from(1)
}

fn dims_text(d: &Dims) -> String {
    let parts: Vec<String> = d.0.iter().map(u64::to_string).collect();
    parts.join(",")
}

fn dims3(d: &Dims, fill: u64) -> [u64; 3] {
    let mut out = [fill; 3];
    for (i, v) in d.0.iter().enumerate() {
        out[i] = *v;
    }
    out
}

/// Build options for the OpenCL reference: the OpenCL build options oclc got (include
/// directories made absolute, plus the input's directory).
fn opencl_build_options(cli: &RunCli, opts: &crate::options::CompileOptions) -> String {
    let mut opts = opts.clone();
    opts.include_dirs = opts
        .include_dirs
        .iter()
        .map(|i| std::fs::canonicalize(i).unwrap_or_else(|_| i.clone()))
        .collect();
    if let Some(parent) = cli.input.parent().filter(|p| !p.as_os_str().is_empty()) {
        opts.include_dirs
            .push(std::fs::canonicalize(parent).unwrap_or_else(|_| parent.to_path_buf()));
    }
    opts.opencl_build_options().join(" ")
}

/// Refuses a launch that `-cl-uniform-work-group-size` rules out: a global size that is
/// not a multiple of the local size.
fn check_uniform(global: &Dims, local: Option<&Dims>) -> Result<(), String> {
    let Some(local) = local else { return Ok(()) };
    for (d, (g, l)) in global.0.iter().zip(&local.0).enumerate() {
        if *l == 0 || g % l != 0 {
            return Err(format!(
                "-cl-uniform-work-group-size: the global size {g} is not a multiple of the \
                 local size {l} in dimension {d}"
            ));
        }
    }
    Ok(())
}

/// Entry point of `oclc run`; `args` starts with the program name.
pub fn main(args: Vec<String>) -> ExitCode {
    let cli = match RunCli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return exit_usage(e),
    };
    super::apply_diagnostics_format(cli.compile.diagnostics_format);
    if crate::brook::is_brook(&cli.input, cli.compile.language.as_deref()) {
        return crate::brook::run_brook(&cli);
    }
    let Some(global) = cli.global.clone() else {
        return usage_error("--global is required for OpenCL kernels");
    };
    let work_dim = global.0.len();
    for (what, d) in [("--local", &cli.local), ("--offset", &cli.offset)] {
        if let Some(d) = d {
            if d.0.len() != work_dim {
                return usage_error(format!(
                    "{what} has {} dimension(s) but --global has {work_dim}",
                    d.0.len()
                ));
            }
        }
    }
    if global.0.contains(&0) {
        return usage_error("--global sizes must be positive");
    }
    if cli.opencl_spir.is_some() && cli.device != DeviceArg::Opencl {
        return usage_error("--opencl-spir needs --device opencl");
    }
    let opts = cli.compile.to_options();
    if let Err(e) = opts.validate() {
        return usage_error(e);
    }
    for w in cli.compile.option_warnings(&opts) {
        eprintln!("{w}");
    }
    if opts.debug_info && cli.device != DeviceArg::Cpu && !cli.compile.no_warnings {
        eprintln!(
            "warning: -g: only the CPU device's code is described to debuggers \
             (`--device cpu`, the default)"
        );
    }
    if opts.uniform_work_group_size {
        if let Err(e) = check_uniform(&global, cli.local.as_ref()) {
            return usage_error(e);
        }
    }
    if cli.compile.verbose || cli.compile.dry_run {
        let mut mode = vec!["--kernel".to_string(), cli.kernel.clone()];
        mode.push(format!("--global={}", dims_text(&global)));
        if let Some(l) = &cli.local {
            mode.push(format!("--local={}", dims_text(l)));
        }
        let steps = crate::cli::explain::steps(&opts, "run the kernel");
        eprint!(
            "{}",
            crate::cli::explain::describe(Some("run"), &cli.input, &opts, &mode, &steps)
        );
        if cli.compile.dry_run {
            return ExitCode::SUCCESS;
        }
    }
    let mut stages = Stages {
        record: cli.compile.save_temps.is_some(),
        ..Stages::default()
    };
    let lowered = driver::lower_file(&cli.input, &opts, &mut stages);
    // The module the device's backend takes (the OpenCL device compiles the source).
    let target = match cli.device {
        DeviceArg::Cpu => Some(Target::Cpu),
        DeviceArg::Vulkan => Some(Target::Vulkan),
        DeviceArg::Opencl => None,
    };
    let prepared = match (&lowered, target) {
        (Ok(l), Some(t)) => Some(driver::prepare(l, t, &opts, &mut stages)),
        _ => None,
    };
    if cli.device == DeviceArg::Cpu && cli.compile.save_temps.is_some() {
        if let Some(Ok(m)) = &prepared {
            // The kernel as launched, when the local size is known before the launch.
            let local = cli.local.as_ref().map(|d| dims3(d, 1));
            let launch = local.map(|local| (cli.kernel.as_str(), local));
            let _ =
                driver::compile_cpu(m, opts.opt_level, cli.check.is_some(), launch, &mut stages);
        }
    }
    if let Err(e) = save_temps(&cli.compile.save_temps, &cli.input, &stages) {
        return report(&e);
    }
    let lowered = match lowered {
        Ok(l) => l,
        Err(e) => return report(&e),
    };
    if !lowered.warnings.is_empty() {
        eprint!("{}", lowered.warnings);
    }
    let prepared = match prepared.transpose() {
        Ok(p) => p,
        Err(e) => return report(&e),
    };
    let module = &lowered.module;
    let Some(kernel) = module
        .functions
        .iter()
        .find(|f| f.is_kernel() && f.name == cli.kernel)
    else {
        let names: Vec<&str> = module.kernels().map(|(_, f)| f.name.as_str()).collect();
        return usage_error(format!(
            "no kernel named '{}' in {} (kernels: {})",
            cli.kernel,
            cli.input.display(),
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        ));
    };
    let mut bound = match bind_args(module, kernel, &cli.args) {
        Ok(b) => b,
        Err(e) => return usage_error(e),
    };
    let repeat = cli.repeat.unwrap_or(if cli.time { 10 } else { 0 });
    if cli.time && repeat == 0 {
        return usage_error("--time needs --repeat of at least 1");
    }
    let launch = Launch {
        kernel: cli.kernel.clone(),
        work_dim: work_dim as u32,
        global: dims3(&global, 1),
        local: cli.local.as_ref().map(|d| dims3(d, 1)),
        offset: cli.offset.as_ref().map(|d| dims3(d, 0)).unwrap_or([0; 3]),
        repeat,
        threads: cli.threads.map(|t| t as usize),
        opt_level: opts.opt_level,
        debug_sources: opts
            .debug_info
            .then(|| crate::located::debug_sources(&lowered.sources)),
        specialize_args: (cli.device == DeviceArg::Cpu && cli.specializes_args(opts.opt_level))
            .then(|| oclc_runtime_lite::ArgSpecialization {
                disabled_passes: opts.disabled_passes.clone(),
                ..oclc_runtime_lite::ArgSpecialization::new(module.clone(), opts.opt_level)
            }),
        // -cl-denorms-are-zero allows flushing: the driver's default then (`any`).
        vulkan_denorm: opts.vulkan_denorm.or(opts
            .denorms_are_zero
            .then_some(oclc_runtime_lite::vulkan::denorm::DenormMode::Any)),
        check: cli.check.map(|c| oclc_runtime_lite::CheckOptions {
            stop_at_first: c == super::args::CheckArg::Stop,
        }),
    };
    if launch.check.is_some() && cli.device != DeviceArg::Cpu {
        return usage_error("--check needs --device cpu");
    }
    let result = match cli.device {
        DeviceArg::Cpu => run_cpu(prepared.as_ref().unwrap_or(module), &launch, &mut bound),
        DeviceArg::Vulkan => {
            let float = driver::VulkanFloat::new(&opts, &lowered);
            run_vulkan(
                prepared.as_ref().unwrap_or(module),
                float,
                &launch,
                &mut bound,
            )
        }
        DeviceArg::Opencl => {
            let source;
            let spir;
            let src = match &cli.opencl_spir {
                Some(path) => {
                    spir = match std::fs::read(path) {
                        Ok(b) => b,
                        Err(e) => {
                            return runtime_error(format!("cannot read '{}': {e}", path.display()))
                        }
                    };
                    OpenClSource::Spir(&spir)
                }
                None => {
                    source = match std::fs::read_to_string(&cli.input) {
                        Ok(t) => t,
                        Err(e) => {
                            return runtime_error(format!(
                                "cannot read '{}': {e}",
                                cli.input.display()
                            ))
                        }
                    };
                    OpenClSource::Source {
                        text: &source,
                        options: opencl_build_options(&cli, &opts),
                    }
                }
            };
            run_opencl(src, cli.opencl_device.as_deref(), &launch, &mut bound)
        }
    };
    let report_ = match result {
        Ok(r) => r,
        Err(e) => return runtime_error(e),
    };
    if let Some(dir) = &cli.dump {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return runtime_error(format!("cannot create '{}': {e}", dir.display()));
        }
        for (k, a) in bound.iter().enumerate() {
            if let BoundArg::Buffer { bytes, .. } | BoundArg::Image { bytes, .. } = a {
                let path = dir.join(format!("arg{k}.bin"));
                if let Err(e) = std::fs::write(&path, bytes) {
                    return runtime_error(format!("cannot write '{}': {e}", path.display()));
                }
            }
        }
    }
    if cli.print {
        for (k, a) in bound.iter().enumerate() {
            if let BoundArg::Buffer { ty, bytes } | BoundArg::Image { ty, bytes, .. } = a {
                let count = bytes.len() / ty.size();
                println!(
                    "arg{k} {} ({ty}[{count}]): {}",
                    kernel.params[k].name,
                    format_buffer(bytes, *ty, 1024)
                );
            }
        }
    }
    if cli.time {
        println!("{}", format_times(&report_.times));
        if report_.merged_groups > 1 || report_.items_per_invocation > 1 {
            println!(
                "vulkan: work-groups per workgroup: {}, work-items per invocation: {} (same results; {}=off, {}=off and {}=1 dispatch one of each)",
                report_.merged_groups,
                report_.items_per_invocation,
                oclc_runtime_lite::vulkan::dispatch::MERGE_ENV,
                oclc_runtime_lite::vulkan::dispatch::MERGE_SYNCHRONISED_ENV,
                oclc_runtime_lite::vulkan::dispatch::ITEMS_ENV
            );
        }
        if report_.rows_per_invocation > 1 {
            println!(
                "vulkan: rows of work-items per invocation: {} (same results; {}=1 dispatches one each)",
                report_.rows_per_invocation,
                oclc_runtime_lite::vulkan::dispatch::ROWS_ENV
            );
        }
        if report_.groups_per_invocation > 1 {
            println!(
                "vulkan: work-groups per invocation: {} (same results; {}=1 dispatches one each)",
                report_.groups_per_invocation,
                oclc_runtime_lite::vulkan::dispatch::GROUPS_ENV
            );
        }
        if let Some(stats) = &report_.specialization {
            println!("{}", format_specialization(stats));
        }
    }
    if !report_.defects.is_empty() {
        eprint!(
            "{}",
            crate::run::check_report::render_defects(&lowered.sources, &report_.defects)
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
