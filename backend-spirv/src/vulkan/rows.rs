//! Two rows of work-items per invocation on Vulkan.
//!
//! The IR query `rows_per_invocation` (`WorkItemQuery::RowsPerInvocation`) says how many
//! rows of work-items (dimension 1) an invocation computes. A kernel body that reads it
//! (made so by an IR pass) computes, when it is 2, the rows `2 (g - o) + o` and the next,
//! `g` being `get_global_id(1)` and `o` `get_global_offset(1)`, and otherwise its original
//! single row. On Vulkan the query is the `uint` specialization constant [`ROWS_SPEC_ID`]
//! (default 1, so a launcher that does not know it keeps the original body and dispatch).
//!
//! The launch contract with 2: the launcher dispatches half the invocation rows along y
//! (`global_size(1) / 2`, which must be even; the last row id, offset included, below
//! 2^31 - 1, since `opt::coarsen_rows` computes row 1's id as an `int`), while every other query keeps the user's
//! launch: the argument block carries the user's global size and offset (so
//! `get_global_size(1)` and `get_global_offset(1)` read them), and `get_global_id(1)` is
//! `GlobalInvocationId.y` plus the offset as always. Such kernels cannot tell their
//! work-groups apart (`super::group_merge`), so any workgroup size along y that tiles the
//! halved rows exactly gives the same results. The work-items loop (`super::items`) and
//! merged work-groups (`super::merged_groups`) act along x only and are unaffected.

use oclc_ir::module::{walk_stmts, Stmt};
use oclc_ir::{Function, Op, WorkItemQuery};
use rspirv::spirv::Word;

use crate::common::ModuleCtx;

/// The specialization constant id of the rows of work-items each invocation computes.
pub const ROWS_SPEC_ID: u32 = 0x1_0002;

/// True when kernel `kernel`'s own body reads `rows_per_invocation` (where
/// `opt::coarsen_rows` puts it). A kernel that calls such a kernel as a function does not
/// compute two rows itself, so it keeps the plain launch (and the callee's constant, 1).
pub(crate) fn reads_rows(kernel: &Function) -> bool {
    let mut reads = false;
    walk_stmts(&kernel.body, &mut |s| {
        if let Stmt::Let {
            op:
                Op::WorkItem {
                    query: WorkItemQuery::RowsPerInvocation,
                    ..
                },
            ..
        } = s
        {
            reads = true;
        }
    });
    reads
}

impl ModuleCtx<'_> {
    /// The specialization constant of the rows per invocation, made on first use.
    pub(crate) fn vk_rows_per_invocation(&mut self) -> Word {
        if let Some(k) = self.vk.rows_per_invocation {
            return k;
        }
        let k = self.vk_spec_u32(ROWS_SPEC_ID);
        self.b.name(k, "oclc.rows_per_invocation");
        self.vk.rows_per_invocation = Some(k);
        k
    }
}
