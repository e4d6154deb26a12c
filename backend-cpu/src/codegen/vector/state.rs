//! The per-work-item state inside a vectorised region: the lanes of a chunk are consecutive
//! work-items, so their copies are adjacent in each state column and a 4-byte piece of all
//! lanes moves with one vector load or store.

use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value};

use super::{vector_type, PieceVal, VState, VVal, VarPiece};
use crate::codegen::Tx;
use crate::error::CompileError;
use crate::pieces::Piece;
use crate::plan::RegionKey;
use crate::vectorize::LANES;

impl Tx<'_, '_, '_> {
    /// The address of lane `i`'s copy in the column at `off` of `stride`-byte entries.
    fn v_state_at(&mut self, vs: &VState, off: u64, stride: u64, i: usize) -> Value {
        let lin = vs.lanes[i].lin;
        self.state_at(off, stride, lin)
    }

    /// Loads every lane's pieces `ps` of the entry at `off`.
    pub(super) fn v_load_state(&mut self, vs: &VState, off: u64, ps: &[Piece]) -> VVal {
        let pieces = ps
            .iter()
            .map(|pc| {
                let bytes = pc.ty.bytes() as u64;
                match vector_type(pc.ty) {
                    Some(vt) => {
                        let a = self.v_state_at(vs, off + pc.offset, bytes, 0);
                        PieceVal::Vector(self.b.ins().load(vt, MemFlagsData::new(), a, 0))
                    }
                    None => PieceVal::Lanes(std::array::from_fn(|i| {
                        let a = self.v_state_at(vs, off + pc.offset, bytes, i);
                        self.b.ins().load(pc.ty, MemFlagsData::trusted(), a, 0)
                    })),
                }
            })
            .collect();
        VVal::Var { pieces, aff: None }
    }

    /// Stores every lane's pieces `ps` of `x` to the entry at `off`.
    pub(super) fn v_store_state(&mut self, vs: &VState, off: u64, ps: &[Piece], x: &VVal) {
        for (p, pc) in ps.iter().enumerate() {
            let bytes = pc.ty.bytes() as u64;
            if vector_type(pc.ty).is_some() {
                if let Some(v) = x.piece_vector(&mut self.b, p) {
                    let a = self.v_state_at(vs, off + pc.offset, bytes, 0);
                    self.b.ins().store(MemFlagsData::new(), v, a, 0);
                    continue;
                }
            }
            for i in 0..LANES {
                let v = x.lane_piece(&mut self.b, p, i);
                let a = self.v_state_at(vs, off + pc.offset, bytes, i);
                self.b.ins().store(MemFlagsData::trusted(), v, a, 0);
            }
        }
    }

    /// On entry of a chunk into region `key`: loads the state variables the region may read
    /// (a variable that holds the same value in every lane from lane 0's copy).
    pub(super) fn v_enter_state_vars(
        &mut self,
        vs: &mut VState,
        key: RegionKey,
    ) -> Result<(), CompileError> {
        let Some(rv) = self.plan.regions.get(&key) else {
            return Ok(());
        };
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
            if !vs.u.varying_locals.contains(&l) {
                let lin = vs.lanes[0].lin;
                let vals = self.load_pieces(off, &ps, lin);
                for (var, v) in self.vars[&l].clone().iter().zip(vals) {
                    self.b.def_var(*var, v);
                }
                continue;
            }
            let x = self.v_load_state(vs, off, &ps);
            for (p, vp) in self.v_var(vs, l).into_iter().enumerate() {
                match vp {
                    VarPiece::Vector(var) => {
                        let v = x.piece_vector(&mut self.b, p).expect("vector type");
                        self.b.def_var(var, v);
                    }
                    VarPiece::Lanes(vars) => {
                        let ls = x.piece_lanes(&mut self.b, p);
                        for (var, v) in vars.iter().zip(ls) {
                            self.b.def_var(*var, v);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// When a chunk leaves region `key`: stores back every lane's copy of the state variables
    /// the region wrote.
    pub(super) fn v_leave_state_vars(
        &mut self,
        vs: &mut VState,
        key: RegionKey,
    ) -> Result<(), CompileError> {
        let Some(rv) = self.plan.regions.get(&key) else {
            return Ok(());
        };
        for &l in &rv.stored {
            if !self.plan.in_state.contains(&l) {
                continue;
            }
            let x = self.v_read_var(vs, l);
            if let Some(&off) = self.plan.group.vars.get(&l) {
                let ps = self.pieces_of(self.f.locals[l as usize].ty)?;
                let vals = x.lane(&mut self.b, 0);
                self.store_group(off, &ps, &vals);
                continue;
            }
            let (off, ps) = self.state_var(l)?;
            self.v_store_state(vs, off, &ps, &x);
        }
        Ok(())
    }
}
