//! The pass pipeline of the OpenCL SPIR-V target, declared in one place.

use oclc_ir::opt::{self, OptConfig};
use oclc_ir::Pipeline;

/// The passes a module goes through before [`super::emit_opencl`]: the optimisations of
/// `-O{level}` with this target's cost model, and no legalisation (OpenCL SPIR-V expresses
/// every construct of oclc's IR). The consumer's compiler optimises the module again, so
/// the budgets are those of the target-neutral settings.
pub fn opencl_pipeline<'a>(level: u8) -> Pipeline<'a> {
    opt::pipeline(&OptConfig::for_level(level))
}
