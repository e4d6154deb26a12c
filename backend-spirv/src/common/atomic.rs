//! `Op::Atomic` as SPIR-V atomic instructions (`OpAtomicIAdd`, ..., `OpAtomicLoad`,
//! `OpAtomicStore`) with constant scope and memory-semantics operands. Relaxed operations
//! use semantics 0, as llvm-spirv emits for OpenCL 1.x atomics; ordered ones add the
//! work-group and cross-work-group memory classes.

use oclc_ir::{AtomicOp, MemoryOrder, MemoryScope, TypeId, ValueId};
use rspirv::spirv::{MemorySemantics, Op as SOp, Scope, Word};

use super::function::FnEmitter;
use crate::error::{unsupported, Result};

fn scope(s: MemoryScope) -> Scope {
    match s {
        MemoryScope::WorkItem => Scope::Invocation,
        MemoryScope::WorkGroup => Scope::Workgroup,
        MemoryScope::Device => Scope::Device,
        MemoryScope::AllDevices => Scope::CrossDevice,
    }
}

fn semantics(o: MemoryOrder) -> u32 {
    let order = match o {
        MemoryOrder::Relaxed => return 0,
        MemoryOrder::Acquire => MemorySemantics::ACQUIRE,
        MemoryOrder::Release => MemorySemantics::RELEASE,
        MemoryOrder::AcqRel => MemorySemantics::ACQUIRE_RELEASE,
        MemoryOrder::SeqCst => MemorySemantics::SEQUENTIALLY_CONSISTENT,
    };
    (order | MemorySemantics::WORKGROUP_MEMORY | MemorySemantics::CROSS_WORKGROUP_MEMORY).bits()
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
        let p = self.val(ptr)?;
        let mut ws = Vec::with_capacity(args.len());
        for a in args {
            ws.push(self.val(*a)?);
        }
        let sc = self.cx.const_u32(scope(mem_scope) as u32);
        let sem = self.cx.const_u32(semantics(order));
        if op == AtomicOp::Store {
            self.cx.b.atomic_store(p, sc, sem, ws[0])?;
            return Ok(0);
        }
        let (s, _) = self.cx.shape(rty)?;
        let rt = self.cx.ty(rty)?;
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
                    self.cx.const_u32(semantics(MemoryOrder::Acquire))
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
        operands.extend(ws);
        self.inst(opcode, rt, &operands)
    }
}
