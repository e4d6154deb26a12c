//! `Op::Printf` as the `OpenCL.std` `printf` instruction. As llvm-spirv does, the format is a
//! module-scope `UniformConstant` array of `uchar` (NUL-terminated, decorated `Constant`),
//! passed as a pointer to its first element.

use oclc_ir::{AddressSpace, ScalarType, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, OpenclStd100Op, StorageClass, Word};

use super::function::FnEmitter;
use crate::error::Result;

impl FnEmitter<'_, '_> {
    /// A `printf` call with result type `rty` (`int`).
    pub fn printf(&mut self, format: &str, args: &[ValueId], rty: TypeId) -> Result<Word> {
        let mut bytes = format.as_bytes().to_vec();
        bytes.push(0);
        let u8t = self.cx.shape_ty(ScalarType::U8, 1, true);
        let len = self.cx.const_scalar(ScalarType::U64, bytes.len() as u64);
        let arr = self.cx.b.type_array(u8t, len);
        let parts = bytes
            .iter()
            .map(|b| self.cx.const_scalar(ScalarType::U8, *b as u64))
            .collect();
        let init = self.cx.const_composite(arr, parts);
        let arr_ptr = self.cx.ptr_ty(AddressSpace::Constant, arr);
        let var = self
            .cx
            .global_variable(arr_ptr, StorageClass::UniformConstant, Some(init));
        self.cx.b.decorate(var, Decoration::Constant, []);
        self.use_var(var);
        let u8_ptr = self.cx.ptr_ty(AddressSpace::Constant, u8t);
        let zero = self.cx.const_scalar(ScalarType::U64, 0);
        let first = self
            .cx
            .b
            .in_bounds_ptr_access_chain(u8_ptr, None, var, zero, [zero])?;
        let mut operands = vec![Operand::IdRef(first)];
        for a in args {
            operands.push(Operand::IdRef(self.val(*a)?));
        }
        let rt = self.cx.ty(rty)?;
        let ext = self.cx.ext;
        Ok(self
            .cx
            .b
            .ext_inst(rt, None, ext, OpenclStd100Op::printf as u32, operands)?)
    }
}
