//! Address arithmetic for Vulkan. `__global`/`__constant` pointers are physical storage
//! buffer addresses, so `p + i` is `OpPtrAccessChain`. Pointers into Function and
//! Workgroup memory are logical: an element address is an `OpAccessChain` into its
//! array, remembered with the array and the element index so that later pointer
//! arithmetic becomes another access chain into the same array. Arithmetic on a logical
//! pointer that does not come from an array element is reported as unsupported.

use oclc_ir::{AddressSpace, ScalarType, TypeId, ValueId};
use rspirv::spirv::{Op as SOp, Word};

use crate::common::FnEmitter;
use crate::error::{unsupported, Result};

impl FnEmitter<'_, '_> {
    /// An index value converted to a 64-bit integer.
    fn index_i64(&mut self, index: ValueId) -> Result<Word> {
        let (s, _) = self.cx.shape(self.vty(index))?;
        let w = self.val(index)?;
        if s.bits() == 64 {
            return Ok(w);
        }
        let t = self.cx.shape_ty(ScalarType::I64, 1, false);
        let op = if s.is_signed() {
            SOp::SConvert
        } else {
            SOp::UConvert
        };
        self.inst(op, t, &[w])
    }

    fn space_of(&self, ptr: ValueId) -> AddressSpace {
        match self.cx.ir.types.pointee(self.vty(ptr)) {
            Some((space, _)) => space,
            None => AddressSpace::Private,
        }
    }

    /// Vulkan `IndexAddr`: element `index` of the array `base` points to.
    pub fn vk_index_addr(&mut self, base: ValueId, index: ValueId, rty: TypeId) -> Result<Word> {
        let rt = self.cx.ty(rty)?;
        let b = self.val(base)?;
        let i = self.index_i64(index)?;
        let r = self.cx.b.access_chain(rt, None, b, [i])?;
        if !is_physical(self.space_of(base)) {
            self.cx.vk.array_ptrs.insert(r, (b, i));
        }
        Ok(r)
    }

    /// Vulkan `PtrOffset`: `base + index` elements.
    pub fn vk_ptr_offset(&mut self, base: ValueId, index: ValueId, rty: TypeId) -> Result<Word> {
        let rt = self.cx.ty(rty)?;
        let b = self.val(base)?;
        let i = self.index_i64(index)?;
        let space = self.space_of(base);
        if is_physical(space) {
            return Ok(self.cx.b.ptr_access_chain(rt, None, b, i, [])?);
        }
        let Some(&(array, j)) = self.cx.vk.array_ptrs.get(&b) else {
            return unsupported(format!(
                "pointer arithmetic on a {} pointer that does not point into an array, on Vulkan",
                space.name()
            ));
        };
        let t = self.cx.shape_ty(ScalarType::I64, 1, false);
        let k = self.inst(SOp::IAdd, t, &[j, i])?;
        let r = self.cx.b.access_chain(rt, None, array, [k])?;
        self.cx.vk.array_ptrs.insert(r, (array, k));
        Ok(r)
    }
}

/// The address space is a physical storage buffer on Vulkan.
pub(crate) fn is_physical(space: AddressSpace) -> bool {
    matches!(space, AddressSpace::Global | AddressSpace::Constant)
}
