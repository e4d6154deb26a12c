//! Images and samplers in the Vulkan flavour.
//!
//! Every image and sampler kernel parameter is its own descriptor, or for an image
//! accessed with several texel types, descriptors (see [`super::reflection`] for set and
//! bindings, [`super::image_descriptors`] for their variables); helpers taking them are
//! inlined before emission, so every image or sampler value is a parameter or a constant
//! sampler.
//!
//! - `read_only` images are *sampled* images (`Sampled` 1): reads with a sampler are
//!   `OpSampledImage` + `OpImageSampleExplicitLod` at Lod 0, reads without one
//!   `OpImageFetch`, so one image serves both (OpenCL pairs any image with any sampler at
//!   each read, which separate image and sampler descriptors keep, where combined
//!   image-samplers would need one descriptor per pair used). `read_only`
//!   `image1d_buffer_t` is a uniform texel buffer.
//! - `write_only` and `read_write` images are storage images (`Sampled` 2, format
//!   `Unknown`: `StorageImageWriteWithoutFormat`, and `StorageImageReadWithoutFormat` for
//!   reads of `read_write` images), accessed with `OpImageWrite`/`OpImageRead`.
//! - The sampled type follows the kernel's reads and writes (`float` for
//!   `read_imagef`/`h`, signed `int` for `read_imagei`, unsigned for `read_imageui`). An
//!   image accessed with several texel types has one descriptor (one variable of its own
//!   `OpTypeImage`) per type, all bound to the same image; each access goes through the
//!   one of its type, queries through the first.
//! - Samplers are `OpTypeSampler` descriptors whose Vulkan sampler always uses normalized
//!   coordinates ([`super::reflection::sampler_settings`]), because Vulkan's unnormalized
//!   samplers cannot address arrays or 3D images nor repeat: unnormalized float
//!   coordinates are divided by the image size in the kernel; nearest unnormalized reads
//!   and reads at integer coordinates are done exactly as OpenCL defines them, with
//!   `OpImageFetch` at the floor of the coordinate, clamped to the edge or replaced by the
//!   border colour. A sampler argument's `CLK_*` bits come in the argument block, so the
//!   choice is made at run time; a constant sampler's is made here.
//! - OpenCL's border colour is (0, 0, 0, 0) for channel orders with alpha and
//!   (0, 0, 0, 1) without: the Vulkan sampler's border is transparent black and sampled
//!   results of images without alpha get alpha 1 (which every texel of such an image has).
//! - Channel data type and order queries read the values the launcher puts in the block.

use oclc_ir::{ImageDim, ImageQuery, SamplerBits, ScalarType, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, ImageOperands, Word};

use super::image_descriptors::{Bits, ImageVal};
use super::reflection::TexelKind;
use crate::common::FnEmitter;
use crate::error::{unsupported, Result};

/// GLSL.std.450 instruction numbers used here.
const GLSL_ROUND_EVEN: u32 = 2;
const GLSL_FLOOR: u32 = 8;
const GLSL_FCLAMP: u32 = 43;
const GLSL_SCLAMP: u32 = 45;
const GLSL_PACK_HALF_2X16: u32 = 58;
const GLSL_UNPACK_HALF_2X16: u32 = 62;

/// `CL_HALF_FLOAT`.
const CL_HALF_FLOAT: u32 = 0x10DD;

/// `CL_*` channel orders that have an alpha channel (A, RA, RGBA, BGRA, ARGB, INTENSITY,
/// sRGBA, sBGRA, ABGR).
const ORDERS_WITH_ALPHA: [u32; 9] = [
    0x10B1, 0x10B3, 0x10B5, 0x10B6, 0x10B7, 0x10B8, 0x10C1, 0x10C2, 0x10C3,
];

/// A boolean that is known here or computed at run time.
#[derive(Clone, Copy)]
enum Flag {
    Known(bool),
    Runtime(Word),
}

impl FnEmitter<'_, '_> {
    /// The 4-lane type the kernel computes texels in: `f32x4`, or (signless) `i32x4`.
    fn vk_work_ty(&mut self, texel: TexelKind) -> Word {
        match texel {
            TexelKind::Float => self.cx.shape_ty(ScalarType::F32, 4, false),
            _ => self.cx.shape_ty(ScalarType::I32, 4, false),
        }
    }

    /// The result type of image instructions on `im` (`vec4` of its sampled type).
    fn vk_sampled_vec4(&mut self, im: &ImageVal) -> Word {
        match im.texel {
            TexelKind::Int => {
                let s = self.cx.b.type_int(32, 1);
                self.cx.b.type_vector(s, 4)
            }
            t => self.vk_work_ty(t),
        }
    }

    /// A sampled-type result converted to the work type.
    fn vk_to_work(&mut self, im: &ImageVal, r: Word) -> Result<Word> {
        if im.texel != TexelKind::Int {
            return Ok(r);
        }
        let wt = self.vk_work_ty(im.texel);
        Ok(self.cx.b.bitcast(wt, None, r)?)
    }

    /// True when the image's channel order has alpha (`Runtime`).
    fn vk_has_alpha(&mut self, im: &ImageVal) -> Result<Word> {
        let bool_t = self.cx.shape_ty(ScalarType::Bool, 1, false);
        let mut any = None;
        for o in ORDERS_WITH_ALPHA {
            let c = self.cx.const_u32(o);
            let eq = self.cx.b.i_equal(bool_t, None, im.order, c)?;
            any = Some(match any {
                None => eq,
                Some(a) => self.cx.b.logical_or(bool_t, None, a, eq)?,
            });
        }
        Ok(any.unwrap_or(0))
    }

    /// `v` with alpha 1 when the image's channel order has no alpha.
    fn vk_fix_alpha(&mut self, im: &ImageVal, v: Word) -> Result<Word> {
        let wt = self.vk_work_ty(im.texel);
        let one = match im.texel {
            TexelKind::Float => self.cx.const_scalar(ScalarType::F32, 1f32.to_bits() as u64),
            _ => self.cx.const_scalar(ScalarType::I32, 1),
        };
        let has = self.vk_has_alpha(im)?;
        let opaque = self.cx.b.composite_insert(wt, None, one, v, [3])?;
        Ok(self.cx.b.select(wt, None, has, v, opaque)?)
    }

    /// OpenCL's border colour of `im`: 0, with alpha 1 for orders without alpha.
    fn vk_border(&mut self, im: &ImageVal) -> Result<Word> {
        let wt = self.vk_work_ty(im.texel);
        let zero = self.cx.const_null(wt);
        self.vk_fix_alpha(im, zero)
    }

    /// `v` as an IR value of type `rty` (`f16` lanes converted).
    fn vk_to_result(&mut self, v: Word, rty: TypeId) -> Result<Word> {
        let (elem, _) = self.cx.shape(rty)?;
        if elem == ScalarType::F16 {
            let rt = self.cx.ty(rty)?;
            return Ok(self.cx.b.f_convert(rt, None, v)?);
        }
        Ok(v)
    }

    /// The first `m` lanes of `v` (of `lanes` lanes, element `elem`).
    fn vk_first_lanes(&mut self, v: Word, elem: ScalarType, lanes: u8, m: u8) -> Result<Word> {
        if lanes == m {
            return Ok(v);
        }
        let t = self.cx.shape_ty(elem, m, false);
        if m == 1 {
            return Ok(self.cx.b.composite_extract(t, None, v, [0])?);
        }
        Ok(self.cx.b.vector_shuffle(t, None, v, v, 0..m as u32)?)
    }

    /// The size of `im` as `i32` x (coordinates + layer).
    fn vk_size(&mut self, img: Word, im: &ImageVal) -> Result<Word> {
        self.cx.require(Capability::ImageQuery);
        let m = im.dim.coords() + im.arrayed as u8;
        let t = self.cx.shape_ty(ScalarType::I32, m, false);
        if im.sampled && im.dim != ImageDim::Buffer {
            let lod = self.cx.const_scalar(ScalarType::I32, 0);
            Ok(self.cx.b.image_query_size_lod(t, None, img, lod)?)
        } else {
            Ok(self.cx.b.image_query_size(t, None, img)?)
        }
    }

    /// Lanes `0..n` of `a` then lane `n` of `b` (vectors of `n + 1` lanes): replaces the
    /// layer lane of an array image's coordinate.
    fn vk_with_layer_of(&mut self, t: Word, a: Word, b: Word, n: u8) -> Result<Word> {
        let m = n as u32 + 1;
        let lanes: Vec<u32> = (0..n as u32).chain([m + n as u32]).collect();
        Ok(self.cx.b.vector_shuffle(t, None, a, b, lanes)?)
    }

    fn vk_glsl(&mut self, t: Word, op: u32, args: &[Word]) -> Result<Word> {
        let ext = self.cx.ext;
        Ok(self
            .cx
            .b
            .ext_inst(t, None, ext, op, args.iter().map(|&a| Operand::IdRef(a)))?)
    }

    fn vk_flag(&mut self, f: Flag) -> Word {
        match f {
            Flag::Known(b) => self.cx.const_scalar(ScalarType::Bool, b as u64),
            Flag::Runtime(w) => w,
        }
    }

    /// A texel fetched at integer (or, floored, float) coordinates `c` (the image's
    /// lanes), clamped to the edge, or the border colour when `clamp` and outside: a
    /// nearest read with an unnormalized sampler, as OpenCL defines it.
    fn vk_nearest_texel(
        &mut self,
        img: Word,
        im: &ImageVal,
        c: Word,
        float: bool,
        clamp: Flag,
    ) -> Result<Word> {
        let n = im.dim.coords();
        let m = n + im.arrayed as u8;
        let it = self.cx.shape_ty(ScalarType::I32, m, false);
        let size = self.vk_size(img, im)?;
        let ic = if float {
            let ft = self.cx.shape_ty(ScalarType::F32, m, false);
            let mut fl = self.vk_glsl(ft, GLSL_FLOOR, &[c])?;
            if im.arrayed {
                let layer = self.vk_glsl(ft, GLSL_ROUND_EVEN, &[c])?;
                fl = self.vk_with_layer_of(ft, fl, layer, n)?;
            }
            // Keep the conversion defined: anything outside is outside by one texel.
            let sizef = self.cx.b.convert_s_to_f(ft, None, size)?;
            let lo = self
                .cx
                .const_splat(ScalarType::F32, m, (-1f32).to_bits() as u64);
            let fl = self.vk_glsl(ft, GLSL_FCLAMP, &[fl, lo, sizef])?;
            self.cx.b.convert_f_to_s(it, None, fl)?
        } else {
            c
        };
        let one = self.cx.const_splat(ScalarType::I32, m, 1);
        let hi = self.cx.b.i_sub(it, None, size, one)?;
        let zero = self.cx.const_splat(ScalarType::I32, m, 0);
        let clamped = self.vk_glsl(it, GLSL_SCLAMP, &[ic, zero, hi])?;
        let vt = self.vk_sampled_vec4(im);
        let texel = if im.sampled {
            let (ops, params) = if im.dim == ImageDim::Buffer {
                (None, vec![])
            } else {
                let lod = self.cx.const_scalar(ScalarType::I32, 0);
                (Some(ImageOperands::LOD), vec![Operand::IdRef(lod)])
            };
            self.cx.b.image_fetch(vt, None, img, clamped, ops, params)?
        } else {
            self.cx.b.image_read(vt, None, img, clamped, None, [])?
        };
        let texel = self.vk_to_work(im, texel)?;
        if let Flag::Known(false) = clamp {
            return Ok(texel);
        }
        let probe = if im.arrayed {
            self.vk_with_layer_of(it, ic, clamped, n)?
        } else {
            ic
        };
        let bool_t = self.cx.shape_ty(ScalarType::Bool, 1, false);
        let inside = if m == 1 {
            self.cx.b.i_equal(bool_t, None, probe, clamped)?
        } else {
            let bt = self.cx.shape_ty(ScalarType::Bool, m, false);
            let eq = self.cx.b.i_equal(bt, None, probe, clamped)?;
            self.cx.b.all(bool_t, None, eq)?
        };
        let outside = self.cx.b.logical_not(bool_t, None, inside)?;
        let clamp = self.vk_flag(clamp);
        let border_now = self.cx.b.logical_and(bool_t, None, clamp, outside)?;
        let border = self.vk_border(im)?;
        let wt = self.vk_work_ty(im.texel);
        Ok(self.cx.b.select(wt, None, border_now, border, texel)?)
    }

    /// A read through the Vulkan sampler at float coordinates `c` (the image's lanes),
    /// divided by the image size first unless `normalized`.
    fn vk_sampled_texel(
        &mut self,
        img: Word,
        im: &ImageVal,
        smp: Word,
        c: Word,
        normalized: Flag,
    ) -> Result<Word> {
        let n = im.dim.coords();
        let m = n + im.arrayed as u8;
        let ft = self.cx.shape_ty(ScalarType::F32, m, false);
        let c = match normalized {
            Flag::Known(true) => c,
            _ => {
                let size = self.vk_size(img, im)?;
                let mut div = self.cx.b.convert_s_to_f(ft, None, size)?;
                if im.arrayed {
                    // The layer is never normalized.
                    let ones = self
                        .cx
                        .const_splat(ScalarType::F32, m, 1f32.to_bits() as u64);
                    div = self.vk_with_layer_of(ft, div, ones, n)?;
                }
                let scaled = self.cx.b.f_div(ft, None, c, div)?;
                match normalized {
                    Flag::Runtime(norm) => self.cx.b.select(ft, None, norm, c, scaled)?,
                    _ => scaled,
                }
            }
        };
        let sit = self.cx.b.type_sampled_image(im.ty);
        let si = self.cx.b.sampled_image(sit, None, img, smp)?;
        let vt = self.vk_sampled_vec4(im);
        let lod = self.cx.const_scalar(ScalarType::F32, 0f32.to_bits() as u64);
        let r = self.cx.b.image_sample_explicit_lod(
            vt,
            None,
            si,
            c,
            ImageOperands::LOD,
            [Operand::IdRef(lod)],
        )?;
        let r = self.vk_to_work(im, r)?;
        self.vk_fix_alpha(im, r)
    }

    /// `Op::ImageRead` on Vulkan.
    pub(crate) fn vk_image_read(
        &mut self,
        image: ValueId,
        sampler: Option<ValueId>,
        coord: ValueId,
        rty: TypeId,
    ) -> Result<Word> {
        let (img, im) = self.vk_image_as(image, rty)?;
        let (celem, clanes) = self.cx.shape(self.vty(coord))?;
        let n = im.dim.coords();
        let m = n + im.arrayed as u8;
        let c = self.val(coord)?;
        let c = self.vk_first_lanes(c, celem, clanes, m)?;
        let float = celem == ScalarType::F32;
        let Some(sampler) = sampler else {
            if float {
                return unsupported("an image read at float coordinates without a sampler");
            }
            let v = self.vk_nearest_texel(img, &im, c, false, Flag::Known(false))?;
            return self.vk_to_result(v, rty);
        };
        if im.dim == ImageDim::Buffer || !im.sampled {
            return unsupported("a read with a sampler from an image that cannot be sampled");
        }
        let smp = self.val(sampler)?;
        let Some(bits) = self.vk_sampler_bits(smp) else {
            return unsupported("a sampler that is not a kernel parameter or constant sampler");
        };
        let v = match bits {
            Bits::Known(b) => {
                let b = SamplerBits(b);
                let clamp = Flag::Known(b.addressing() == oclc_ir::op::AddressingMode::Clamp);
                if !float || (!b.normalized() && !b.linear()) {
                    self.vk_nearest_texel(img, &im, c, float, clamp)?
                } else {
                    self.vk_sampled_texel(img, &im, smp, c, Flag::Known(b.normalized()))?
                }
            }
            Bits::Runtime(w) => {
                let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
                let bool_t = self.cx.shape_ty(ScalarType::Bool, 1, false);
                let field = |e: &mut Self, mask: u32, want: u32| -> Result<Word> {
                    let mask = e.cx.const_u32(mask);
                    let want = e.cx.const_u32(want);
                    let f = e.cx.b.bitwise_and(u32t, None, w, mask)?;
                    Ok(e.cx.b.i_equal(bool_t, None, f, want)?)
                };
                let clamp = Flag::Runtime(field(self, 0xe, 4)?);
                if !float {
                    self.vk_nearest_texel(img, &im, c, false, clamp)?
                } else {
                    let unnorm = field(self, 1, 0)?;
                    let nearest = field(self, 0x20, 0)?;
                    let exact = self.cx.b.logical_and(bool_t, None, unnorm, nearest)?;
                    let norm = self.cx.b.logical_not(bool_t, None, unnorm)?;
                    let a = self.vk_nearest_texel(img, &im, c, true, clamp)?;
                    let b = self.vk_sampled_texel(img, &im, smp, c, Flag::Runtime(norm))?;
                    let wt = self.vk_work_ty(im.texel);
                    self.cx.b.select(wt, None, exact, a, b)?
                }
            }
        };
        self.vk_to_result(v, rty)
    }

    /// `Op::ImageWrite` on Vulkan.
    pub(crate) fn vk_image_write(
        &mut self,
        image: ValueId,
        coord: ValueId,
        value: ValueId,
    ) -> Result<Word> {
        let (img, im) = self.vk_image_as(image, self.vty(value))?;
        let (celem, clanes) = self.cx.shape(self.vty(coord))?;
        let m = im.dim.coords() + im.arrayed as u8;
        let c = self.val(coord)?;
        let c = self.vk_first_lanes(c, celem, clanes, m)?;
        let (velem, _) = self.cx.shape(self.vty(value))?;
        let mut v = self.val(value)?;
        if velem == ScalarType::F16 {
            let t = self.vk_work_ty(TexelKind::Float);
            v = self.cx.b.f_convert(t, None, v)?;
        }
        if im.texel == TexelKind::Int {
            let t = self.vk_sampled_vec4(&im);
            v = self.cx.b.bitcast(t, None, v)?;
        }
        if im.texel == TexelKind::Float {
            v = self.vk_round_for_half_image(&im, v)?;
        }
        self.cx.b.image_write(img, c, v, None, [])?;
        Ok(0)
    }

    /// `v` (`f32x4`) rounded to half precision (to nearest even, as OpenCL's
    /// `write_imagef` to `CL_HALF_FLOAT` images wants, where a Vulkan storage write may
    /// round toward zero) when the image's channel data type is half; unchanged otherwise.
    fn vk_round_for_half_image(&mut self, im: &ImageVal, v: Word) -> Result<Word> {
        let v2 = self.cx.shape_ty(ScalarType::F32, 2, false);
        let v4 = self.cx.shape_ty(ScalarType::F32, 4, false);
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let mut halves = Vec::with_capacity(2);
        for pair in [[0u32, 1], [2, 3]] {
            let two = self.cx.b.vector_shuffle(v2, None, v, v, pair)?;
            let packed = self.vk_glsl(u32t, GLSL_PACK_HALF_2X16, &[two])?;
            halves.push(self.vk_glsl(v2, GLSL_UNPACK_HALF_2X16, &[packed])?);
        }
        let rounded = self
            .cx
            .b
            .vector_shuffle(v4, None, halves[0], halves[1], [0, 1, 2, 3])?;
        let bool_t = self.cx.shape_ty(ScalarType::Bool, 1, false);
        let half = self.cx.const_u32(CL_HALF_FLOAT);
        let is_half = self.cx.b.i_equal(bool_t, None, im.data_type, half)?;
        Ok(self.cx.b.select(v4, None, is_half, rounded, v)?)
    }

    /// `Op::ImageQuery` for the channel data type and order on Vulkan (the values the
    /// launcher put in the block); `None` for the size queries.
    pub(crate) fn vk_image_channel(
        &mut self,
        query: ImageQuery,
        image: ValueId,
    ) -> Result<Option<Word>> {
        let (_, im) = self.vk_image(image)?;
        Ok(match query {
            ImageQuery::ChannelDataType => Some(im.data_type),
            ImageQuery::ChannelOrder => Some(im.order),
            _ => None,
        })
    }

    /// The size of an image (`u32` x lanes) on Vulkan.
    pub(crate) fn vk_image_size(&mut self, image: ValueId) -> Result<Word> {
        let (img, im) = self.vk_image(image)?;
        self.vk_size(img, &im)
    }
}
