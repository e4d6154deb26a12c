//! `to_global`/`to_local`/`to_private` on the CPU, where every pointer is an address: the
//! work-group function knows where its `__local` arena and its private memory lie, so an
//! address is `__local` inside the static `__local` arena, `__private` inside one of the
//! kernel's stack slots or the per-work-item state block (kernels with barriers), and
//! `__global` otherwise (buffers and program-scope data; NULL stays NULL).
//!
//! `__local` pointer *parameters* point to areas whose sizes the work-group function is not
//! given, so kernels with such parameters report these built-ins as not supported.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, Value};
use oclc_ir::{AddressSpace, TypeId, ValueId};

use super::Tx;
use crate::error::CompileError;

impl Tx<'_, '_, '_> {
    /// Lowers `generic_cast %value` to a pointer type in a named space: the address, or 0.
    pub(super) fn generic_cast(
        &mut self,
        value: ValueId,
        to: TypeId,
    ) -> Result<Vec<Value>, CompileError> {
        let Some((space, _)) = self.types.pointee(to) else {
            return Err(self.err("generic_cast to a non-pointer"));
        };
        let local_params = self.f.params.iter().any(|p| {
            self.types
                .pointee(p.ty)
                .is_some_and(|(s, _)| s == AddressSpace::Local)
        });
        if local_params {
            return Err(self.err(
                "to_global/to_local/to_private/get_fence in a kernel with __local pointer \
                 parameters (the CPU work-group function is not given their sizes)",
            ));
        }
        let addr = self.val(value)?[0];
        let is_local = self.in_static_local(addr);
        let is_private = self.in_private(addr);
        let keep = match space {
            AddressSpace::Local => is_local,
            AddressSpace::Private => is_private,
            AddressSpace::Global => {
                let named = self.b.ins().bor(is_local, is_private);
                self.b.ins().bxor_imm_s(named, 1)
            }
            other => {
                return Err(self.err(format!(
                    "generic_cast to the {} address space",
                    other.name()
                )))
            }
        };
        let zero = self.b.ins().iconst(types::I64, 0);
        Ok(vec![self.b.ins().select(keep, addr, zero)])
    }

    /// `start <= addr < start + size` as an `i8` truth value (unsigned wrap-around test).
    fn in_range(&mut self, addr: Value, start: Value, size: Value) -> Value {
        let off = self.b.ins().isub(addr, start);
        self.b.ins().icmp(IntCC::UnsignedLessThan, off, size)
    }

    /// True when `addr` lies in the static `__local` arena of the work-group.
    fn in_static_local(&mut self, addr: Value) -> Value {
        let size = self
            .b
            .ins()
            .iconst(types::I64, self.plan.static_local_size as i64);
        let base = self.local_mem;
        self.in_range(addr, base, size)
    }

    /// True when `addr` lies in the private memory of the work-group function: one of its
    /// stack slots, or the per-work-item state of every work-item.
    fn in_private(&mut self, addr: Value) -> Value {
        let mut any = self.b.ins().iconst(types::I8, 0);
        let mut slots: Vec<_> = self.slots.iter().map(|(l, s)| (*l, *s)).collect();
        slots.sort_by_key(|(l, _)| *l);
        for (l, slot) in slots {
            let size = self.types.layout(self.f.locals[l as usize].ty).size.max(1);
            let start = self.b.ins().stack_addr(types::I64, slot, 0);
            let size = self.b.ins().iconst(types::I64, size as i64);
            let hit = self.in_range(addr, start, size);
            any = self.b.ins().bor(any, hit);
        }
        if self.plan.wi_state_size > 0 {
            let per_item = self
                .b
                .ins()
                .iconst(types::I64, self.plan.wi_state_size as i64);
            let [x, y, z] = self.local_size;
            let items = self.b.ins().imul(x, y);
            let items = self.b.ins().imul(items, z);
            let size = self.b.ins().imul(items, per_item);
            let base = self.wi_state;
            let hit = self.in_range(addr, base, size);
            any = self.b.ins().bor(any, hit);
        }
        any
    }
}
