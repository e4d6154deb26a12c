//! Atomics on `__local` memory (and on private memory). A work-group runs on one thread, its
//! work-items one after another between barriers, so nothing else can touch the group's
//! `__local` memory during the operation: a plain load, the operation and a store give the
//! atomic's result without the bus-locking instruction.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Type, Value};
use oclc_ir::AtomicOp;

use super::Tx;

impl Tx<'_, '_, '_> {
    /// `op` on the integer at `p` (type `ity`, signed as `signed`) with operands `xs` (already
    /// integers of `ity`); the old value, none for stores.
    pub(super) fn group_private_atomic(
        &mut self,
        op: AtomicOp,
        ity: Type,
        signed: bool,
        p: Value,
        xs: &[Value],
    ) -> Option<Value> {
        let flags = MemFlagsData::trusted();
        if op == AtomicOp::Store {
            self.b.ins().store(flags, xs[0], p, 0);
            return None;
        }
        let old = self.b.ins().load(ity, flags, p, 0);
        let new = match op {
            AtomicOp::Load => return Some(old),
            AtomicOp::Exchange => xs[0],
            AtomicOp::CompareExchange => {
                let same = self.b.ins().icmp(IntCC::Equal, old, xs[0]);
                self.b.ins().select(same, xs[1], old)
            }
            AtomicOp::Add => self.b.ins().iadd(old, xs[0]),
            AtomicOp::Sub => self.b.ins().isub(old, xs[0]),
            AtomicOp::And => self.b.ins().band(old, xs[0]),
            AtomicOp::Or => self.b.ins().bor(old, xs[0]),
            AtomicOp::Xor => self.b.ins().bxor(old, xs[0]),
            AtomicOp::Min if signed => self.b.ins().smin(old, xs[0]),
            AtomicOp::Min => self.b.ins().umin(old, xs[0]),
            AtomicOp::Max if signed => self.b.ins().smax(old, xs[0]),
            AtomicOp::Max => self.b.ins().umax(old, xs[0]),
            AtomicOp::Inc => self.b.ins().iadd_imm_s(old, 1),
            AtomicOp::Dec => self.b.ins().iadd_imm_s(old, -1),
            AtomicOp::Store => unreachable!("handled above"),
        };
        self.b.ins().store(flags, new, p, 0);
        Some(old)
    }
}
