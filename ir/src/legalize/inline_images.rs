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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::{walk_stmts, Stmt};
    use crate::op::Op;
    use crate::{parse_module, print_module, verify_module};

    /// `@tap` takes an image and a sampler and is inlined (then dropped); `@twice` stays.
    const INPUT: &str = r#"
func @tap(%0 "img": image<2d, read>, %1 "s": sampler, %2 "c": i32x2) -> f32x4 {
  %3: f32x4 = image_read %0, %1, %2
  return %3
}

func @twice(%0 "x": i32) -> i32 {
  %1: i32 = add %0, %0
  return %1
}

kernel @k(%0 "img": image<2d, read>, %1 "out": ptr<global, f32x4>) -> void {
  %2: sampler = sampler_const 18
  %3: i32 = const 1
  %4: i32 = call @twice(%3)
  %5: i32x2 = splat %4
  %6: f32x4 = call @tap(%0, %2, %5)
  store %1, %6
  return
}
"#;

    #[test]
    fn inlines_helpers_taking_images_and_keeps_other_calls() {
        let mut m = parse_module(INPUT).expect("parses");
        verify_module(&m).expect("input verifies");
        assert!(inline_image_helper_calls(&mut m).expect("inlines"));
        verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{}", print_module(&m)));
        let names: Vec<&str> = m.functions.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["twice", "k"]);
        let kernel = m.functions.iter().find(|f| f.is_kernel()).unwrap();
        let mut reads = 0;
        walk_stmts(&kernel.body, &mut |s| {
            if let Stmt::Let {
                op: Op::ImageRead { image, .. },
                ..
            } = s
            {
                assert_eq!(*image, kernel.params[0].value, "reads the kernel's image");
                reads += 1;
            }
        });
        assert_eq!(reads, 1, "{}", print_module(&m));
    }
}
