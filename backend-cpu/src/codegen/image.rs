//! Images and samplers: a sampler is its 32-bit `CLK_*` pattern (an `i32` piece), an image
//! the address of its [`crate::image::ImageDesc`] (an `i64` piece). Queries load descriptor
//! fields; reads and writes pass their lanes through a stack slot to
//! [`crate::image::entry::oclc_image_read`] / [`crate::image::entry::oclc_image_write`],
//! except that `read_imagef`/`write_imagef` with integer coordinates of a 2D `CL_RGBA` or
//! `CL_R` image of `CL_FLOAT` move the texel in place when it lies inside the image (a
//! 1024x1024 3-tap blur: 104 -> 13 ms on one thread; PoCL 3.1 20 ms).

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    types, Block as ClifBlock, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value,
};
use oclc_ir::op::{AddressingMode, SamplerBits};
use oclc_ir::{ImageQuery, ScalarType, ValueId};

use super::Tx;
use crate::error::CompileError;
use crate::image::convert::ReadKind;
use crate::image::desc::desc_offsets;
use crate::image::entry::{
    kind_code, IMAGE_READ_SYMBOL, IMAGE_WRITE_SYMBOL, KIND_SHIFT, READ_FLOAT_COORDS, READ_SAMPLED,
};

/// `CL_RGBA`.
const CL_RGBA: i64 = 0x10B5;
/// `CL_FLOAT`.
const CL_FLOAT: i64 = 0x10DE;
/// `CL_R`.
const CL_R: i64 = 0x10B0;

/// The flags of loads from an image descriptor: a launch binds every image parameter to a
/// descriptor that stays valid and unchanged while it runs, so its fields load as pure
/// values, which Cranelift computes once outside the work-item loops instead of at every
/// texel (image_blur, stop 43: bench/results/middle-end.txt).
fn desc_flags() -> MemFlagsData {
    MemFlagsData::trusted().with_readonly().with_can_move()
}

/// The 2D `CL_FLOAT` images whose texels the generated code reads and writes in place.
#[derive(Clone, Copy, PartialEq, Eq)]
enum InPlace {
    /// `CL_RGBA`: 16 bytes, r, g, b, a.
    Rgba,
    /// `CL_R`: 4 bytes, red; `read_imagef` gives (r, 0, 0, 1).
    R,
}

impl Tx<'_, '_, '_> {
    /// The kind of 4-lane texel value `v` (by its element type).
    fn texel_kind(&self, v: ValueId) -> Result<ReadKind, CompileError> {
        Ok(match self.scalar(v)? {
            ScalarType::F32 => ReadKind::Float,
            ScalarType::F16 => ReadKind::Half,
            ScalarType::I32 => ReadKind::Int,
            ScalarType::U32 => ReadKind::Uint,
            s => return Err(self.err(format!("image texels of type {}", s.name()))),
        })
    }

    /// A stack slot of `words` 32-bit words.
    fn word_slot(&mut self, words: u32) -> cranelift_codegen::ir::StackSlot {
        self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            words * 4,
            4,
        ))
    }

    /// Lowers `Op::ImageRead`; `result` is the 4-lane texel.
    pub(super) fn image_read(
        &mut self,
        result: ValueId,
        image: ValueId,
        sampler: Option<ValueId>,
        coord: ValueId,
    ) -> Result<Vec<Value>, CompileError> {
        let kind = self.texel_kind(result)?;
        let float_coords = self.scalar(coord)? == ScalarType::F32;
        let img = self.val1(image)?;
        // CL_RGBA then CL_R texels of CL_FLOAT in place, the routine otherwise.
        let mut after = None;
        for order in [InPlace::Rgba, InPlace::R] {
            let Some((texel, slow)) =
                self.texel_in_place(kind, float_coords, sampler, coord, img, order)?
            else {
                break;
            };
            let merge = *after.get_or_insert_with(|| {
                let merge = self.b.create_block();
                for _ in 0..4 {
                    self.b.append_block_param(merge, types::F32);
                }
                merge
            });
            let ld = |tx: &mut Self, i: i32| {
                tx.b.ins()
                    .load(types::F32, MemFlagsData::new(), texel, i * 4)
            };
            let args: Vec<Value> = match order {
                InPlace::Rgba => (0..4).map(|i| ld(self, i)).collect(),
                InPlace::R => {
                    let zero = self.b.ins().f32const(0.0);
                    let one = self.b.ins().f32const(1.0);
                    vec![ld(self, 0), zero, zero, one]
                }
            };
            let args: Vec<_> = args.into_iter().map(|v| v.into()).collect();
            self.b.ins().jump(merge, &args);
            self.b.switch_to_block(slow);
        }
        let smp = match sampler {
            Some(s) => self.val1(s)?,
            None => self.b.ins().iconst(types::I32, 0),
        };
        let mut flags = kind_code(kind) << KIND_SHIFT;
        if float_coords {
            flags |= READ_FLOAT_COORDS;
        }
        if sampler.is_some() {
            flags |= READ_SAMPLED;
        }
        let slot = self.word_slot(4);
        let zero = self.b.ins().iconst(types::I32, 0);
        for i in 0..4 {
            self.b.ins().stack_store(types::I64, zero, slot, i * 4);
        }
        for (i, c) in self.val(coord)?.into_iter().enumerate().take(4) {
            self.b.ins().stack_store(types::I64, c, slot, i as i32 * 4);
        }
        let data = self.b.ins().stack_addr(types::I64, slot, 0);
        let flags = self.b.ins().iconst(types::I32, flags as i64);
        let fref = self.runtime_ref(IMAGE_READ_SYMBOL);
        self.b.ins().call(fref, &[img, smp, flags, data]);
        let ty = match kind {
            ReadKind::Float => types::F32,
            ReadKind::Half => types::I16,
            _ => types::I32,
        };
        let texel: Vec<Value> = (0..4)
            .map(|i| self.b.ins().stack_load(types::I64, ty, slot, i * 4))
            .collect();
        let Some(merge) = after else {
            return Ok(texel);
        };
        let args: Vec<_> = texel.into_iter().map(|v| v.into()).collect();
        self.b.ins().jump(merge, &args);
        self.b.switch_to_block(merge);
        Ok(self.b.block_params(merge).to_vec())
    }

    /// The fast path of a `read_imagef` with integer coordinates of a 2D image: when the
    /// image is a `CL_FLOAT` one of channel order `order` and the texel (after a clamping
    /// sampler's addressing) lies inside it, branches to a new block with the texel's
    /// address and returns it with the block where the general path (the runtime routine)
    /// must go on; `None` when the read cannot take it (other kinds, float coordinates, a
    /// sampler not known here).
    fn texel_in_place(
        &mut self,
        kind: ReadKind,
        float_coords: bool,
        sampler: Option<ValueId>,
        coord: ValueId,
        img: Value,
        order: InPlace,
    ) -> Result<Option<(Value, ClifBlock)>, CompileError> {
        let clamp = match sampler {
            None => false,
            Some(s) => match self.sampler_const(s)? {
                Some(bits) => matches!(
                    bits.addressing(),
                    AddressingMode::ClampToEdge
                        | AddressingMode::Repeat
                        | AddressingMode::MirroredRepeat
                ),
                None => return Ok(None),
            },
        };
        let cs = self.val(coord)?;
        if kind != ReadKind::Float || float_coords || cs.len() != 2 {
            return Ok(None);
        }
        self.texel_address(img, cs[0], cs[1], clamp, order)
            .map(Some)
    }

    /// Branches to a new block, where it leaves the builder, with the address of texel
    /// (`x`, `y`) of `img` (clamped to the image first with `clamp`) when the image is a 2D
    /// `CL_FLOAT` one of channel order `order` and the texel lies inside it; returns that
    /// address and the block taken otherwise.
    fn texel_address(
        &mut self,
        img: Value,
        x: Value,
        y: Value,
        clamp: bool,
        order: InPlace,
    ) -> Result<(Value, ClifBlock), CompileError> {
        let ro = desc_flags();
        let field = |tx: &mut Self, off: i32| tx.b.ins().load(types::I32, ro, img, off);
        let w = field(self, desc_offsets::WIDTH);
        let h = field(self, desc_offsets::HEIGHT);
        let order_field = field(self, desc_offsets::CHANNEL_ORDER);
        let ty = field(self, desc_offsets::CHANNEL_TYPE);
        let coords = field(self, desc_offsets::COORDS);
        let layers = field(self, desc_offsets::LAYERS);
        let (x, y) = if clamp {
            let zero = self.b.ins().iconst(types::I32, 0);
            let wm = self.b.ins().iadd_imm_s(w, -1);
            let hm = self.b.ins().iadd_imm_s(h, -1);
            let x = self.b.ins().smax(x, zero);
            let x = self.b.ins().smin(x, wm);
            let y = self.b.ins().smax(y, zero);
            (x, self.b.ins().smin(y, hm))
        } else {
            (x, y)
        };
        let (order_code, shift) = match order {
            InPlace::Rgba => (CL_RGBA, 4),
            InPlace::R => (CL_R, 2),
        };
        let is_order = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, order_field, order_code);
        let is_float = self.b.ins().icmp_imm_s(IntCC::Equal, ty, CL_FLOAT);
        let is_2d = self.b.ins().icmp_imm_s(IntCC::Equal, coords, 2);
        let flat = self.b.ins().icmp_imm_s(IntCC::Equal, layers, 0);
        let x_in = self.b.ins().icmp(IntCC::UnsignedLessThan, x, w);
        let y_in = self.b.ins().icmp(IntCC::UnsignedLessThan, y, h);
        let mut ok = self.b.ins().band(is_order, is_float);
        for c in [is_2d, flat, x_in, y_in] {
            ok = self.b.ins().band(ok, c);
        }
        let (fast, slow) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        // Texels packed x fastest, 16 (CL_RGBA) or 4 (CL_R) bytes each.
        let x = self.b.ins().uextend(types::I64, x);
        let y = self.b.ins().uextend(types::I64, y);
        let w = self.b.ins().uextend(types::I64, w);
        let row = self.b.ins().imul(y, w);
        let at = self.b.ins().iadd(row, x);
        let at = self.b.ins().ishl_imm_u(at, shift);
        let data = self.b.ins().load(types::I64, ro, img, desc_offsets::DATA);
        Ok((self.b.ins().iadd(data, at), slow))
    }

    /// The bits of sampler `s` when the code has it as a constant (a `sampler_t` literal).
    fn sampler_const(&mut self, s: ValueId) -> Result<Option<SamplerBits>, CompileError> {
        let v = self.val1(s)?;
        Ok(self.constant_value(v).map(|bits| SamplerBits(bits as u32)))
    }

    /// Lowers `Op::ImageWrite`.
    pub(super) fn image_write(
        &mut self,
        image: ValueId,
        coord: ValueId,
        value: ValueId,
    ) -> Result<Vec<Value>, CompileError> {
        let kind = self.texel_kind(value)?;
        let img = self.val1(image)?;
        let cs = self.val(coord)?;
        let mut after = None;
        if (kind, cs.len(), self.scalar(coord)?) == (ReadKind::Float, 2, ScalarType::I32) {
            let vals = self.val(value)?;
            for order in [InPlace::Rgba, InPlace::R] {
                let (texel, slow) = self.texel_address(img, cs[0], cs[1], false, order)?;
                let lanes = if order == InPlace::Rgba { 4 } else { 1 };
                for (i, v) in vals.iter().enumerate().take(lanes) {
                    self.b
                        .ins()
                        .store(MemFlagsData::new(), *v, texel, i as i32 * 4);
                }
                let merge = *after.get_or_insert_with(|| self.b.create_block());
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(slow);
            }
        }
        let slot = self.word_slot(8);
        let zero = self.b.ins().iconst(types::I32, 0);
        for i in 0..8 {
            self.b.ins().stack_store(types::I64, zero, slot, i * 4);
        }
        for (i, c) in self.val(coord)?.into_iter().enumerate().take(4) {
            self.b.ins().stack_store(types::I64, c, slot, i as i32 * 4);
        }
        for (i, v) in self.val(value)?.into_iter().enumerate().take(4) {
            self.b
                .ins()
                .stack_store(types::I64, v, slot, 16 + i as i32 * 4);
        }
        let data = self.b.ins().stack_addr(types::I64, slot, 0);
        let flags = self
            .b
            .ins()
            .iconst(types::I32, (kind_code(kind) << KIND_SHIFT) as i64);
        let fref = self.runtime_ref(IMAGE_WRITE_SYMBOL);
        self.b.ins().call(fref, &[img, flags, data]);
        if let Some(merge) = after {
            self.b.ins().jump(merge, &[]);
            self.b.switch_to_block(merge);
        }
        Ok(vec![])
    }

    /// Lowers `Op::ImageQuery`; `result` gives the shape of `Dim`.
    pub(super) fn image_query(
        &mut self,
        result: ValueId,
        query: ImageQuery,
        image: ValueId,
    ) -> Result<Vec<Value>, CompileError> {
        let img = self.val1(image)?;
        let ro = desc_flags();
        let field = |tx: &mut Self, off: i32| tx.b.ins().load(types::I32, ro, img, off);
        Ok(match query {
            ImageQuery::Width => vec![field(self, desc_offsets::WIDTH)],
            ImageQuery::Height => vec![field(self, desc_offsets::HEIGHT)],
            ImageQuery::Depth => vec![field(self, desc_offsets::DEPTH)],
            ImageQuery::ChannelDataType => vec![field(self, desc_offsets::CHANNEL_TYPE)],
            ImageQuery::ChannelOrder => vec![field(self, desc_offsets::CHANNEL_ORDER)],
            ImageQuery::ArraySize => {
                let n = field(self, desc_offsets::LAYERS);
                vec![self.b.ins().uextend(types::I64, n)]
            }
            ImageQuery::Dim => {
                let lanes = self.pieces_of(self.f.value_type(result))?.len();
                let mut out = vec![
                    field(self, desc_offsets::WIDTH),
                    field(self, desc_offsets::HEIGHT),
                ];
                if lanes == 4 {
                    out.push(field(self, desc_offsets::DEPTH));
                    out.push(self.b.ins().iconst(types::I32, 0));
                }
                out
            }
        })
    }
}

/// `oclc_image_read(image: i64, sampler: i32, flags: i32, data: i64)`.
pub fn image_read_signature(
    call_conv: cranelift_codegen::isa::CallConv,
) -> cranelift_codegen::ir::Signature {
    use cranelift_codegen::ir::AbiParam;
    let mut sig = cranelift_codegen::ir::Signature::new(call_conv);
    for t in [types::I64, types::I32, types::I32, types::I64] {
        sig.params.push(AbiParam::new(t));
    }
    sig
}

/// `oclc_image_write(image: i64, flags: i32, data: i64)`.
pub fn image_write_signature(
    call_conv: cranelift_codegen::isa::CallConv,
) -> cranelift_codegen::ir::Signature {
    use cranelift_codegen::ir::AbiParam;
    let mut sig = cranelift_codegen::ir::Signature::new(call_conv);
    for t in [types::I64, types::I32, types::I64] {
        sig.params.push(AbiParam::new(t));
    }
    sig
}
