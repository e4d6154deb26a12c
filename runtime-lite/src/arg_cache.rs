//! The cache of kernels specialised on argument values ([`crate::specialize`]): per kernel,
//! the variants compiled so far, keyed by the local size and the values, dropped least
//! recently launched first, and the values each argument has taken, to stop specialising
//! an argument that changes all the time.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use oclc_backend_cpu::{CpuProgram, KernelVariant};
use oclc_ir::opt::specialize_args::{
    is_specializable, lanes_from_bytes, read_params, specialize_params, ParamConst,
};
use oclc_ir::{walk_stmts, Const, Module, Op, Stmt, TypeId, TypeTable};

use crate::args::ArgValue;
use crate::specialize::{ArgSpecialization, SpecializationStats};

/// The specialisation settings and what was compiled under them.
pub(crate) struct ArgCache {
    spec: ArgSpecialization,
    state: Mutex<State>,
}

impl std::fmt::Debug for ArgCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ArgCache")
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

#[derive(Default)]
struct State {
    kernels: HashMap<String, KernelState>,
    stats: SpecializationStats,
    /// Counts launches, to find the least recently launched variant.
    clock: u64,
}

/// One kernel's variants and arguments.
struct KernelState {
    /// The parameters that may be specialised: a number or vector the kernel reads, and
    /// not (yet) past the limit of distinct values.
    candidates: Vec<bool>,
    /// The parameters' types in the source module.
    types: Vec<TypeId>,
    /// The distinct values each parameter has taken (at most the limit, plus one).
    seen: Vec<Vec<Vec<Const>>>,
    variants: Vec<Variant>,
    compiles: usize,
}

struct Variant {
    local: [u64; 3],
    /// Compiled for distinct buffer arguments (`crate::program::distinct_buffers`).
    distinct: bool,
    values: Vec<ParamConst>,
    code: Arc<KernelVariant>,
    last_used: u64,
}

impl ArgCache {
    /// An empty cache for `spec`.
    pub(crate) fn new(spec: ArgSpecialization) -> Self {
        ArgCache {
            spec,
            state: Mutex::new(State::default()),
        }
    }

    /// The statistics so far.
    pub(crate) fn stats(&self) -> SpecializationStats {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).stats
    }

    /// The variant of kernel `name` a launch with work-groups of `local` and arguments
    /// `args` runs, compiled now if needed; `None` when it runs the generic kernel (no
    /// argument to specialise, a limit reached, or arguments that do not fit, which the
    /// launch then reports).
    pub(crate) fn variant(
        &self,
        cpu: &CpuProgram,
        name: &str,
        local: [u64; 3],
        args: &[ArgValue],
    ) -> Option<Arc<KernelVariant>> {
        let mut guard = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let state = &mut *guard;
        state.clock += 1;
        let clock = state.clock;
        let kernel = match state.kernels.get_mut(name) {
            Some(k) => k,
            None => {
                let k = KernelState::new(&self.spec.source, name)?;
                state.kernels.entry(name.to_string()).or_insert(k)
            }
        };
        let types = &self.spec.source.types;
        let values = kernel.values(types, args, self.spec.max_distinct_values);
        let distinct = crate::program::distinct_buffers(args);
        let found = kernel
            .variants
            .iter_mut()
            .find(|v| v.local == local && v.distinct == distinct && v.values == values);
        let stats = &mut state.stats;
        match (values.is_empty(), found) {
            (true, _) => {
                stats.generic += 1;
                return None;
            }
            (false, Some(v)) => {
                v.last_used = clock;
                stats.hits += 1;
                return Some(v.code.clone());
            }
            (false, None) if kernel.compiles >= self.spec.max_compiles => {
                stats.generic += 1;
                return None;
            }
            (false, None) => {}
        }
        kernel.compiles += 1;
        let started = Instant::now();
        let compiled = self.compile(cpu, name, (local, distinct), &values);
        stats.compile_time += started.elapsed();
        let Some(code) = compiled.map(Arc::new) else {
            stats.failed += 1;
            stats.generic += 1;
            return None;
        };
        stats.compiled += 1;
        if kernel.variants.len() >= self.spec.max_variants.max(1) {
            let oldest = (0..kernel.variants.len()).min_by_key(|i| kernel.variants[*i].last_used);
            kernel
                .variants
                .swap_remove(oldest.expect("the cache is full"));
            stats.evicted += 1;
        }
        kernel.variants.push(Variant {
            local,
            distinct,
            values,
            code: code.clone(),
            last_used: clock,
        });
        Some(code)
    }

    /// Kernel `name` of the source module with `values` substituted, optimised again and
    /// compiled for `local` (and distinct buffer arguments when `distinct`); `None` when
    /// that fails (a compiler bug: the generic kernel then runs).
    fn compile(
        &self,
        cpu: &CpuProgram,
        name: &str,
        (local, distinct): ([u64; 3], bool),
        values: &[ParamConst],
    ) -> Option<KernelVariant> {
        let mut module = self.spec.source.clone();
        let fid = module.find_function(name)?;
        keep_only_kernel(&mut module, name);
        specialize_params(&mut module, fid, values).ok()?;
        oclc_backend_cpu::cpu_pipeline(self.spec.opt_level)
            .disable(&self.spec.disabled_passes)
            .run(&mut module, &mut |_, _| {})
            .ok()?;
        cpu.compile_variant(&module, name, local, distinct).ok()
    }
}

impl KernelState {
    /// The state of kernel `name` of `source` before its first launch; `None` when
    /// `source` lacks it.
    fn new(source: &Module, name: &str) -> Option<KernelState> {
        let f = source.function(source.find_function(name)?);
        let candidates: Vec<bool> = read_params(f)
            .into_iter()
            .zip(&f.params)
            .map(|(read, p)| read && is_specializable(&source.types, p.ty))
            .collect();
        Some(KernelState {
            types: f.params.iter().map(|p| p.ty).collect(),
            seen: vec![Vec::new(); candidates.len()],
            candidates,
            variants: Vec::new(),
            compiles: 0,
        })
    }

    /// The values of `args` to specialise on; notes them as seen and drops parameters
    /// past `max_distinct` values. Empty when nothing is specialised (no candidate, or
    /// arguments that do not fit the parameters).
    fn values(
        &mut self,
        types: &TypeTable,
        args: &[ArgValue],
        max_distinct: usize,
    ) -> Vec<ParamConst> {
        if args.len() != self.candidates.len() {
            return Vec::new();
        }
        let mut values = Vec::new();
        for (index, arg) in args.iter().enumerate() {
            if !self.candidates[index] {
                continue;
            }
            let lanes = match arg {
                ArgValue::Bytes(bytes) => lanes_from_bytes(types, self.types[index], bytes),
                _ => None,
            };
            let Some(lanes) = lanes else {
                return Vec::new();
            };
            let seen = &mut self.seen[index];
            if !seen.contains(&lanes) {
                seen.push(lanes.clone());
            }
            if seen.len() > max_distinct {
                self.candidates[index] = false;
                self.seen[index] = Vec::new();
                continue;
            }
            values.push(ParamConst { index, lanes });
        }
        values
    }
}

/// Empties the bodies of the kernels of `module` other than `name` that no function calls:
/// the pipeline that runs again then spends its time on the kernel being specialised.
fn keep_only_kernel(module: &mut Module, name: &str) {
    let mut called = HashSet::new();
    for f in &module.functions {
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let {
                op: Op::Call { func, .. },
                ..
            } = s
            {
                called.insert(*func);
            }
        });
    }
    for (i, f) in module.functions.iter_mut().enumerate() {
        let unused = !called.contains(&oclc_ir::FuncId(i as u32));
        if f.is_kernel() && f.name != name && unused {
            f.body.stmts = vec![Stmt::Return(None)];
        }
    }
}
