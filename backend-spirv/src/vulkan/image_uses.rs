//! What a kernel does with its images and samplers, found before emission (after the
//! Vulkan inlining, every image and sampler value is a kernel parameter or a constant
//! sampler): the texel type each image is read or written with, and the distinct
//! constant samplers.
//!
//! An image read or written with several texel types (`read_imagef` and `read_imageui`,
//! say) gets one descriptor per type, all bound to the same image (see
//! [`super::reflection::TexelBinding`]): a Vulkan `OpTypeImage` has one sampled type.

use oclc_ir::{Function, Module, Op, ScalarType, Stmt, Type, ValueId};

use super::reflection::TexelKind;
use crate::error::{unsupported, Result, SpirvError};

/// The image and sampler uses of one kernel.
pub(crate) struct ImageUses {
    /// Per parameter: the texel types of its reads and writes, in first-use order (empty:
    /// not an image, or only queried).
    pub texels: Vec<Vec<TexelKind>>,
    /// Distinct `CLK_*` patterns of the kernel's constant samplers, in first-use order.
    pub constant_samplers: Vec<u32>,
}

/// The texel type of a 4-lane read result or written value of IR type `ty`.
pub(crate) fn texel_of(ir: &Module, ty: oclc_ir::TypeId) -> Option<TexelKind> {
    let elem = match ir.types.get(ty) {
        Type::Vector { elem, .. } => *elem,
        Type::Scalar(s) => *s,
        _ => return None,
    };
    match elem {
        ScalarType::F32 | ScalarType::F16 => Some(TexelKind::Float),
        ScalarType::I32 => Some(TexelKind::Int),
        ScalarType::U32 => Some(TexelKind::Uint),
        _ => None,
    }
}

/// Finds the image and sampler uses of kernel `f`.
pub(crate) fn image_uses(ir: &Module, f: &Function) -> Result<ImageUses> {
    let mut uses = ImageUses {
        texels: vec![Vec::new(); f.params.len()],
        constant_samplers: Vec::new(),
    };
    let param_of = |v: ValueId| f.params.iter().position(|p| p.value == v);
    let mut err = None;
    oclc_ir::walk_stmts(&f.body, &mut |s| {
        let Stmt::Let { value, op } = s else { return };
        let (image, texel_ty) = match op {
            Op::SamplerConst(bits) => {
                if !uses.constant_samplers.contains(&bits.0) {
                    uses.constant_samplers.push(bits.0);
                }
                return;
            }
            Op::ImageRead { image, .. } => (*image, f.value_type(*value)),
            Op::ImageWrite { image, value, .. } => (*image, f.value_type(*value)),
            _ => return,
        };
        let Some(k) = param_of(image) else {
            err.get_or_insert((
                format!("an image that is not a kernel parameter of `{}`", f.name),
                *value,
            ));
            return;
        };
        let Some(texel) = texel_of(ir, texel_ty) else {
            return;
        };
        if !uses.texels[k].contains(&texel) {
            uses.texels[k].push(texel);
        }
    });
    match err {
        // At the first read or write of an image that is not a parameter.
        Some((e, at)) => unsupported(e).map_err(|e: SpirvError| e.at_value(f, at)),
        None => Ok(uses),
    }
}
