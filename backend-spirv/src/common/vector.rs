//! Vector operations: splat, lane extract/insert, shuffles and composition. Vectors are
//! built with `OpCompositeInsert` chains (or `OpConstantComposite` when every lane is a
//! constant), not `OpCompositeConstruct`, which llvm-spirv 14 reads back only for
//! constant operands.

use oclc_ir::{TypeId, ValueId};
use rspirv::spirv::Word;

use super::function::FnEmitter;
use crate::error::Result;

impl FnEmitter<'_, '_> {
    /// Broadcasts a scalar to every lane of `to`.
    pub fn splat(&mut self, value: ValueId, to: TypeId) -> Result<Word> {
        let (_, n) = self.cx.shape(to)?;
        let v = self.val(value)?;
        self.splat_word(v, to, n)
    }

    /// Broadcasts the SPIR-V value `v` to `n` lanes of IR type `to`.
    pub fn splat_word(&mut self, v: Word, to: TypeId, n: u8) -> Result<Word> {
        let rt = self.cx.ty(to)?;
        self.build_vector(rt, vec![v; n as usize])
    }

    /// A vector of SPIR-V type `ty` whose lanes are the scalars `lanes`.
    pub fn build_vector(&mut self, ty: Word, lanes: Vec<Word>) -> Result<Word> {
        if lanes
            .iter()
            .all(|l| self.cx.scalar_const_ids.contains_key(l))
        {
            return Ok(self.cx.const_composite(ty, lanes));
        }
        let mut v = self.cx.b.undef(ty, None);
        for (i, l) in lanes.into_iter().enumerate() {
            v = self.cx.b.composite_insert(ty, None, l, v, [i as u32])?;
        }
        Ok(v)
    }

    /// Reads one lane.
    pub fn extract(&mut self, vector: ValueId, lane: u8, rty: TypeId) -> Result<Word> {
        let rt = self.cx.ty(rty)?;
        let v = self.val(vector)?;
        Ok(self.cx.b.composite_extract(rt, None, v, [lane as u32])?)
    }

    /// Replaces one lane.
    pub fn insert(&mut self, vector: ValueId, lane: u8, value: ValueId) -> Result<Word> {
        let rt = self.cx.ty(self.vty(vector))?;
        let (v, x) = (self.val(vector)?, self.val(value)?);
        Ok(self.cx.b.composite_insert(rt, None, x, v, [lane as u32])?)
    }

    /// Picks lanes of `a ++ b`; a single picked lane is a scalar extract.
    pub fn shuffle(&mut self, a: ValueId, b: ValueId, lanes: &[u8], rty: TypeId) -> Result<Word> {
        let rt = self.cx.ty(rty)?;
        let (_, n) = self.cx.shape(self.vty(a))?;
        let (x, y) = (self.val(a)?, self.val(b)?);
        if let [l] = lanes {
            let (src, idx) = if *l < n { (x, *l) } else { (y, *l - n) };
            if n == 1 {
                return Ok(src);
            }
            return Ok(self.cx.b.composite_extract(rt, None, src, [idx as u32])?);
        }
        if n == 1 {
            // Shuffling scalars: build the vector from the picked operands.
            let parts: Vec<Word> = lanes.iter().map(|l| if *l == 0 { x } else { y }).collect();
            return self.build_vector(rt, parts);
        }
        Ok(self
            .cx
            .b
            .vector_shuffle(rt, None, x, y, lanes.iter().map(|l| *l as u32))?)
    }

    /// Builds a vector from scalars and vectors whose lanes add up.
    pub fn compose(&mut self, ty: TypeId, parts: &[ValueId]) -> Result<Word> {
        if let [p] = parts {
            if self.vty(*p) == ty {
                return self.val(*p);
            }
        }
        let rt = self.cx.ty(ty)?;
        let mut lanes = Vec::with_capacity(parts.len());
        for p in parts {
            let (s, n) = self.cx.shape(self.vty(*p))?;
            let w = self.val(*p)?;
            if n == 1 {
                lanes.push(w);
                continue;
            }
            let st = self.cx.shape_ty(s, 1, false);
            for i in 0..n as u32 {
                lanes.push(self.cx.b.composite_extract(st, None, w, [i])?);
            }
        }
        self.build_vector(rt, lanes)
    }
}
