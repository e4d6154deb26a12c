//! Optimization passes over IR modules and the pipeline that runs them.
//!
//! Every pass implements [`Pass`]; [`pipeline`] picks the passes for an optimization level
//! and [`run_pipeline`] runs them to a fixed point, verifying the module after each pass in
//! debug builds and reporting each intermediate module (for `-save-temps`).

pub mod const_fold;
pub mod contract;
pub mod dce;
pub mod describe;
pub mod forward_stores;
pub mod infer_spaces;
pub mod inline;
pub mod inline_images;
pub mod inline_private;
pub mod pointer_nullness;
pub mod printf_buffer;
pub mod private_pointers;
pub mod private_union;
pub mod refusal;
pub mod rewrite;
pub mod simplify;
pub mod split_wide;

use crate::module::Module;

pub use const_fold::ConstFold;
pub use dce::Dce;
pub use simplify::Simplify;

/// A transformation of a whole module.
pub trait Pass {
    /// A short name for logs and `-save-temps` file names (e.g. `const_fold`).
    fn name(&self) -> &'static str;

    /// Rewrites `module` in place; returns true when anything changed.
    fn run(&self, module: &mut Module) -> bool;
}

/// The most rounds [`run_pipeline`] makes over the passes before giving up on reaching a
/// fixed point.
pub const MAX_ROUNDS: usize = 8;

/// The passes run at optimization level `opt_level`, in order: none at `-O0`; constant
/// folding, peephole simplification and dead-code elimination at `-O1` and above.
pub fn pipeline(opt_level: u8) -> Vec<Box<dyn Pass>> {
    if opt_level == 0 {
        return Vec::new();
    }
    vec![Box::new(ConstFold), Box::new(Simplify), Box::new(Dce)]
}

/// Runs [`pipeline`]`(opt_level)` over `module` in rounds until no pass changes anything
/// (at most [`MAX_ROUNDS`] rounds). After every pass run, the module is verified in debug
/// builds (a failure is a compiler bug and panics) and `after_each(pass_name, module)` is
/// called, so a pass name may be reported once per round. Returns true when anything changed.
pub fn run_pipeline(
    module: &mut Module,
    opt_level: u8,
    mut after_each: impl FnMut(&str, &Module),
) -> bool {
    let passes = pipeline(opt_level);
    let mut any = false;
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        for pass in &passes {
            changed |= pass.run(module);
            if cfg!(debug_assertions) {
                if let Err(e) = crate::verify::verify_module(module) {
                    panic!("after pass {}: {e}", pass.name());
                }
            }
            after_each(pass.name(), module);
        }
        any |= changed;
        if !changed {
            break;
        }
    }
    any
}
