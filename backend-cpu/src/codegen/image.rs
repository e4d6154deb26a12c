//! Images and samplers: a sampler is its 32-bit `CLK_*` pattern (an `i32` piece), an image
//! the address of its [`crate::image::ImageDesc`] (an `i64` piece). Queries load descriptor
//! fields; reads and writes pass their lanes through a stack slot to
//! [`crate::image::entry::oclc_image_read`] / [`crate::image::entry::oclc_image_write`].

use cranelift_codegen::ir::{
    types, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value,
};
use oclc_ir::{ImageQuery, ScalarType, ValueId};

use super::Tx;
use crate::error::CompileError;
use crate::image::convert::ReadKind;
use crate::image::desc::desc_offsets;
use crate::image::entry::{
    kind_code, IMAGE_READ_SYMBOL, IMAGE_WRITE_SYMBOL, KIND_SHIFT, READ_FLOAT_COORDS, READ_SAMPLED,
};

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
        Ok((0..4)
            .map(|i| self.b.ins().stack_load(types::I64, ty, slot, i * 4))
            .collect())
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
        let ro = MemFlagsData::trusted().with_readonly();
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
