//! A program loaded on the CPU device: the verified IR module and its compiled kernels.

use std::sync::Arc;

use oclc_backend_cpu::{
    compile_module_debug, CompiledKernel, CpuOptions, CpuProgram, KernelVariant,
};
use oclc_ir::{verify_module, DebugSources, FunctionKind, Module};

use crate::arg_cache::ArgCache;
use crate::args::{ArgValue, ParamInfo};
use crate::error::RuntimeError;
use crate::schedule::CostTable;
use crate::scratch::ScratchPool;

/// A kernel's interface, for checking arguments and printing messages.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelInfo {
    /// The kernel's name.
    pub name: String,
    /// Its parameters, in order.
    pub params: Vec<ParamInfo>,
    /// `reqd_work_group_size`, if declared.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// Bytes of static `__local` variables per work-group.
    pub static_local_size: u64,
    /// True when the kernel uses barriers.
    pub has_barrier: bool,
}

/// A program compiled for the CPU device.
#[derive(Debug)]
pub struct Program {
    pub(crate) module: Module,
    /// Kernels specialised on argument values, when [`Program::specialize_args`] turned it
    /// on (declared before `cpu`: variants go before the program's code).
    pub(crate) arg_cache: Option<ArgCache>,
    pub(crate) cpu: CpuProgram,
    pub(crate) infos: Vec<KernelInfo>,
    /// Measured work per work-group of each launched kernel (see [`crate::schedule`]).
    pub(crate) costs: CostTable,
    /// Scratch sets of finished launches, for later ones (see [`crate::scratch`]).
    pub(crate) scratch: ScratchPool,
    /// The defects of checked launches (see [`crate::check`]).
    pub(crate) defects: crate::check::DefectLog,
    /// The options the program was compiled with.
    pub(crate) options: CpuOptions,
    /// Checked programs: the kernels' unchecked code (vectorised unless `-g`), compiled on
    /// the first launch whose checks its sizes prove ([`Program::proven_launch`]); `None`
    /// when it does not compile.
    pub(crate) unchecked: std::sync::OnceLock<Option<CpuProgram>>,
}

/// The code a launch runs: the program's kernel (specialised on the local size) or a
/// variant specialised on argument values, kept alive for the launch.
pub(crate) enum Launchable {
    Program(Arc<CompiledKernel>),
    Variant(Arc<KernelVariant>),
}

impl std::ops::Deref for Launchable {
    type Target = CompiledKernel;

    fn deref(&self) -> &CompiledKernel {
        match self {
            Launchable::Program(k) => k,
            Launchable::Variant(v) => v.kernel(),
        }
    }
}

impl Program {
    /// Verifies `module` and JIT-compiles its kernels.
    pub fn new(module: Module) -> Result<Program, RuntimeError> {
        Program::with_options(module, CpuOptions::default())
    }

    /// Verifies `module` and JIT-compiles its kernels with the given backend options.
    pub fn with_options(module: Module, options: CpuOptions) -> Result<Program, RuntimeError> {
        Program::with_debug_sources(module, options, DebugSources::default())
    }

    /// Verifies `module` and JIT-compiles its kernels with the given backend options; with
    /// `options.debug` (`-g`), debuggers attached to the process (GDB's JIT interface) see
    /// the kernels' source lines in `debug_sources` and their variables.
    pub fn with_debug_sources(
        module: Module,
        options: CpuOptions,
        debug_sources: DebugSources,
    ) -> Result<Program, RuntimeError> {
        verify_module(&module)?;
        let cpu = compile_module_debug(&module, options, debug_sources)?;
        let infos = cpu.kernels().iter().map(|k| describe(&module, k)).collect();
        Ok(Program {
            module,
            arg_cache: None,
            cpu,
            infos,
            costs: CostTable::default(),
            scratch: ScratchPool::default(),
            defects: Default::default(),
            options,
            unchecked: std::sync::OnceLock::new(),
        })
    }

    /// The IR module the program was built from.
    pub fn module(&self) -> &Module {
        &self.module
    }

    /// The kernel names, in module order.
    pub fn kernel_names(&self) -> Vec<String> {
        self.infos.iter().map(|k| k.name.clone()).collect()
    }

    /// Describes a kernel by name.
    pub fn kernel(&self, name: &str) -> Result<&KernelInfo, RuntimeError> {
        self.infos
            .iter()
            .find(|k| k.name == name)
            .ok_or_else(|| RuntimeError::UnknownKernel {
                name: name.to_string(),
                available: self.kernel_names(),
            })
    }

    /// The Cranelift IR of every kernel (`-save-temps` writes it to `PREFIX.clif`).
    pub fn clif_text(&self) -> String {
        self.cpu.clif_text()
    }

    /// Kernel `name` compiled for work-groups of `local_size` (compiled on the first
    /// launch with that size, see `CpuProgram::kernel_for`).
    /// The Cranelift IR of kernel `name` as launches with work-groups of `local_size` run
    /// it (compiled for that size, see `CpuProgram::kernel_for`), for launches whose buffer
    /// arguments are distinct buffers when `distinct_buffers` (as `oclc run` gives each
    /// argument a buffer of its own; see [`distinct_buffers`]).
    pub fn clif_text_for(
        &self,
        name: &str,
        local_size: [u64; 3],
        distinct_buffers: bool,
    ) -> Result<String, RuntimeError> {
        Ok(self
            .compiled(name, local_size, distinct_buffers)?
            .clif
            .clone())
    }

    /// What a launch of kernel `name` with work-groups of `local_size` and arguments
    /// `args` runs: a variant specialised on the arguments' values when that is on and
    /// applies, else the kernel compiled for the local size.
    pub(crate) fn launchable(
        &self,
        name: &str,
        local_size: [u64; 3],
        args: &[ArgValue],
    ) -> Result<Launchable, RuntimeError> {
        self.kernel(name)?;
        if let Some(cache) = &self.arg_cache {
            if let Some(v) = cache.variant(&self.cpu, name, local_size, args) {
                return Ok(Launchable::Variant(v));
            }
        }
        Ok(Launchable::Program(self.compiled(
            name,
            local_size,
            distinct_buffers(args),
        )?))
    }

    /// For a checked launch of kernel `name` over `global` global ids from `offset` with
    /// work-groups of `local_size` and arguments `args`: the kernel's unchecked code, when
    /// every check of the kernel is of a work-item's own element of a buffer that the
    /// launch's sizes prove in bounds and aligned for all its work-items
    /// ([`oclc_backend_cpu::check::KernelChecks::proven`]); such a launch can find no
    /// defect.
    pub(crate) fn proven_launch(
        &self,
        checked: &CompiledKernel,
        range: ([u64; 3], [u64; 3], [u64; 3]),
        args: &[ArgValue],
        buffers: &[crate::buffer::Buffer],
    ) -> Option<Arc<CompiledKernel>> {
        let (global, offset, local_size) = range;
        let proven = checked.check.as_ref()?.proven.as_ref()?;
        if global[1] > 1 || global[2] > 1 || self.options.debug {
            return None;
        }
        let end = offset[0].checked_add(global[0])?;
        let all = proven.iter().all(|p| match args.get(p.param) {
            Some(ArgValue::Buffer(b)) => buffers
                .get(*b)
                .is_some_and(|b| p.holds(end, b.as_bytes().as_ptr() as u64, b.len() as u64)),
            _ => false,
        });
        if !all {
            return None;
        }
        let twin = self.unchecked.get_or_init(|| {
            let options = CpuOptions {
                vectorize: true,
                debug: false,
                check: false,
                opt_level: self.cpu.options().opt_level,
            };
            compile_module_debug(&self.module, options, DebugSources::default()).ok()
        });
        twin.as_ref()?
            .kernel_for_launch(&checked.name, local_size, distinct_buffers(args))?
            .ok()
    }

    pub(crate) fn compiled(
        &self,
        name: &str,
        local_size: [u64; 3],
        distinct_buffers: bool,
    ) -> Result<Arc<CompiledKernel>, RuntimeError> {
        self.kernel(name)?;
        let k = self
            .cpu
            .kernel_for_launch(name, local_size, distinct_buffers)
            .expect("every kernel is compiled")?;
        Ok(k)
    }
}

/// True when no buffer is passed twice among `args`. Each [`crate::Buffer`] owns its
/// memory, so distinct buffers never share any: the kernel's pointer parameters then
/// reach disjoint memory, which lets the CPU code move loads from the buffers the kernel
/// never writes (`oclc_backend_cpu::vectorize::movable_loads`).
pub fn distinct_buffers(args: &[ArgValue]) -> bool {
    let mut seen = std::collections::HashSet::new();
    args.iter().all(|a| match a {
        ArgValue::Buffer(b) => seen.insert(*b),
        _ => true,
    })
}

fn describe(module: &Module, k: &CompiledKernel) -> KernelInfo {
    let f = module.function(k.func);
    let reqd = match &f.kind {
        FunctionKind::Kernel(a) => a.reqd_work_group_size,
        FunctionKind::Helper => None,
    };
    KernelInfo {
        name: k.name.clone(),
        params: f
            .params
            .iter()
            .map(|p| ParamInfo::describe(&module.types, p))
            .collect(),
        reqd_work_group_size: reqd,
        static_local_size: k.static_local_size,
        has_barrier: k.has_barrier,
    }
}
