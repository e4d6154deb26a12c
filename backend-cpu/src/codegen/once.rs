//! Regions that run once for the whole group ([`crate::group_level`]): their statements
//! are emitted once, as work-item 0, with no work-item loop.

use cranelift_codegen::ir::{types, InstBuilder};
use oclc_ir::Stmt;

use super::{pending, Tx, Wi};
use crate::error::CompileError;
use crate::plan::{RegionKey, GROUP};

impl Tx<'_, '_, '_> {
    /// Emits region `key` (`stmts`) once for the group.
    pub(super) fn once_region(
        &mut self,
        stmts: &[Stmt],
        key: RegionKey,
    ) -> Result<(), CompileError> {
        if self.uniformity.is_some() {
            // Numbered with the vectorize stage's notes on the other regions.
            let n = self.env.notes.len();
            self.env.notes.push(format!(
                "region {n}: once for the group (the same for every work-item)"
            ));
        }
        self.region = key;
        self.pending_used = false;
        let none = self.b.ins().iconst(types::I8, pending::NONE);
        self.b.def_var(self.pending, none);
        let zero = self.b.ins().iconst(types::I64, 0);
        let done = self.b.create_block();
        self.wi = Some(Wi {
            lid: [zero; 3],
            lin: zero,
            next: done,
        });
        self.region_loop_base = self.loops.len();
        self.work_item_stmts(stmts, key)?;
        if !self.terminated {
            self.b.ins().jump(done, &[]);
        }
        self.b.switch_to_block(done);
        self.leave_state_vars(key)?;
        self.wi = None;
        self.terminated = false;
        self.region = GROUP;
        if self.pending_used {
            self.dispatch_pending();
        }
        Ok(())
    }
}
