//! Barrier divergence checks of checked kernels ([`crate::check`]). A kernel with barriers
//! runs each barrier-free region for every work-item, and acts at group level on the
//! control flow around its barriers, assuming the work-items agree. Checked code verifies
//! that they do:
//! * a condition of group-level control flow (an `if`, `switch` or loop exit around a
//!   barrier) must have the same value for every work-item;
//! * a `return`, `break` or `continue` that leaves a region towards group-level control flow
//!   must be taken by all work-items or by none when a barrier may follow (one comes later
//!   in the kernel, or the region is inside a loop with barriers): the report is at the
//!   condition that made them leave, with how many did. (The unchecked backend assumes
//!   such exits are uniform.)

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, Value};
use cranelift_frontend::Variable;
use oclc_ir::{SourceSpan, ValueId};

use super::Tx;
use crate::check::site::{CheckObject, CheckSite, DefectKind};
use crate::error::CompileError;

/// What the divergence checks keep while a kernel is translated.
#[derive(Default)]
pub(crate) struct BarrierChecks {
    /// Work-items that left the current region early.
    pub exits: Option<Variable>,
    /// Barriers of the kernel, and those translated so far at group level.
    pub barriers: (usize, usize),
    /// The site of the current region's early exits.
    pub exit_site: Option<u64>,
    /// The spans of the conditions of the `if` statements being translated in a region.
    pub cond_spans: Vec<Option<SourceSpan>>,
}

impl Tx<'_, '_, '_> {
    /// Declares the divergence checks' variables (checked kernels with barriers).
    pub(super) fn start_barrier_checks(&mut self) {
        if !self.plan.has_barrier {
            return;
        }
        let exits = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(exits, zero);
        self.barrier_checks.exits = Some(exits);
        let mut total = 0;
        oclc_ir::walk_stmts(&self.f.body, &mut |s| {
            total += usize::from(matches!(s, oclc_ir::Stmt::Barrier { .. }));
        });
        self.barrier_checks.barriers = (total, 0);
    }

    /// Before a region's work-item loop: no work-item has left it yet.
    pub(super) fn region_checks_begin(&mut self) {
        if let Some(exits) = self.barrier_checks.exits {
            let zero = self.b.ins().iconst(types::I64, 0);
            self.b.def_var(exits, zero);
            self.barrier_checks.exit_site = None;
        }
    }

    /// A work-item leaves the region early (towards group-level control flow).
    pub(super) fn region_checks_exit(&mut self) {
        let Some(exits) = self.barrier_checks.exits else {
            return;
        };
        let n = self.b.use_var(exits);
        let n = self.b.ins().iadd_imm_s(n, 1);
        self.b.def_var(exits, n);
        if self.barrier_checks.exit_site.is_none() {
            let span = self
                .barrier_checks
                .cond_spans
                .iter()
                .rev()
                .flatten()
                .next()
                .copied();
            self.barrier_checks.exit_site = Some(self.add_site(CheckSite {
                kind: DefectKind::BarrierDivergence,
                span,
                object: CheckObject::None,
                size: 0,
                object_size: None,
            }));
        }
    }

    /// After a region's work-item loop: reports that some work-items but not all left it,
    /// when a barrier may follow.
    pub(super) fn region_checks_end(&mut self) {
        let (Some(exits), Some(site)) = (
            self.barrier_checks.exits,
            self.barrier_checks.exit_site.take(),
        ) else {
            return;
        };
        let (total, seen) = self.barrier_checks.barriers;
        if seen >= total && self.loops.is_empty() {
            return; // no barrier after this region
        }
        let n = self.b.use_var(exits);
        let none = self.b.ins().icmp_imm_s(IntCC::Equal, n, 0);
        let all = self.b.ins().icmp(IntCC::Equal, n, self.items);
        let ok = self.b.ins().bor(none, all);
        let site = self.b.ins().iconst(types::I64, site as i64);
        self.report_unless_at(ok, site, n, None);
    }

    /// A barrier the group reaches at group level.
    pub(super) fn barrier_seen(&mut self, fence: oclc_ir::MemFence) {
        self.barrier_checks.barriers.1 += 1;
        self.shadow_barrier(fence);
    }

    /// The span of `v`, or of the first operand of its definition that has one (values
    /// the passes made, such as the negated condition of a loop's exit).
    pub(super) fn value_span(&self, v: ValueId) -> Option<SourceSpan> {
        if let Some(s) = self.f.span(v) {
            return Some(s);
        }
        let mut found = None;
        oclc_ir::walk_stmts(&self.f.body, &mut |s| {
            if let oclc_ir::Stmt::Let { value, op } = s {
                if *value == v && found.is_none() {
                    found = op.operands().into_iter().find_map(|o| self.f.span(o));
                }
            }
        });
        found
    }

    /// Checks that every work-item computed the same group-level condition `cond` as
    /// work-item 0 (`c`, its value).
    pub(super) fn check_uniform(&mut self, cond: ValueId, c: Value) -> Result<(), CompileError> {
        if self.check.is_none() {
            return Ok(());
        }
        // Values kept once per group or recomputed at group level are uniform; the others
        // have one copy per work-item in the state.
        if self.plan.group.spills.contains_key(&cond) || self.plan.remat.contains_key(&cond) {
            return Ok(());
        }
        let Some(&off) = self.plan.spills.get(&cond) else {
            return Ok(());
        };
        let ps = self.pieces_of(self.f.value_type(cond))?;
        let site = self.add_site(CheckSite {
            kind: DefectKind::BarrierDivergence,
            span: self.value_span(cond),
            object: CheckObject::None,
            size: 0,
            object_size: None,
        });
        // for (lin = 1; lin < items; lin++) if (cond[lin] != cond[0]) report
        let counter = self.b.declare_var(types::I64);
        let one = self.b.ins().iconst(types::I64, 1);
        self.b.def_var(counter, one);
        let head = self.b.create_block();
        let body = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let lin = self.b.use_var(counter);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, lin, self.items);
        self.b.ins().brif(more, body, &[], done, &[]);
        self.b.switch_to_block(body);
        let v = self.load_pieces(off, &ps, lin)[0];
        let same = self.b.ins().icmp(IntCC::Equal, v, c);
        let site_v = self.b.ins().iconst(types::I64, site as i64);
        // The local id of linear id `lin`.
        let [lsx, lsy, _] = self.local_size;
        let x = self.b.ins().urem(lin, lsx);
        let row = self.b.ins().udiv(lin, lsx);
        let y = self.b.ins().urem(row, lsy);
        let z = self.b.ins().udiv(row, lsy);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.report_unless_at(same, site_v, zero, Some([x, y, z]));
        let next = self.b.ins().iadd_imm_s(lin, 1);
        self.b.def_var(counter, next);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(done);
        Ok(())
    }
}
