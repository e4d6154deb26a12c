//! The per-work-item state of kernels with barriers (see [`crate::plan::Plan::wi_state_size`]
//! for its column layout): addresses of a work-item's copies, spilled values, and the
//! private variables a region keeps in Cranelift variables, loaded when a work-item enters the
//! region and stored back when it leaves ([`crate::region_vars`]).

use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Value};

use super::Tx;
use crate::error::CompileError;
use crate::pieces::Piece;
use crate::plan::RegionKey;

impl Tx<'_, '_, '_> {
    /// The linear local id of the current work-item (work-item 0 at group level).
    pub fn wi_lin(&mut self) -> Value {
        match self.wi {
            Some(w) => w.lin,
            None => self.b.ins().iconst(types::I64, 0),
        }
    }

    /// The linear local id of the work-item with local id `lid`.
    pub(crate) fn lin_of(&mut self, lid: [Value; 3]) -> Value {
        if self.plan.wi_state_size == 0 {
            return lid[0];
        }
        let [lsx, lsy, _] = self.local_size;
        let t = self.b.ins().imul(lid[2], lsy);
        let t = self.b.ins().iadd(t, lid[1]);
        let t = self.b.ins().imul(t, lsx);
        self.b.ins().iadd(t, lid[0])
    }

    /// The start of the state column at offset `off`.
    pub(super) fn state_column(&mut self, off: u64) -> Value {
        let items = self.items;
        let col = self.b.ins().imul_imm_s(items, off as i64);
        self.b.ins().iadd(self.wi_state, col)
    }

    /// The address of work-item `lin`'s copy in the column at `off` of `stride`-byte entries.
    pub(crate) fn state_at(&mut self, off: u64, stride: u64, lin: Value) -> Value {
        let col = self.state_column(off);
        let at = self.b.ins().imul_imm_s(lin, stride as i64);
        self.b.ins().iadd(col, at)
    }

    /// Loads the pieces `ps` of the entry at `off` for work-item `lin`.
    pub(crate) fn load_pieces(&mut self, off: u64, ps: &[Piece], lin: Value) -> Vec<Value> {
        ps.iter()
            .map(|pc| {
                let a = self.state_at(off + pc.offset, pc.ty.bytes() as u64, lin);
                self.b.ins().load(pc.ty, MemFlagsData::trusted(), a, 0)
            })
            .collect()
    }

    /// Stores the pieces `ps` (values `vs`) of the entry at `off` for work-item `lin`.
    pub(super) fn store_pieces(&mut self, off: u64, ps: &[Piece], vs: &[Value], lin: Value) {
        for (pc, v) in ps.iter().zip(vs) {
            let a = self.state_at(off + pc.offset, pc.ty.bytes() as u64, lin);
            self.b.ins().store(MemFlagsData::trusted(), *v, a, 0);
        }
    }

    /// The pieces and state offset of variable `l` (one kept in state between regions).
    pub(crate) fn state_var(&self, l: u32) -> Result<(u64, Vec<Piece>), CompileError> {
        let off = self.plan.private_offsets[&l];
        Ok((off, self.pieces_of(self.f.locals[l as usize].ty)?))
    }

    /// On entry of the current work-item into region `key`: loads the variables the region
    /// may read into their Cranelift variables.
    pub(super) fn enter_state_vars(&mut self, key: RegionKey) -> Result<(), CompileError> {
        let Some(rv) = self.plan.regions.get(&key) else {
            return Ok(());
        };
        let lin = self.wi_lin();
        for &l in &rv.live_in {
            if !self.plan.in_state.contains(&l) {
                continue;
            }
            if let Some(vals) = self.group_snap.get(&l).cloned() {
                for (var, v) in self.vars[&l].clone().iter().zip(vals) {
                    self.b.def_var(*var, v);
                }
                continue;
            }
            let (off, ps) = self.state_var(l)?;
            let vals = self.load_pieces(off, &ps, lin);
            for (var, v) in self.vars[&l].clone().iter().zip(vals) {
                self.b.def_var(*var, v);
            }
        }
        Ok(())
    }

    /// When the current work-item leaves region `key`: stores back the variables it wrote.
    pub(super) fn leave_state_vars(&mut self, key: RegionKey) -> Result<(), CompileError> {
        let Some(rv) = self.plan.regions.get(&key) else {
            return Ok(());
        };
        let lin = self.wi_lin();
        for &l in &rv.stored {
            if !self.plan.in_state.contains(&l) {
                continue;
            }
            let vals: Vec<Value> = self.vars[&l]
                .clone()
                .iter()
                .map(|var| self.b.use_var(*var))
                .collect();
            if let Some(&off) = self.plan.group.vars.get(&l) {
                let ps = self.pieces_of(self.f.locals[l as usize].ty)?;
                self.store_group(off, &ps, &vals);
                continue;
            }
            let (off, ps) = self.state_var(l)?;
            self.store_pieces(off, &ps, &vals, lin);
        }
        Ok(())
    }

    /// Loads the pieces `ps` at `off` in the group slot.
    pub(crate) fn load_group(&mut self, off: u64, ps: &[Piece]) -> Vec<Value> {
        let slot = self.group_slot.expect("a group slot");
        let base = self.b.ins().stack_addr(types::I64, slot, 0);
        ps.iter()
            .map(|pc| {
                self.b.ins().load(
                    pc.ty,
                    MemFlagsData::trusted(),
                    base,
                    (off + pc.offset) as i32,
                )
            })
            .collect()
    }

    /// Stores the pieces `ps` (values `vs`) at `off` in the group slot.
    pub(crate) fn store_group(&mut self, off: u64, ps: &[Piece], vs: &[Value]) {
        let slot = self.group_slot.expect("a group slot");
        let base = self.b.ins().stack_addr(types::I64, slot, 0);
        for (pc, v) in ps.iter().zip(vs) {
            self.b
                .ins()
                .store(MemFlagsData::trusted(), *v, base, (off + pc.offset) as i32);
        }
    }

    /// At the start of region `key` (before its work-items run): reads the group-level
    /// variables it may read, the value every work-item of the region starts from.
    pub(crate) fn snapshot_group_vars(&mut self, key: RegionKey) -> Result<(), CompileError> {
        self.group_snap.clear();
        let Some(rv) = self.plan.regions.get(&key) else {
            return Ok(());
        };
        for &l in &rv.live_in {
            if let Some(&off) = self.plan.group.vars.get(&l) {
                let ps = self.pieces_of(self.f.locals[l as usize].ty)?;
                let vals = self.load_group(off, &ps);
                self.group_snap.insert(l, vals);
            }
        }
        Ok(())
    }
}
