//! The compilation pipeline: source -> preprocess -> parse -> check -> IR -> passes ->
//! backend, recording each stage's text for `-save-temps`.

use std::fmt;
use std::path::Path;
use std::time::Instant;

use oclc_frontend::diagnostic::{Diagnostic, WarningMode as FeWarnings};
use oclc_frontend::options::FrontendOptions;
use oclc_frontend::source::SourceMap;
use oclc_ir::{Module, SourceSpan};

use crate::located::located_error;
use crate::options::{CompileOptions, FpContract, Target, WarningMode};
use crate::time_report::TimeReport;

/// The text of each stage that ran, for `-save-temps` and for tests. Nothing is recorded
/// unless `record` is set (printing the IR after every pass and disassembling the module
/// cost more than compiling).
#[derive(Clone, Debug, Default)]
pub struct Stages {
    /// Record the stages' text (`-save-temps`); when false the fields stay empty.
    pub record: bool,
    /// Preprocessed source (`PREFIX.i`).
    pub preprocessed: Option<String>,
    /// IR as lowered, before any pass (`PREFIX.ir`).
    pub ir: Option<String>,
    /// IR after each pass run of the target's pipeline that changed it, named `N-pass`
    /// (`PREFIX.N-pass.ir`).
    pub ir_after_passes: Vec<(String, String)>,
    /// IR after the target's whole pipeline, as its backend takes it (`PREFIX.opt.ir`).
    pub ir_optimized: Option<String>,
    /// SPIR-V disassembly (`PREFIX.spvasm`).
    pub spvasm: Option<String>,
    /// Cranelift IR of the CPU code (`PREFIX.clif`).
    pub clif: Option<String>,
    /// The files the compilation read from disk: the input, then each `#include`d file
    /// in the order first read, each once, spelled as opened (for `-MD` depfiles; always
    /// filled).
    pub dependencies: Vec<std::path::PathBuf>,
    /// Wall time of each stage and pass that ran (always filled; `-ftime-report` prints
    /// it).
    pub times: TimeReport,
}

/// The files of `map` read from disk, each once (by canonical path), in load order.
fn dependencies(map: &SourceMap) -> Vec<std::path::PathBuf> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for i in 0..map.len() {
        let Some(path) = &map.file(oclc_frontend::source::FileId(i as u32)).path else {
            continue;
        };
        if seen.insert(path.canonicalize().unwrap_or_else(|_| path.clone())) {
            out.push(path.clone());
        }
    }
    out
}

/// Why a compilation failed.
#[derive(Debug)]
pub enum CompileError {
    /// The input could not be read.
    Io(String),
    /// An option is wrong (exit status 2, as other usage errors).
    Usage(String),
    /// Source errors, already rendered with file:line:col and excerpts.
    Diagnostics(String),
    /// A compiler bug (the IR verifier or a backend found an inconsistency).
    Internal(String),
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Io(m) | CompileError::Usage(m) => write!(f, "error: {m}"),
            CompileError::Diagnostics(d) => f.write_str(d.trim_end()),
            CompileError::Internal(m) => write!(
                f,
                "internal compiler error: {m}\nplease report this with the source file"
            ),
        }
    }
}

impl std::error::Error for CompileError {}

/// A program that went through the front end and the lowering; [`prepare`] runs a
/// target's passes on it.
pub struct Lowered {
    /// The IR as lowered (no pass has run).
    pub module: Module,
    /// Rendered warnings (empty when there were none or they were hidden).
    pub warnings: String,
    /// Whether the source says `#pragma OPENCL FP_CONTRACT OFF` (anywhere: oclc then
    /// contracts nothing in the program).
    pub fp_contract_off: bool,
    /// The source files, to show where later stages' errors are (the IR's source spans
    /// index them).
    pub sources: SourceMap,
}

/// How Vulkan code may rewrite the program's float arithmetic under OpenCL C's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VulkanFloat {
    /// `a * b + c` within one expression may become one `Fma` (`FP_CONTRACT ON`, the
    /// default, or `-cl-mad-enable`); see `oclc_ir::legalize::contract`.
    pub contract: bool,
    /// `-cl-fast-relaxed-math` or `-cl-unsafe-math-optimizations`: user float arithmetic
    /// may also be reassociated (it is not decorated `NoContraction`).
    pub relaxed: bool,
    /// `-cl-kernel-arg-info`: the reflection lists each argument's qualifiers.
    pub kernel_arg_info: bool,
}

impl Default for VulkanFloat {
    fn default() -> Self {
        VulkanFloat {
            contract: true,
            relaxed: false,
            kernel_arg_info: false,
        }
    }
}

impl VulkanFloat {
    /// The rules for a lowered program compiled with `opts`.
    pub fn new(opts: &CompileOptions, lowered: &Lowered) -> Self {
        let pragma_off = lowered.fp_contract_off || opts.fp_contract == FpContract::Off;
        VulkanFloat {
            contract: !pragma_off || opts.allows_mad(),
            relaxed: opts.allows_unsafe_math(),
            kernel_arg_info: opts.kernel_arg_info,
        }
    }
}

fn frontend_options(opts: &CompileOptions) -> FrontendOptions {
    let mut fe = FrontendOptions {
        cl_std: opts.cl_std,
        include_dirs: opts.include_dirs.clone(),
        undefines: opts.undefines.clone(),
        fast_relaxed_math: opts.fast_relaxed_math,
        finite_math_only: opts.finite_math_only,
        opt_disabled: opts.opt_level == 0,
        single_precision_constant: opts.single_precision_constant,
        extensions: opts.extensions.clone(),
        bracket_depth: opts
            .bracket_depth
            .unwrap_or(oclc_frontend::options::DEFAULT_BRACKET_DEPTH),
        warnings: match opts.warnings {
            WarningMode::Show => FeWarnings::Normal,
            WarningMode::Hide => FeWarnings::Suppress,
            WarningMode::Error => FeWarnings::AsErrors,
        },
        warning_flags: opts.warning_flags.clone(),
        ..Default::default()
    };
    for d in &opts.defines {
        fe.define_raw(d);
    }
    fe
}

/// Runs the front end and the lowering on a file.
pub fn lower_file(
    path: &Path,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<Lowered, CompileError> {
    let mut map = SourceMap::new();
    let file = map
        .load(path)
        .map_err(|e| CompileError::Io(format!("cannot read '{}': {e}", path.display())))?;
    lower_loaded(&mut map, file, opts, stages)
}

/// Runs the front end and the lowering on source text (`name` is used in
/// diagnostics; includes are searched from the current directory and `-I` dirs).
pub fn lower_source(
    name: &str,
    text: &str,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<Lowered, CompileError> {
    let mut map = SourceMap::new();
    let file = map.add(name, text);
    lower_loaded(&mut map, file, opts, stages)
}

fn lower_loaded(
    map: &mut SourceMap,
    file: oclc_frontend::source::FileId,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<Lowered, CompileError> {
    let fe_opts = frontend_options(opts);
    let start = Instant::now();
    let out = oclc_frontend::compile_to_checked(map, file, &fe_opts);
    stages
        .times
        .add("front end (preprocess, parse, check)", start.elapsed());
    stages.dependencies = dependencies(map);
    if stages.record {
        stages.preprocessed = Some(out.preprocessed_text(map)).filter(|t| !t.is_empty());
    }
    let warnings = out.diagnostics.render(map);
    let fp_contract_off = out.fp_contract_off;
    let Some(program) = out.program.filter(|_| !out.diagnostics.has_errors()) else {
        return Err(CompileError::Diagnostics(warnings));
    };
    let start = Instant::now();
    let lowered = oclc_lower::lower_program(&program);
    stages.times.add("lowering to IR", start.elapsed());
    let module = lowered.map_err(|e| {
        let d = Diagnostic::error("E0900", format!("unsupported: {}", e.message), e.span)
            .with_label("not supported by oclc yet");
        CompileError::Diagnostics(d.render(map))
    })?;
    oclc_ir::verify_module(&module).map_err(|e| CompileError::Internal(e.to_string()))?;
    if stages.record {
        stages.ir = Some(oclc_ir::print_module(&module));
    }
    Ok(Lowered {
        module,
        warnings,
        fp_contract_off,
        sources: map.clone(),
    })
}

/// The pass pipeline of `target` (each backend declares its own) for a program compiled
/// with `opts`, followed by the opt-in passes `--enable-pass` names, with the passes
/// `--disable-pass` names switched off.
pub fn target_pipeline<'a>(
    target: Target,
    opts: &CompileOptions,
    lowered: &Lowered,
) -> oclc_ir::Pipeline<'a> {
    let level = opts.opt_level;
    let pipeline = match target {
        Target::OpenCl => oclc_backend_spirv::opencl_pipeline(level),
        Target::Vulkan => {
            let float = VulkanFloat::new(opts, lowered);
            oclc_backend_spirv::vulkan_pipeline(
                &oclc_backend_spirv::VulkanPipelineOptions {
                    level,
                    contract: float.contract,
                    relaxed_math: float.relaxed,
                },
                &oclc_lower::library::BuiltinLibrary,
            )
        }
        Target::Cpu => oclc_backend_cpu::cpu_pipeline(level),
    };
    let config = oclc_ir::opt::OptConfig {
        fast_math: opts.fast_relaxed_math,
        ..oclc_ir::opt::OptConfig::for_level(level)
    };
    let pipeline = opts.enabled_passes.iter().fold(pipeline, |p, name| {
        oclc_ir::opt::append_opt_in(p, name, &config).expect("checked by check_pass_names")
    });
    pipeline.disable(&opts.disabled_passes)
}

/// Every `--disable-pass` name must be a pass of some target's pipeline, every
/// `--enable-pass` name an opt-in pass.
fn check_pass_names(opts: &CompileOptions, lowered: &Lowered) -> Result<(), CompileError> {
    let opt_in = oclc_ir::opt::OPT_IN_PASSES;
    if let Some(unknown) = opts
        .enabled_passes
        .iter()
        .find(|n| !opt_in.contains(&n.as_str()))
    {
        return Err(CompileError::Usage(format!(
            "--enable-pass: no opt-in pass is called '{unknown}' (opt-in passes: {})",
            opt_in.join(", ")
        )));
    }
    if opts.disabled_passes.is_empty() {
        return Ok(());
    }
    let all = CompileOptions {
        opt_level: 3,
        disabled_passes: Vec::new(),
        ..opts.clone()
    };
    let mut known: Vec<&str> = Vec::new();
    for target in [Target::OpenCl, Target::Vulkan, Target::Cpu] {
        for name in target_pipeline(target, &all, lowered).pass_names() {
            if !known.contains(&name) {
                known.push(name);
            }
        }
    }
    match opts
        .disabled_passes
        .iter()
        .find(|n| !known.contains(&n.as_str()))
    {
        Some(unknown) => Err(CompileError::Usage(format!(
            "--disable-pass: no pass is called '{unknown}' (passes: {})",
            known.join(", ")
        ))),
        None => Ok(()),
    }
}

/// The lowered program run through the pass pipeline of `target` ([`target_pipeline`]):
/// the module that target's backend takes. Records the IR after each pass run that changed
/// it (`N-pass`) and the final IR (`opt.ir`); refusals of legalisations are shown at their
/// place in the sources.
pub fn prepare(
    lowered: &Lowered,
    target: Target,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<Module, CompileError> {
    check_pass_names(opts, lowered)?;
    let mut module = lowered.module.clone();
    let record = stages.record;
    let mut after: Vec<(String, String)> = Vec::new();
    let mut previous = stages.ir.clone().unwrap_or_default();
    let times = &mut stages.times;
    // Each pass's time is the time since the previous pass's observation ended.
    let mut pass_start = Instant::now();
    let result = target_pipeline(target, opts, lowered).run(&mut module, &mut |name, m| {
        times.add(&format!("pass {name}"), pass_start.elapsed());
        if record {
            // Keep the IR after each pass run that changed it, numbered in order.
            let text = oclc_ir::print_module(m);
            if text != previous {
                after.push((format!("{}-{name}", after.len() + 1), text.clone()));
                previous = text;
            }
        }
        pass_start = Instant::now();
    });
    stages.ir_after_passes = after;
    if let Err(failure) = result {
        let message = match target {
            Target::Vulkan => format!("on Vulkan, {}", failure.refusal.message),
            Target::Cpu => format!("on the CPU, {}", failure.refusal.message),
            Target::OpenCl => failure.refusal.message.clone(),
        };
        return Err(located_error(
            &lowered.sources,
            &message,
            failure.refusal.span,
        ));
    }
    oclc_ir::verify_module(&module).map_err(|e| CompileError::Internal(e.to_string()))?;
    if record {
        stages.ir_optimized = Some(oclc_ir::print_module(&module));
    }
    Ok(module)
}

/// Emits SPIR-V for OpenCL from a lowered program, after the target's pipeline
/// ([`prepare`]); errors are shown at their place in the sources (see [`located_error`]).
pub fn emit_opencl_spirv(
    lowered: &Lowered,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<Vec<u32>, CompileError> {
    let module = &prepare(lowered, Target::OpenCl, opts, stages)?;
    let sources = &lowered.sources;
    let spv_opts = oclc_backend_spirv::SpirvOptions {
        version: opts.spirv_version,
        fast_math: opts.fast_relaxed_math,
        finite_math_only: opts.finite_math_only,
        no_signed_zeros: opts.no_signed_zeros,
        unsafe_math: opts.unsafe_math_optimizations,
        denorms_are_zero: opts.denorms_are_zero,
    };
    let debug = opts
        .debug_info
        .then(|| crate::located::debug_sources(sources));
    let start = Instant::now();
    let words = oclc_backend_spirv::emit_opencl_debug(module, &spv_opts, debug.as_ref())
        .map_err(|e| located_error(sources, &e.to_string(), e.span))?;
    stages.times.add("SPIR-V emission", start.elapsed());
    if stages.record {
        stages.spvasm = Some(oclc_backend_spirv::disassemble(&words));
    }
    Ok(words)
}

/// Emits SPIR-V for Vulkan compute, with the reflection of each kernel, from a lowered
/// program after the target's pipeline ([`prepare`]: the built-in library linked, the
/// Vulkan legalisations); errors are shown at their place in the sources.
pub fn emit_vulkan_spirv(
    lowered: &Lowered,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<oclc_backend_spirv::VulkanModule, CompileError> {
    let module = &prepare(lowered, Target::Vulkan, opts, stages)?;
    let sources = &lowered.sources;
    let float = VulkanFloat::new(opts, lowered);
    let vk_opts = oclc_backend_spirv::VulkanOptions {
        relaxed_math: float.relaxed,
        kernel_arg_info: float.kernel_arg_info,
    };
    // An error about the whole program (it has no kernel) is shown at the file's start.
    let whole_file = (!module.functions.iter().any(|f| f.is_kernel())).then_some(SourceSpan {
        file: 0,
        start: 0,
        end: 0,
    });
    let debug = opts
        .debug_info
        .then(|| crate::located::debug_sources(sources));
    let start = Instant::now();
    let vk = oclc_backend_spirv::emit_vulkan_debug(module, &vk_opts, debug.as_ref())
        .map_err(|e| located_error(sources, &e.to_string(), e.span.or(whole_file)))?;
    stages.times.add("SPIR-V emission", start.elapsed());
    if stages.record {
        stages.spvasm = Some(oclc_backend_spirv::disassemble(&vk.words));
    }
    Ok(vk)
}

/// States the denormal mode `mode` (see [`CompileOptions::vulkan_denorm_mode`]) in the
/// Vulkan module `words`, for every float width it uses; `None` leaves it unchanged.
pub fn apply_vulkan_denorm(
    words: &mut Vec<u32>,
    mode: Option<oclc_runtime_lite::vulkan::denorm::DenormMode>,
    stages: &mut Stages,
) {
    use oclc_runtime_lite::vulkan::denorm::{float_widths, set_denorm_mode};
    let Some(mode) = mode else { return };
    *words = set_denorm_mode(words, mode, &float_widths(words));
    if stages.record {
        stages.spvasm = Some(oclc_backend_spirv::disassemble(words));
    }
}

/// Writes the recorded stages as `PREFIX.i`, `PREFIX.ir`, ... and returns the paths written.
pub fn write_stages(prefix: &str, stages: &Stages) -> std::io::Result<Vec<String>> {
    let mut written = Vec::new();
    let mut put = |suffix: &str, text: &Option<String>| -> std::io::Result<()> {
        if let Some(t) = text {
            let path = format!("{prefix}.{suffix}");
            std::fs::write(&path, t)?;
            written.push(path);
        }
        Ok(())
    };
    put("i", &stages.preprocessed)?;
    put("ir", &stages.ir)?;
    for (pass, text) in &stages.ir_after_passes {
        put(&format!("{pass}.ir"), &Some(text.clone()))?;
    }
    put("opt.ir", &stages.ir_optimized)?;
    put("spvasm", &stages.spvasm)?;
    put("clif", &stages.clif)?;
    Ok(written)
}

/// Preprocesses a file and returns the text (`-E`); the files read go to
/// `stages.dependencies`.
pub fn preprocess_file(
    path: &Path,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<String, CompileError> {
    let mut map = SourceMap::new();
    let file = map
        .load(path)
        .map_err(|e| CompileError::Io(format!("cannot read '{}': {e}", path.display())))?;
    let fe_opts = frontend_options(opts);
    let pp = oclc_frontend::preprocess(&mut map, file, &fe_opts);
    stages.dependencies = dependencies(&map);
    let (tokens, diags) = pp.map_err(|d| CompileError::Diagnostics(d.render(&map)))?;
    if diags.has_errors() {
        return Err(CompileError::Diagnostics(diags.render(&map)));
    }
    if !diags.is_empty() {
        eprint!("{}", diags.render(&map));
    }
    Ok(oclc_frontend::render_preprocessed(&map, &tokens))
}

/// Runs only the front end (`-fsyntax-only`); returns rendered warnings.
pub fn check_file(
    path: &Path,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<String, CompileError> {
    let mut map = SourceMap::new();
    let file = map
        .load(path)
        .map_err(|e| CompileError::Io(format!("cannot read '{}': {e}", path.display())))?;
    let out = oclc_frontend::compile_to_checked(&mut map, file, &frontend_options(opts));
    stages.dependencies = dependencies(&map);
    if stages.record {
        stages.preprocessed = Some(out.preprocessed_text(&map)).filter(|t| !t.is_empty());
    }
    let rendered = out.diagnostics.render(&map);
    if out.diagnostics.has_errors() || out.program.is_none() {
        return Err(CompileError::Diagnostics(rendered));
    }
    Ok(rendered)
}

/// Compiles a module for the CPU (checking that it compiles) and records its Cranelift IR;
/// with `launch` (a kernel and its local size), also that kernel as compiled for the size;
/// with `checked`, the checked code of `oclc run --check`.
pub fn compile_cpu(
    module: &Module,
    opt_level: u8,
    checked: bool,
    launch: Option<(&str, [u64; 3])>,
    stages: &mut Stages,
) -> Result<(), CompileError> {
    let mut options = oclc_backend_cpu::CpuOptions::for_opt_level(opt_level);
    if checked {
        options = options.checked();
    }
    let program = oclc_runtime_lite::Program::with_options(module.clone(), options)
        .map_err(|e| CompileError::Diagnostics(format!("error: {e}")))?;
    let mut clif = program.clif_text();
    if let Some((kernel, [x, y, z])) = launch {
        // `oclc run` gives each argument a buffer of its own.
        if let Ok(text) = program.clif_text_for(kernel, [x, y, z], true) {
            clif.push_str(&format!(
                "; kernel {kernel} as launched, local size {x}x{y}x{z}\n"
            ));
            clif.push_str(&text);
            clif.push('\n');
        }
    }
    stages.clif = Some(clif);
    Ok(())
}

/// Compiles a lowered program, after the target's pipeline ([`prepare`]), into a
/// relocatable CPU object for the host, with one C entry per kernel (see
/// `oclc_backend_cpu::object`), and records its Cranelift IR; refusals point into the
/// sources.
pub fn emit_cpu_object(
    lowered: &Lowered,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<oclc_backend_cpu::CpuObject, CompileError> {
    let module = &prepare(lowered, Target::Cpu, opts, stages)?;
    let sources = &lowered.sources;
    let options = oclc_backend_cpu::ObjectOptions {
        cpu: oclc_backend_cpu::CpuOptions::for_opt_level(opts.opt_level)
            .with_debug(opts.debug_info),
        symbol_prefix: opts.cpu_symbol_prefix.clone(),
        debug_sources: opts
            .debug_info
            .then(|| crate::located::debug_sources(sources)),
    };
    let start = Instant::now();
    let object =
        oclc_backend_cpu::compile_object(module, &options, &oclc_lower::library::BuiltinLibrary)
            .map_err(|e| located_error(sources, &e.to_string(), e.span()))?;
    stages.times.add("CPU code generation", start.elapsed());
    if stages.record {
        stages.clif = Some(object.clif.clone());
    }
    Ok(object)
}
