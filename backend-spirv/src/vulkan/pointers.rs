//! Address arithmetic for Vulkan. `__global`/`__constant` pointers are physical storage
//! buffer addresses: `p + i` is `OpPtrAccessChain` where `i` is known non-negative (see
//! [`super::nonneg`]), and integer arithmetic on the address otherwise
//! (`OpConvertPtrToU`, `OpIAdd` of `i * stride`, `OpConvertUToPtr`), because NVIDIA's
//! driver (580, H100) reads 0 through an `OpPtrAccessChain` with a negative index while
//! the same address computed as an integer reads right; a sum of the two kinds
//! (`row * n + k`) offsets by its possibly negative part as an integer, then by its
//! non-negative part as an access chain. Pointers into Function and
//! Workgroup memory are logical: an element address is an `OpAccessChain` into its
//! array, remembered with the array and the element index so that later pointer
//! arithmetic becomes another access chain into the same array. Arithmetic on a logical
//! pointer that does not come from an array element is reported as unsupported.

use oclc_ir::{AddressSpace, ScalarType, TypeId, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, Op as SOp, Word};

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

    /// An index into a logical (Function, Private or Workgroup) array as a 32-bit integer:
    /// such arrays are far smaller than 2^31 elements, so the low 32 bits of any in-range
    /// index (or of a sum of partial indices, computed modulo 2^32) are the index, and
    /// drivers address shared memory and registers with 32-bit arithmetic (a 64-bit index
    /// made NVIDIA's compiler do 64-bit address math for every `__local` access).
    fn index_i32(&mut self, index: ValueId) -> Result<Word> {
        let (s, _) = self.cx.shape(self.vty(index))?;
        let w = self.val(index)?;
        if s.bits() == 32 {
            return Ok(w);
        }
        let t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let op = if s.bits() < 32 && s.is_signed() {
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
        if is_physical(self.space_of(base)) {
            let i = self.index_i64(index)?;
            return Ok(self.cx.b.access_chain(rt, None, b, [i])?);
        }
        let i = self.index_i32(index)?;
        let r = self.cx.b.access_chain(rt, None, b, [i])?;
        self.cx.vk.array_ptrs.insert(r, (b, i));
        Ok(r)
    }

    /// Vulkan `PtrOffset`: `base + index` elements.
    pub fn vk_ptr_offset(&mut self, base: ValueId, index: ValueId, rty: TypeId) -> Result<Word> {
        let rt = self.cx.ty(rty)?;
        let b = self.val(base)?;
        let space = self.space_of(base);
        if is_physical(space) {
            return self.vk_physical_offset(base, b, index, rt);
        }
        let i = self.index_i32(index)?;
        let Some(&(array, j)) = self.cx.vk.array_ptrs.get(&b) else {
            if space == AddressSpace::Local {
                return self.vk_workgroup_ptr_offset(b, i, base, rt);
            }
            return unsupported(format!(
                "pointer arithmetic on the {} pointer {}, which does not point into an \
                 array (e.g. one loaded from a pointer variable), on Vulkan",
                space.name(),
                oclc_ir::diag::describe::describe_value(Some(self.cx.ir), self.f, base)
            ));
        };
        let t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let k = self.inst(SOp::IAdd, t, &[j, i])?;
        let r = self.cx.b.access_chain(rt, None, array, [k])?;
        self.cx.vk.array_ptrs.insert(r, (array, k));
        Ok(r)
    }
}

impl FnEmitter<'_, '_> {
    /// `b + index` elements on a physical pointer: an access chain where the index is
    /// known non-negative, address arithmetic where it may be negative, and both for a
    /// sum of the two kinds (`row * n + k`: on NVIDIA's H100 this kept a naive matrix
    /// product within 4% of all access chains, where all address arithmetic was 16%
    /// slower; see bench/results/h100-pointer-forms.txt).
    fn vk_physical_offset(
        &mut self,
        base: ValueId,
        b: Word,
        index: ValueId,
        rt: Word,
    ) -> Result<Word> {
        let form = self.cx.vk.offset_form;
        let chain = match form {
            OffsetForm::ByIndex => self.cx.vk.nonneg.contains(&index),
            OffsetForm::AllChains => true,
            OffsetForm::AllAddressArithmetic => false,
        };
        if chain {
            let i = self.index_i64(index)?;
            let bt = self.cx.ty(self.vty(base))?;
            return self.vk_physical_chain(b, bt, i, rt);
        }
        let split = self.cx.vk.split_offsets.get(&index).copied();
        if let (Some((var, nonneg)), OffsetForm::ByIndex) = (split, form) {
            let v = self.index_i64(var)?;
            let shifted = self.vk_address_offset(base, b, v, rt)?;
            let k = self.index_i64(nonneg)?;
            return self.vk_physical_chain(shifted, rt, k, rt);
        }
        let i = self.index_i64(index)?;
        self.vk_address_offset(base, b, i, rt)
    }

    /// `OpPtrAccessChain(b, i)` on a physical pointer `b` of SPIR-V type `bt`, or `b` itself
    /// when `i` is the constant 0 and the types agree (`(p + k)[0]`, `*(p + k)`).
    fn vk_physical_chain(&mut self, b: Word, bt: Word, i: Word, rt: Word) -> Result<Word> {
        if bt == rt && self.cx.scalar_const_ids.get(&i) == Some(&0) {
            return Ok(b);
        }
        Ok(self.cx.b.ptr_access_chain(rt, None, b, i, [])?)
    }

    /// `b + i` elements on a physical pointer as integer arithmetic on its address:
    /// `OpConvertUToPtr(OpConvertPtrToU(b) + i * stride)`, the stride being the pointee's
    /// size (the `ArrayStride` an `OpPtrAccessChain` would use). The result has the
    /// pointer type `rt`, so loads through it keep their `Aligned` operand.
    fn vk_address_offset(&mut self, base: ValueId, b: Word, i: Word, rt: Word) -> Result<Word> {
        let Some((_, pointee)) = self.cx.ir.types.pointee(self.vty(base)) else {
            return unsupported("pointer arithmetic on a non-pointer");
        };
        let stride = self.cx.ir.types.layout(pointee).size.max(1);
        let t = self.cx.shape_ty(ScalarType::I64, 1, false);
        let addr = self.inst(SOp::ConvertPtrToU, t, &[b])?;
        let bytes = match self.cx.scalar_const_ids.get(&i) {
            Some(&k) => self.cx.const_i64((k as i64).wrapping_mul(stride as i64)),
            None if stride == 1 => i,
            None => {
                let s = self.cx.const_i64(stride as i64);
                self.inst(SOp::IMul, t, &[i, s])?
            }
        };
        let sum = self.inst(SOp::IAdd, t, &[addr, bytes])?;
        self.inst(SOp::ConvertUToPtr, rt, &[sum])
    }

    /// `b + i` on a Workgroup pointer whose array is not known here (a `__local` pointer
    /// parameter of a helper function): `OpPtrAccessChain`, which logical Workgroup
    /// pointers allow under `VariablePointers` (the pointer type carries the element
    /// stride). The launcher enables the `variablePointers` feature (lavapipe and NVIDIA
    /// have it).
    fn vk_workgroup_ptr_offset(
        &mut self,
        b: Word,
        i: Word,
        base: ValueId,
        rt: Word,
    ) -> Result<Word> {
        self.cx.require(Capability::VariablePointers);
        let Some((_, pointee)) = self.cx.ir.types.pointee(self.vty(base)) else {
            return unsupported("pointer arithmetic on a non-pointer");
        };
        let stride = self.cx.ir.types.layout(pointee).size as u32;
        let bt = self.cx.ty(self.vty(base))?;
        for t in [bt, rt] {
            if self.cx.vk.strided_ptrs.insert(t) {
                self.cx
                    .b
                    .decorate(t, Decoration::ArrayStride, [Operand::LiteralBit32(stride)]);
            }
        }
        Ok(self.cx.b.ptr_access_chain(rt, None, b, i, [])?)
    }
}

/// How `__global`/`__constant` pointer offsets are emitted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) enum OffsetForm {
    /// `OpPtrAccessChain` where the index is known non-negative, address arithmetic
    /// otherwise (the default).
    #[default]
    ByIndex,
    /// Always `OpPtrAccessChain` (`OCLC_VK_WORKAROUND=ptr-access-chain`).
    AllChains,
    /// Always address arithmetic (`OCLC_VK_WORKAROUND=address-arith`).
    AllAddressArithmetic,
}

impl OffsetForm {
    /// The form asked for by `OCLC_VK_WORKAROUND` (see [`super::workarounds`]).
    pub(crate) fn from_workarounds() -> Self {
        if super::workarounds::enabled("ptr-access-chain") {
            OffsetForm::AllChains
        } else if super::workarounds::enabled("address-arith") {
            OffsetForm::AllAddressArithmetic
        } else {
            OffsetForm::ByIndex
        }
    }
}

/// The address space is a physical storage buffer on Vulkan.
pub(crate) use oclc_ir::legalize::packed_buffers::is_physical;

/// Fails on a conversion between a Function or Workgroup pointer and an integer (what
/// pointer differences, comparisons and `(size_t)&x` lower to, and `(int *)n`): Vulkan's
/// logical pointers have no address (`OpConvertPtrToU` and `OpConvertUToPtr` take only
/// physical storage buffer pointers). The message names the pointer or the integer.
pub(crate) fn check_logical_pointer_casts(module: &oclc_ir::Module) -> Result<()> {
    use oclc_ir::diag::describe::describe_value;
    use oclc_ir::{walk_stmts, Op, Stmt, Type};
    for f in &module.functions {
        let mut found = None;
        walk_stmts(&f.body, &mut |s| {
            let Stmt::Let {
                op: Op::Bitcast { value, to },
                value: result,
            } = s
            else {
                return;
            };
            let from = module.types.get(f.value_type(*value));
            let message = match (from, module.types.get(*to)) {
                (Type::Pointer { space, .. }, Type::Scalar(_)) if !is_physical(*space) => {
                    format!(
                        "converting the {} pointer {} to an integer (a pointer difference, \
                         comparison or address cast) on Vulkan, where {} pointers have no \
                         address",
                        space.name(),
                        describe_value(Some(module), f, *value),
                        space.name()
                    )
                }
                (Type::Scalar(_), Type::Pointer { space, .. }) if !is_physical(*space) => {
                    format!(
                        "converting the integer {} to a {} pointer on Vulkan, where {} \
                         pointers have no address",
                        describe_value(Some(module), f, *value),
                        space.name(),
                        space.name()
                    )
                }
                _ => return,
            };
            // The conversion's span, else its operand's.
            found.get_or_insert((message, f.span(*result).or(f.span(*value))));
        });
        if let Some((message, span)) = found {
            return Err(
                crate::error::SpirvError::new(format!("unsupported: {message}"))
                    .in_function(&f.name)
                    .at(span),
            );
        }
    }
    Ok(())
}
