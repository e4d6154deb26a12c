//! OpenCL 1.x asynchronous work-group copies without new IR operations:
//! `async_work_group_copy` and `async_work_group_strided_copy` become a copy loop that every
//! work-item of the group runs over its share of the elements (`for (i = linear_local_id;
//! i < n; i += work_group_size)`), so the copy is complete when the call returns and an
//! `event_t` is a dummy integer; `wait_group_events` (which all work-items of the group must
//! reach with the same arguments) becomes a barrier with local and global fences, which makes
//! every work-item's share of the copies visible to the whole group.

use oclc_frontend::checked::{self as ck, AddrSpace, CType};

use super::super::function::FnLower;
use super::super::LowerError;
use oclc_ir::module::Stmt;
use oclc_ir::op::{BinaryOp, CmpOp, MemFence, Op, ValueId};
use oclc_ir::types::ScalarType;

/// Both fences: the copies may target local or global memory.
const COPY_FENCE: MemFence = MemFence {
    local: true,
    global: true,
};

impl FnLower<'_, '_> {
    /// Address of element `index * stride` (`u64`s; `stride` None means 1) after `base`.
    fn copy_elem(&mut self, base: ValueId, index: ValueId, stride: Option<ValueId>) -> ValueId {
        let scaled = match stride {
            Some(s) => self.bin(BinaryOp::Mul, index, s),
            None => index,
        };
        let i64t = self.types().scalar(ScalarType::I64);
        let index = self.convert(scaled, i64t);
        let t = self.b.value_type(base);
        self.b.emit(Op::PtrOffset { base, index }, t)
    }

    /// `async_work_group_copy(dst, src, n, event)` and
    /// `async_work_group_strided_copy(dst, src, n, stride, event)`: the stride applies to
    /// the global side (`src` when copying to local memory, `dst` when copying to global).
    pub(super) fn async_copy_call(
        &mut self,
        name: &str,
        params: &[CType],
        args: &[ck::Expr],
    ) -> Result<ValueId, LowerError> {
        let mut values = Vec::new();
        for a in args {
            values.push(self.expr(a)?);
        }
        let u64t = self.types().scalar(ScalarType::U64);
        let (dst, src) = (values[0], values[1]);
        let n = self.convert(values[2], u64t);
        let stride = if name == "async_work_group_strided_copy" {
            Some(self.convert(values[3], u64t))
        } else {
            None
        };
        let event = *values.last().expect("event argument");
        let to_local = matches!(
            params.first(),
            Some(CType::Pointer {
                space: AddrSpace::Local,
                ..
            })
        );
        let (dst_stride, src_stride) = if to_local {
            (None, stride)
        } else {
            (stride, None)
        };
        let (lid, size) = self.linear_local();
        let i = self.temp("async_i", u64t);
        let i_addr = self.b.local_addr(i);
        self.b.store(i_addr, lid);
        // body: if (i >= n) break; dst[i * dst_stride] = src[i * src_stride];
        self.b.open_block();
        let iv = self.b.load(i_addr);
        let done = self.cmp(CmpOp::Ge, iv, n);
        self.b.push_break_if(done);
        let from = self.copy_elem(src, iv, src_stride);
        let v = self.b.load(from);
        let to = self.copy_elem(dst, iv, dst_stride);
        self.b.store(to, v);
        let body = self.b.close_block();
        // continuing: i += work-group size
        self.b.open_block();
        let iv = self.b.load(i_addr);
        let next = self.bin(BinaryOp::Add, iv, size);
        self.b.store(i_addr, next);
        let continuing = self.b.close_block();
        self.b.push(Stmt::Loop {
            body,
            continuing,
            break_if: None,
            unroll: oclc_ir::Unroll::Auto,
        });
        Ok(event)
    }

    /// `wait_group_events(num_events, event_list)`: a barrier with both fences (the copies
    /// are already done by each work-item; the barrier publishes them to the group).
    pub(super) fn wait_group_events_call(
        &mut self,
        args: &[ck::Expr],
    ) -> Result<ValueId, LowerError> {
        for a in args {
            self.expr(a)?;
        }
        self.b.push(Stmt::Barrier { fence: COPY_FENCE });
        Ok(self.konst(oclc_ir::op::Const::i32(0)))
    }
}
