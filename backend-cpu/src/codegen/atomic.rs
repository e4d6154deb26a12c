//! Atomic operations. Work-groups run in parallel threads, so every atomic access to global
//! (or generic) memory uses Cranelift's atomic instructions (sequentially consistent, which
//! satisfies every `MemoryOrder` the IR may ask for); `__local` integer atomics are plain
//! read-modify-writes (see `atomic_local`: one thread runs a work-group). Float
//! operands go through their bit pattern; float arithmetic (`cl_ext_float_atomics`) is a
//! compare-and-swap loop.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{AtomicRmwOp, InstBuilder, MemFlagsData, Type, Value};
use oclc_ir::{AddressSpace, AtomicOp, ScalarType, ValueId};

use super::Tx;
use crate::error::CompileError;
use crate::pieces::clif_scalar;

impl Tx<'_, '_, '_> {
    /// Lowers `op` on the memory at `ptr` (defining `result`); the result is the old value
    /// (none for stores).
    pub(super) fn atomic(
        &mut self,
        op: AtomicOp,
        ptr: ValueId,
        args: &[ValueId],
        result: ValueId,
    ) -> Result<Vec<Value>, CompileError> {
        let (space, pointee) = self
            .types
            .pointee(self.f.value_type(ptr))
            .and_then(|(space, t)| Some((space, self.types.scalar_of(t)?)))
            .ok_or_else(|| self.err("an atomic operation on a non-scalar pointee"))?;
        if pointee == ScalarType::F16 || pointee == ScalarType::Bool {
            return Err(self.err(format!("atomic operations on {}", pointee.name())));
        }
        let p = self.val1(ptr)?;
        let pointee_ty = self
            .types
            .pointee(self.f.value_type(ptr))
            .expect("a pointer")
            .1;
        let write = op != AtomicOp::Load;
        let mut access = self.access(ptr, p, pointee_ty, write, result);
        access.atomic = true;
        access.reads_old = !matches!(op, AtomicOp::Load | AtomicOp::Store | AtomicOp::Exchange);
        let p = self.checked_access(access)?;
        let mut xs = Vec::with_capacity(args.len());
        for a in args {
            xs.push(self.val1(*a)?);
        }
        let ty = clif_scalar(pointee).expect("not half");
        let ity = Type::int(ty.bits() as u16).expect("integer of the same width");
        let flags = MemFlagsData::trusted();
        if pointee.is_float() && !matches!(op, AtomicOp::Load | AtomicOp::Store) {
            if let Some(v) = self.float_atomic(op, pointee, ty, ity, p, &xs) {
                return Ok(vec![v]);
            }
        }
        let as_int = |tx: &mut Self, x: Value| {
            if ty == ity {
                x
            } else {
                tx.b.ins().bitcast(ity, MemFlagsData::new(), x)
            }
        };
        let from_int = |tx: &mut Self, x: Value| {
            if ty == ity {
                x
            } else {
                tx.b.ins().bitcast(ty, MemFlagsData::new(), x)
            }
        };
        let rmw = |tx: &mut Self, rop: AtomicRmwOp, x: Value| {
            let x = as_int(tx, x);
            let old = tx.b.ins().atomic_rmw(ity, flags, rop, p, x);
            from_int(tx, old)
        };
        let signed = pointee.is_signed();
        if matches!(space, AddressSpace::Local | AddressSpace::Private) {
            let ints: Vec<Value> = xs.iter().map(|x| as_int(self, *x)).collect();
            let old = self.group_private_atomic(op, ity, signed, p, &ints);
            return Ok(old.map(|v| from_int(self, v)).into_iter().collect());
        }
        Ok(match op {
            AtomicOp::Load => {
                let v = self.b.ins().atomic_load(ity, flags, p);
                vec![from_int(self, v)]
            }
            AtomicOp::Store => {
                let x = as_int(self, xs[0]);
                self.b.ins().atomic_store(flags, x, p);
                vec![]
            }
            AtomicOp::Exchange => vec![rmw(self, AtomicRmwOp::Xchg, xs[0])],
            AtomicOp::CompareExchange => {
                let e = as_int(self, xs[0]);
                let d = as_int(self, xs[1]);
                let old = self.b.ins().atomic_cas(flags, p, e, d);
                vec![from_int(self, old)]
            }
            AtomicOp::Add => vec![rmw(self, AtomicRmwOp::Add, xs[0])],
            AtomicOp::Sub => vec![rmw(self, AtomicRmwOp::Sub, xs[0])],
            AtomicOp::And => vec![rmw(self, AtomicRmwOp::And, xs[0])],
            AtomicOp::Or => vec![rmw(self, AtomicRmwOp::Or, xs[0])],
            AtomicOp::Xor => vec![rmw(self, AtomicRmwOp::Xor, xs[0])],
            AtomicOp::Min if signed => vec![rmw(self, AtomicRmwOp::Smin, xs[0])],
            AtomicOp::Min => vec![rmw(self, AtomicRmwOp::Umin, xs[0])],
            AtomicOp::Max if signed => vec![rmw(self, AtomicRmwOp::Smax, xs[0])],
            AtomicOp::Max => vec![rmw(self, AtomicRmwOp::Umax, xs[0])],
            AtomicOp::Inc | AtomicOp::Dec => {
                let one = self.b.ins().iconst(ity, 1);
                let rop = if op == AtomicOp::Inc {
                    AtomicRmwOp::Add
                } else {
                    AtomicRmwOp::Sub
                };
                vec![self.b.ins().atomic_rmw(ity, flags, rop, p, one)]
            }
        })
    }

    /// Float add/sub/min/max as a compare-and-swap loop (`None` for other operations, which
    /// work on the bit pattern).
    fn float_atomic(
        &mut self,
        op: AtomicOp,
        s: ScalarType,
        ty: Type,
        ity: Type,
        p: Value,
        xs: &[Value],
    ) -> Option<Value> {
        if !matches!(
            op,
            AtomicOp::Add | AtomicOp::Sub | AtomicOp::Min | AtomicOp::Max
        ) {
            return None;
        }
        let flags = MemFlagsData::trusted();
        let old_var = self.b.declare_var(ity);
        let first = self.b.ins().atomic_load(ity, flags, p);
        self.b.def_var(old_var, first);
        let head = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let old_i = self.b.use_var(old_var);
        let old = self.b.ins().bitcast(ty, MemFlagsData::new(), old_i);
        let new = match op {
            AtomicOp::Add => self.b.ins().fadd(old, xs[0]),
            AtomicOp::Sub => self.b.ins().fsub(old, xs[0]),
            AtomicOp::Min => self.min_max(s, old, xs[0], false),
            _ => self.min_max(s, old, xs[0], true),
        };
        let new_i = self.b.ins().bitcast(ity, MemFlagsData::new(), new);
        let got = self.b.ins().atomic_cas(flags, p, old_i, new_i);
        self.b.def_var(old_var, got);
        let ok = self.b.ins().icmp(IntCC::Equal, got, old_i);
        self.b.ins().brif(ok, done, &[], head, &[]);
        self.b.switch_to_block(done);
        Some(self.b.ins().bitcast(ty, MemFlagsData::new(), old_i))
    }
}
