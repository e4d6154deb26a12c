//! Compiling a whole module for the JIT: the runtime routines are linked by address, the
//! shared translation ([`crate::translate`]) defines the kernels, and the JIT finalizes them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, DataId, FuncId as ClifFuncId, Linkage, Module as _};
use oclc_ir::{DebugSources, FuncId, FunctionKind, Module};

use crate::abi::{ArgLayout, WorkGroupFn};
use crate::codegen::image::{image_read_signature, image_write_signature};
use crate::codegen::printf::PRINTF_SYMBOL;
use crate::debuginfo::gdb_jit::Registration;
use crate::error::CompileError;
use crate::image::entry::{
    oclc_image_read, oclc_image_write, IMAGE_READ_SYMBOL, IMAGE_WRITE_SYMBOL,
};
use crate::translate::{
    codegen_error, define_globals, global_symbol, import_globals, translate_kernels,
    KernelSelection,
};

/// One compiled kernel.
#[derive(Clone, Debug)]
pub struct CompiledKernel {
    /// The kernel's name.
    pub name: String,
    /// The kernel in the IR module.
    pub func: FuncId,
    /// The work-group function (valid while the [`CpuProgram`] lives).
    pub entry: WorkGroupFn,
    /// Layout of the argument block.
    pub args: ArgLayout,
    /// Bytes of static `__local` variables per work-group ([`crate::WorkGroupContext::local_mem`]).
    pub static_local_size: u64,
    /// Bytes of per-work-item state ([`crate::WorkGroupContext::wi_state`]); 0 without barriers.
    pub wi_state_size: u64,
    /// True when the kernel contains a barrier (after inlining).
    pub has_barrier: bool,
    /// True when a call of [`CompiledKernel::entry`] runs
    /// [`crate::WorkGroupContext::group_count`] work-groups; otherwise it runs one.
    pub group_loop: bool,
    /// The Cranelift IR of the work-group function, before optimization (for `-save-temps`).
    pub clif: String,
    /// Its checks, when compiled checked ([`CpuOptions::check`]).
    pub check: Option<std::sync::Arc<crate::check::KernelChecks>>,
}

/// A module's kernels, JIT-compiled for the host. Owns the machine code and the memory of
/// program-scope variables, and compiles a kernel again for the local size of a launch on
/// first use ([`CpuProgram::kernel_for`]).
pub struct CpuProgram {
    kernels: Vec<CompiledKernel>,
    /// Owns the machine code and the program-scope variables (data objects).
    jit: Option<JitCode>,
    /// The module, for specialising its kernels later.
    module: Module,
    pub(crate) options: CpuOptions,
    /// The symbol and address of every program-scope variable, which specialised code
    /// imports (all code of the program shares them).
    pub(crate) global_addrs: Vec<(String, usize)>,
    /// The source files, for the debug information of `-g` code.
    debug_sources: DebugSources,
    specialised: Mutex<Specialised>,
}

/// Machine code and what it refers to, freed together.
pub(crate) struct JitCode {
    pub(crate) jit: JITModule,
    /// Boxed: the generated code holds their addresses, which must not move.
    #[allow(clippy::vec_box)]
    _printf_specs: Vec<Box<crate::printf::PrintfSpec>>,
    /// The code's debug information as registered with debuggers (`-g`).
    debugger: Option<Registration>,
}

/// The kernels compiled for a launch's local size so far.
#[derive(Default)]
struct Specialised {
    /// By kernel, local size and whether the launch's buffers are distinct.
    kernels: HashMap<(FuncId, [u64; 3], bool), Arc<CompiledKernel>>,
    /// The generic kernels, shared, for launches that take them.
    generic: HashMap<FuncId, Arc<CompiledKernel>>,
    /// The code of the specialised kernels.
    code: Vec<JitCode>,
}

/// The most local sizes one kernel is specialised for; later sizes run the generic code.
pub const MAX_SPECIALISATIONS: usize = 16;

impl std::fmt::Debug for CpuProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CpuProgram")
            .field("kernels", &self.kernels)
            .finish_non_exhaustive()
    }
}

impl CpuProgram {
    /// All kernels, in module order, as compiled for any local size (or for their
    /// `reqd_work_group_size`, when declared and the vectorize stage runs).
    pub fn kernels(&self) -> &[CompiledKernel] {
        &self.kernels
    }

    /// The options the program was compiled with.
    pub fn options(&self) -> CpuOptions {
        self.options
    }

    /// A kernel by name.
    pub fn kernel(&self, name: &str) -> Option<&CompiledKernel> {
        self.kernels.iter().find(|k| k.name == name)
    }

    /// Kernel `name` compiled for launches with work-groups of `local_size`: the first call
    /// for a size compiles it with the size as a constant ([`crate::specialize`]) and later
    /// calls share that code. The generic kernel serves `-O0` (no vectorize stage), kernels
    /// with a `reqd_work_group_size` (already compiled for it) and kernels launched with more
    /// than [`MAX_SPECIALISATIONS`] sizes. `None` when the program has no such kernel.
    pub fn kernel_for(
        &self,
        name: &str,
        local_size: [u64; 3],
    ) -> Option<Result<Arc<CompiledKernel>, CompileError>> {
        self.kernel_for_launch(name, local_size, false)
    }

    /// [`CpuProgram::kernel_for`] for a launch that also says whether its buffer arguments
    /// are distinct buffers (no two pointer parameters share memory): such launches get
    /// code of their own, in which loads from the buffers the kernel never writes may move
    /// ([`crate::vectorize::movable_loads`]).
    pub fn kernel_for_launch(
        &self,
        name: &str,
        local_size: [u64; 3],
        distinct_buffers: bool,
    ) -> Option<Result<Arc<CompiledKernel>, CompileError>> {
        let generic = self.kernel(name)?;
        let fid = generic.func;
        let key = (fid, local_size, distinct_buffers);
        let mut spec = self.specialised.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = spec.kernels.get(&key) {
            return Some(Ok(k.clone()));
        }
        let sizes = spec.kernels.keys().filter(|(f, _, _)| *f == fid).count();
        let takes_generic = !self.options.vectorize
            || reqd_local_size(self.module.function(fid)).is_some()
            || sizes >= MAX_SPECIALISATIONS;
        if takes_generic {
            let k = spec
                .generic
                .entry(fid)
                .or_insert_with(|| Arc::new(generic.clone()));
            return Some(Ok(k.clone()));
        }
        let compiled = self.specialise(fid, local_size, distinct_buffers);
        Some(compiled.map(|(code, kernel)| {
            let kernel = Arc::new(kernel);
            spec.code.push(code);
            spec.kernels.insert(key, kernel.clone());
            kernel
        }))
    }

    /// Compiles kernel `fid` alone for `local_size` (and distinct buffers, when
    /// `distinct_buffers`).
    fn specialise(
        &self,
        fid: FuncId,
        local_size: [u64; 3],
        distinct_buffers: bool,
    ) -> Result<(JitCode, CompiledKernel), CompileError> {
        let select = KernelSelection {
            only: Some(fid),
            local_size: &|_| Some(local_size),
            distinct_buffers,
        };
        self.compile_one(&self.module, &select)
    }

    /// Compiles the one kernel of `module` that `select` picks, in a JIT module of its own
    /// that imports the program-scope variables (`module` declares the program's).
    pub(crate) fn compile_one(
        &self,
        module: &Module,
        select: &KernelSelection,
    ) -> Result<(JitCode, CompiledKernel), CompileError> {
        let (mut jit, runtime) = new_jit(&self.global_addrs, self.options.debug)?;
        let globals = import_globals(&mut jit, module)?;
        let (code, mut kernels) = define_kernels(
            jit,
            module,
            self.options,
            select,
            &runtime,
            &globals,
            &self.debug_sources,
        )?;
        let kernel = kernels.pop().expect("the kernel was selected");
        Ok((code, kernel))
    }

    /// The Cranelift IR text of every kernel (the `PREFIX.clif` file of `-save-temps`).
    pub fn clif_text(&self) -> String {
        let mut s = String::new();
        for k in &self.kernels {
            s.push_str(&format!("; kernel {}\n", k.name));
            s.push_str(&k.clif);
            s.push('\n');
        }
        s
    }
}

impl Drop for CpuProgram {
    fn drop(&mut self) {
        let spec = std::mem::take(
            self.specialised
                .get_mut()
                .unwrap_or_else(|e| e.into_inner()),
        );
        for code in spec.code.into_iter().chain(self.jit.take()) {
            // Debuggers forget the code before it goes.
            drop(code.debugger);
            // SAFETY: the function pointers handed out by this program must not outlive it
            // (documented on `CompiledKernel::entry`).
            unsafe { code.jit.free_memory() };
        }
    }
}

/// Options of the CPU backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuOptions {
    /// Run consecutive work-items on SIMD lanes where a region allows it (the "vectorize"
    /// stage: on at `-O1` and above, off at `-O0`).
    pub vectorize: bool,
    /// Debug information (`-g`): one work-item at a time (no SIMD lanes), private
    /// variables in stack slots, the current work-item's ids in a stack slot, source
    /// locations on the instructions and frame pointers kept.
    pub debug: bool,
    /// Compile checked code ([`crate::check`]): every access, division and barrier is
    /// checked and defects are reported; the vectorize stage is off.
    pub check: bool,
    /// The `-O` level the module was optimised at (the budgets of what a kernel specialised
    /// on its local size unrolls, [`crate::specialize::unroll_fixed_barrier_loops`]).
    pub opt_level: u8,
}

impl Default for CpuOptions {
    fn default() -> Self {
        CpuOptions {
            vectorize: true,
            debug: false,
            check: false,
            opt_level: 2,
        }
    }
}

impl CpuOptions {
    /// The options matching optimisation level `-O<level>`.
    pub fn for_opt_level(level: u8) -> Self {
        CpuOptions {
            vectorize: level >= 1,
            debug: false,
            check: false,
            opt_level: level,
        }
    }

    /// These options with debug information (`-g`), which runs one work-item at a time.
    pub fn with_debug(self, debug: bool) -> Self {
        CpuOptions {
            vectorize: self.vectorize && !debug,
            debug,
            ..self
        }
    }

    /// These options for checked code ([`crate::check`]): checks on, vectorize stage off.
    pub fn checked(self) -> Self {
        CpuOptions {
            vectorize: false,
            check: true,
            ..self
        }
    }
}

/// Compiles every kernel of `module` (which should have passed `verify_module`) with the
/// default options.
pub fn compile_module(module: &Module) -> Result<CpuProgram, CompileError> {
    compile_module_with(module, CpuOptions::default())
}

/// Compiles every kernel of `module` (which should have passed `verify_module`).
pub fn compile_module_with(
    module: &Module,
    options: CpuOptions,
) -> Result<CpuProgram, CompileError> {
    compile_module_debug(module, options, DebugSources::default())
}

/// Compiles every kernel of `module` (which should have passed `verify_module`); with
/// `options.debug`, the code's debug information names the source files `debug_sources`
/// and is registered with debuggers (GDB's JIT interface) while the program lives.
pub fn compile_module_debug(
    module: &Module,
    options: CpuOptions,
    debug_sources: DebugSources,
) -> Result<CpuProgram, CompileError> {
    let (mut jit, runtime) = new_jit(&[], options.debug)?;
    let globals = define_globals(&mut jit, module)?;
    let select = KernelSelection {
        only: None,
        local_size: &|f| reqd_local_size(f).filter(|_| options.vectorize),
        distinct_buffers: false,
    };
    let (code, kernels) = define_kernels(
        jit,
        module,
        options,
        &select,
        &runtime,
        &globals,
        &debug_sources,
    )?;
    let global_addrs = module
        .globals
        .iter()
        .zip(&globals)
        .enumerate()
        .map(|(i, (g, id))| {
            let addr = code.jit.get_finalized_data(*id).0 as usize;
            (global_symbol(i, &g.name), addr)
        })
        .collect();
    Ok(CpuProgram {
        kernels,
        jit: Some(code),
        module: module.clone(),
        options,
        global_addrs,
        debug_sources,
        specialised: Mutex::new(Specialised::default()),
    })
}

/// A kernel's `reqd_work_group_size`, as a local size.
fn reqd_local_size(f: &oclc_ir::Function) -> Option<[u64; 3]> {
    match &f.kind {
        FunctionKind::Kernel(a) => a.reqd_work_group_size.map(|r| r.map(u64::from)),
        FunctionKind::Helper => None,
    }
}

/// A JIT module that resolves the runtime routines (math, printf, images) and `symbols`
/// (name, address), with the routines declared; returns it and the routines' ids. With
/// `debug`, every function keeps its frame pointer (the debug information's frame base).
fn new_jit(
    symbols: &[(String, usize)],
    debug: bool,
) -> Result<(JITModule, HashMap<&'static str, ClifFuncId>), CompileError> {
    let mut flags = vec![("opt_level", "speed")];
    if debug {
        flags.push(("preserve_frame_pointers", "true"));
    }
    let mut builder = JITBuilder::with_flags(&flags, default_libcall_names())
        .map_err(|e| codegen_error("<module>", e.to_string()))?;
    for r in crate::mathlib::routines() {
        builder.symbol(r.name, r.ptr);
    }
    builder.symbol(PRINTF_SYMBOL, crate::printf::oclc_printf as *const u8);
    builder.symbol(IMAGE_READ_SYMBOL, oclc_image_read as *const u8);
    builder.symbol(IMAGE_WRITE_SYMBOL, oclc_image_write as *const u8);
    builder.symbol(
        crate::check::sink::REPORT_SYMBOL,
        crate::check::sink::oclc_check_report as *const u8,
    );
    builder.symbol(
        crate::check::shadow::LOCAL_ACCESS_SYMBOL,
        crate::check::shadow::oclc_check_local as *const u8,
    );
    builder.symbol(
        crate::check::global::GLOBAL_ACCESS_SYMBOL,
        crate::check::global::oclc_check_global as *const u8,
    );
    builder.symbol(
        crate::check::shadow::EPOCH_SYMBOL,
        crate::check::shadow::oclc_check_epoch as *const u8,
    );
    for (name, addr) in symbols {
        builder.symbol(name.clone(), *addr as *const u8);
    }
    let mut jit = JITModule::new(builder);
    let call_conv = jit.isa().default_call_conv();
    let mut math = HashMap::new();
    for r in crate::mathlib::routines() {
        let name = r.name;
        let sig = crate::codegen::math::math_signature(name, call_conv);
        let id = jit
            .declare_function(name, Linkage::Import, &sig)
            .map_err(|e| codegen_error(name, e.to_string()))?;
        math.insert(name, id);
    }
    let id = jit
        .declare_function(PRINTF_SYMBOL, Linkage::Import, &printf_signature(call_conv))
        .map_err(|e| codegen_error(PRINTF_SYMBOL, e.to_string()))?;
    math.insert(PRINTF_SYMBOL, id);
    for (name, sig) in [
        (IMAGE_READ_SYMBOL, image_read_signature(call_conv)),
        (IMAGE_WRITE_SYMBOL, image_write_signature(call_conv)),
        (
            crate::check::sink::REPORT_SYMBOL,
            crate::codegen::check::i64_signature(7, true, call_conv),
        ),
        (
            crate::check::shadow::LOCAL_ACCESS_SYMBOL,
            crate::codegen::check::i64_signature(8, true, call_conv),
        ),
        (
            crate::check::global::GLOBAL_ACCESS_SYMBOL,
            crate::codegen::check::i64_signature(8, true, call_conv),
        ),
        (
            crate::check::shadow::EPOCH_SYMBOL,
            crate::codegen::check::i64_signature(2, false, call_conv),
        ),
    ] {
        let id = jit
            .declare_function(name, Linkage::Import, &sig)
            .map_err(|e| codegen_error(name, e.to_string()))?;
        math.insert(name, id);
    }
    crate::codegen::check_cold::define_cold_entries(&mut jit, &mut math)?;
    Ok((jit, math))
}

/// Translates the kernels `select` picks into `jit`, finalizes it and returns the code
/// with the kernels' entries; under `options.debug` the code's debug information (naming
/// `debug_sources`) is registered with debuggers.
fn define_kernels(
    mut jit: JITModule,
    module: &Module,
    options: CpuOptions,
    select: &KernelSelection,
    runtime: &HashMap<&'static str, ClifFuncId>,
    globals: &[DataId],
    debug_sources: &DebugSources,
) -> Result<(JitCode, Vec<CompiledKernel>), CompileError> {
    let mut printf_specs = Vec::new();
    let pending = translate_kernels(
        &mut jit,
        module,
        options,
        select,
        runtime,
        globals,
        &mut printf_specs,
        false,
        &|fid, _| (format!("oclc_kernel_{}", fid.0), Linkage::Local),
    )?;
    jit.finalize_definitions()
        .map_err(|e| codegen_error("<module>", e.to_string()))?;
    let debugger = if options.debug {
        let cie = jit.isa().create_systemv_cie();
        crate::debuginfo::jit_debug::register(&jit, &pending, debug_sources, cie)?
    } else {
        None
    };
    let kernels = pending
        .into_iter()
        .map(|k| {
            let ptr = jit.get_finalized_function(k.id);
            // SAFETY: the function was compiled with the work-group signature.
            let entry = unsafe { std::mem::transmute::<*const u8, WorkGroupFn>(ptr) };
            CompiledKernel {
                name: k.name,
                func: k.func,
                entry,
                args: k.args,
                static_local_size: k.plan.static_local_size,
                wi_state_size: k.plan.wi_state_size,
                has_barrier: k.plan.has_barrier,
                group_loop: k.plan.group_loop || k.plan.wide_rows,
                clif: k.clif,
                check: k.check.map(std::sync::Arc::new),
            }
        })
        .collect();
    Ok((
        JitCode {
            jit,
            _printf_specs: printf_specs,
            debugger,
        },
        kernels,
    ))
}

/// `oclc_printf(spec: i64, data: i64) -> i32`.
fn printf_signature(
    call_conv: cranelift_codegen::isa::CallConv,
) -> cranelift_codegen::ir::Signature {
    use cranelift_codegen::ir::{types, AbiParam};
    let mut sig = cranelift_codegen::ir::Signature::new(call_conv);
    sig.params.push(AbiParam::new(types::I64));
    sig.params.push(AbiParam::new(types::I64));
    sig.returns.push(AbiParam::new(types::I32));
    sig
}
