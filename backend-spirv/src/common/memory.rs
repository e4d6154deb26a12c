//! Addresses, loads and stores. Address arithmetic uses `OpInBoundsPtrAccessChain`
//! (with a leading 0 element for array and field addresses); loads and stores carry the
//! `Aligned` memory operand with the natural alignment of the type, or less where the
//! pointer may be under-aligned (a member of a packed struct: [`AccessAlign`]). Bools are stored as
//! `u8` and converted on the way in and out.

#[cfg(doc)]
use oclc_ir::analysis::AccessAlign;
use oclc_ir::{GlobalId, ScalarType, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{MemoryAccess, Op as SOp, Word};

use super::context::Flavour;
use super::function::FnEmitter;
use crate::error::{unsupported, Result};

impl FnEmitter<'_, '_> {
    /// The address of a program-scope variable.
    pub fn global_addr(&mut self, g: GlobalId) -> Result<Word> {
        let Some(&var) = self.cx.globals.get(g.0 as usize) else {
            return unsupported(format!("unknown program-scope variable @g{}", g.0));
        };
        self.use_var(var);
        match self.cx.global_casts.get(g.0 as usize) {
            Some(&Some(ptr)) => Ok(self.cx.b.bitcast(ptr, None, var)?),
            _ => Ok(var),
        }
    }

    /// `base + index` elements.
    pub fn ptr_offset(&mut self, base: ValueId, index: ValueId, rty: TypeId) -> Result<Word> {
        if self.cx.flavour == Flavour::Vulkan {
            return self.vk_ptr_offset(base, index, rty);
        }
        let rt = self.cx.ty(rty)?;
        let (b, i) = (self.val(base)?, self.val(index)?);
        Ok(self.cx.b.in_bounds_ptr_access_chain(rt, None, b, i, [])?)
    }

    /// The address of element `index` of the array `base` points to.
    pub fn index_addr(&mut self, base: ValueId, index: ValueId, rty: TypeId) -> Result<Word> {
        if self.cx.flavour == Flavour::Vulkan {
            return self.vk_index_addr(base, index, rty);
        }
        let rt = self.cx.ty(rty)?;
        let (b, i) = (self.val(base)?, self.val(index)?);
        let zero = self.cx.const_i64(0);
        Ok(self
            .cx
            .b
            .in_bounds_ptr_access_chain(rt, None, b, zero, [i])?)
    }

    /// The address of field `field` of the struct `base` points to.
    pub fn field_addr(&mut self, base: ValueId, field: u32, rty: TypeId) -> Result<Word> {
        let rt = self.cx.ty(rty)?;
        let b = self.val(base)?;
        let f = self.cx.const_u32(field);
        if self.cx.flavour == Flavour::Vulkan {
            return Ok(self.cx.b.access_chain(rt, None, b, [f])?);
        }
        let zero = self.cx.const_i64(0);
        Ok(self
            .cx
            .b
            .in_bounds_ptr_access_chain(rt, None, b, zero, [f])?)
    }

    fn pointee(&self, ptr: ValueId) -> Result<TypeId> {
        match self.cx.ir.types.pointee(self.vty(ptr)) {
            Some((_, p)) => Ok(p),
            None => unsupported("memory access through a non-pointer"),
        }
    }

    /// The `Aligned` operand of an access through `ptr`.
    fn aligned(&self, ptr: ValueId) -> (Option<MemoryAccess>, [Operand; 1]) {
        let align = self.align.access(&self.cx.ir.types, self.f, ptr) as u32;
        (
            Some(MemoryAccess::ALIGNED),
            [Operand::LiteralBit32(align.max(1))],
        )
    }

    /// Bool lanes of a value stored as `u8`, if `ty` is bool-shaped.
    fn bool_lanes(&self, ty: TypeId) -> Option<u8> {
        match self.cx.ir.types.scalar_of(ty) {
            Some(ScalarType::Bool) => self.cx.ir.types.lanes_of(ty),
            _ => None,
        }
    }

    /// Reads memory.
    pub fn load(&mut self, ptr: ValueId) -> Result<Word> {
        let pointee = self.pointee(ptr)?;
        let mt = self.cx.mem_ty(pointee)?;
        let p = self.val(ptr)?;
        let (ma, extra) = self.aligned(ptr);
        let v = self.cx.b.load(mt, None, p, ma, extra)?;
        match self.bool_lanes(pointee) {
            Some(n) => {
                let bt = self.cx.ty(pointee)?;
                let zero = self.cx.const_splat(ScalarType::U8, n, 0);
                self.inst(SOp::INotEqual, bt, &[v, zero])
            }
            None => Ok(v),
        }
    }

    /// Writes memory.
    pub fn store(&mut self, ptr: ValueId, value: ValueId) -> Result<()> {
        let pointee = self.pointee(ptr)?;
        let p = self.val(ptr)?;
        let mut v = self.val(value)?;
        if let Some(n) = self.bool_lanes(pointee) {
            let mt = self.cx.mem_ty(pointee)?;
            let one = self.cx.const_splat(ScalarType::U8, n, 1);
            let zero = self.cx.const_splat(ScalarType::U8, n, 0);
            v = self.inst(SOp::Select, mt, &[v, one, zero])?;
        }
        let (ma, extra) = self.aligned(ptr);
        self.cx.b.store(p, v, ma, extra)?;
        Ok(())
    }
}
