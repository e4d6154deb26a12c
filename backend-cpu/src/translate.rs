//! The part of compiling a module that the JIT ([`crate::jit`]) and the object writer
//! ([`crate::object`]) share: program-scope variables become data objects, and every
//! kernel is inlined, planned and translated into a work-group function defined in a
//! Cranelift module (`JITModule` or `ObjectModule`).

use std::collections::HashMap;

use cranelift_codegen::ir::Function as ClifFunction;
use cranelift_codegen::Context;
use cranelift_module::{DataDescription, DataId, FuncId as ClifFuncId, Linkage, Module as _};
use oclc_ir::{AddressSpace, FuncId, Function, Module};

use crate::abi::{arg_layout, ArgLayout};
use crate::codegen::{translate_kernel, work_group_signature, Env};
use crate::error::CompileError;
use crate::jit::CpuOptions;
use crate::plan::{plan_with, Plan};

/// One kernel translated and defined in the Cranelift module.
pub(crate) struct KernelCode {
    /// The kernel in the IR module.
    pub func: FuncId,
    /// The kernel's name.
    pub name: String,
    /// Its work-group function in the Cranelift module.
    pub id: ClifFuncId,
    /// The Cranelift IR text before optimization, with the vectorize notes.
    pub clif: String,
    /// Its barrier plan (local memory and per-work-item state sizes).
    pub plan: Plan,
    /// Its argument block.
    pub args: ArgLayout,
    /// Its debug information (`-g`).
    pub debug: Option<crate::debuginfo::KernelDebug>,
    /// Its checks, when compiled checked.
    pub check: Option<crate::check::KernelChecks>,
}

/// Builds a [`crate::error::CompileError::Codegen`].
pub(crate) fn codegen_error(function: &str, message: impl Into<String>) -> CompileError {
    CompileError::Codegen {
        function: function.to_string(),
        message: message.into(),
    }
}

/// Declares and defines one local data object per program-scope variable of `module`
/// (read-only for `__constant`, writable otherwise; zero-filled when not initialized),
/// in `GlobalId` order. The code reaches them through relocations.
pub(crate) fn define_globals(
    out: &mut dyn cranelift_module::Module,
    module: &Module,
) -> Result<Vec<DataId>, CompileError> {
    define_globals_as(out, module, &global_symbol)
}

/// [`define_globals`], naming variable `i` (called `name` in the source) `symbol(i, name)`.
pub(crate) fn define_globals_as(
    out: &mut dyn cranelift_module::Module,
    module: &Module,
    symbol: &dyn Fn(usize, &str) -> String,
) -> Result<Vec<DataId>, CompileError> {
    let mut ids = Vec::with_capacity(module.globals.len());
    for (i, g) in module.globals.iter().enumerate() {
        let layout = module.types.layout(g.ty);
        let size = layout.size.max(1) as usize;
        let writable = g.space != AddressSpace::Constant;
        let id = out
            .declare_data(&symbol(i, &g.name), Linkage::Local, writable, false)
            .map_err(|e| codegen_error(&g.name, e.to_string()))?;
        let mut data = DataDescription::new();
        // `init` holds the leading bytes, the rest is zero: data without a non-zero byte
        // is zero-filled (.bss in an object), never materialised here.
        match g.init.as_deref().filter(|init| !init.is_empty()) {
            Some(init) => {
                let mut bytes = vec![0u8; size];
                let n = init.len().min(size);
                bytes[..n].copy_from_slice(&init[..n]);
                data.define(bytes.into_boxed_slice());
            }
            None => data.define_zeroinit(size),
        }
        data.set_align(layout.align.max(16));
        out.define_data(id, &data)
            .map_err(|e| codegen_error(&g.name, e.to_string()))?;
        ids.push(id);
    }
    Ok(ids)
}

/// Which kernels [`translate_kernels`] compiles, and for which local size.
pub(crate) struct KernelSelection<'a> {
    /// Only this kernel (`None`: every kernel of the module).
    pub only: Option<FuncId>,
    /// The local size to specialise a kernel on ([`crate::specialize`]), if any.
    pub local_size: &'a dyn Fn(&Function) -> Option<[u64; 3]>,
    /// Compile for launches whose buffer arguments are distinct buffers
    /// (`codegen::Env::distinct_buffers`).
    pub distinct_buffers: bool,
}

impl KernelSelection<'_> {
    /// Every kernel, none specialised.
    pub fn all_generic() -> KernelSelection<'static> {
        KernelSelection {
            only: None,
            local_size: &|_| None,
            distinct_buffers: false,
        }
    }
}

/// The symbol of program-scope variable `i` (named `name` in the source).
pub(crate) fn global_symbol(i: usize, name: &str) -> String {
    format!("__oclc_global_{i}_{name}")
}

/// Declares every program-scope variable of `module` as an import of the symbol
/// [`global_symbol`] names, for code that shares the variables [`define_globals`] defined
/// in another module (a kernel specialised after the program was compiled).
pub(crate) fn import_globals(
    out: &mut dyn cranelift_module::Module,
    module: &Module,
) -> Result<Vec<DataId>, CompileError> {
    let mut ids = Vec::with_capacity(module.globals.len());
    for (i, g) in module.globals.iter().enumerate() {
        let writable = g.space != AddressSpace::Constant;
        let id = out
            .declare_data(&global_symbol(i, &g.name), Linkage::Import, writable, false)
            .map_err(|e| codegen_error(&g.name, e.to_string()))?;
        ids.push(id);
    }
    Ok(ids)
}

/// Inlines, plans and translates the kernels of `module` that `select` picks into `out`,
/// naming and linking each work-group function as `symbol` says. `runtime` holds the
/// routines the code may call (empty for object files: a call of a routine outside it
/// fails the kernel); each printf call passes its routine the address of its spec in
/// `printf_specs`, or its index there if `printf_by_index`.
#[allow(clippy::vec_box)] // boxed: the JIT's code embeds the specs' addresses
#[allow(clippy::too_many_arguments)]
pub(crate) fn translate_kernels(
    out: &mut dyn cranelift_module::Module,
    module: &Module,
    options: CpuOptions,
    select: &KernelSelection,
    runtime: &HashMap<&'static str, ClifFuncId>,
    globals: &[DataId],
    printf_specs: &mut Vec<Box<crate::printf::PrintfSpec>>,
    printf_by_index: bool,
    symbol: &dyn Fn(FuncId, &Function) -> (String, Linkage),
) -> Result<Vec<KernelCode>, CompileError> {
    let call_conv = out.isa().default_call_conv();
    let mut types = module.types.clone();
    let mut kernels = Vec::new();
    for (fid, kf) in module.kernels() {
        if select.only.is_some_and(|only| only != fid) {
            continue;
        }
        let local_size = (select.local_size)(kf);
        let mut func = oclc_ir::opt::inline::inline_calls(module, &mut types, fid, &|_| true)
            .map_err(
                |oclc_ir::opt::inline::InlineError::Recursion { function }| {
                    CompileError::Recursion { function }
                },
            )?;
        // Variables stored once at the top (`lid = get_local_id(0)`) become plain values,
        // which barrier regions recompute instead of keeping per work-item.
        // Not under -g: the debugger shows the variables.
        if !options.debug && oclc_ir::opt::forward_stores::forward_single_stores(&mut func) > 0 {
            oclc_ir::opt::dce::dce_function(&mut func);
        }
        let mut unrolled = false;
        if let Some(sizes) = local_size {
            crate::specialize::substitute_local_size(&types, &mut func, sizes);
            if !options.debug && !options.check {
                unrolled = crate::specialize::unroll_fixed_barrier_loops(
                    &mut types,
                    &mut func,
                    module.volatile_memory,
                    options.opt_level,
                );
            }
        }
        let p = plan_with(&types, &func, options.debug);
        let mut args = arg_layout(module, kf);
        // Checked code finds its check table and shadow in two slots after the parameters.
        let check_slot = options.check.then(|| {
            let at = args.total;
            args.total += 16;
            at
        });
        let mut env = Env {
            module: &mut *out,
            math: runtime,
            globals,
            call_conv,
            printf_specs: &mut *printf_specs,
            printf_by_index,
            vectorize: options.vectorize,
            local_size,
            distinct_buffers: select.distinct_buffers,
            notes: Vec::new(),
            missing_routines: Vec::new(),
            debug: options.debug,
            debug_slots: Default::default(),
            check: check_slot,
            check_sites: Vec::new(),
            check_global_always: false,
            check_proven: (Vec::new(), 0),
        };
        let clif: ClifFunction = translate_kernel(&types, module, &func, &p, &mut env)?;
        let debug_slots = std::mem::take(&mut env.debug_slots);
        let check_sites = std::mem::take(&mut env.check_sites);
        let global_always = env.check_global_always;
        let (proven, proven_sites) = std::mem::take(&mut env.check_proven);
        let proven = (proven_sites == check_sites.len()).then_some(proven);
        if let Some(name) = env.missing_routines.first() {
            return Err(CompileError::unsupported(&kf.name, describe_routine(name)));
        }
        let mut text = String::new();
        if !options.vectorize {
            text.push_str("; vectorize: off (-O0)\n");
        }
        if let Some([x, y, z]) = local_size {
            let loops = if unrolled {
                ", loops with barriers unrolled fully"
            } else {
                ""
            };
            text.push_str(&format!("; specialised: local size {x}x{y}x{z}{loops}\n"));
        }
        if p.wide_rows {
            text.push_str("; wide rows: a call's groups run as one row\n");
        }
        for n in &env.notes {
            text.push_str(&format!("; vectorize: {n}\n"));
        }
        text.push_str(&clif.display().to_string());
        let (name, linkage) = symbol(fid, kf);
        let id = out
            .declare_function(&name, linkage, &work_group_signature(call_conv))
            .map_err(|e| codegen_error(&kf.name, e.to_string()))?;
        let mut ctx = Context::for_function(clif);
        out.define_function(id, &mut ctx)
            .map_err(|e| codegen_error(&kf.name, format!("{e:?}")))?;
        let debug = options.debug.then(|| {
            crate::debuginfo::capture(
                &ctx,
                out.isa(),
                kf,
                &func,
                &mut types,
                &debug_slots,
                &args.offsets,
            )
        });
        kernels.push(KernelCode {
            func: fid,
            name: kf.name.clone(),
            id,
            clif: text,
            plan: p,
            args,
            debug,
            check: check_slot.map(|table_offset| crate::check::KernelChecks {
                table_offset,
                sites: check_sites,
                global_always,
                proven,
            }),
        });
    }
    Ok(kernels)
}

/// What needs the runtime routine `symbol` that an object file cannot call, for errors.
fn describe_routine(symbol: &str) -> String {
    if symbol == crate::codegen::printf::PRINTF_SYMBOL {
        return "printf in CPU object files (it needs oclc's runtime)".into();
    }
    let builtin = symbol
        .strip_prefix("oclc_")
        .and_then(|s| s.rsplit_once('_'))
        .map(|(name, ty)| {
            let ty = if ty == "f64" { "double" } else { "float" };
            format!("the built-in `{name}` on {ty}")
        })
        .unwrap_or_else(|| format!("the runtime routine `{symbol}`"));
    format!("{builtin} in CPU object files (oclc's built-in library has no implementation to link)")
}
