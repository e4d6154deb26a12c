//! The argument-block layout of a kernel, computed from its IR signature.

use oclc_ir::{AddressSpace, Function, FunctionKind, Module, Type};

use super::reflection::*;
use crate::error::{unsupported, Result};

/// The descriptor kind of an image argument.
fn image_kind(image: &VulkanImageArg) -> VulkanArgKind {
    let read_only = image.access == oclc_ir::ImageAccess::Read;
    match (image.dim == oclc_ir::ImageDim::Buffer, read_only) {
        (true, true) => VulkanArgKind::SampledTexelBuffer,
        (true, false) => VulkanArgKind::StorageTexelBuffer,
        (false, true) => VulkanArgKind::SampledImage,
        (false, false) => VulkanArgKind::StorageImage,
    }
}

/// The first specialization constant id used for `__local` pointer arguments.
pub(crate) const FIRST_LOCAL_SPEC_ID: u32 = 3;

/// Lays out the arguments of kernel `f`, followed, when the module has program-scope
/// `__constant` data, by its 8-byte address in the last 8 bytes of the block.
pub(crate) fn kernel_layout(
    ir: &Module,
    f: &Function,
    constants: bool,
) -> Result<KernelReflection> {
    let mut offset = FIRST_ARG_OFFSET;
    let mut next_spec = FIRST_LOCAL_SPEC_ID;
    let mut args = Vec::with_capacity(f.params.len());
    let uses = super::image_uses::image_uses(ir, f)?;
    let mut next_binding = FIRST_IMAGE_BINDING;
    for (k, p) in f.params.iter().enumerate() {
        let arg = |kind, offset, size, local_spec_id, elem_size| VulkanArg {
            name: p.name.clone(),
            kind,
            type_name: p.type_name.clone(),
            offset,
            size,
            local_spec_id,
            elem_size,
            binding: None,
            image: None,
            info: ArgInfo::of(&ir.types, p),
        };
        match ir.types.get(p.ty) {
            Type::Pointer { space, pointee } => {
                let elem = ir.types.layout(*pointee).size as u32;
                match space {
                    AddressSpace::Global | AddressSpace::Constant => {
                        offset = offset.next_multiple_of(8);
                        args.push(arg(VulkanArgKind::Buffer, Some(offset), 8, None, elem));
                        offset += 8;
                    }
                    AddressSpace::Local => {
                        args.push(arg(VulkanArgKind::Local, None, 0, Some(next_spec), elem));
                        next_spec += 1;
                    }
                    other => {
                        return unsupported(format!(
                            "kernel argument `{}`: a {} pointer",
                            p.name,
                            other.name()
                        ))
                    }
                }
            }
            // Arrays: 8/16-lane vectors, split into 4-lane pieces before emission.
            Type::Scalar(_) | Type::Vector { .. } | Type::Array { .. } => {
                let l = ir.types.layout(p.ty);
                offset = offset.next_multiple_of(l.align as u32);
                args.push(arg(
                    VulkanArgKind::Value,
                    Some(offset),
                    l.size as u32,
                    None,
                    0,
                ));
                offset += l.size as u32;
            }
            Type::Image {
                dim,
                arrayed,
                access,
            } => {
                // Channel data type and order (`uint`s) for queries and border colours.
                offset = offset.next_multiple_of(8);
                // One binding per texel type, the argument's own for the first.
                let texels = &uses.texels[k];
                let binding = next_binding;
                let more_texels = texels
                    .iter()
                    .skip(1)
                    .zip(binding + 1..)
                    .map(|(&texel, binding)| TexelBinding { texel, binding })
                    .collect();
                next_binding += texels.len().max(1) as u32;
                let image = VulkanImageArg {
                    dim: *dim,
                    arrayed: *arrayed,
                    access: *access,
                    texel: texels.first().copied().unwrap_or(TexelKind::Float),
                    more_texels,
                };
                let mut a = arg(image_kind(&image), Some(offset), 8, None, 0);
                a.binding = Some(binding);
                a.image = Some(image);
                offset += 8;
                args.push(a);
            }
            Type::Sampler => {
                // The `CLK_*` bits, for what Vulkan samplers cannot express.
                offset = offset.next_multiple_of(4);
                let mut a = arg(VulkanArgKind::Sampler, Some(offset), 4, None, 0);
                a.binding = Some(next_binding);
                next_binding += 1;
                offset += 4;
                args.push(a);
            }
            _ => {
                return unsupported(format!(
                    "kernel argument `{}` of type {} on Vulkan",
                    p.name, p.type_name
                ))
            }
        }
    }
    let mut constant_data_offset = None;
    if constants {
        // The smallest offset = 8 (mod 16) at or after the arguments: the block's last 8 bytes.
        let at = (offset + 8).next_multiple_of(16) - 8;
        constant_data_offset = Some(at);
        offset = at + 8;
    }
    let block_size = offset.next_multiple_of(16);
    let reqd = match &f.kind {
        FunctionKind::Kernel(a) => a.reqd_work_group_size,
        _ => None,
    };
    let printf_buffer_offset = args
        .iter()
        .find(|a| a.name == super::printf::PRINTF_BUFFER_PARAM)
        .and_then(|a| a.offset);
    Ok(KernelReflection {
        entry_point: f.name.clone(),
        args,
        block_size,
        block_in_uniform_buffer: block_size > MAX_PUSH_CONSTANT_BYTES,
        reqd_work_group_size: reqd,
        workgroup_size_spec_ids: WORKGROUP_SIZE_SPEC_IDS,
        groups_mergeable: super::group_merge::groups_mergeable(ir, f),
        items_spec_id: None,
        merged_groups_spec_id: None,
        rows_spec_id: super::rows::reads_rows(f).then_some(super::rows::ROWS_SPEC_ID),
        groups_per_invocation: None,
        variant_of: None,
        local_memory_bytes: super::merged_groups::local_memory_bytes(ir, f),
        constant_data_offset,
        constant_samplers: uses
            .constant_samplers
            .iter()
            .map(|&bits| {
                next_binding += 1;
                ConstantSampler {
                    binding: next_binding - 1,
                    bits,
                }
            })
            .collect(),
        printf_buffer_offset,
        kernel_arg_info: false,
    })
}
