//! `switch` as a selection construct: `OpSelectionMerge` + `OpSwitch`, one block per case
//! in source order. A case that falls through branches to the next case's block (SPIR-V
//! allows a case construct to branch to the immediately following one); `break` inside a
//! case branches to the merge block, which is also the default target when the switch
//! has no `default:` case.

use oclc_ir::{SwitchCase, ValueId};
use rspirv::dr::Operand;
use rspirv::spirv::SelectionControl;

use super::function::{FnEmitter, LoopTargets};
use crate::error::{unsupported, Result};

impl FnEmitter<'_, '_> {
    /// Emits `switch (selector) { cases }`.
    pub fn switch_stmt(&mut self, selector: ValueId, cases: &[SwitchCase]) -> Result<()> {
        let sel = self.val(selector)?;
        let (scalar, lanes) = self.cx.shape(self.vty(selector))?;
        if lanes != 1 || !scalar.is_int() {
            return unsupported("a switch on a non-integer or vector selector");
        }
        let bits = scalar.bits();
        let merge = self.cx.b.id();
        let labels: Vec<u32> = cases.iter().map(|_| self.cx.b.id()).collect();
        let mut default = merge;
        let mut targets = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for (case, &label) in cases.iter().zip(&labels) {
            if case.is_default {
                default = label;
            }
            for &v in &case.values {
                let raw = if bits >= 64 {
                    v as u64
                } else {
                    (v as u64) & ((1u64 << bits) - 1)
                };
                if !seen.insert(raw) {
                    continue;
                }
                let lit = if bits > 32 {
                    Operand::LiteralBit64(raw)
                } else {
                    Operand::LiteralBit32(raw as u32)
                };
                targets.push((lit, label));
            }
        }
        self.cx.b.selection_merge(merge, SelectionControl::NONE)?;
        self.cx.b.switch(sel, default, targets)?;
        self.loops.push(LoopTargets {
            is_switch: true,
            merge,
            cont: 0,
            merge_reached: default == merge,
            cont_reached: false,
        });
        for (i, case) in cases.iter().enumerate() {
            self.cx.b.begin_block(Some(labels[i]))?;
            self.open = true;
            self.block(&case.body.stmts)?;
            if self.open {
                let next = if case.fall_through {
                    labels.get(i + 1).copied().unwrap_or(merge)
                } else {
                    merge
                };
                self.cx.b.branch(next)?;
                if next == merge {
                    self.loops.last_mut().unwrap().merge_reached = true;
                }
            }
        }
        let targets = self.loops.pop().unwrap();
        self.start_merge(merge, targets.merge_reached)
    }
}
