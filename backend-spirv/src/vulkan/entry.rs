//! The prologue of a Vulkan kernel entry point: the argument block (push constants or a
//! uniform buffer), the private copies of the launch parameters, and the argument values
//! (buffer addresses converted to physical-storage-buffer pointers, values loaded,
//! `__local` pointer arguments made Workgroup arrays sized by specialization constants).

use oclc_ir::{ScalarType, Type};
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, StorageClass, Word};

use super::reflection::{VulkanArgKind, GLOBAL_OFFSET_OFFSET, GLOBAL_SIZE_OFFSET, WORK_DIM_OFFSET};
use crate::common::FnEmitter;
use crate::error::{unsupported, Result, SpirvError};

impl FnEmitter<'_, '_> {
    /// Defines the kernel's parameters from the argument block; called at the start of
    /// the entry block.
    pub fn vk_entry_prologue(&mut self) -> Result<()> {
        let Some(layout) = self.cx.vk.entry.clone() else {
            return Err(SpirvError::new("internal: Vulkan entry without a layout"));
        };
        let f = self.f;
        let u32t = self.cx.shape_ty(ScalarType::U32, 1, false);
        let uvec3 = self.cx.shape_ty(ScalarType::U32, 3, false);
        let u64t = self.cx.shape_ty(ScalarType::U64, 1, false);
        let mut members = vec![uvec3, u32t, uvec3];
        let mut offsets = vec![GLOBAL_OFFSET_OFFSET, WORK_DIM_OFFSET, GLOBAL_SIZE_OFFSET];
        let mut member_of_arg = Vec::with_capacity(layout.args.len());
        for (p, a) in f.params.iter().zip(&layout.args) {
            let (ty, off) = match (a.kind, a.offset) {
                (VulkanArgKind::Buffer, Some(off)) => (u64t, off),
                (VulkanArgKind::Value, Some(off)) => (self.cx.mem_ty(p.ty)?, off),
                (kind, Some(off)) if self.vk_descriptor_member_ty(kind).is_some() => {
                    (self.vk_descriptor_member_ty(kind).unwrap_or(u32t), off)
                }
                _ => {
                    member_of_arg.push(None);
                    continue;
                }
            };
            member_of_arg.push(Some(members.len() as u32));
            members.push(ty);
            offsets.push(off);
        }
        let constants_member = layout.constant_data_offset.map(|off| {
            members.push(u64t);
            offsets.push(off);
            members.len() as u32 - 1
        });
        let block_id = self.cx.b.id();
        let block = self.cx.b.type_struct_id(Some(block_id), members.clone());
        self.cx.b.name(block, format!("{}.args", f.name));
        self.cx.b.decorate(block, Decoration::Block, []);
        for (i, off) in offsets.iter().enumerate() {
            self.cx.b.member_decorate(
                block,
                i as u32,
                Decoration::Offset,
                [Operand::LiteralBit32(*off)],
            );
        }
        let storage = if layout.block_in_uniform_buffer {
            StorageClass::Uniform
        } else {
            StorageClass::PushConstant
        };
        let ptr = self.cx.pointer_type(storage, block);
        let var = self.cx.global_variable(ptr, storage, None);
        self.cx.b.name(var, format!("{}.block", f.name));
        if storage == StorageClass::Uniform {
            self.cx
                .b
                .decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
            self.cx
                .b
                .decorate(var, Decoration::Binding, [Operand::LiteralBit32(0)]);
        }
        self.use_var(var);
        let load_member = |e: &mut Self, i: u32| -> Result<Word> {
            let mt = members[i as usize];
            let pt = e.cx.pointer_type(storage, mt);
            let idx = e.cx.const_u32(i);
            let p = e.cx.b.access_chain(pt, None, var, [idx])?;
            Ok(e.cx.b.load(mt, None, p, None, [])?)
        };
        let launch = self.vk_launch_vars();
        for (i, lv) in launch.into_iter().enumerate() {
            let v = load_member(self, i as u32)?;
            self.cx.b.store(lv, v, None, [])?;
        }
        if let Some(m) = constants_member {
            let addr = load_member(self, m)?;
            let base = self.cx.vk_constant_base();
            self.use_var(base);
            self.cx.b.store(base, addr, None, [])?;
        }
        for (k, (p, a)) in f.params.iter().zip(&layout.args).enumerate() {
            let w = match a.kind {
                VulkanArgKind::Value => load_member(self, member_of_arg[k].unwrap_or(0))?,
                VulkanArgKind::Buffer => {
                    let addr = load_member(self, member_of_arg[k].unwrap_or(0))?;
                    let pt = self.cx.ty(p.ty)?;
                    self.cx.b.convert_u_to_ptr(pt, None, addr)?
                }
                VulkanArgKind::Local => self.vk_local_arg(p.ty, a.local_spec_id.unwrap_or(0))?,
                _ => {
                    let member = load_member(self, member_of_arg[k].unwrap_or(0))?;
                    self.vk_descriptor_arg(a, member)?
                }
            };
            self.cx.b.name(w, p.name.clone());
            self.set_val(p.value, w);
        }
        Ok(())
    }

    /// A `__local T*` argument: a Workgroup `T[n]` with `n` specialization constant
    /// `spec_id` (default 1); the value is a pointer to its first element (of the
    /// work-group's part when work-groups are merged: `super::merged_groups`).
    fn vk_local_arg(&mut self, ty: oclc_ir::TypeId, spec_id: u32) -> Result<Word> {
        let Type::Pointer { pointee, .. } = self.cx.ir.types.get(ty).clone() else {
            return unsupported("a __local argument that is not a pointer");
        };
        let elem = self.cx.mem_ty(pointee)?;
        let len = self.cx.vk_spec_u32(spec_id);
        let arr = self.cx.b.type_array(elem, len);
        let aptr = self.cx.pointer_type(StorageClass::Workgroup, arr);
        let var = self.cx.global_variable(aptr, StorageClass::Workgroup, None);
        self.use_var(var);
        let pt = self.cx.ty(ty)?;
        let start = self.vk_local_arg_start(len)?;
        let r = self.cx.b.access_chain(pt, None, var, [start])?;
        self.cx.vk.array_ptrs.insert(r, (var, start));
        Ok(r)
    }
}
