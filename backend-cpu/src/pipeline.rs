//! The pass pipeline of the CPU target (JIT and objects), declared in one place.

use oclc_ir::opt::{self, OptConfig};
use oclc_ir::Pipeline;

/// The passes a module goes through before the CPU code generator: the optimisations of
/// `-O{level}`. What the code generator needs besides (every call inlined, stores forwarded,
/// the local size substituted when a launch knows it; in objects, the math routines linked
/// from the built-in library) it does per kernel as it translates.
pub fn cpu_pipeline<'a>(level: u8) -> Pipeline<'a> {
    opt::pipeline(&OptConfig::for_level(level))
}
