//! Images and samplers in the OpenCL flavour, as the OpenCL SPIR-V environment defines
//! them: `OpTypeImage` with a void sampled type, `Sampled` 0, format `Unknown` and the
//! access qualifier; samplers as `OpTypeSampler` with `OpConstantSampler` literals; reads
//! with a sampler as `OpSampledImage` + `OpImageSampleExplicitLod` at Lod 0, reads without
//! one as `OpImageRead`; writes as `OpImageWrite`; queries as `OpImageQuerySize(Lod)`,
//! `OpImageQueryFormat` and `OpImageQueryOrder` (whose results are offsets from the host
//! API's `CL_*` values). The Vulkan flavour has its own scheme (`crate::vulkan::image`):
//! its image and sampler values only come from kernel parameters and constant samplers.

use oclc_ir::{ImageAccess, ImageDim, ImageQuery, SamplerBits, ScalarType, Type, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{
    AccessQualifier, Capability, Dim, ImageFormat, ImageOperands, SamplerAddressingMode,
    SamplerFilterMode, Word,
};

use super::context::{Flavour, ModuleCtx};
use super::function::FnEmitter;
use crate::error::{unsupported, Result};

/// The error of an image or sampler type needed outside a kernel's parameters on Vulkan.
const VULKAN_IMAGES: &str =
    "an image or sampler that is not a kernel parameter (e.g. passed to a kernel called as a function)";

/// `CL_SNORM_INT8`, the host API value of channel data type 0 of `OpImageQueryFormat`.
const CL_CHANNEL_TYPE_BASE: u64 = 0x10D0;
/// `CL_R`, the host API value of channel order 0 of `OpImageQueryOrder`.
const CL_CHANNEL_ORDER_BASE: u64 = 0x10B0;

impl ModuleCtx<'_> {
    /// The SPIR-V type of an IR image type, with the capabilities it needs.
    pub fn image_ty(&mut self, dim: ImageDim, arrayed: bool, access: ImageAccess) -> Result<Word> {
        if self.flavour == Flavour::Vulkan {
            return unsupported(VULKAN_IMAGES);
        }
        self.require(Capability::ImageBasic);
        let spv_dim = match dim {
            ImageDim::D1 => {
                self.require(Capability::Sampled1D);
                Dim::Dim1D
            }
            ImageDim::Buffer => {
                self.require(Capability::SampledBuffer);
                Dim::DimBuffer
            }
            ImageDim::D2 => Dim::Dim2D,
            ImageDim::D3 => Dim::Dim3D,
        };
        let qualifier = match access {
            ImageAccess::Read => AccessQualifier::ReadOnly,
            ImageAccess::Write => AccessQualifier::WriteOnly,
            ImageAccess::ReadWrite => {
                self.require(Capability::ImageReadWrite);
                AccessQualifier::ReadWrite
            }
        };
        let void = self.b.type_void();
        Ok(self.b.type_image(
            void,
            spv_dim,
            0,
            arrayed as u32,
            0,
            0,
            ImageFormat::Unknown,
            Some(qualifier),
        ))
    }

    /// The SPIR-V sampler type.
    pub fn sampler_ty(&mut self) -> Result<Word> {
        if self.flavour == Flavour::Vulkan {
            return unsupported(VULKAN_IMAGES);
        }
        Ok(self.b.type_sampler())
    }

    /// An `OpConstantSampler` with the settings of `bits` (one per distinct pattern).
    pub fn sampler_const(&mut self, bits: SamplerBits) -> Result<Word> {
        if let Some(&w) = self.sampler_consts.get(&bits.0) {
            return Ok(w);
        }
        let ty = self.sampler_ty()?;
        self.require(Capability::LiteralSampler);
        let addressing = match bits.addressing() {
            oclc_ir::op::AddressingMode::None => SamplerAddressingMode::None,
            oclc_ir::op::AddressingMode::ClampToEdge => SamplerAddressingMode::ClampToEdge,
            oclc_ir::op::AddressingMode::Clamp => SamplerAddressingMode::Clamp,
            oclc_ir::op::AddressingMode::Repeat => SamplerAddressingMode::Repeat,
            oclc_ir::op::AddressingMode::MirroredRepeat => SamplerAddressingMode::RepeatMirrored,
        };
        let filter = if bits.linear() {
            SamplerFilterMode::Linear
        } else {
            SamplerFilterMode::Nearest
        };
        let w = self
            .b
            .constant_sampler(ty, addressing, bits.normalized() as u32, filter);
        self.sampler_consts.insert(bits.0, w);
        Ok(w)
    }
}

impl FnEmitter<'_, '_> {
    fn image_kind(&self, image: ValueId) -> Result<(ImageDim, bool)> {
        match self.cx.ir.types.get(self.vty(image)) {
            Type::Image { dim, arrayed, .. } => Ok((*dim, *arrayed)),
            _ => unsupported("image operation on a value that is not an image"),
        }
    }

    /// `Op::SamplerConst`.
    pub fn sampler_value(&mut self, bits: SamplerBits) -> Result<Word> {
        if self.cx.flavour == Flavour::Vulkan {
            return self.vk_sampler_const(bits);
        }
        self.cx.sampler_const(bits)
    }

    /// `Op::ImageRead` with result type `rty`.
    pub fn image_read(
        &mut self,
        image: ValueId,
        sampler: Option<ValueId>,
        coord: ValueId,
        rty: TypeId,
    ) -> Result<Word> {
        if self.cx.flavour == Flavour::Vulkan {
            return self.vk_image_read(image, sampler, coord, rty);
        }
        let rt = self.cx.ty(rty)?;
        let img = self.val(image)?;
        let c = self.val(coord)?;
        let Some(sampler) = sampler else {
            return Ok(self.cx.b.image_read(rt, None, img, c, None, [])?);
        };
        let smp = self.val(sampler)?;
        let img_ty = self.cx.ty(self.vty(image))?;
        let sampled_ty = self.cx.b.type_sampled_image(img_ty);
        let sampled = self.cx.b.sampled_image(sampled_ty, None, img, smp)?;
        let lod = self.cx.const_scalar(ScalarType::F32, 0f32.to_bits() as u64);
        Ok(self.cx.b.image_sample_explicit_lod(
            rt,
            None,
            sampled,
            c,
            ImageOperands::LOD,
            [Operand::IdRef(lod)],
        )?)
    }

    /// `Op::ImageWrite` (void; the returned id is a placeholder never used).
    pub fn image_write(&mut self, image: ValueId, coord: ValueId, value: ValueId) -> Result<Word> {
        if self.cx.flavour == Flavour::Vulkan {
            return self.vk_image_write(image, coord, value);
        }
        let (img, c, v) = (self.val(image)?, self.val(coord)?, self.val(value)?);
        self.cx.b.image_write(img, c, v, None, [])?;
        Ok(0)
    }

    /// `Op::ImageQuery` with result type `rty`.
    pub fn image_query(&mut self, query: ImageQuery, image: ValueId, rty: TypeId) -> Result<Word> {
        let vulkan = self.cx.flavour == Flavour::Vulkan;
        if vulkan {
            if let Some(w) = self.vk_image_channel(query, image)? {
                return Ok(w);
            }
        }
        let img = self.val(image)?;
        let rt = self.cx.ty(rty)?;
        let (dim, arrayed) = self.image_kind(image)?;
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let channel = |e: &mut Self, base: u64, order: bool| -> Result<Word> {
            let raw = if order {
                e.cx.b.image_query_order(u32t, None, img)?
            } else {
                e.cx.b.image_query_format(u32t, None, img)?
            };
            let base = e.cx.const_scalar(ScalarType::U32, base);
            Ok(e.cx.b.i_add(rt, None, raw, base)?)
        };
        match query {
            ImageQuery::ChannelDataType => return channel(self, CL_CHANNEL_TYPE_BASE, false),
            ImageQuery::ChannelOrder => return channel(self, CL_CHANNEL_ORDER_BASE, true),
            _ => {}
        }
        let lanes = dim.coords() + arrayed as u8;
        let size_ty = self.cx.shape_ty(ScalarType::U32, lanes, false);
        let size = if vulkan {
            self.vk_image_size(image)?
        } else if dim == ImageDim::Buffer {
            self.cx.b.image_query_size(size_ty, None, img)?
        } else {
            let lod = self.cx.const_scalar(ScalarType::U32, 0);
            self.cx.b.image_query_size_lod(size_ty, None, img, lod)?
        };
        let lane = |e: &mut Self, i: u8| -> Result<Word> {
            if lanes == 1 {
                Ok(size)
            } else {
                Ok(e.cx.b.composite_extract(u32t, None, size, [i as u32])?)
            }
        };
        match query {
            ImageQuery::Width => lane(self, 0),
            ImageQuery::Height => lane(self, 1),
            ImageQuery::Depth => lane(self, 2),
            ImageQuery::ArraySize => {
                let layers = lane(self, dim.coords())?;
                Ok(self.cx.b.u_convert(rt, None, layers)?)
            }
            ImageQuery::Dim => {
                // (width, height) or (width, height, depth, 0): the layer count of an
                // array image is dropped, the 4th lane of a 3D image comes from a null.
                let want = self.cx.ir.types.lanes_of(rty).unwrap_or(2) as u32;
                if want == lanes as u32 {
                    return Ok(size);
                }
                let null = self.cx.const_null(size_ty);
                Ok(self.cx.b.vector_shuffle(rt, None, size, null, 0..want)?)
            }
            ImageQuery::ChannelDataType | ImageQuery::ChannelOrder => unreachable!("handled above"),
        }
    }
}
