//! Legalisations: rewrites a target needs before its backend can express the program, as
//! opposed to the optimisations of `crate::opt`, which any target may skip. Most exist for
//! Vulkan, whose SPIR-V has no generic address space, no byte-addressed private memory and
//! no vectors wider than 4 lanes; linking the built-in library serves Vulkan and CPU
//! objects. Each is a [`Pass`] here so that target pipelines list them beside the
//! optimisations and `-save-temps` shows each; the rules of each are in its own file.

pub mod contract;
pub mod imports;
pub mod infer_spaces;
pub mod inline_images;
pub mod inline_private;
pub mod packed_buffers;
pub mod pointer_nullness;
pub mod printf_buffer;
pub mod private_pointers;
pub mod private_union;
pub mod split_pointer_structs;
pub mod split_wide;
mod type_rewrite;

use crate::diag::refusal::Refusal;
use crate::library::{link_with_division, LibrarySource, LinkError};
use crate::module::Module;
use crate::op::MathFn;
use crate::pipeline::Pass;
use crate::types::ScalarType;

/// Refuses calls to functions declared but never defined, which only SPIR-V for OpenCL
/// can import ([`imports`]); the first pass of the Vulkan and CPU pipelines.
pub struct RefuseImports;

impl Pass for RefuseImports {
    fn name(&self) -> &'static str {
        "refuse_imports"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        match imports::first_import_call(module) {
            Some(refusal) => Err(refusal),
            None => Ok(false),
        }
    }
}

/// `a * b + c` within one source expression becomes `mad` where OpenCL allows contraction
/// ([`contract::contract_mul_add`]); runs before any optimisation can merge expressions.
pub struct Contract;

impl Pass for Contract {
    fn name(&self) -> &'static str {
        "contract"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        Ok(contract::contract_mul_add(module) > 0)
    }
}

/// Which built-ins and divisions a target takes from the built-in library.
pub struct LibraryNeeds<'a> {
    /// Built-in `func` on elements `T` is linked when `math(func, T)`.
    pub math: &'a dyn Fn(MathFn, ScalarType) -> bool,
    /// Float division on elements `T` is linked when `division(T)`.
    pub division: &'a dyn Fn(ScalarType) -> bool,
}

/// Links the built-ins a target lacks from oclc's built-in library
/// ([`crate::library::link_with_division`]).
pub struct LinkLibrary<'a> {
    /// Where the library comes from.
    pub library: &'a dyn LibrarySource,
    /// What the target takes from it.
    pub needs: LibraryNeeds<'a>,
}

impl Pass for LinkLibrary<'_> {
    fn name(&self) -> &'static str {
        "link_library"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        let report = link_with_division(module, self.library, self.needs.math, self.needs.division)
            .map_err(|e| match e {
                LinkError::Missing { func, scalar } => Refusal::new(format!(
                    "the built-in `{}` on {} is not supported yet",
                    func.name(),
                    crate::library::opencl_type_name(scalar)
                )),
                LinkError::MissingDivision(scalar) => Refusal::new(format!(
                    "division on {} is not supported yet",
                    crate::library::opencl_type_name(scalar)
                )),
                e => Refusal::new(format!("internal error: {e}")),
            })?;
        Ok(report.ops_replaced + report.divisions_replaced > 0)
    }
}

/// Helpers taking private pointers are inlined ([`inline_private`]).
pub struct InlinePrivatePointers;

impl Pass for InlinePrivatePointers {
    fn name(&self) -> &'static str {
        "inline_private"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        inline_private::inline_private_pointer_calls(module).map_err(|e| e.to_string().into())
    }
}

/// Helpers taking images or samplers are inlined ([`inline_images`]).
pub struct InlineImageHelpers;

impl Pass for InlineImageHelpers {
    fn name(&self) -> &'static str {
        "inline_images"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        inline_images::inline_image_helper_calls(module).map_err(|e| e.to_string().into())
    }
}

/// Every generic pointer gets the one named space it points into ([`infer_spaces`]).
pub struct InferSpaces;

impl Pass for InferSpaces {
    fn name(&self) -> &'static str {
        "infer_spaces"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        infer_spaces::infer_generic_spaces(module).map_err(|e| {
            let span = match &e {
                infer_spaces::InferSpacesError::Undecided { span, .. } => *span,
                _ => None,
            };
            Refusal::new(e.to_string()).at(span)
        })
    }
}

/// Packed structs in `__global`/`__constant` memory are reached through byte addresses
/// and under-aligned accesses split into pieces ([`packed_buffers`]).
pub struct PackedBuffers;

impl Pass for PackedBuffers {
    fn name(&self) -> &'static str {
        "packed_buffers"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        packed_buffers::lower_packed_buffers(module)
    }
}

/// Private struct variables holding private pointers, reached only field by field, become
/// one variable per field ([`split_pointer_structs`]).
pub struct SplitPointerStructs;

impl Pass for SplitPointerStructs {
    fn name(&self) -> &'static str {
        "split_pointer_structs"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        Ok(split_pointer_structs::split_pointer_structs(module))
    }
}

/// Private pointer variables become element indices ([`private_pointers`]).
pub struct PrivatePointers;

impl Pass for PrivatePointers {
    fn name(&self) -> &'static str {
        "private_pointers"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        private_pointers::lower_private_pointer_variables(module)
    }
}

/// Private unions and reinterpreting casts become bit operations ([`private_union`]).
pub struct PrivateUnions;

impl Pass for PrivateUnions {
    fn name(&self) -> &'static str {
        "private_union"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        private_union::lower_private_reinterprets(module)
    }
}

/// Vectors of 8 and 16 lanes become 4-lane pieces ([`split_wide`]).
pub struct SplitWideVectors;

impl Pass for SplitWideVectors {
    fn name(&self) -> &'static str {
        "split_wide"
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        split_wide::split_wide_vectors(module)
    }
}
