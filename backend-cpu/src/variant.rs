//! Kernels compiled from a variant of the program's module: a copy in which some of a
//! kernel's parameters were made constants and the optimisations ran again (runtime-lite's
//! specialisation on argument values). A variant shares the program's program-scope
//! variables and runtime routines; its machine code is its own and is freed with it, so a
//! cache may drop variants it no longer wants.

use oclc_ir::Module;

use crate::error::CompileError;
use crate::jit::{CompiledKernel, CpuProgram, JitCode};
use crate::translate::{global_symbol, KernelSelection};

/// One kernel compiled from a variant module (see the module documentation). Its entry is
/// valid while both the variant and the [`CpuProgram`] that compiled it live.
pub struct KernelVariant {
    kernel: CompiledKernel,
    code: Option<JitCode>,
}

impl std::fmt::Debug for KernelVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelVariant")
            .field("kernel", &self.kernel)
            .finish_non_exhaustive()
    }
}

impl KernelVariant {
    /// The compiled kernel.
    pub fn kernel(&self) -> &CompiledKernel {
        &self.kernel
    }
}

impl Drop for KernelVariant {
    fn drop(&mut self) {
        if let Some(code) = self.code.take() {
            // SAFETY: the entry handed out with this variant must not be called after it is
            // dropped (documented on `KernelVariant`).
            unsafe { code.jit.free_memory() };
        }
    }
}

impl CpuProgram {
    /// Compiles kernel `name` of `variant` for launches with work-groups of `local_size`
    /// (as [`CpuProgram::kernel_for_launch`] does for the program's own kernels, for
    /// launches whose buffer arguments are distinct buffers when `distinct_buffers`). `variant` must
    /// declare the same program-scope variables, in the same order, as the program's
    /// module; its kernel must take the same parameters (the argument layout is checked).
    pub fn compile_variant(
        &self,
        variant: &Module,
        name: &str,
        local_size: [u64; 3],
        distinct_buffers: bool,
    ) -> Result<KernelVariant, CompileError> {
        let mismatch = |what: &str| CompileError::Codegen {
            function: name.to_string(),
            message: format!("the variant module differs from the program in {what}"),
        };
        let same_globals = variant.globals.len() == self.global_addrs.len()
            && variant
                .globals
                .iter()
                .enumerate()
                .all(|(i, g)| global_symbol(i, &g.name) == self.global_addrs[i].0);
        if !same_globals {
            return Err(mismatch("its program-scope variables"));
        }
        let fid = variant
            .find_function(name)
            .filter(|f| variant.function(*f).is_kernel())
            .ok_or_else(|| mismatch("its kernels"))?;
        let vectorize = self.options.vectorize;
        let select = KernelSelection {
            only: Some(fid),
            local_size: &|_| vectorize.then_some(local_size),
            distinct_buffers,
        };
        let (code, kernel) = self.compile_one(variant, &select)?;
        let generic = self.kernel(name).ok_or_else(|| mismatch("its kernels"))?;
        if kernel.args != generic.args {
            // SAFETY: nothing was handed out from this code.
            unsafe { code.jit.free_memory() };
            return Err(mismatch("the kernel's parameters"));
        }
        Ok(KernelVariant {
            kernel,
            code: Some(code),
        })
    }
}
