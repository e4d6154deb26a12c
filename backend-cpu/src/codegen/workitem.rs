//! Work-item queries, read from the work-group context and the current local id.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Value};
use oclc_ir::{Dim, WorkItemQuery};

use super::Tx;
use crate::abi::ctx_offsets;
use crate::error::CompileError;

impl Tx<'_, '_, '_> {
    /// Lowers `get_*(dim)`; dimensions past 2 give the out-of-range value (the runtime
    /// fills dimensions past `work_dim` with sizes 1 and ids 0).
    pub(super) fn work_item(&mut self, q: WorkItemQuery, dim: Dim) -> Result<Value, CompileError> {
        match q {
            WorkItemQuery::WorkDim => return Ok(self.ctx_load(types::I32, ctx_offsets::WORK_DIM)),
            // CPU launches run one row of work-items per invocation.
            WorkItemQuery::RowsPerInvocation => return Ok(self.b.ins().iconst(types::I32, 1)),
            _ => {}
        }
        match dim {
            Dim::Const(d) if d < 3 => self.query_dim(q, d as usize),
            Dim::Const(_) => Ok(self
                .b
                .ins()
                .iconst(types::I64, q.out_of_range_value() as i64)),
            Dim::Dynamic(v) => {
                let d = self.val1(v)?;
                let mut r = self
                    .b
                    .ins()
                    .iconst(types::I64, q.out_of_range_value() as i64);
                for i in (0..3).rev() {
                    let qi = self.query_dim(q, i)?;
                    let is = self.b.ins().icmp_imm_s(IntCC::Equal, d, i as i64);
                    r = self.b.ins().select(is, qi, r);
                }
                Ok(r)
            }
        }
    }

    fn ctx_load(&mut self, ty: types::Type, off: i32) -> Value {
        let flags = MemFlagsData::trusted().with_readonly().with_can_move();
        self.b.ins().load(ty, flags, self.ctx, off)
    }

    fn query_dim(&mut self, q: WorkItemQuery, d: usize) -> Result<Value, CompileError> {
        let off = 8 * d as i32;
        Ok(match q {
            WorkItemQuery::GroupId => self.group_id[d],
            WorkItemQuery::LocalSize => self.local_size[d],
            WorkItemQuery::NumGroups => self.ctx_load(types::I64, ctx_offsets::NUM_GROUPS + off),
            WorkItemQuery::GlobalOffset => {
                self.ctx_load(types::I64, ctx_offsets::GLOBAL_OFFSET + off)
            }
            WorkItemQuery::GlobalSize => self.ctx_load(types::I64, ctx_offsets::GLOBAL_SIZE + off),
            WorkItemQuery::LocalId => self.lid(d)?,
            WorkItemQuery::GlobalId => {
                // The group's first global id, computed once in the entry block.
                let base = self.group_base[d];
                let l = self.lid(d)?;
                self.b.ins().iadd(base, l)
            }
            WorkItemQuery::WorkDim | WorkItemQuery::RowsPerInvocation => {
                unreachable!("handled by the caller")
            }
        })
    }

    fn lid(&self, d: usize) -> Result<Value, CompileError> {
        self.wi
            .map(|w| w.lid[d])
            .ok_or_else(|| self.err("a work-item query outside a region"))
    }
}
