//! Checked kernels: reads of private variables kept in registers before the work-item
//! stored them (`int x; if (c) x = 1; use(x)`).
//!
//! Variables that every path stores before it loads
//! ([`oclc_ir::analysis::initialised_before_loads`]) need nothing. Each other promoted
//! variable gets a flag, cleared when a work-item starts its region, set by each store and
//! tested by each load, whose failure reports the load as an uninitialised read (the load
//! of a write to some components of a vector is no read). Variables
//! kept in memory are covered by the shadow of private variables instead
//! ([`crate::check::shadow`]).

use cranelift_codegen::ir::{types, InstBuilder};
use oclc_ir::{AddressSpace, LocalId, ValueId};

use super::Tx;
use crate::check::site::{CheckObject, CheckSite, DefectKind};

impl Tx<'_, '_, '_> {
    /// Declares the flags of the promoted private variables a load may find unwritten.
    pub(super) fn declare_init_flags(&mut self) {
        let Some(cx) = &self.check else { return };
        let mut wanted: Vec<u32> = self
            .plan
            .promoted
            .iter()
            .copied()
            .filter(|l| {
                !cx.initialised.contains(&LocalId(*l))
                    && self.f.locals[*l as usize].space == AddressSpace::Private
            })
            .collect();
        wanted.sort();
        for l in wanted {
            let flag = self.b.declare_var(types::I8);
            self.check
                .as_mut()
                .expect("checked")
                .init_flags
                .insert(l, flag);
        }
    }

    /// A work-item starts a region: none of its flagged variables is written yet.
    pub(super) fn clear_init_flags(&mut self) {
        let Some(cx) = &self.check else { return };
        let flags: Vec<_> = cx.init_flags.values().copied().collect();
        for flag in flags {
            let zero = self.b.ins().iconst(types::I8, 0);
            self.b.def_var(flag, zero);
        }
    }

    /// A store to promoted variable `l`.
    pub(super) fn note_var_stored(&mut self, l: u32) {
        if let Some(&flag) = self.check.as_ref().and_then(|c| c.init_flags.get(&l)) {
            let one = self.b.ins().iconst(types::I8, 1);
            self.b.def_var(flag, one);
        }
    }

    /// A load of promoted variable `l` defining `result`: reported when nothing stored it.
    pub(super) fn check_var_loaded(&mut self, l: u32, result: ValueId) {
        let Some(cx) = &self.check else { return };
        let Some(&flag) = cx.init_flags.get(&l) else {
            return;
        };
        if cx.component_loads.contains(&result) {
            return;
        }
        let local = self.f.local(LocalId(l));
        let size = self.types.layout(local.ty).size;
        let site = self.add_site(CheckSite {
            kind: DefectKind::UninitialisedRead,
            span: self.f.span(result),
            object: CheckObject::Variable {
                name: local.name.clone(),
                space: "private",
            },
            size,
            object_size: Some(size),
        });
        let written = self.b.use_var(flag);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.report_unless(written, site, zero);
    }
}
