//! Vulkan-only inlining of helpers that take images or samplers.
//!
//! A Vulkan image or sampler is a descriptor: a helper cannot receive one through a
//! pointer, and the SPIR-V type of an image depends on how the kernel binds it (sampled
//! or storage image, float or integer texels). Inlining every helper with an image or
//! sampler parameter (transitively) leaves every image and sampler value in the kernel
//! whose parameter (or constant sampler) it is, where the Vulkan backend can see it.

use super::inline_private::{inline_helpers_where, InlineError};
use crate::module::{FuncId, Module};
use crate::types::Type;

/// True when helper `func` of `module` has an image or sampler parameter; kernels never
/// qualify.
pub fn takes_image_or_sampler(module: &Module, func: FuncId) -> bool {
    let f = module.function(func);
    !f.is_kernel()
        && f.params
            .iter()
            .any(|p| matches!(module.types.get(p.ty), Type::Image { .. } | Type::Sampler))
}

/// Inlines every call to a helper taking an image or sampler, then removes those helpers.
/// Returns true when anything changed.
pub fn inline_image_helper_calls(module: &mut Module) -> Result<bool, InlineError> {
    inline_helpers_where(module, &takes_image_or_sampler)
}
