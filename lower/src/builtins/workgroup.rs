//! OpenCL 2.0 work-group functions (`work_group_all/any/broadcast/reduce_<op>/
//! scan_inclusive_<op>/scan_exclusive_<op>`), lowered to a hidden `__local` scratch
//! variable and barriers: the work-items fold their value into the scratch one after the
//! other in linear local-id order (one barrier per work-item), which is correct for any
//! work-group size and keeps scans in order.

use oclc_frontend::checked as ck;

use super::super::function::FnLower;
use super::super::LowerError;
use oclc_ir::module::{Block, Stmt};
use oclc_ir::op::{BinaryOp, CmpOp, Const, Dim, MathFn, MemFence, Op, ValueId, WorkItemQuery};
use oclc_ir::types::{AddressSpace, ScalarType, TypeId};

const LOCAL_FENCE: MemFence = MemFence {
    local: true,
    global: false,
};

impl FnLower<'_, '_> {
    /// A work-item query in dimension `d`, as a `u64`.
    pub(super) fn query(&mut self, query: WorkItemQuery, d: u32) -> ValueId {
        let u64t = self.types().scalar(ScalarType::U64);
        self.b.emit(
            Op::WorkItem {
                query,
                dim: Dim::Const(d),
            },
            u64t,
        )
    }

    /// The linear local id and the work-group size (both `u64`).
    pub(super) fn linear_local(&mut self) -> (ValueId, ValueId) {
        let [l0, l1, l2] = [0, 1, 2].map(|d| self.query(WorkItemQuery::LocalId, d));
        let [s0, s1, s2] = [0, 1, 2].map(|d| self.query(WorkItemQuery::LocalSize, d));
        let s01 = self.bin(BinaryOp::Mul, s0, s1);
        let size = self.bin(BinaryOp::Mul, s01, s2);
        let t1 = self.bin(BinaryOp::Mul, l1, s0);
        let t2 = self.bin(BinaryOp::Mul, l2, s01);
        let a = self.bin(BinaryOp::Add, l0, t1);
        (self.bin(BinaryOp::Add, a, t2), size)
    }

    fn identity(&mut self, op: &str, ty: TypeId) -> ValueId {
        let s = self.types().scalar_of(ty).expect("scalar");
        let c = match (op, s.is_float()) {
            ("add", false) | ("any", _) => Const::int(s, 0),
            ("all", _) => Const::int(s, 1),
            ("add", true) => Const::float(s, 0.0),
            ("min", true) => Const::float(s, f64::INFINITY),
            ("max", true) => Const::float(s, f64::NEG_INFINITY),
            ("min", false) if s.is_signed() => Const::int(s, i64::MAX >> (64 - s.bits())),
            ("min", false) => Const::int(s, -1),
            (_, false) if s.is_signed() => Const::int(s, i64::MIN >> (64 - s.bits())),
            _ => Const::int(s, 0),
        };
        self.konst(c)
    }

    fn combine(&mut self, op: &str, a: ValueId, b: ValueId) -> ValueId {
        let t = self.b.value_type(a);
        match op {
            "add" => self.bin(BinaryOp::Add, a, b),
            "min" => self.math(MathFn::Min, vec![a, b], t),
            "max" => self.math(MathFn::Max, vec![a, b], t),
            "all" => self.bin(BinaryOp::And, a, b),
            _ => self.bin(BinaryOp::Or, a, b),
        }
    }

    fn if_then(&mut self, cond: ValueId, then: impl FnOnce(&mut Self)) {
        self.b.open_block();
        then(self);
        let then_body = self.b.close_block();
        self.b.push(Stmt::If {
            cond,
            then_body,
            else_body: Block::new(),
        });
    }

    /// Lowers a work-group function call.
    pub(super) fn work_group_call(
        &mut self,
        name: &str,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        if !self.source.is_kernel {
            return self.unsupported(
                e.span,
                format!("'{name}' outside a kernel function is not supported yet"),
            );
        }
        let mut values = Vec::new();
        for a in args {
            values.push(self.expr(a)?);
        }
        let ty = self.vty(&e.ty);
        let slot = self.b.local("wg_scratch", ty, AddressSpace::Local);
        let addr = self.b.local_addr(slot);
        let (lid, size) = self.linear_local();
        let u64t = self.types().scalar(ScalarType::U64);
        self.b.push(Stmt::Barrier { fence: LOCAL_FENCE });
        if name == "work_group_broadcast" {
            // The linear id of the wanted work-item.
            let u64s: Vec<ValueId> = values[1..].iter().map(|v| self.convert(*v, u64t)).collect();
            let mut want = u64s[0];
            if u64s.len() > 1 {
                let s0 = self.query(WorkItemQuery::LocalSize, 0);
                let t = self.bin(BinaryOp::Mul, u64s[1], s0);
                want = self.bin(BinaryOp::Add, want, t);
                if u64s.len() > 2 {
                    let s1 = self.query(WorkItemQuery::LocalSize, 1);
                    let s01 = self.bin(BinaryOp::Mul, s0, s1);
                    let t = self.bin(BinaryOp::Mul, u64s[2], s01);
                    want = self.bin(BinaryOp::Add, want, t);
                }
            }
            let me = self.cmp(CmpOp::Eq, lid, want);
            let x = values[0];
            self.if_then(me, |s| s.b.store(addr, x));
            self.b.push(Stmt::Barrier { fence: LOCAL_FENCE });
            let r = self.b.load(addr);
            self.b.push(Stmt::Barrier { fence: LOCAL_FENCE });
            return Ok(r);
        }
        let (kind, op) = if let Some(op) = name.strip_prefix("work_group_reduce_") {
            ("reduce", op)
        } else if let Some(op) = name.strip_prefix("work_group_scan_inclusive_") {
            ("inclusive", op)
        } else if let Some(op) = name.strip_prefix("work_group_scan_exclusive_") {
            ("exclusive", op)
        } else {
            ("reduce", name.strip_prefix("work_group_").unwrap_or("any"))
        };
        let mut x = values[0];
        if matches!(op, "all" | "any") {
            x = self.num_to_bool(x);
            x = self.bool_to_num(x, ty, 1);
        }
        let zero64 = self.const_of(u64t, 0);
        let first = self.cmp(CmpOp::Eq, lid, zero64);
        let init = self.identity(op, ty);
        self.if_then(first, |s| s.b.store(addr, init));
        self.b.push(Stmt::Barrier { fence: LOCAL_FENCE });
        // mine: this work-item's scan result; k: the turn counter.
        let mine = self.temp("wg_mine", ty);
        let mine_addr = self.b.local_addr(mine);
        let k = self.temp("wg_turn", u64t);
        let k_addr = self.b.local_addr(k);
        self.b.store(k_addr, zero64);
        self.b.open_block();
        let turn = self.b.load(k_addr);
        let mine_turn = self.cmp(CmpOp::Eq, lid, turn);
        self.if_then(mine_turn, |s| {
            let old = s.b.load(addr);
            let new = s.combine(op, old, x);
            s.b.store(addr, new);
            s.b.store(mine_addr, if kind == "exclusive" { old } else { new });
        });
        self.b.push(Stmt::Barrier { fence: LOCAL_FENCE });
        let body = self.b.close_block();
        self.b.open_block();
        let turn = self.b.load(k_addr);
        let one = self.const_of(u64t, 1);
        let next = self.bin(BinaryOp::Add, turn, one);
        self.b.store(k_addr, next);
        let done = self.cmp(CmpOp::Ge, next, size);
        let continuing = self.b.close_block();
        self.b.push(Stmt::Loop {
            body,
            continuing,
            break_if: Some(done),
            unroll: oclc_ir::Unroll::Auto,
        });
        let r = if kind == "reduce" {
            self.b.load(addr)
        } else {
            self.b.load(mine_addr)
        };
        self.b.push(Stmt::Barrier { fence: LOCAL_FENCE });
        Ok(r)
    }
}
