//! Optimisations: passes that make a module faster or smaller without changing what it
//! computes, which any target may skip (`-O0` runs none). Each is a [`Pass`] documented in
//! its own file with its rules; [`pipeline`] orders them for an optimisation level and a
//! target's cost model ([`OptConfig`]), and each target's backend declares its whole
//! pipeline (these, then its legalisations) in one place.

pub mod const_fold;
pub mod dce;
pub mod forward_stores;
pub mod inline;
pub mod simplify;

pub use const_fold::ConstFold;
pub use dce::Dce;
pub use simplify::Simplify;

use crate::pipeline::{Pass, Pipeline};

/// How hard the optimisations work: the `-O` level and the target's cost model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptConfig {
    /// `-O0` .. `-O3`.
    pub level: u8,
}

impl OptConfig {
    /// The target-neutral settings of level `level`.
    pub fn for_level(level: u8) -> Self {
        OptConfig { level }
    }
}

/// The optimisations run under `config`, in order: none at `-O0`; constant folding,
/// peephole simplification and dead-code elimination to a fixed point at `-O1` and above.
pub fn pipeline<'a>(config: &OptConfig) -> Pipeline<'a> {
    if config.level == 0 {
        return Pipeline::new();
    }
    let cleanup: Vec<Box<dyn Pass + 'a>> =
        vec![Box::new(ConstFold), Box::new(Simplify), Box::new(Dce)];
    Pipeline::new().fixed_point(cleanup)
}

/// The optimisation called `name` (its [`Pass::name`]) with the settings of `config`, for
/// tests and tools that run one pass; `None` for an unknown name.
pub fn by_name(name: &str, config: &OptConfig) -> Option<Box<dyn Pass>> {
    let _ = config;
    Some(match name {
        "const_fold" => Box::new(ConstFold),
        "simplify" => Box::new(Simplify),
        "dce" => Box::new(Dce),
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
