//! Structured control flow: `If` becomes a selection construct (`OpSelectionMerge`),
//! `Loop` a loop construct (`OpLoopMerge` with header, body, continue target and merge
//! blocks). Blocks end with exactly one terminator; code after a jump is skipped, and a
//! merge block that no branch reaches is terminated with `OpUnreachable`.
//!
//! An `if c { break }` at the top level of a loop body (a `for` or `while` test, or any
//! other exit test there) becomes a conditional branch to the loop's merge block with no
//! selection construct of its own: the form glslang gives loop tests, one block shorter.
//! (Tried as a cure for NVIDIA's Vulkan compiler running loops slowly: no effect,
//! bench/results/gpu-loop-form.txt; what helped is testing loops at the bottom, which the
//! Vulkan pipeline's `opt::rotate` does before this emitter sees them.)

use oclc_ir::{Stmt, Unroll, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::{LoopControl, SelectionControl};

use super::function::{FnEmitter, LoopTargets};
use crate::error::{unsupported, Result};

impl FnEmitter<'_, '_> {
    /// Emits `if cond { then } else { else }`.
    pub fn if_stmt(&mut self, cond: ValueId, then_s: &[Stmt], else_s: &[Stmt]) -> Result<()> {
        let c = self.val(cond)?;
        let merge = self.cx.b.id();
        let then_l = self.cx.b.id();
        let else_l = if else_s.is_empty() {
            merge
        } else {
            self.cx.b.id()
        };
        self.cx.b.selection_merge(merge, SelectionControl::NONE)?;
        self.cx.b.branch_conditional(c, then_l, else_l, [])?;
        let mut merge_reached = else_s.is_empty();
        for (label, body) in [(then_l, then_s), (else_l, else_s)] {
            if label == merge {
                continue;
            }
            self.cx.b.begin_block(Some(label))?;
            self.open = true;
            self.block(body)?;
            if self.open {
                self.cx.b.branch(merge)?;
                merge_reached = true;
            }
        }
        self.start_merge(merge, merge_reached)
    }

    /// Emits a loop: body, then `continuing`, then the exit test `break_if`; `unroll`
    /// becomes the loop control of its `OpLoopMerge` ([`loop_control`]).
    pub fn loop_stmt(
        &mut self,
        body: &[Stmt],
        continuing: &[Stmt],
        break_if: Option<ValueId>,
        unroll: Unroll,
    ) -> Result<()> {
        let (control, control_operands) = loop_control(unroll, self.cx.version);
        let header = self.cx.b.id();
        let body_l = self.cx.b.id();
        let cont = self.cx.b.id();
        let merge = self.cx.b.id();
        self.cx.b.branch(header)?;
        self.cx.b.begin_block(Some(header))?;
        self.cx
            .b
            .loop_merge(merge, cont, control, control_operands)?;
        self.cx.b.branch(body_l)?;
        self.cx.b.begin_block(Some(body_l))?;
        self.open = true;
        self.loops.push(LoopTargets {
            is_switch: false,
            merge,
            cont,
            merge_reached: false,
            cont_reached: false,
        });
        self.loop_body(body)?;
        if self.open {
            self.cx.b.branch(cont)?;
            self.loops.last_mut().unwrap().cont_reached = true;
        }
        let targets = self.loops.pop().unwrap();
        let mut merge_reached = targets.merge_reached;
        self.cx.b.begin_block(Some(cont))?;
        self.open = true;
        if targets.cont_reached {
            self.block(continuing)?;
            if !self.open {
                return unsupported("a continuing block that does not fall through");
            }
            match break_if {
                Some(c) => {
                    let c = self.val(c)?;
                    self.cx.b.branch_conditional(c, merge, header, [])?;
                    merge_reached = true;
                }
                None => self.cx.b.branch(header)?,
            }
        } else {
            // Unreachable continue target: only the back edge is needed.
            self.cx.b.branch(header)?;
        }
        self.open = false;
        self.start_merge(merge, merge_reached)
    }

    /// Emits the top-level statements of the innermost loop's body, each exit test
    /// `if c { break } else { rest }` (or `if c { rest } else { break }`) as a conditional
    /// branch to the loop's merge block followed by `rest` in the next block.
    fn loop_body(&mut self, stmts: &[Stmt]) -> Result<()> {
        for s in stmts {
            if !self.open {
                break;
            }
            let Some((cond, breaks_when, rest)) = s.exit_test() else {
                self.stmt(s)?;
                continue;
            };
            let c = self.val(cond)?;
            let next = self.cx.b.id();
            let exit = self.loops.last_mut().expect("inside a loop");
            exit.merge_reached = true;
            let merge = exit.merge;
            if breaks_when {
                self.cx.b.branch_conditional(c, merge, next, [])?;
            } else {
                self.cx.b.branch_conditional(c, next, merge, [])?;
            }
            self.cx.b.begin_block(Some(next))?;
            self.loop_body(rest)?;
        }
        Ok(())
    }

    pub(crate) fn start_merge(&mut self, merge: u32, reached: bool) -> Result<()> {
        self.cx.b.begin_block(Some(merge))?;
        if reached {
            self.open = true;
        } else {
            self.cx.b.unreachable()?;
            self.open = false;
        }
        Ok(())
    }

    /// Branches to the merge block of the innermost loop or switch.
    pub fn break_stmt(&mut self) -> Result<()> {
        let Some(l) = self.loops.last_mut() else {
            return unsupported("break outside a loop or switch");
        };
        l.merge_reached = true;
        let merge = l.merge;
        self.cx.b.branch(merge)?;
        self.open = false;
        Ok(())
    }

    /// Branches to the continue target of the innermost loop.
    pub fn continue_stmt(&mut self) -> Result<()> {
        let Some(l) = self.loops.iter_mut().rev().find(|l| !l.is_switch) else {
            return unsupported("continue outside a loop");
        };
        l.cont_reached = true;
        let cont = l.cont;
        self.cx.b.branch(cont)?;
        self.open = false;
        Ok(())
    }

    /// Returns from the function.
    pub fn return_stmt(&mut self, v: Option<ValueId>) -> Result<()> {
        match v {
            Some(v) => {
                let w = self.val(v)?;
                self.cx.b.ret_value(w)?;
            }
            None => self.cx.b.ret()?,
        }
        self.open = false;
        Ok(())
    }
}

/// The `OpLoopMerge` loop control that passes a loop's unrolling hint on to the consumer's
/// compiler: `nounroll` as `DontUnroll`, a full unroll this compiler could not do (a trip
/// count unknown at compile time) as `Unroll`, `unroll(N)` as `PartialCount N` from SPIR-V
/// 1.4 (nothing before it); no hint as none.
fn loop_control(unroll: Unroll, version: (u8, u8)) -> (LoopControl, Vec<Operand>) {
    match unroll {
        Unroll::Never => (LoopControl::DONT_UNROLL, vec![]),
        Unroll::Full => (LoopControl::UNROLL, vec![]),
        Unroll::Count(n) if version >= (1, 4) => {
            (LoopControl::PARTIAL_COUNT, vec![Operand::LiteralBit32(n)])
        }
        Unroll::Count(_) | Unroll::Auto => (LoopControl::NONE, vec![]),
    }
}
