//! `vloadN`/`vstoreN` groups ([`crate::vectorize::groups`]) in a vectorised region: where
//! every lane's N elements follow the previous lane's (`vload4(gid, p)`), the group is one
//! block access of an N-component value at the first address ([`super::access`]): all
//! loads happen at the first one, all stores at the last (nothing between them touches
//! memory). Elsewhere, and under a lane mask, each access is translated on its own.

use oclc_ir::ValueId;

use super::access::block_elements;
use super::{PieceVal, VState, VVal};
use crate::codegen::Tx;
use crate::error::CompileError;
use crate::pieces::Piece;

impl Tx<'_, '_, '_> {
    /// The value of `result` when it is a load of a group done as one block: the whole
    /// group is loaded at its first load, the others take their component then.
    pub(super) fn v_group_load(
        &mut self,
        vs: &mut VState,
        result: ValueId,
    ) -> Result<Option<VVal>, CompileError> {
        if let Some(v) = vs.group_vals.remove(&result) {
            return Ok(Some(v));
        }
        let Some(g) = vs.groups.loads.get(&result).cloned() else {
            return Ok(None);
        };
        if g.values[0] != result || !vs.u.is_varying(result) || self.v_exec(vs).is_some() {
            return Ok(None);
        }
        let p = self.v_get(vs, g.ptrs[0])?;
        let (ps, size) = self.group_pieces(g.values[0], g.values.len())?;
        if !self.is_block(&p, &ps, size, false) {
            return Ok(None);
        }
        let VVal::Var { pieces, .. } = self.v_load_all(&p, &ps, size, false) else {
            return Ok(None);
        };
        for (v, piece) in g.values.iter().zip(pieces.iter().copied()).skip(1) {
            vs.group_vals.insert(*v, one_piece(piece));
        }
        Ok(Some(one_piece(pieces[0])))
    }

    /// Translates `store ptr, value`, or holds it back when it belongs to a group (see the
    /// module documentation); true when handled.
    pub(super) fn v_group_store(
        &mut self,
        vs: &mut VState,
        ptr: ValueId,
        value: ValueId,
    ) -> Result<bool, CompileError> {
        let Some(g) = vs.groups.stores.get(&ptr).cloned() else {
            return Ok(false);
        };
        if g.ptrs.last() != Some(&ptr) {
            vs.held_stores.push((ptr, value));
            return Ok(true);
        }
        let held = std::mem::take(&mut vs.held_stores);
        let p = self.v_get(vs, g.ptrs[0])?;
        let (ps, size) = self.group_pieces(g.values[0], g.values.len())?;
        let whole = held.len() + 1 == g.ptrs.len();
        if whole && self.v_exec(vs).is_none() && self.is_block(&p, &ps, size, true) {
            let vector = g.vector.expect("store groups name their vector");
            let x = self.v_get(vs, vector)?;
            self.v_store_all(&p, &x, &ps, size);
            return Ok(true);
        }
        for (ptr, value) in held.into_iter().chain([(ptr, value)]) {
            self.v_store(vs, ptr, value)?;
        }
        Ok(true)
    }

    /// The pieces of `n` consecutive components like `component` (a 32-bit scalar), and
    /// their size in bytes.
    fn group_pieces(
        &self,
        component: ValueId,
        n: usize,
    ) -> Result<(Vec<Piece>, u64), CompileError> {
        let one = self.pieces_of(self.f.value_type(component))?;
        let e = one[0].ty.bytes() as u64;
        let ps = (0..n as u64)
            .map(|k| Piece {
                offset: k * e,
                ty: one[0].ty,
            })
            .collect();
        Ok((ps, n as u64 * e))
    }

    /// True when `p` addresses the lanes' values of pieces `ps` one after another.
    fn is_block(&self, p: &VVal, ps: &[Piece], size: u64, whole: bool) -> bool {
        !p.is_uniform()
            && p.aff()
                .is_some_and(|a| block_elements(ps, size, a.stride, whole).is_some())
    }
}

fn one_piece(p: PieceVal) -> VVal {
    VVal::Var {
        pieces: vec![p],
        aff: None,
    }
}
