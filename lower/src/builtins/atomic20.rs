//! The OpenCL C 2.0 atomic functions (`atomic_load`, `atomic_fetch_add_explicit`,
//! `atomic_compare_exchange_strong`, `atomic_flag_test_and_set`, ...) as [`Op::Atomic`] with
//! the memory order and scope the call names: seq_cst and device scope unless the
//! `_explicit` form says otherwise (its order and scope arguments must be constants).

use oclc_frontend::checked as ck;

use super::super::function::FnLower;
use super::super::LowerError;
use super::const_int;
use oclc_ir::module::Stmt;
use oclc_ir::op::{AtomicOp, CmpOp, Const, MemFence, MemoryOrder, MemoryScope, Op, ValueId};
use oclc_ir::types::ScalarType;

/// The read-modify-write operation of an `atomic_fetch_<op>` name.
fn fetch_op(name: &str) -> Option<AtomicOp> {
    Some(match name.strip_prefix("atomic_fetch_")? {
        "add" => AtomicOp::Add,
        "sub" => AtomicOp::Sub,
        "or" => AtomicOp::Or,
        "xor" => AtomicOp::Xor,
        "and" => AtomicOp::And,
        "min" => AtomicOp::Min,
        "max" => AtomicOp::Max,
        _ => return None,
    })
}

/// `memory_order` values (clang's `__ATOMIC_*`; consume is treated as acquire).
fn order_of(v: u64) -> Option<MemoryOrder> {
    Some(match v {
        0 => MemoryOrder::Relaxed,
        1 | 2 => MemoryOrder::Acquire,
        3 => MemoryOrder::Release,
        4 => MemoryOrder::AcqRel,
        5 => MemoryOrder::SeqCst,
        _ => return None,
    })
}

/// `memory_scope` values (clang's `__OPENCL_MEMORY_SCOPE_*`; sub-groups are not offered).
fn scope_of(v: u64) -> Option<MemoryScope> {
    Some(match v {
        0 => MemoryScope::WorkItem,
        1 => MemoryScope::WorkGroup,
        2 => MemoryScope::Device,
        3 => MemoryScope::AllDevices,
        _ => return None,
    })
}

impl FnLower<'_, '_> {
    /// Lowers a call of an OpenCL C 2.0 atomic function.
    pub(super) fn atomic20_call(
        &mut self,
        name: &str,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let base = name.strip_suffix("_explicit").unwrap_or(name);
        if base == "atomic_work_item_fence" {
            return self.work_item_fence(args, e);
        }
        // Values before the order/scope arguments.
        let values = match base {
            "atomic_load" | "atomic_flag_test_and_set" | "atomic_flag_clear" => 1,
            _ if base.starts_with("atomic_compare_exchange") => 3,
            _ => 2,
        };
        let order = match args.get(values) {
            Some(a) => self.order_arg(a)?,
            None => MemoryOrder::SeqCst,
        };
        // Compare-exchange takes a failure order before the scope.
        let scope_at = if values == 3 { values + 2 } else { values + 1 };
        let scope = match args.get(scope_at) {
            Some(a) => self.scope_arg(a)?,
            None => MemoryScope::Device,
        };
        let ptr = self.expr(&args[0])?;
        let ty = self.vty(&e.ty);
        let atomic = |me: &mut Self, op: AtomicOp, vals: Vec<ValueId>, ty| {
            me.b.emit(
                Op::Atomic {
                    op,
                    ptr,
                    args: vals,
                    order,
                    scope,
                },
                ty,
            )
        };
        match base {
            "atomic_init" => {
                let value = self.expr(&args[1])?;
                self.b.push(Stmt::Store { ptr, value });
                Ok(self.konst(Const::i32(0)))
            }
            "atomic_store" => {
                let v = self.expr(&args[1])?;
                Ok(atomic(self, AtomicOp::Store, vec![v], ty))
            }
            "atomic_load" => Ok(atomic(self, AtomicOp::Load, vec![], ty)),
            "atomic_exchange" => {
                let v = self.expr(&args[1])?;
                Ok(atomic(self, AtomicOp::Exchange, vec![v], ty))
            }
            "atomic_flag_test_and_set" => {
                let it = self.types().scalar(ScalarType::I32);
                let one = self.konst(Const::i32(1));
                let old = atomic(self, AtomicOp::Exchange, vec![one], it);
                let zero = self.konst(Const::i32(0));
                Ok(self.cmp(CmpOp::Ne, old, zero))
            }
            "atomic_flag_clear" => {
                let zero = self.konst(Const::i32(0));
                Ok(atomic(self, AtomicOp::Store, vec![zero], ty))
            }
            _ if base.starts_with("atomic_compare_exchange") => {
                self.compare_exchange(ptr, args, order, scope)
            }
            _ => match fetch_op(base) {
                Some(op) => {
                    let v = self.expr(&args[1])?;
                    Ok(atomic(self, op, vec![v], ty))
                }
                None => self.unsupported(e.span, format!("built-in '{name}' is not supported yet")),
            },
        }
    }

    /// `atomic_compare_exchange_*(object, expected, desired, ...)`: compares the object
    /// with `*expected` (bit patterns: floats are exchanged as integers of their width, as
    /// SPIR-V requires), stores `desired` on a match, else writes the value found to
    /// `*expected`; the result tells whether it matched. The weak form never fails
    /// spuriously here.
    fn compare_exchange(
        &mut self,
        ptr: ValueId,
        args: &[ck::Expr],
        order: MemoryOrder,
        scope: MemoryScope,
    ) -> Result<ValueId, LowerError> {
        let expected_ptr = self.expr(&args[1])?;
        let desired = self.expr(&args[2])?;
        let vt = self.b.value_type(desired);
        let expected = self.b.emit(Op::Load { ptr: expected_ptr }, vt);
        let s = self.types().scalar_of(vt).expect("atomic scalar");
        // The integer the comparison works on (the value itself for integers).
        let it = if s.is_float() {
            let u = if s.bits() == 64 {
                ScalarType::U64
            } else {
                ScalarType::U32
            };
            self.types().scalar(u)
        } else {
            vt
        };
        let bits = |me: &mut Self, v: ValueId| {
            if it == vt {
                v
            } else {
                me.b.emit(Op::Bitcast { value: v, to: it }, it)
            }
        };
        let int_ptr = if it == vt {
            ptr
        } else {
            let (space, _) = self
                .b
                .types
                .pointee(self.b.value_type(ptr))
                .expect("pointer");
            let pt = self.types().pointer(space, it);
            self.b.emit(Op::Bitcast { value: ptr, to: pt }, pt)
        };
        let (expected_bits, desired_bits) = (bits(self, expected), bits(self, desired));
        let old_bits = self.b.emit(
            Op::Atomic {
                op: AtomicOp::CompareExchange,
                ptr: int_ptr,
                args: vec![expected_bits, desired_bits],
                order,
                scope,
            },
            it,
        );
        let matched = self.cmp(CmpOp::Eq, old_bits, expected_bits);
        let old = if it == vt {
            old_bits
        } else {
            self.b.emit(
                Op::Bitcast {
                    value: old_bits,
                    to: vt,
                },
                vt,
            )
        };
        let seen = self.select(matched, expected, old);
        self.b.push(Stmt::Store {
            ptr: expected_ptr,
            value: seen,
        });
        Ok(matched)
    }

    /// `atomic_work_item_fence(flags, order, scope)`: a fence on the named memories.
    fn work_item_fence(&mut self, args: &[ck::Expr], e: &ck::Expr) -> Result<ValueId, LowerError> {
        let Some(flags) = args.first().and_then(const_int) else {
            return self.unsupported(e.span, "atomic_work_item_fence needs constant flags");
        };
        self.order_arg(&args[1])?;
        self.scope_arg(&args[2])?;
        self.b.push(Stmt::Fence {
            fence: MemFence {
                local: flags & 1 != 0,
                global: flags & 2 != 0,
            },
        });
        Ok(self.konst(Const::i32(0)))
    }

    fn order_arg(&mut self, a: &ck::Expr) -> Result<MemoryOrder, LowerError> {
        match const_int(a).and_then(order_of) {
            Some(o) => Ok(o),
            None => self.unsupported(
                a.span,
                "a memory_order argument that is not a constant memory_order_* value",
            ),
        }
    }

    fn scope_arg(&mut self, a: &ck::Expr) -> Result<MemoryScope, LowerError> {
        match const_int(a).and_then(scope_of) {
            Some(s) => Ok(s),
            None => self.unsupported(
                a.span,
                "a memory_scope argument that is not a constant memory_scope_* value \
                 (sub-group scope is not offered)",
            ),
        }
    }
}
