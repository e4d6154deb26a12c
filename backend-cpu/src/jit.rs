//! Compiling a whole module: inlining, planning, translation and JIT linking.

use std::collections::HashMap;

use cranelift_codegen::ir::Function as ClifFunction;
use cranelift_codegen::Context;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module as _};
use oclc_ir::{FuncId, Module};

use crate::abi::{arg_layout, ArgLayout, WorkGroupFn};
use crate::codegen::image::{image_read_signature, image_write_signature};
use crate::codegen::printf::PRINTF_SYMBOL;
use crate::codegen::{translate_kernel, work_group_signature, Env};
use crate::error::CompileError;
use crate::image::entry::{
    oclc_image_read, oclc_image_write, IMAGE_READ_SYMBOL, IMAGE_WRITE_SYMBOL,
};
use crate::plan::plan;

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
    /// The Cranelift IR of the work-group function, before optimization (for `-save-temps`).
    pub clif: String,
}

/// A module's kernels, JIT-compiled for the host. Owns the machine code and the memory of
/// program-scope variables.
pub struct CpuProgram {
    kernels: Vec<CompiledKernel>,
    jit: Option<JITModule>,
    _globals: Vec<Vec<u128>>,
    /// Boxed: the generated code holds their addresses, which must not move.
    #[allow(clippy::vec_box)]
    _printf_specs: Vec<Box<crate::printf::PrintfSpec>>,
}

impl std::fmt::Debug for CpuProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CpuProgram")
            .field("kernels", &self.kernels)
            .finish_non_exhaustive()
    }
}

impl CpuProgram {
    /// All kernels, in module order.
    pub fn kernels(&self) -> &[CompiledKernel] {
        &self.kernels
    }

    /// A kernel by name.
    pub fn kernel(&self, name: &str) -> Option<&CompiledKernel> {
        self.kernels.iter().find(|k| k.name == name)
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
        if let Some(jit) = self.jit.take() {
            // SAFETY: the function pointers handed out by this program must not outlive it
            // (documented on `CompiledKernel::entry`).
            unsafe { jit.free_memory() };
        }
    }
}

/// Options of the CPU backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuOptions {
    /// Run consecutive work-items on SIMD lanes where a region allows it (the "vectorize"
    /// stage: on at `-O1` and above, off at `-O0`).
    pub vectorize: bool,
}

impl Default for CpuOptions {
    fn default() -> Self {
        CpuOptions { vectorize: true }
    }
}

impl CpuOptions {
    /// The options matching optimisation level `-O<level>`.
    pub fn for_opt_level(level: u8) -> Self {
        CpuOptions {
            vectorize: level >= 1,
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
    let cg_err = |function: &str, message: String| CompileError::Codegen {
        function: function.to_string(),
        message,
    };
    let mut builder = JITBuilder::with_flags(&[("opt_level", "speed")], default_libcall_names())
        .map_err(|e| cg_err("<module>", e.to_string()))?;
    for r in crate::mathlib::routines() {
        builder.symbol(r.name, r.ptr);
    }
    builder.symbol(PRINTF_SYMBOL, crate::printf::oclc_printf as *const u8);
    builder.symbol(IMAGE_READ_SYMBOL, oclc_image_read as *const u8);
    builder.symbol(IMAGE_WRITE_SYMBOL, oclc_image_write as *const u8);
    let mut jit = JITModule::new(builder);
    let call_conv = jit.isa().default_call_conv();
    let mut math = HashMap::new();
    for r in crate::mathlib::routines() {
        let name = r.name;
        let sig = crate::codegen::math::math_signature(name, call_conv);
        let id = jit
            .declare_function(name, Linkage::Import, &sig)
            .map_err(|e| cg_err(name, e.to_string()))?;
        math.insert(name, id);
    }
    let id = jit
        .declare_function(PRINTF_SYMBOL, Linkage::Import, &printf_signature(call_conv))
        .map_err(|e| cg_err(PRINTF_SYMBOL, e.to_string()))?;
    math.insert(PRINTF_SYMBOL, id);
    for (name, sig) in [
        (IMAGE_READ_SYMBOL, image_read_signature(call_conv)),
        (IMAGE_WRITE_SYMBOL, image_write_signature(call_conv)),
    ] {
        let id = jit
            .declare_function(name, Linkage::Import, &sig)
            .map_err(|e| cg_err(name, e.to_string()))?;
        math.insert(name, id);
    }
    let mut printf_specs = Vec::new();
    let mut globals = Vec::new();
    let mut global_addrs = Vec::new();
    for g in &module.globals {
        let size = module.types.layout(g.ty).size as usize;
        let mut mem = vec![0u128; size.div_ceil(16).max(1)];
        if let Some(init) = &g.init {
            // SAFETY: `mem` has at least `size` bytes; u128 has no invalid bit patterns.
            let bytes = unsafe {
                std::slice::from_raw_parts_mut(mem.as_mut_ptr() as *mut u8, mem.len() * 16)
            };
            let n = init.len().min(bytes.len());
            bytes[..n].copy_from_slice(&init[..n]);
        }
        global_addrs.push(mem.as_ptr() as u64);
        globals.push(mem);
    }
    let mut types = module.types.clone();
    let mut pending = Vec::new();
    for (fid, kf) in module.kernels() {
        let func = oclc_ir::passes::inline::inline_calls(module, &mut types, fid, &|_| true)
            .map_err(
                |oclc_ir::passes::inline::InlineError::Recursion { function }| {
                    CompileError::Recursion { function }
                },
            )?;
        let p = plan(&types, &func);
        let notes: Vec<String>;
        let clif: ClifFunction = {
            let mut env = Env {
                module: &mut jit,
                math: &math,
                global_addrs: &global_addrs,
                call_conv,
                printf_specs: &mut printf_specs,
                vectorize: options.vectorize,
                notes: Vec::new(),
            };
            let clif = translate_kernel(&types, module, &func, &p, &mut env)?;
            notes = std::mem::take(&mut env.notes);
            clif
        };
        let mut text = String::new();
        if !options.vectorize {
            text.push_str("; vectorize: off (-O0)\n");
        }
        for n in &notes {
            text.push_str(&format!("; vectorize: {n}\n"));
        }
        text.push_str(&clif.display().to_string());
        let id = jit
            .declare_function(
                &format!("oclc_kernel_{}", fid.0),
                Linkage::Local,
                &work_group_signature(call_conv),
            )
            .map_err(|e| cg_err(&kf.name, e.to_string()))?;
        let mut ctx = Context::for_function(clif);
        jit.define_function(id, &mut ctx)
            .map_err(|e| cg_err(&kf.name, format!("{e:?}")))?;
        pending.push((fid, id, text, p, arg_layout(module, kf), kf.name.clone()));
    }
    jit.finalize_definitions()
        .map_err(|e| cg_err("<module>", e.to_string()))?;
    let kernels = pending
        .into_iter()
        .map(|(fid, id, clif, p, args, name)| {
            let ptr = jit.get_finalized_function(id);
            // SAFETY: the function was compiled with the work-group signature.
            let entry = unsafe { std::mem::transmute::<*const u8, WorkGroupFn>(ptr) };
            CompiledKernel {
                name,
                func: fid,
                entry,
                args,
                static_local_size: p.static_local_size,
                wi_state_size: p.wi_state_size,
                has_barrier: p.has_barrier,
                clif,
            }
        })
        .collect();
    Ok(CpuProgram {
        kernels,
        jit: Some(jit),
        _globals: globals,
        _printf_specs: printf_specs,
    })
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
