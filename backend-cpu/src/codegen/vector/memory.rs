//! Memory inside a vectorised region: private variables kept in registers, loads and
//! stores, under lane masks ([`super::access`] emits the accesses of all lanes).

use cranelift_codegen::ir::{InstBuilder, MemFlagsData};
use oclc_ir::ValueId;

use super::{vector_type, PieceVal, VState, VVal, VarPiece};
use crate::codegen::Tx;
use crate::error::CompileError;

impl Tx<'_, '_, '_> {
    /// The variables of a varying promoted variable, declared on first use.
    pub(super) fn v_var(&mut self, vs: &mut VState, l: u32) -> Vec<VarPiece> {
        if let Some(v) = vs.vars.get(&l) {
            return v.clone();
        }
        let tys: Vec<_> = crate::pieces::pieces(self.types, self.f.locals[l as usize].ty)
            .unwrap_or_default()
            .iter()
            .map(|pc| pc.ty)
            .collect();
        let pieces: Vec<VarPiece> = tys
            .into_iter()
            .map(|t| match vector_type(t) {
                Some(vt) => VarPiece::Vector(self.b.declare_var(vt)),
                None => VarPiece::Lanes(std::array::from_fn(|_| self.b.declare_var(t))),
            })
            .collect();
        vs.vars.insert(l, pieces.clone());
        pieces
    }

    /// Reads promoted variable `l`.
    pub(super) fn v_read_var(&mut self, vs: &mut VState, l: u32) -> VVal {
        if let Some(&ind) = vs.aff_vars.get(&l) {
            return self.v_read_induction(ind);
        }
        if !vs.u.varying_locals.contains(&l) {
            let vars = self.vars[&l].clone();
            return VVal::Uni(vars.iter().map(|v| self.b.use_var(*v)).collect());
        }
        let pieces = self
            .v_var(vs, l)
            .into_iter()
            .map(|p| match p {
                VarPiece::Vector(v) => PieceVal::Vector(self.b.use_var(v)),
                VarPiece::Lanes(vs) => PieceVal::Lanes(vs.map(|v| self.b.use_var(v))),
            })
            .collect();
        VVal::Var {
            pieces,
            aff: vs.var_aff.get(&l).copied(),
        }
    }

    /// Stores `value` at `ptr` for every lane.
    pub(super) fn v_store(
        &mut self,
        vs: &mut VState,
        ptr: ValueId,
        value: ValueId,
    ) -> Result<(), CompileError> {
        let x = self.v_get(vs, value)?;
        if let Some(&l) = vs.var_addrs.get(&ptr) {
            if let Some(&ind) = vs.aff_vars.get(&l) {
                return self.v_store_induction(ind, &x);
            }
            if !vs.u.varying_locals.contains(&l) {
                let VVal::Uni(xs) = x else {
                    return Err(self.err("a varying store to a uniform variable (vectorizer bug)"));
                };
                for (var, v) in self.vars[&l].clone().iter().zip(xs) {
                    self.b.def_var(*var, v);
                }
                return Ok(());
            }
            // The initial value of a variable read only inside a loop that follows in the
            // same block may go to every lane (see `VState::init_all_lanes`).
            let exec = match vs.init_all_lanes == Some(l) {
                true => None,
                false => self.v_exec(vs),
            };
            match (exec, x.aff()) {
                (None, Some(a)) => vs.var_aff.insert(l, a),
                _ => vs.var_aff.remove(&l),
            };
            let x = match exec {
                Some(m) => {
                    let old = self.v_read_var(vs, l);
                    let tys = self.piece_types(self.f.locals[l as usize].ty)?;
                    self.v_blend(m, &x, &old, &tys)
                }
                None => x,
            };
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
            return Ok(());
        }
        let p = self.v_get(vs, ptr)?;
        let ps = self.pieces_of(self.f.value_type(value))?;
        let size = self.types.layout(self.f.value_type(value)).size;
        if let Some(m) = self.v_exec(vs) {
            self.v_all_or_not(
                vs,
                m,
                &[],
                |tx, _| {
                    tx.v_store_all(&p, &x, &ps, size);
                    Ok(VVal::Uni(vec![]))
                },
                |tx, _| {
                    tx.v_each_active_lane(m, &[], |tx, i| {
                        let addr = p.lane_piece(&mut tx.b, 0, i);
                        for (k, pc) in ps.iter().enumerate() {
                            let v = x.lane_piece(&mut tx.b, k, i);
                            tx.b.ins()
                                .store(MemFlagsData::new(), v, addr, pc.offset as i32);
                        }
                        Ok(vec![])
                    })?;
                    Ok(VVal::Uni(vec![]))
                },
            )?;
            return Ok(());
        }
        self.v_store_all(&p, &x, &ps, size);
        Ok(())
    }

    /// Loads `result` from `ptr` for every lane.
    pub(super) fn v_load(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        ptr: ValueId,
    ) -> Result<VVal, CompileError> {
        let mut p = self.v_get(vs, ptr)?;
        let ps = self.pieces_of(self.f.value_type(result))?;
        let size = self.types.layout(self.f.value_type(result)).size;
        if !vs.u.is_varying(result) {
            // Per-work-item copies of a variable that holds the same value in every lane
            // (a private variable in the work-item state): lane 0's copy serves all.
            p = VVal::Uni(p.lane(&mut self.b, 0));
        }
        let movable = self.movable_loads.contains(&result);
        let Some(m) = self.v_exec(vs) else {
            return Ok(self.v_load_all(&p, &ps, size, movable));
        };
        if let VVal::Uni(addr) = &p {
            // Read once, when any lane is active (the address may be invalid otherwise).
            let tys: Vec<_> = ps.iter().map(|pc| pc.ty).collect();
            let any = self.b.ins().vany_true(m);
            let vals = self.v_each_active_lane_of(any, &tys, |tx| {
                Ok(ps
                    .iter()
                    .map(|pc| {
                        tx.b.ins()
                            .load(pc.ty, MemFlagsData::new(), addr[0], pc.offset as i32)
                    })
                    .collect())
            })?;
            return Ok(VVal::Uni(vals));
        }
        let tys: Vec<_> = ps.iter().map(|pc| pc.ty).collect();
        self.v_all_or_not(
            vs,
            m,
            &tys,
            |tx, _| Ok(tx.v_load_all(&p, &ps, size, movable)),
            |tx, _| {
                let lanes = tx.v_each_active_lane(m, &tys, |tx, i| {
                    let addr = p.lane_piece(&mut tx.b, 0, i);
                    Ok(ps
                        .iter()
                        .map(|pc| {
                            tx.b.ins()
                                .load(pc.ty, MemFlagsData::new(), addr, pc.offset as i32)
                        })
                        .collect())
                })?;
                Ok(VVal::from_lanes(&lanes))
            },
        )
    }

    /// The Cranelift types of the pieces of `ty`.
    pub(super) fn piece_types(
        &self,
        ty: oclc_ir::TypeId,
    ) -> Result<Vec<cranelift_codegen::ir::Type>, CompileError> {
        Ok(self.pieces_of(ty)?.iter().map(|pc| pc.ty).collect())
    }
}
