//! Optimisations: passes that make a module faster or smaller without changing what it
//! computes, which any target may skip (`-O0` runs none). Each is a [`Pass`] documented in
//! its own file with its rules; [`pipeline`] orders them for an optimisation level and a
//! target's cost model ([`OptConfig`]), and each target's backend declares its whole
//! pipeline (these, then its legalisations) in one place.

pub mod clone;
pub mod coarsen_groups;
pub mod coarsen_rows;
pub mod const_fold;
pub mod dce;
pub mod float_signs;
pub mod forward_loads;
pub mod forward_stores;
pub mod gvn;
pub mod inline;
pub mod inline_cost;
pub mod licm;
pub mod loop_hints;
pub mod nonneg_div;
pub mod rotate;
pub mod simplify;
pub mod slp;
pub mod specialize_args;
pub mod strength;
pub mod unroll;

pub use coarsen_groups::CoarsenGroups;
pub use coarsen_rows::CoarsenRows;
pub use const_fold::ConstFold;
pub use dce::Dce;
pub use float_signs::FloatSigns;
pub use forward_loads::ForwardLoads;
pub use gvn::Gvn;
pub use inline_cost::Inline;
pub use licm::Licm;
pub use loop_hints::LoopHints;
pub use nonneg_div::NonnegDiv;
pub use rotate::Rotate;
pub use simplify::Simplify;
pub use slp::Slp;
pub use strength::StrengthReduce;
pub use unroll::Unroll;

use crate::pipeline::{fixed_point_on_function, FunctionPass, Pass, Pipeline};

/// How hard the optimisations work: the `-O` level and the target's cost model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptConfig {
    /// `-O0` .. `-O3`.
    pub level: u8,
    /// Full unrolling: the most statements the copies of a loop may add up to.
    pub full_unroll_budget: usize,
    /// Full unrolling without a request from the source: the most loads from memory (not
    /// private variables; outside nested loops) the copies may add up to; a loop with more
    /// is unrolled partially instead, like one with a run-time trip count.
    pub full_unroll_max_loads: usize,
    /// Partial unrolling of loops with a run-time trip count: the factor (1: off).
    pub partial_unroll_factor: u32,
    /// Partial unrolling: the largest body (statements) unrolled.
    pub partial_unroll_max_body: usize,
    /// Inlining: helpers of at most this many statements are inlined everywhere (helpers
    /// called once always are); 0 turns inlining off.
    pub inline_budget: usize,
    /// Strength reduction of induction-variable products (`-O3`; a target may turn it on
    /// where it pays).
    pub strength_reduce: bool,
    /// SLP vectorisation inside a work-item: the widest vector (2, 4, 8 or 16 lanes) it
    /// makes; below 2 it is off.
    pub slp_lanes: u8,
    /// `-cl-fast-relaxed-math`: float arithmetic may be reassociated (a chain of float
    /// additions may then become a vector sum).
    pub fast_math: bool,
}

impl OptConfig {
    /// The target-neutral settings of level `level`: no unrolling below `-O2`; full
    /// unrolling within 512 statements at `-O2` and 2048 at `-O3`; no partial unrolling
    /// (targets whose compiler does not unroll set a factor), and then only of bodies of at
    /// most 32 statements (64 at `-O3`); no SLP vectorisation (targets whose code generator
    /// maps vector operations to SIMD turn it on).
    pub fn for_level(level: u8) -> Self {
        OptConfig {
            level,
            full_unroll_budget: match level {
                0 | 1 => 0,
                2 => 512,
                _ => 2048,
            },
            full_unroll_max_loads: usize::MAX,
            partial_unroll_factor: 1,
            partial_unroll_max_body: if level >= 3 { 64 } else { 32 },
            inline_budget: match level {
                0 | 1 => 0,
                2 => 40,
                _ => 120,
            },
            strength_reduce: level >= 3,
            slp_lanes: 0,
            fast_math: false,
        }
    }
}

/// The optimisations run under `config`, in order: none at `-O0`; at `-O1` constant
/// folding, peephole simplification, float negations moved outwards, forwarding through
/// private variables, common subexpressions and dead-code elimination, to a fixed point;
/// at `-O2` and up the same,
/// then inlining by cost and the same again, then full loop unrolling and the same again
/// (a loop after a fully unrolled one may start at a constant only then), then loop
/// unrolling with partial unrolling (where the target asks for it), strength reduction (when
/// the configuration asks) and the same with loop-invariant code motion, then signed
/// division by powers of two of non-negative values as shifts, then SLP
/// vectorisation (when the configuration asks) and dead-code elimination.
pub fn pipeline<'a>(config: &OptConfig) -> Pipeline<'a> {
    if config.level == 0 {
        return Pipeline::new();
    }
    let cleanup = cleanup_passes;
    let mut p = Pipeline::new().fixed_point(cleanup(false));
    if config.level >= 2 {
        p = p
            .then(Inline {
                config: config.clone(),
            })
            .fixed_point(cleanup(false))
            // Full unrolling first, so that the constants it leaves (a loop's final count
            // starting the next loop) reach the loops after it before they are unrolled.
            .then(Unroll {
                config: OptConfig {
                    partial_unroll_factor: 1,
                    ..config.clone()
                },
            })
            .fixed_point(cleanup(false))
            .then(Unroll {
                config: config.clone(),
            });
        if config.strength_reduce {
            p = p.then(StrengthReduce);
        }
        p = p.fixed_point(cleanup(true)).then(NonnegDiv);
        if config.slp_lanes >= 2 {
            p = p
                .then(Slp {
                    config: config.clone(),
                })
                .then(Dce);
        }
    }
    p
}

/// The clean-up group the pipeline runs to a fixed point between its steps: constant
/// folding, simplification, float signs, load forwarding, GVN, loop-invariant code motion
/// when `licm`, dead-code elimination (also for a target that unrolls again later, such as
/// the CPU JIT once a launch's local size is known).
pub fn cleanup_passes<'a>(licm: bool) -> Vec<Box<dyn Pass + 'a>> {
    let mut passes: Vec<Box<dyn Pass + 'a>> = vec![
        Box::new(ConstFold),
        Box::new(Simplify),
        Box::new(FloatSigns),
        Box::new(ForwardLoads),
        Box::new(Gvn),
    ];
    if licm {
        passes.push(Box::new(Licm));
    }
    passes.push(Box::new(Dce));
    passes
}

/// The passes no target runs by default that `--enable-pass NAME` adds at the end of a
/// target's pipeline, at `-O2` and up: `slp` (SLP vectorisation, 4 lanes). None pays on
/// oclc's targets today: the CPU backend already runs work-items as SIMD lanes and lowers
/// a work-item's vectors component by component (the pass only reorders, and the longer
/// live ranges cost up to 1.75x), and on PoCL vectors inside a work-item stop its own
/// vectoriser (bench/results/slp.txt).
pub const OPT_IN_PASSES: &[&str] = &["slp"];

/// `pipeline` followed by the opt-in pass `name` (one of [`OPT_IN_PASSES`]) with the
/// settings of `config` (`fast_math`; `-O2` and up, else nothing is added) and dead-code
/// elimination; `None` for another name.
pub fn append_opt_in<'a>(
    pipeline: Pipeline<'a>,
    name: &str,
    config: &OptConfig,
) -> Option<Pipeline<'a>> {
    if !OPT_IN_PASSES.contains(&name) {
        return None;
    }
    if config.level < 2 {
        return Some(pipeline);
    }
    let config = OptConfig {
        slp_lanes: 4,
        ..config.clone()
    };
    Some(pipeline.then(Slp { config }).then(Dce))
}

/// The optimisation called `name` (its [`Pass::name`]) with the settings of `config`, for
/// tests and tools that run one pass; `None` for an unknown name.
pub fn by_name(name: &str, config: &OptConfig) -> Option<Box<dyn Pass>> {
    Some(match name {
        "const_fold" => Box::new(ConstFold),
        "simplify" => Box::new(Simplify),
        "dce" => Box::new(Dce),
        "float_signs" => Box::new(FloatSigns),
        "forward_loads" => Box::new(ForwardLoads),
        "gvn" => Box::new(Gvn),
        "inline" => Box::new(Inline {
            config: config.clone(),
        }),
        "licm" => Box::new(Licm),
        "nonneg_div" => Box::new(NonnegDiv),
        "rotate" => Box::new(Rotate),
        "loop_hints" => Box::new(LoopHints),
        "coarsen_rows" => Box::new(CoarsenRows),
        "coarsen_groups" => Box::new(CoarsenGroups),
        "slp" => Box::new(Slp {
            config: config.clone(),
        }),
        "strength" => Box::new(StrengthReduce),
        "unroll" => Box::new(Unroll {
            config: config.clone(),
        }),
        _ => return None,
    })
}

/// The passes of `-O1`'s one fixed-point group, in order (`pipeline` at level 1 is exactly
/// this group; checked by a test).
pub const O1_PASSES: [&dyn FunctionPass; 6] = [
    &ConstFold,
    &Simplify,
    &FloatSigns,
    &ForwardLoads,
    &Gvn,
    &Dce,
];

/// Optimises function `index` of `module` as `-O1` ([`optimize`] at level 1) would: its
/// passes are function-local, so a function can be optimised on its own, when it is first
/// needed (the built-in library's functions, when a module first imports them). Returns true
/// when it changed.
pub fn optimize_function_o1(module: &mut crate::Module, index: usize) -> bool {
    fixed_point_on_function(&O1_PASSES, module, index)
}

/// Runs [`pipeline`] for the target-neutral settings of `level` over `module` (for modules
/// no target has claimed yet, such as the built-in library, and for tests). Returns true
/// when anything changed.
pub fn optimize(module: &mut crate::Module, level: u8) -> bool {
    pipeline(&OptConfig::for_level(level))
        .run(module, &mut |_, _| {})
        .expect("optimisations never refuse")
}
