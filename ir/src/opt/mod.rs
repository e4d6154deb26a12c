//! Optimisations: passes that make a module faster or smaller without changing what it
//! computes, which any target may skip (`-O0` runs none). Each is a [`Pass`] documented in
//! its own file with its rules; [`pipeline`] orders them for an optimisation level and a
//! target's cost model ([`OptConfig`]), and each target's backend declares its whole
//! pipeline (these, then its legalisations) in one place.

pub mod clone;
pub mod const_fold;
pub mod dce;
pub mod forward_loads;
pub mod forward_stores;
pub mod gvn;
pub mod inline;
pub mod inline_cost;
pub mod licm;
pub mod simplify;
pub mod strength;
pub mod unroll;

pub use const_fold::ConstFold;
pub use dce::Dce;
pub use forward_loads::ForwardLoads;
pub use gvn::Gvn;
pub use inline_cost::Inline;
pub use licm::Licm;
pub use simplify::Simplify;
pub use strength::StrengthReduce;
pub use unroll::Unroll;

use crate::pipeline::{Pass, Pipeline};

/// How hard the optimisations work: the `-O` level and the target's cost model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptConfig {
    /// `-O0` .. `-O3`.
    pub level: u8,
    /// Full unrolling: the most statements the copies of a loop may add up to.
    pub full_unroll_budget: usize,
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
}

impl OptConfig {
    /// The target-neutral settings of level `level`: no unrolling below `-O2`; full
    /// unrolling within 512 statements at `-O2` and 2048 at `-O3`; no partial unrolling
    /// (targets whose compiler does not unroll set a factor), and then only of bodies of at
    /// most 32 statements (64 at `-O3`).
    pub fn for_level(level: u8) -> Self {
        OptConfig {
            level,
            full_unroll_budget: match level {
                0 | 1 => 0,
                2 => 512,
                _ => 2048,
            },
            partial_unroll_factor: 1,
            partial_unroll_max_body: if level >= 3 { 64 } else { 32 },
            inline_budget: match level {
                0 | 1 => 0,
                2 => 40,
                _ => 120,
            },
            strength_reduce: level >= 3,
        }
    }
}

/// The optimisations run under `config`, in order: none at `-O0`; at `-O1` constant
/// folding, peephole simplification, forwarding through private variables, common
/// subexpressions and dead-code elimination, to a fixed point; at `-O2` and up the same,
/// then inlining by cost and the same again, then loop unrolling, strength reduction (when
/// the configuration asks) and the same with loop-invariant code motion.
pub fn pipeline<'a>(config: &OptConfig) -> Pipeline<'a> {
    if config.level == 0 {
        return Pipeline::new();
    }
    let cleanup = |licm: bool| -> Vec<Box<dyn Pass + 'a>> {
        let mut passes: Vec<Box<dyn Pass + 'a>> = vec![
            Box::new(ConstFold),
            Box::new(Simplify),
            Box::new(ForwardLoads),
            Box::new(Gvn),
        ];
        if licm {
            passes.push(Box::new(Licm));
        }
        passes.push(Box::new(Dce));
        passes
    };
    let mut p = Pipeline::new().fixed_point(cleanup(false));
    if config.level >= 2 {
        p = p
            .then(Inline {
                config: config.clone(),
            })
            .fixed_point(cleanup(false))
            .then(Unroll {
                config: config.clone(),
            });
        if config.strength_reduce {
            p = p.then(StrengthReduce);
        }
        p = p.fixed_point(cleanup(true));
    }
    p
}

/// The optimisation called `name` (its [`Pass::name`]) with the settings of `config`, for
/// tests and tools that run one pass; `None` for an unknown name.
pub fn by_name(name: &str, config: &OptConfig) -> Option<Box<dyn Pass>> {
    Some(match name {
        "const_fold" => Box::new(ConstFold),
        "simplify" => Box::new(Simplify),
        "dce" => Box::new(Dce),
        "forward_loads" => Box::new(ForwardLoads),
        "gvn" => Box::new(Gvn),
        "inline" => Box::new(Inline {
            config: config.clone(),
        }),
        "licm" => Box::new(Licm),
        "strength" => Box::new(StrengthReduce),
        "unroll" => Box::new(Unroll {
            config: config.clone(),
        }),
        _ => return None,
    })
}

/// Runs [`pipeline`] for the target-neutral settings of `level` over `module` (for modules
/// no target has claimed yet, such as the built-in library, and for tests). Returns true
/// when anything changed.
pub fn optimize(module: &mut crate::Module, level: u8) -> bool {
    pipeline(&OptConfig::for_level(level))
        .run(module, &mut |_, _| {})
        .expect("optimisations never refuse")
}
