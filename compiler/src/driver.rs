//! The compilation pipeline: source -> preprocess -> parse -> check -> IR -> passes ->
//! backend, recording each stage's text for `-save-temps`.

use std::fmt;
use std::path::Path;

use oclc_frontend::diagnostic::{Diagnostic, WarningMode as FeWarnings};
use oclc_frontend::options::{ClStd as FeClStd, FrontendOptions};
use oclc_frontend::source::SourceMap;
use oclc_ir::Module;

use crate::located::located_error;
use crate::options::{ClStd, CompileOptions, WarningMode};

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
    /// IR after each pass run that changed it, named `N-pass` (`PREFIX.N-pass.ir`).
    pub ir_after_passes: Vec<(String, String)>,
    /// IR after all passes (`PREFIX.opt.ir`).
    pub ir_optimized: Option<String>,
    /// IR with oclc's built-in library linked for Vulkan (`PREFIX.vulkan.ir`).
    pub ir_vulkan: Option<String>,
    /// SPIR-V disassembly (`PREFIX.spvasm`).
    pub spvasm: Option<String>,
    /// Cranelift IR of the CPU code (`PREFIX.clif`).
    pub clif: Option<String>,
}

/// Why a compilation failed.
#[derive(Debug)]
pub enum CompileError {
    /// The input could not be read.
    Io(String),
    /// Source errors, already rendered with file:line:col and excerpts.
    Diagnostics(String),
    /// A compiler bug (the IR verifier or a backend found an inconsistency).
    Internal(String),
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Io(m) => write!(f, "error: {m}"),
            CompileError::Diagnostics(d) => f.write_str(d.trim_end()),
            CompileError::Internal(m) => write!(
                f,
                "internal compiler error: {m}\nplease report this with the source file"
            ),
        }
    }
}

impl std::error::Error for CompileError {}

/// A program that went through the front end, lowering and passes.
pub struct Lowered {
    /// The optimized IR.
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
    /// default, or `-cl-mad-enable`); see `oclc_ir::passes::contract`.
    pub contract: bool,
    /// `-cl-fast-relaxed-math`: user float arithmetic may also be reassociated (it is
    /// not decorated `NoContraction`).
    pub relaxed: bool,
}

impl Default for VulkanFloat {
    fn default() -> Self {
        VulkanFloat {
            contract: true,
            relaxed: false,
        }
    }
}

impl VulkanFloat {
    /// The rules for a lowered program compiled with `opts`.
    pub fn new(opts: &CompileOptions, lowered: &Lowered) -> Self {
        let relaxed = opts.fast_relaxed_math;
        VulkanFloat {
            contract: !lowered.fp_contract_off || opts.mad_enable || relaxed,
            relaxed,
        }
    }
}

fn frontend_options(opts: &CompileOptions) -> FrontendOptions {
    let mut fe = FrontendOptions {
        cl_std: match opts.cl_std {
            ClStd::Cl12 => FeClStd::Cl12,
            ClStd::Cl20 => FeClStd::Cl20,
            ClStd::Cl30 => FeClStd::Cl30,
        },
        include_dirs: opts.include_dirs.clone(),
        fast_relaxed_math: opts.fast_relaxed_math,
        bracket_depth: opts.bracket_depth,
        warnings: match opts.warnings {
            WarningMode::Show => FeWarnings::Normal,
            WarningMode::Hide => FeWarnings::Suppress,
            WarningMode::Error => FeWarnings::AsErrors,
        },
        ..Default::default()
    };
    for d in &opts.defines {
        fe.define_raw(d);
    }
    fe
}

/// Runs the front end, the lowering and the IR passes on a file.
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

/// Runs the front end, the lowering and the IR passes on source text (`name` is used in
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
    let out = oclc_frontend::compile_to_checked(map, file, &fe_opts);
    if stages.record {
        stages.preprocessed = Some(out.preprocessed_text(map)).filter(|t| !t.is_empty());
    }
    let warnings = out.diagnostics.render(map);
    let fp_contract_off = out.fp_contract_off;
    let Some(program) = out.program.filter(|_| !out.diagnostics.has_errors()) else {
        return Err(CompileError::Diagnostics(warnings));
    };
    let mut module = oclc_ir::lower_program(&program).map_err(|e| {
        let d = Diagnostic::error("E0900", format!("unsupported: {}", e.message), e.span)
            .with_label("not supported by oclc yet");
        CompileError::Diagnostics(d.render(map))
    })?;
    oclc_ir::verify_module(&module).map_err(|e| CompileError::Internal(e.to_string()))?;
    let record = stages.record;
    if record {
        stages.ir = Some(oclc_ir::print_module(&module));
    }
    let mut after: Vec<(String, String)> = Vec::new();
    let mut previous = stages.ir.clone().unwrap_or_default();
    oclc_ir::passes::run_pipeline(&mut module, opts.opt_level, |name, m| {
        if !record {
            return;
        }
        // Keep the IR after each pass run that changed it, numbered in order.
        let text = oclc_ir::print_module(m);
        if text != previous {
            after.push((format!("{}-{name}", after.len() + 1), text.clone()));
            previous = text;
        }
    });
    stages.ir_after_passes = after;
    oclc_ir::verify_module(&module).map_err(|e| CompileError::Internal(e.to_string()))?;
    if record {
        stages.ir_optimized = Some(oclc_ir::print_module(&module));
    }
    Ok(Lowered {
        module,
        warnings,
        fp_contract_off,
        sources: map.clone(),
    })
}

/// Emits SPIR-V for OpenCL from an IR module; errors are shown at their place in
/// `sources` (see [`located_error`]).
pub fn emit_opencl_spirv(
    module: &Module,
    sources: &SourceMap,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<Vec<u32>, CompileError> {
    let spv_opts = oclc_backend_spirv::SpirvOptions {
        version: opts.spirv_version,
        fast_math: opts.fast_relaxed_math,
        denorms_are_zero: opts.denorms_are_zero,
    };
    let words = oclc_backend_spirv::emit_opencl(module, &spv_opts)
        .map_err(|e| located_error(sources, &e.to_string(), e.span))?;
    if stages.record {
        stages.spvasm = Some(oclc_backend_spirv::disassemble(&words));
    }
    Ok(words)
}

/// `module` with every built-in that Vulkan lacks with OpenCL's precision (see
/// `oclc_backend_spirv::vulkan_native_math`), and every division Vulkan cannot round
/// as OpenCL requires (double: `oclc_backend_spirv::vulkan_native_division`), linked
/// from oclc's built-in library. Before anything is linked or inlined, products that
/// `float` allows to contract become `mad` (GLSL.std.450 `Fma`). The passes' refusals are
/// shown at their place in `sources`.
pub fn link_vulkan_library(
    module: &Module,
    sources: &SourceMap,
    float: VulkanFloat,
) -> Result<Module, CompileError> {
    let mut linked = module.clone();
    if float.contract {
        oclc_ir::passes::contract::contract_mul_add(&mut linked);
    }
    let native = oclc_backend_spirv::vulkan_native_math;
    let native_div = oclc_backend_spirv::vulkan_native_division;
    match oclc_ir::library::link_with_division(&mut linked, &|f, s| !native(f, s), &|s| {
        !native_div(s)
    }) {
        Ok(_) => {}
        Err(oclc_ir::LinkError::Missing { func, scalar }) => {
            return Err(CompileError::Diagnostics(format!(
                "error: the built-in `{}` on {} is not supported on Vulkan yet",
                func.name(),
                oclc_ir::library::opencl_type_name(scalar)
            )))
        }
        Err(oclc_ir::LinkError::MissingDivision(scalar)) => {
            return Err(CompileError::Diagnostics(format!(
                "error: division on {} is not supported on Vulkan yet",
                oclc_ir::library::opencl_type_name(scalar)
            )))
        }
        Err(e) => return Err(CompileError::Internal(e.to_string())),
    }
    // Vulkan cannot pass and offset Function-storage pointers: inline helpers taking them.
    oclc_ir::passes::inline_private::inline_private_pointer_calls(&mut linked)
        .map_err(|e| CompileError::Diagnostics(format!("error: on Vulkan, {e}")))?;
    // Vulkan images and samplers are descriptors: inline helpers taking them.
    oclc_ir::passes::inline_images::inline_image_helper_calls(&mut linked)
        .map_err(|e| CompileError::Diagnostics(format!("error: on Vulkan, {e}")))?;
    // Vulkan has no generic space: inline helpers taking generic pointers, then give each
    // generic pointer the one named space it points into.
    oclc_ir::passes::infer_spaces::infer_generic_spaces(&mut linked).map_err(|e| {
        let span = match &e {
            oclc_ir::passes::infer_spaces::InferSpacesError::Undecided { span, .. } => *span,
            _ => None,
        };
        located_error(sources, &format!("on Vulkan, {e}"), span)
    })?;
    // Vulkan cannot store or compare Function-storage pointers: private pointer variables
    // become element indices into the one private variable they point into.
    oclc_ir::passes::private_pointers::lower_private_pointer_variables(&mut linked)
        .map_err(|e| located_error(sources, &format!("on Vulkan, {e}"), e.span))?;
    // Vulkan cannot reinterpret Function-storage pointers: union members and `(T *)&x` in
    // private memory become loads and stores of the variable's own type plus bit operations.
    oclc_ir::passes::private_union::lower_private_reinterprets(&mut linked)
        .map_err(|e| located_error(sources, &format!("on Vulkan, {e}"), e.span))?;
    // Vulkan has no 8/16-lane vectors: split them into 4-lane pieces (OpenCL layout kept).
    oclc_ir::passes::split_wide::split_wide_vectors(&mut linked)
        .map_err(|e| CompileError::Diagnostics(format!("error: on Vulkan, {e}")))?;
    oclc_ir::verify_module(&linked).map_err(|e| CompileError::Internal(e.to_string()))?;
    Ok(linked)
}

/// Emits SPIR-V for Vulkan compute, with the reflection of each kernel, after linking the
/// built-in library ([`link_vulkan_library`]; the linked IR is the `vulkan.ir` stage),
/// with the float rules `float`; errors are shown at their place in `sources`.
pub fn emit_vulkan_spirv(
    module: &Module,
    sources: &SourceMap,
    float: VulkanFloat,
    stages: &mut Stages,
) -> Result<oclc_backend_spirv::VulkanModule, CompileError> {
    let module = &link_vulkan_library(module, sources, float)?;
    if stages.record {
        stages.ir_vulkan = Some(oclc_ir::print_module(module));
    }
    let vk_opts = oclc_backend_spirv::VulkanOptions {
        relaxed_math: float.relaxed,
    };
    let vk = oclc_backend_spirv::emit_vulkan_with(module, &vk_opts)
        .map_err(|e| located_error(sources, &e.to_string(), e.span))?;
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
    put("vulkan.ir", &stages.ir_vulkan)?;
    put("spvasm", &stages.spvasm)?;
    put("clif", &stages.clif)?;
    Ok(written)
}

/// Preprocesses a file and returns the text (`-E`).
pub fn preprocess_file(path: &Path, opts: &CompileOptions) -> Result<String, CompileError> {
    let mut map = SourceMap::new();
    let file = map
        .load(path)
        .map_err(|e| CompileError::Io(format!("cannot read '{}': {e}", path.display())))?;
    let fe_opts = frontend_options(opts);
    let (tokens, diags) = oclc_frontend::preprocess(&mut map, file, &fe_opts)
        .map_err(|d| CompileError::Diagnostics(d.render(&map)))?;
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
/// with `launch` (a kernel and its local size), also that kernel as compiled for the size.
pub fn compile_cpu(
    module: &Module,
    opt_level: u8,
    launch: Option<(&str, [u64; 3])>,
    stages: &mut Stages,
) -> Result<(), CompileError> {
    let options = oclc_backend_cpu::CpuOptions::for_opt_level(opt_level);
    let program = oclc_runtime_lite::Program::with_options(module.clone(), options)
        .map_err(|e| CompileError::Diagnostics(format!("error: {e}")))?;
    let mut clif = program.clif_text();
    if let Some((kernel, [x, y, z])) = launch {
        if let Ok(text) = program.clif_text_for(kernel, [x, y, z]) {
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

/// Compiles a module into a relocatable CPU object for the host, with one C entry per
/// kernel (see `oclc_backend_cpu::object`), and records its Cranelift IR; refusals point
/// into `sources`.
pub fn emit_cpu_object(
    module: &Module,
    sources: &SourceMap,
    opts: &CompileOptions,
    stages: &mut Stages,
) -> Result<oclc_backend_cpu::CpuObject, CompileError> {
    let options = oclc_backend_cpu::ObjectOptions {
        cpu: oclc_backend_cpu::CpuOptions::for_opt_level(opts.opt_level),
        symbol_prefix: opts.cpu_symbol_prefix.clone(),
    };
    let object = oclc_backend_cpu::compile_object(module, &options)
        .map_err(|e| located_error(sources, &e.to_string(), e.span()))?;
    if stages.record {
        stages.clif = Some(object.clif.clone());
    }
    Ok(object)
}
