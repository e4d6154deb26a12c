//! Specialisation of kernels on the values of their launch-time arguments (opt-in:
//! [`Program::specialize_args`]; `oclc run --specialize-args`).
//!
//! A launch whose kernel reads by-value scalar or vector arguments (`int filterWidth`,
//! `float4 scale`) runs a copy of the kernel in which those values are constants: the
//! module as it was before the CPU pipeline gets the values substituted
//! (`oclc_ir::opt::specialize_args`), the CPU pipeline (`oclc_backend_cpu::cpu_pipeline`)
//! runs again — so a loop bounded by the argument is counted and unrolled as with
//! `-DFILTER_WIDTH=5` — and the kernel is compiled for the launch's local size. The result
//! is cached, keyed by the kernel, the local size and the values ([`crate::arg_cache`]).
//!
//! It pays when a kernel is launched several times with the same values and its run time
//! is large against one compile (tens of milliseconds for a kernel of a few dozen lines):
//! the chapter's convolution over 1024x1024 pixels. It costs when every launch brings new
//! values, so an argument stops being specialised once it has taken more than
//! [`ArgSpecialization::max_distinct_values`] values, and a kernel stops compiling variants
//! after [`ArgSpecialization::max_compiles`].

use std::time::Duration;

use oclc_ir::Module;

use crate::error::RuntimeError;
use crate::program::Program;

/// Settings of the specialisation on argument values.
#[derive(Clone, Debug)]
pub struct ArgSpecialization {
    /// The program before the CPU pipeline ran (as the front end lowered it): kernels are
    /// specialised from it, so that the optimisations see the loops before partial
    /// unrolling fixed their shape. Its kernels must take the program's parameters and it
    /// must declare the program's program-scope variables.
    pub source: Module,
    /// The optimisation level of the pipeline run again (`-O<level>`; at 0 nothing would
    /// fold the values, so nothing is specialised).
    pub opt_level: u8,
    /// Passes switched off in that pipeline (as `--disable-pass`).
    pub disabled_passes: Vec<String>,
    /// Variants kept per kernel; the least recently launched one is dropped beyond it.
    pub max_variants: usize,
    /// The distinct values an argument may take before it is no longer specialised (its
    /// later launches share variants whatever its value).
    pub max_distinct_values: usize,
    /// Variants compiled per kernel at most (evicted ones compiled again count again);
    /// launches that would need more run the generic kernel.
    pub max_compiles: usize,
}

impl ArgSpecialization {
    /// Specialisation from `source` at `-O<opt_level>` with the default limits: 32 variants
    /// per kernel, 8 distinct values per argument, 64 compiles per kernel.
    pub fn new(source: Module, opt_level: u8) -> Self {
        ArgSpecialization {
            source,
            opt_level,
            disabled_passes: Vec::new(),
            max_variants: 32,
            max_distinct_values: 8,
            max_compiles: 64,
        }
    }
}

/// What the specialisation did so far, over all kernels of a program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpecializationStats {
    /// Variants compiled.
    pub compiled: usize,
    /// Time spent compiling them (substitution, pipeline, code generation).
    pub compile_time: Duration,
    /// Launches that ran a variant compiled earlier.
    pub hits: usize,
    /// Launches that ran the generic kernel (no argument to specialise, or past a limit).
    pub generic: usize,
    /// Variants dropped from a full cache.
    pub evicted: usize,
    /// Variants that failed to compile (a compiler bug: the launch ran the generic kernel).
    pub failed: usize,
}

impl Program {
    /// Turns specialisation on argument values on for the following launches (see the
    /// module documentation); replaces earlier settings and drops the variants compiled so
    /// far. Fails when `spec.source` does not match the program (kernels, parameters or
    /// program-scope variables).
    pub fn specialize_args(&mut self, spec: ArgSpecialization) -> Result<(), RuntimeError> {
        oclc_ir::verify_module(&spec.source)?;
        check_matches(self.module(), &spec.source)?;
        self.arg_cache = (spec.opt_level > 0).then(|| crate::arg_cache::ArgCache::new(spec));
        Ok(())
    }

    /// What the specialisation on argument values did so far (all zero when it is off).
    pub fn specialization_stats(&self) -> SpecializationStats {
        self.arg_cache
            .as_ref()
            .map(|c| c.stats())
            .unwrap_or_default()
    }
}

/// Checks that `source` has every kernel of `program` with the same parameter types, and
/// the same program-scope variables.
fn check_matches(program: &Module, source: &Module) -> Result<(), RuntimeError> {
    let fail = |what: String| Err(RuntimeError::Specialization(what));
    let globals = |m: &Module| m.globals.iter().map(|g| g.name.clone()).collect::<Vec<_>>();
    if globals(program) != globals(source) {
        return fail("the source module declares other program-scope variables".into());
    }
    for (_, k) in program.kernels() {
        let Some(s) = source.find_function(&k.name).map(|f| source.function(f)) else {
            return fail(format!("the source module has no kernel `{}`", k.name));
        };
        let types = |m: &Module, f: &oclc_ir::Function| {
            f.params
                .iter()
                .map(|p| m.types.display(p.ty).to_string())
                .collect::<Vec<_>>()
        };
        if !s.is_kernel() || types(program, k) != types(source, s) {
            return fail(format!(
                "kernel `{}` of the source module takes other parameters",
                k.name
            ));
        }
    }
    Ok(())
}
