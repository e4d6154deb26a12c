//! Relocatable object output (`oclc k.cl --target cpu -o k.o`) and its C header.
//!
//! The object holds, per kernel `K` (with the symbol prefix `P`, default `oclc_`):
//! - `int PK(const PK_args *args, const oclc_ndrange_t *range)`: runs the whole NDRange
//!   serially on the calling thread (see [`entry`]) and returns [`codes::OK`] or a negative
//!   error code ([`codes`]);
//! - `void PK_group(const PK_args *args, const oclc_group_ctx_t *ctx)`: the work-group
//!   function (the ABI of [`crate::abi`]) for callers that schedule groups themselves.
//!
//! Program-scope variables are local data objects reached through relocations, math
//! built-ins are routines compiled once per object from oclc's built-in library
//! ([`builtins`]) and called like the JIT's, half conversions are
//! generated inside the object ([`half`]), and printf calls the C library's `vprintf` with
//! formats translated at compile time ([`printf`]; x86-64 System V only), so the object
//! imports only `malloc`, `free` and (with printf) `vprintf` from the C library, plus the
//! libm functions Cranelift may call for float rounding and fused multiply-add on CPUs
//! without those instructions (`floorf`, `ceilf`, `truncf`, `nearbyintf`, `fmaf` and their
//! double forms). The code is compiled
//! for the host CPU (its instruction-set extensions detected at compile time), as
//! position-independent code. [`header::c_header`] writes the matching C declarations.

pub mod builtins;
pub mod codes;
mod debug_sections;
pub mod entry;
pub mod half;
pub mod header;
pub mod params;
pub mod printf;
mod routine_module;

use std::collections::HashSet;

use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::Context;
use cranelift_module::{default_libcall_names, Linkage, Module as _};
use cranelift_object::{ObjectBuilder, ObjectModule};
use oclc_ir::{FunctionKind, LibrarySource, Module};

use crate::abi::ArgLayout;
use crate::codegen::printf::PRINTF_SYMBOL;
use crate::error::CompileError;
use crate::jit::CpuOptions;
use crate::translate::{codegen_error, define_globals, translate_kernels};
pub use params::{CField, CParam};

/// The largest work-group (work-items per group) an entry accepts, as the JIT runtime.
pub const MAX_WORK_GROUP_SIZE: u64 = 4096;

/// The default symbol prefix of the generated C names.
pub const DEFAULT_SYMBOL_PREFIX: &str = "oclc_";

/// Names the header declares for every kernel set, which kernel names must not take.
pub const SHARED_NAMES: [&str; 2] = ["oclc_ndrange_t", "oclc_group_ctx_t"];

/// Options of the object writer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectOptions {
    /// Options of the code generator.
    pub cpu: CpuOptions,
    /// Prepended to every kernel's C names (a C identifier prefix).
    pub symbol_prefix: String,
    /// The source files, for the line table of the debug information (`cpu.debug`).
    pub debug_sources: Option<oclc_ir::DebugSources>,
}

impl Default for ObjectOptions {
    fn default() -> Self {
        ObjectOptions {
            cpu: CpuOptions::default(),
            symbol_prefix: DEFAULT_SYMBOL_PREFIX.to_string(),
            debug_sources: None,
        }
    }
}

/// One kernel of an object file, as its C header describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectKernel {
    /// The kernel's OpenCL name.
    pub name: String,
    /// The NDRange entry (`int ENTRY(const ARGS *, const oclc_ndrange_t *)`).
    pub entry_symbol: String,
    /// The work-group function (`void GROUP(const ARGS *, const oclc_group_ctx_t *)`).
    pub group_symbol: String,
    /// The C struct type of the argument block.
    pub args_type: String,
    /// The kernel's parameters as C struct fields, in order.
    pub params: Vec<CParam>,
    /// The argument block layout (the struct matches it byte for byte).
    pub layout: ArgLayout,
    /// Bytes of static `__local` memory a work-group function call needs.
    pub static_local_size: u64,
    /// Bytes of per-work-item state a work-group function call needs per work-item.
    pub wi_state_size: u64,
    /// `reqd_work_group_size`, if declared.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// The OpenCL signature, for the header's comments.
    pub signature: String,
}

/// A compiled object file.
#[derive(Clone, Debug)]
pub struct CpuObject {
    /// The relocatable object (ELF on Linux, Mach-O on macOS, COFF on Windows).
    pub bytes: Vec<u8>,
    /// Its kernels, in module order.
    pub kernels: Vec<ObjectKernel>,
    /// The Cranelift IR of the work-group functions (for `-save-temps`).
    pub clif: String,
}

/// Compiles every kernel of `module` (which should have passed `verify_module`) into a
/// relocatable object for the host; math routines the object cannot call from the host come
/// from `library` (oclc's built-in library, `oclc_lower::library::BuiltinLibrary`).
pub fn compile_object(
    module: &Module,
    options: &ObjectOptions,
    library: &dyn LibrarySource,
) -> Result<CpuObject, CompileError> {
    refuse_images(module)?;
    check_prefix(&options.symbol_prefix)?;
    let kernels_info = describe_kernels(module, &options.symbol_prefix)?;
    let mut out = object_module(options.cpu.debug)?;
    let globals = define_globals(&mut out, module)?;
    let prefix = &options.symbol_prefix;
    let mut printf_specs = Vec::new();
    let mut runtime = half::define_half_routines(&mut out)?;
    let routines = builtins::define_library_routines(&mut out, module, &runtime, library)?;
    runtime.extend(routines);
    let printf_routine = match printf::first_printf_user(module) {
        Some(user) => {
            printf::check_target(&out, &user)?;
            let id = printf::declare_printf(&mut out)?;
            runtime.insert(PRINTF_SYMBOL, id);
            Some(id)
        }
        None => None,
    };
    let kernels = translate_kernels(
        &mut out,
        module,
        options.cpu,
        &crate::translate::KernelSelection::all_generic(),
        &runtime,
        &globals,
        &mut printf_specs,
        true,
        &|_, f| (format!("{prefix}{}_group", f.name), Linkage::Export),
    )?;
    if let Some(id) = printf_routine {
        printf::define_printf(&mut out, id, &printf_specs)?;
    }
    let call_conv = out.isa().default_call_conv();
    let (malloc_sig, free_sig) = entry::libc_signatures(call_conv);
    let malloc = out
        .declare_function("malloc", Linkage::Import, &malloc_sig)
        .map_err(|e| codegen_error("malloc", e.to_string()))?;
    let free = out
        .declare_function("free", Linkage::Import, &free_sig)
        .map_err(|e| codegen_error("free", e.to_string()))?;
    let mut clif = String::new();
    let mut entries = Vec::new();
    for (k, info) in kernels.iter().zip(&kernels_info) {
        let local_args: Vec<u64> = info
            .params
            .iter()
            .filter(|p| p.field == CField::LocalSize)
            .map(|p| p.offset)
            .collect();
        let func = entry::build_entry(
            &mut out,
            &entry::EntryKernel {
                group_fn: k.id,
                args: &k.args,
                local_args: &local_args,
                static_local_size: k.plan.static_local_size,
                wi_state_size: k.plan.wi_state_size,
                reqd: info.reqd_work_group_size,
            },
            malloc,
            free,
        );
        let id = out
            .declare_function(
                &info.entry_symbol,
                Linkage::Export,
                &entry::entry_signature(call_conv),
            )
            .map_err(|e| codegen_error(&k.name, e.to_string()))?;
        let mut ctx = Context::for_function(func);
        out.define_function(id, &mut ctx)
            .map_err(|e| codegen_error(&k.name, format!("{e:?}")))?;
        if options.cpu.debug {
            entries.push((
                id,
                crate::debuginfo::capture::function_debug(&ctx, out.isa()),
            ));
        }
        clif.push_str(&format!("; kernel {}\n{}\n", k.name, k.clif));
    }
    let kernels_info = kernels_info
        .into_iter()
        .zip(&kernels)
        .map(|(mut info, k)| {
            info.static_local_size = k.plan.static_local_size;
            info.wi_state_size = k.plan.wi_state_size;
            info
        })
        .collect::<Vec<_>>();
    let cie = out.isa().create_systemv_cie();
    let mut product = out.finish();
    if options.cpu.debug {
        let sources = options.debug_sources.clone().unwrap_or_default();
        debug_sections::add(
            &mut product,
            &sources,
            &kernels,
            &kernels_info,
            &entries,
            cie,
        )?;
    }
    let bytes = product
        .emit()
        .map_err(|e| codegen_error("<module>", e.to_string()))?;
    Ok(CpuObject {
        bytes,
        kernels: kernels_info,
        clif,
    })
}

/// An object module for the host ISA: optimised, position-independent; with `debug`,
/// every function keeps its frame pointer.
fn object_module(debug: bool) -> Result<ObjectModule, CompileError> {
    let err = |e: String| codegen_error("<module>", e);
    let mut flags = settings::builder();
    flags
        .set("opt_level", "speed")
        .map_err(|e| err(e.to_string()))?;
    flags
        .set("is_pic", "true")
        .map_err(|e| err(e.to_string()))?;
    if debug {
        flags
            .set("preserve_frame_pointers", "true")
            .map_err(|e| err(e.to_string()))?;
    }
    let isa = cranelift_native::builder()
        .map_err(|e| err(e.to_string()))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| err(e.to_string()))?;
    let builder = ObjectBuilder::new(isa, "oclc-kernels", default_libcall_names())
        .map_err(|e| err(e.to_string()))?;
    Ok(ObjectModule::new(builder))
}

/// Fails unless `prefix` can start a C identifier (letters, digits, `_`; no leading digit).
fn check_prefix(prefix: &str) -> Result<(), CompileError> {
    let ok = prefix
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !prefix.starts_with(|c: char| c.is_ascii_digit());
    if ok {
        Ok(())
    } else {
        Err(CompileError::ObjectInterface(format!(
            "the symbol prefix '{prefix}' is not a C identifier prefix (letters, digits and '_', \
             not starting with a digit)"
        )))
    }
}

/// The C view of every kernel; fails when two generated names collide.
fn describe_kernels(module: &Module, prefix: &str) -> Result<Vec<ObjectKernel>, CompileError> {
    let mut names: HashSet<String> = SHARED_NAMES.iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    for (_, f) in module.kernels() {
        let reqd = match &f.kind {
            FunctionKind::Kernel(a) => a.reqd_work_group_size,
            FunctionKind::Helper => None,
        };
        let k = ObjectKernel {
            name: f.name.clone(),
            entry_symbol: format!("{prefix}{}", f.name),
            group_symbol: format!("{prefix}{}_group", f.name),
            args_type: format!("{prefix}{}_args", f.name),
            params: params::c_params(module, f)?,
            layout: crate::abi::arg_layout(module, f),
            static_local_size: 0,
            wi_state_size: 0,
            reqd_work_group_size: reqd,
            signature: params::opencl_signature(f),
        };
        let generated = [
            k.entry_symbol.clone(),
            k.group_symbol.clone(),
            k.args_type.clone(),
            format!("{}_layout_check", k.args_type),
            format!("{}_STATIC_LOCAL_BYTES", k.entry_symbol),
            format!("{}_WI_STATE_BYTES", k.entry_symbol),
        ];
        for n in &generated {
            if !names.insert(n.clone()) {
                return Err(CompileError::ObjectInterface(format!(
                    "the C name '{n}' of kernel '{}' is taken by another generated name; \
                     choose another --cpu-symbol-prefix or rename the kernel",
                    f.name
                )));
            }
        }
        out.push(k);
    }
    Ok(out)
}

/// Objects refuse images, which the JIT runs: image reads and writes call oclc's runtime
/// routines (`backend-cpu/src/image`), which an object cannot reach.
fn refuse_images(module: &Module) -> Result<(), CompileError> {
    for f in &module.functions {
        let opaque = f.value_types.iter().any(|t| {
            matches!(
                module.types.get(*t),
                oclc_ir::Type::Image { .. } | oclc_ir::Type::Sampler
            )
        });
        if opaque {
            return Err(CompileError::ImagesInObject {
                function: f.name.clone(),
                span: first_image_op_span(f),
            });
        }
    }
    Ok(())
}

/// The source span of `f`'s first image read, write or query that has one.
fn first_image_op_span(f: &oclc_ir::Function) -> Option<oclc_ir::SourceSpan> {
    let mut found = None;
    oclc_ir::walk_stmts(&f.body, &mut |s| {
        if let oclc_ir::Stmt::Let { value, op } = s {
            let image_op = matches!(
                op,
                oclc_ir::Op::ImageRead { .. }
                    | oclc_ir::Op::ImageWrite { .. }
                    | oclc_ir::Op::ImageQuery { .. }
            );
            if image_op && found.is_none() {
                found = f.span(*value);
            }
        }
    });
    found
}
