//! `Op::Atomic` as SPIR-V atomic instructions (`OpAtomicIAdd`, ..., `OpAtomicLoad`,
//! `OpAtomicStore`) with constant scope and memory-semantics operands. Relaxed operations
//! use semantics 0, as llvm-spirv emits for OpenCL 1.x atomics; ordered ones add the
//! work-group and cross-work-group memory classes (uniform and work-group memory on
//! Vulkan, where sequential consistency is acquire-release and the widest scope is the
//! device). Vulkan has no float atomics without an extension, so a float exchange, load
//! or store on a `__global` pointer works on the same bits as a 32/64-bit integer.

use oclc_ir::{AtomicOp, MemoryOrder, MemoryScope, ScalarType, TypeId, ValueId};
use rspirv::spirv::{Capability, MemorySemantics, Op as SOp, Scope, StorageClass, Word};

use super::context::Flavour;
use super::function::FnEmitter;
use crate::error::{unsupported, Result};

fn scope(s: MemoryScope, flavour: Flavour) -> Scope {
    match s {
        MemoryScope::WorkItem => Scope::Invocation,
        MemoryScope::WorkGroup => Scope::Workgroup,
        MemoryScope::Device => Scope::Device,
        MemoryScope::AllDevices if flavour == Flavour::Vulkan => Scope::Device,
        MemoryScope::AllDevices => Scope::CrossDevice,
    }
}

fn semantics(o: MemoryOrder, flavour: Flavour) -> u32 {
    let vulkan = flavour == Flavour::Vulkan;
    let order = match o {
        MemoryOrder::Relaxed => return 0,
        MemoryOrder::Acquire => MemorySemantics::ACQUIRE,
        MemoryOrder::Release => MemorySemantics::RELEASE,
        MemoryOrder::AcqRel => MemorySemantics::ACQUIRE_RELEASE,
        MemoryOrder::SeqCst if vulkan => MemorySemantics::ACQUIRE_RELEASE,
        MemoryOrder::SeqCst => MemorySemantics::SEQUENTIALLY_CONSISTENT,
    };
    let memory = if vulkan {
        MemorySemantics::UNIFORM_MEMORY
    } else {
        MemorySemantics::CROSS_WORKGROUP_MEMORY
    };
    (order | MemorySemantics::WORKGROUP_MEMORY | memory).bits()
}

/// The order an operation may carry: Vulkan forbids release semantics on loads and
/// acquire semantics on stores, so those keep the half of the order that applies.
fn vk_order(op: AtomicOp, o: MemoryOrder, flavour: Flavour) -> MemoryOrder {
    match (flavour, op, o) {
        (Flavour::OpenCl, _, o) | (_, _, o @ MemoryOrder::Relaxed) => o,
        (_, AtomicOp::Load, _) => MemoryOrder::Acquire,
        (_, AtomicOp::Store, _) => MemoryOrder::Release,
        (_, _, o) => o,
    }
}

impl FnEmitter<'_, '_> {
    /// An atomic operation with result type `rty` (void for stores).
    pub fn atomic(
        &mut self,
        op: AtomicOp,
        ptr: ValueId,
        args: &[ValueId],
        order: MemoryOrder,
        mem_scope: MemoryScope,
        rty: TypeId,
    ) -> Result<Word> {
        if self.cx.flavour == Flavour::Vulkan {
            if let Some(r) = self.vk_float_atomic(op, ptr, args, order, mem_scope)? {
                return Ok(r);
            }
        }
        let p = self.val(ptr)?;
        let mut ws = Vec::with_capacity(args.len());
        for a in args {
            ws.push(self.val(*a)?);
        }
        if op == AtomicOp::Store {
            return self.atomic_words(op, p, &ws, order, mem_scope, (ScalarType::U32, 0));
        }
        let (s, _) = self.cx.shape(rty)?;
        let rt = self.cx.ty(rty)?;
        self.atomic_words(op, p, &ws, order, mem_scope, (s, rt))
    }

    /// The atomic instruction on SPIR-V operands: pointer `p`, values `ws`, result of
    /// element type `s` and SPIR-V type `rt` (both unused for stores).
    fn atomic_words(
        &mut self,
        op: AtomicOp,
        p: Word,
        ws: &[Word],
        order: MemoryOrder,
        mem_scope: MemoryScope,
        (s, rt): (ScalarType, Word),
    ) -> Result<Word> {
        let flavour = self.cx.flavour;
        let sc = self.cx.const_u32(scope(mem_scope, flavour) as u32);
        let sem = self
            .cx
            .const_u32(semantics(vk_order(op, order, flavour), flavour));
        if s.bits() == 64 {
            self.cx.require(Capability::Int64Atomics);
        }
        if op == AtomicOp::Store {
            self.cx.b.atomic_store(p, sc, sem, ws[0])?;
            return Ok(0);
        }
        let opcode = match op {
            AtomicOp::Load => SOp::AtomicLoad,
            AtomicOp::Exchange => SOp::AtomicExchange,
            AtomicOp::Add => SOp::AtomicIAdd,
            AtomicOp::Sub => SOp::AtomicISub,
            AtomicOp::Min if s.is_signed() => SOp::AtomicSMin,
            AtomicOp::Min => SOp::AtomicUMin,
            AtomicOp::Max if s.is_signed() => SOp::AtomicSMax,
            AtomicOp::Max => SOp::AtomicUMax,
            AtomicOp::And => SOp::AtomicAnd,
            AtomicOp::Or => SOp::AtomicOr,
            AtomicOp::Xor => SOp::AtomicXor,
            AtomicOp::Inc => SOp::AtomicIIncrement,
            AtomicOp::Dec => SOp::AtomicIDecrement,
            AtomicOp::CompareExchange => {
                // Operands: pointer, scope, equal semantics, unequal semantics, value, comparator.
                let unequal = if order == MemoryOrder::Relaxed {
                    sem
                } else {
                    self.cx.const_u32(semantics(MemoryOrder::Acquire, flavour))
                };
                return self.inst(
                    SOp::AtomicCompareExchange,
                    rt,
                    &[p, sc, sem, unequal, ws[1], ws[0]],
                );
            }
            AtomicOp::Store => return unsupported("atomic store"),
        };
        if s.is_float() && !matches!(op, AtomicOp::Exchange | AtomicOp::Load) {
            return unsupported(format!("atomic {} on floats", op.name()));
        }
        let mut operands = vec![p, sc, sem];
        operands.extend_from_slice(ws);
        self.inst(opcode, rt, &operands)
    }

    /// Vulkan float atomics (exchange, load, store): the same operation on the integer of
    /// the same width through a reinterpreted `__global` pointer. `None` when the operand
    /// is not a float.
    fn vk_float_atomic(
        &mut self,
        op: AtomicOp,
        ptr: ValueId,
        args: &[ValueId],
        order: MemoryOrder,
        mem_scope: MemoryScope,
    ) -> Result<Option<Word>> {
        let Some((space, pointee)) = self.cx.ir.types.pointee(self.vty(ptr)) else {
            return unsupported("an atomic operation on a non-pointer");
        };
        // Vulkan atomics take buffer and work-group memory only (VUID-StandaloneSpirv-None-04686);
        // OpenCL leaves atomics on private memory undefined.
        if matches!(
            self.cx.storage_class(space),
            StorageClass::Function | StorageClass::Private
        ) {
            return unsupported(format!(
                "atomic {} on a private variable on Vulkan (only __global and __local memory)",
                op.name()
            ));
        }
        let Some(fs) = self.cx.ir.types.scalar_of(pointee).filter(|s| s.is_float()) else {
            return Ok(None);
        };
        if !matches!(op, AtomicOp::Exchange | AtomicOp::Load | AtomicOp::Store) {
            return unsupported(format!("atomic {} on floats", op.name()));
        }
        if self.cx.storage_class(space) != StorageClass::PhysicalStorageBuffer {
            return unsupported(format!(
                "atomic {} on a {} float on Vulkan (only __global floats)",
                op.name(),
                space.name()
            ));
        }
        let is = match fs.bits() {
            64 => ScalarType::U64,
            32 => ScalarType::U32,
            _ => return unsupported(format!("atomic {} on {}-bit floats", op.name(), fs.bits())),
        };
        let int_ty = self.cx.shape_ty(is, 1, false);
        let int_ptr_ty = self.cx.ptr_ty(space, int_ty);
        let float_ty = self.cx.ty(pointee)?;
        let p = self.val(ptr)?;
        let p = self.inst(SOp::Bitcast, int_ptr_ty, &[p])?;
        let mut ws = Vec::with_capacity(args.len());
        for a in args {
            let w = self.val(*a)?;
            ws.push(self.inst(SOp::Bitcast, int_ty, &[w])?);
        }
        let r = self.atomic_words(op, p, &ws, order, mem_scope, (is, int_ty))?;
        if op == AtomicOp::Store {
            return Ok(Some(0));
        }
        Ok(Some(self.inst(SOp::Bitcast, float_ty, &[r])?))
    }
}
