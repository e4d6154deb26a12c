//! The pass pipeline of the Vulkan SPIR-V target, declared in one place.

use oclc_ir::legalize::{
    Contract, InferSpaces, InlineImageHelpers, InlinePrivatePointers, LibraryNeeds, LinkLibrary,
    PackedBuffers, PrivatePointers, PrivateUnions, RefuseImports, SplitPointerStructs,
    SplitWideVectors,
};
use oclc_ir::opt::{self, OptConfig};
use oclc_ir::{LibrarySource, MathFn, Pipeline, ScalarType};

use super::math::{vulkan_native_division, vulkan_native_math, vulkan_native_math_relaxed};

/// What the Vulkan pipeline depends on besides the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VulkanPipelineOptions {
    /// `-O0` .. `-O3`.
    pub level: u8,
    /// `a * b + c` within one expression may become one `Fma` (`FP_CONTRACT ON`, the
    /// default, or `-cl-mad-enable`).
    pub contract: bool,
    /// `-cl-fast-relaxed-math` or `-cl-unsafe-math-optimizations`: the built-ins whose
    /// relaxed limits Vulkan's instructions meet are not linked from the library
    /// (`vulkan_native_math_relaxed`).
    pub relaxed_math: bool,
}

fn library_math(func: MathFn, scalar: ScalarType) -> bool {
    !vulkan_native_math(func, scalar)
}

fn library_math_relaxed(func: MathFn, scalar: ScalarType) -> bool {
    !vulkan_native_math_relaxed(func, scalar)
}

fn library_division(scalar: ScalarType) -> bool {
    !vulkan_native_division(scalar)
}

/// The passes a module goes through before [`super::emit_vulkan_with`], in order:
/// - calls to functions declared but never defined refused (`legalize::imports`: a Vulkan
///   module cannot import them);
/// - contraction first (`legalize::contract`), while every product still belongs to the
///   source expression it came from;
/// - the optimisations of `-O{level}` (no SLP vectorisation: GPU compilers scalarise
///   vector arithmetic, and on lavapipe the chapter's DefConvolve ran no faster with it),
///   then from `-O2` kernels whose neighbouring rows of work-items share loads given a
///   two-row variant the launch may select (`opt::coarsen_rows`), and kernels that
///   synchronise their work-groups alike given a variant kernel computing four work-groups
///   per invocation (`opt::coarsen_groups`), from `-O1` loops that
///   are not counted loops marked not to be unrolled by the
///   driver (`opt::loop_hints`), loops rotated to test at the bottom (`opt::rotate`:
///   NVIDIA's Vulkan compiler runs top-tested loops slowly) and dead code removed;
/// - the legalisations: the built-ins and divisions Vulkan lacks with OpenCL's precision
///   linked from `library`; helpers taking private pointers, images or samplers inlined;
///   generic pointers given their space; packed structs in `__global`/`__constant`
///   memory reached through byte addresses, under-aligned accesses split into aligned
///   pieces; private structs holding private pointers split
///   into one variable per field; private pointer variables as indices; private
///   unions as bit operations; 8- and 16-lane vectors split into 4-lane pieces.
pub fn vulkan_pipeline<'a>(
    options: &VulkanPipelineOptions,
    library: &'a dyn LibrarySource,
) -> Pipeline<'a> {
    let mut pipeline = Pipeline::new().then(RefuseImports);
    if options.contract {
        pipeline = pipeline.then(Contract);
    }
    pipeline = pipeline.append(opt::pipeline(&OptConfig::for_level(options.level)));
    if options.level >= 2 {
        pipeline = pipeline.then(opt::CoarsenRows).then(opt::CoarsenGroups);
    }
    if options.level >= 1 {
        pipeline = pipeline
            .then(opt::LoopHints)
            .then(opt::Rotate)
            .then(opt::Simplify)
            .then(opt::Dce);
    }
    pipeline
        .then(LinkLibrary {
            library,
            needs: LibraryNeeds {
                math: if options.relaxed_math {
                    &library_math_relaxed
                } else {
                    &library_math
                },
                division: &library_division,
            },
        })
        .then(InlinePrivatePointers)
        .then(InlineImageHelpers)
        .then(InferSpaces)
        .then(PackedBuffers)
        .then(SplitPointerStructs)
        .then(PrivatePointers)
        .then(PrivateUnions)
        .then(SplitWideVectors)
}
