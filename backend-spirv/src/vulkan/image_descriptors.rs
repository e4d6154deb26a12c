//! The descriptors of a Vulkan kernel's image and sampler parameters and constant samplers
//! (see [`super::image`] for the scheme): their variables and loads, and which load an
//! image access goes through.

use oclc_ir::fx::HashMap;

use oclc_ir::{ImageAccess, ImageDim, SamplerBits, ScalarType, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, Dim, ImageFormat, StorageClass, Word};

use super::reflection::{
    TexelKind, VulkanArg, VulkanArgKind, VulkanImageArg, IMAGE_DESCRIPTOR_SET,
};
use crate::common::FnEmitter;
use crate::error::{unsupported, Result, SpirvError};

/// A loaded image parameter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ImageVal {
    /// Its `OpTypeImage`.
    pub(super) ty: Word,
    pub(super) dim: ImageDim,
    pub(super) arrayed: bool,
    /// `Sampled` 1 (sampled image or uniform texel buffer) rather than 2 (storage).
    pub(super) sampled: bool,
    pub(super) texel: TexelKind,
    /// The `CL_*` channel data type and order (`uint`s from the block).
    pub(super) data_type: Word,
    pub(super) order: Word,
}

/// A sampler's `CLK_*` bits: known here (constant samplers) or a `uint` from the block.
#[derive(Clone, Copy, Debug)]
pub(super) enum Bits {
    Known(u32),
    Runtime(Word),
}

/// Image and sampler values of the kernel being emitted, by SPIR-V id.
#[derive(Default)]
pub(crate) struct ImageState {
    images: HashMap<Word, ImageVal>,
    /// For an image parameter accessed with several texel types: its value (the load of
    /// its first descriptor) and a further type, to the load of that type's descriptor.
    other_texels: HashMap<(Word, TexelKind), Word>,
    samplers: HashMap<Word, Bits>,
    /// The variable of each constant sampler (by bits) of the kernel.
    constant_vars: HashMap<u32, Word>,
}

impl FnEmitter<'_, '_> {
    /// The block member type of an image (`uvec2`: channel data type and order) or
    /// sampler (`uint`: its bits) argument; `None` for other kinds.
    pub(crate) fn vk_descriptor_member_ty(&mut self, kind: VulkanArgKind) -> Option<Word> {
        match kind {
            VulkanArgKind::SampledImage
            | VulkanArgKind::StorageImage
            | VulkanArgKind::SampledTexelBuffer
            | VulkanArgKind::StorageTexelBuffer => {
                Some(self.cx.shape_ty(ScalarType::U32, 2, false))
            }
            VulkanArgKind::Sampler => Some(self.cx.shape_ty(ScalarType::U32, 1, false)),
            _ => None,
        }
    }

    /// A UniformConstant variable of type `ty` at `binding`, used by this function.
    fn vk_descriptor_var(&mut self, ty: Word, binding: u32, name: &str) -> Word {
        let ptr = self.cx.pointer_type(StorageClass::UniformConstant, ty);
        let var = self
            .cx
            .global_variable(ptr, StorageClass::UniformConstant, None);
        self.cx.b.decorate(
            var,
            Decoration::DescriptorSet,
            [Operand::LiteralBit32(IMAGE_DESCRIPTOR_SET)],
        );
        self.cx
            .b
            .decorate(var, Decoration::Binding, [Operand::LiteralBit32(binding)]);
        self.cx.b.name(var, name.to_string());
        self.use_var(var);
        var
    }

    /// The value of an image or sampler argument `a`, whose block member was loaded as
    /// `member` (see [`Self::vk_descriptor_member_ty`]).
    pub(crate) fn vk_descriptor_arg(&mut self, a: &VulkanArg, member: Word) -> Result<Word> {
        let binding = a
            .binding
            .ok_or_else(|| SpirvError::new("internal: an image argument without a binding"))?;
        let name = format!("{}.{}", self.f.name, a.name);
        if a.kind == VulkanArgKind::Sampler {
            let ty = self.cx.b.type_sampler();
            let var = self.vk_descriptor_var(ty, binding, &name);
            let w = self.cx.b.load(ty, None, var, None, [])?;
            self.cx.vk.images.samplers.insert(w, Bits::Runtime(member));
            return Ok(w);
        }
        let Some(info) = &a.image else {
            return unsupported("internal: an image argument without its image description");
        };
        let w = self.vk_image_descriptor(info, info.texel, binding, &name, member)?;
        for more in &info.more_texels {
            let name = format!("{name}.{}", more.texel.name());
            let other = self.vk_image_descriptor(info, more.texel, more.binding, &name, member)?;
            self.cx
                .vk
                .images
                .other_texels
                .insert((w, more.texel), other);
        }
        Ok(w)
    }

    /// The load of the descriptor of image argument `info` at `binding`, an image of
    /// `texel` sampled type, whose block member was loaded as `member`.
    fn vk_image_descriptor(
        &mut self,
        info: &VulkanImageArg,
        texel: TexelKind,
        binding: u32,
        name: &str,
        member: Word,
    ) -> Result<Word> {
        let sampled = info.access == ImageAccess::Read;
        let sampled_ty = match texel {
            TexelKind::Float => self.cx.shape_ty(ScalarType::F32, 1, false),
            TexelKind::Int => self.cx.b.type_int(32, 1),
            TexelKind::Uint => self.cx.shape_ty(ScalarType::U32, 1, false),
        };
        let dim = match (info.dim, sampled) {
            (ImageDim::D1, true) => {
                self.cx.require(Capability::Sampled1D);
                Dim::Dim1D
            }
            (ImageDim::D1, false) => {
                self.cx.require(Capability::Image1D);
                Dim::Dim1D
            }
            (ImageDim::Buffer, true) => {
                self.cx.require(Capability::SampledBuffer);
                Dim::DimBuffer
            }
            (ImageDim::Buffer, false) => {
                self.cx.require(Capability::ImageBuffer);
                Dim::DimBuffer
            }
            (ImageDim::D2, _) => Dim::Dim2D,
            (ImageDim::D3, _) => Dim::Dim3D,
        };
        if info.access.writable() {
            self.cx.require(Capability::StorageImageWriteWithoutFormat);
        }
        if info.access == ImageAccess::ReadWrite {
            self.cx.require(Capability::StorageImageReadWithoutFormat);
        }
        let ty = self.cx.b.type_image(
            sampled_ty,
            dim,
            0,
            info.arrayed as u32,
            0,
            if sampled { 1 } else { 2 },
            ImageFormat::Unknown,
            None,
        );
        let var = self.vk_descriptor_var(ty, binding, name);
        let w = self.cx.b.load(ty, None, var, None, [])?;
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let data_type = self.cx.b.composite_extract(u32t, None, member, [0])?;
        let order = self.cx.b.composite_extract(u32t, None, member, [1])?;
        self.cx.vk.images.images.insert(
            w,
            ImageVal {
                ty,
                dim: info.dim,
                arrayed: info.arrayed,
                sampled,
                texel,
                data_type,
                order,
            },
        );
        Ok(w)
    }

    /// `Op::SamplerConst`: a load of the kernel's descriptor for that constant sampler.
    pub(crate) fn vk_sampler_const(&mut self, bits: SamplerBits) -> Result<Word> {
        let binding = self.cx.vk.entry.as_ref().and_then(|e| {
            e.constant_samplers
                .iter()
                .find(|c| c.bits == bits.0)
                .map(|c| c.binding)
        });
        let Some(binding) = binding else {
            return unsupported("a constant sampler outside a kernel");
        };
        let ty = self.cx.b.type_sampler();
        let var = match self.cx.vk.images.constant_vars.get(&bits.0) {
            Some(&v) => {
                self.use_var(v);
                v
            }
            None => {
                let name = format!("{}.sampler{:#x}", self.f.name, bits.0);
                let v = self.vk_descriptor_var(ty, binding, &name);
                self.cx.vk.images.constant_vars.insert(bits.0, v);
                v
            }
        };
        let w = self.cx.b.load(ty, None, var, None, [])?;
        self.cx.vk.images.samplers.insert(w, Bits::Known(bits.0));
        Ok(w)
    }

    /// The `CLK_*` bits of sampler value `smp` (a loaded sampler parameter or constant
    /// sampler).
    pub(super) fn vk_sampler_bits(&self, smp: Word) -> Option<Bits> {
        self.cx.vk.images.samplers.get(&smp).copied()
    }

    pub(super) fn vk_image(&self, image: ValueId) -> Result<(Word, ImageVal)> {
        let w = self.val(image)?;
        match self.cx.vk.images.images.get(&w) {
            Some(i) => Ok((w, *i)),
            None => unsupported("an image that is not a kernel parameter"),
        }
    }

    /// The image parameter `image` as its descriptor of `texel` sampled type, for a read
    /// or write of 4-lane IR type `texel_ty` (its first descriptor when the type is not a
    /// texel type, which the IR verifier rules out).
    pub(super) fn vk_image_as(&self, image: ValueId, texel_ty: TypeId) -> Result<(Word, ImageVal)> {
        let (w, im) = self.vk_image(image)?;
        let Some(texel) = super::image_uses::texel_of(self.cx.ir, texel_ty) else {
            return Ok((w, im));
        };
        if texel == im.texel {
            return Ok((w, im));
        }
        let Some(&other) = self.cx.vk.images.other_texels.get(&(w, texel)) else {
            return Err(SpirvError::new(format!(
                "internal: image access with {} texels has no descriptor",
                texel.name()
            )));
        };
        match self.cx.vk.images.images.get(&other) {
            Some(i) => Ok((other, *i)),
            None => Err(SpirvError::new(
                "internal: an image descriptor without its load",
            )),
        }
    }
}
