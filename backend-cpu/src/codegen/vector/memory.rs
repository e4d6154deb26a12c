//! Memory inside a vectorised region: private variables kept in registers, loads and
//! stores. Lane-consecutive addresses (an affine address whose stride is the element size)
//! of a 4-byte element become one vector access (behind the affine form's run-time guard);
//! other varying addresses become one scalar access per lane, in lane order.

use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value};
use oclc_ir::ValueId;

use super::{vector_type, PieceVal, VState, VVal, VarPiece};
use crate::codegen::Tx;
use crate::error::CompileError;
use crate::vectorize::LANES;

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
            if !vs.u.varying_locals.contains(&l) {
                let VVal::Uni(xs) = x else {
                    return Err(self.err("a varying store to a uniform variable (vectorizer bug)"));
                };
                for (var, v) in self.vars[&l].clone().iter().zip(xs) {
                    self.b.def_var(*var, v);
                }
                return Ok(());
            }
            match (self.v_exec(vs), x.aff()) {
                (None, Some(a)) => vs.var_aff.insert(l, a),
                _ => vs.var_aff.remove(&l),
            };
            let x = match self.v_exec(vs) {
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
        if let Some(m) = self.v_exec(vs) {
            self.v_all_or_not(
                vs,
                m,
                &[],
                |tx, _| {
                    tx.v_store_all(&p, &x, &ps);
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
        self.v_store_all(&p, &x, &ps);
        Ok(())
    }

    /// Stores `x` at `p` for every lane.
    fn v_store_all(&mut self, p: &VVal, x: &VVal, ps: &[crate::pieces::Piece]) {
        if let (VVal::Uni(addr), VVal::Uni(xs)) = (p, x) {
            for (pc, v) in ps.iter().zip(xs) {
                self.b
                    .ins()
                    .store(MemFlagsData::new(), *v, addr[0], pc.offset as i32);
            }
            return;
        }
        let contiguous = p.aff().filter(|a| {
            ps.len() == 1 && vector_type(ps[0].ty).is_some() && a.stride == ps[0].ty.bytes() as i64
        });
        let Some(aff) = contiguous else {
            self.v_scatter(p, x, ps);
            return;
        };
        let v = x.piece_vector(&mut self.b, 0).expect("vector type");
        match aff.guard {
            None => {
                self.b.ins().store(MemFlagsData::new(), v, aff.base, 0);
            }
            Some(g) => {
                let fast = self.b.create_block();
                let slow = self.b.create_block();
                let merge = self.b.create_block();
                self.b.ins().brif(g, fast, &[], slow, &[]);
                self.b.switch_to_block(fast);
                self.b.ins().store(MemFlagsData::new(), v, aff.base, 0);
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(slow);
                self.v_scatter(p, x, ps);
                self.b.ins().jump(merge, &[]);
                self.b.switch_to_block(merge);
            }
        }
    }

    /// One scalar store per lane and piece.
    fn v_scatter(&mut self, p: &VVal, x: &VVal, ps: &[crate::pieces::Piece]) {
        for i in 0..LANES {
            let addr = p.lane_piece(&mut self.b, 0, i);
            for (k, pc) in ps.iter().enumerate() {
                let v = x.lane_piece(&mut self.b, k, i);
                self.b
                    .ins()
                    .store(MemFlagsData::new(), v, addr, pc.offset as i32);
            }
        }
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
        if !vs.u.is_varying(result) {
            // Per-work-item copies of a variable that holds the same value in every lane
            // (a private variable in the work-item state): lane 0's copy serves all.
            p = VVal::Uni(p.lane(&mut self.b, 0));
        }
        let Some(m) = self.v_exec(vs) else {
            return Ok(self.v_load_all(&p, &ps));
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
            |tx, _| Ok(tx.v_load_all(&p, &ps)),
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

    /// Loads pieces `ps` at `p` for every lane.
    fn v_load_all(&mut self, p: &VVal, ps: &[crate::pieces::Piece]) -> VVal {
        if let VVal::Uni(addr) = p {
            let xs = ps
                .iter()
                .map(|pc| {
                    self.b
                        .ins()
                        .load(pc.ty, MemFlagsData::new(), addr[0], pc.offset as i32)
                })
                .collect();
            return VVal::Uni(xs);
        }
        let contiguous = p.aff().filter(|a| {
            ps.len() == 1 && vector_type(ps[0].ty).is_some() && a.stride == ps[0].ty.bytes() as i64
        });
        let Some(aff) = contiguous else {
            return self.v_gather(p, ps);
        };
        let vt = vector_type(ps[0].ty).expect("checked");
        let v = match aff.guard {
            None => self.b.ins().load(vt, MemFlagsData::new(), aff.base, 0),
            Some(g) => {
                let fast = self.b.create_block();
                let slow = self.b.create_block();
                let merge = self.b.create_block();
                let out = self.b.append_block_param(merge, vt);
                self.b.ins().brif(g, fast, &[], slow, &[]);
                self.b.switch_to_block(fast);
                let v = self.b.ins().load(vt, MemFlagsData::new(), aff.base, 0);
                self.b.ins().jump(merge, &[v.into()]);
                self.b.switch_to_block(slow);
                let g = self.v_gather(p, ps);
                let v = g.piece_vector(&mut self.b, 0).expect("vector type");
                self.b.ins().jump(merge, &[v.into()]);
                self.b.switch_to_block(merge);
                out
            }
        };
        VVal::Var {
            pieces: vec![PieceVal::Vector(v)],
            aff: None,
        }
    }

    /// The Cranelift types of the pieces of `ty`.
    pub(super) fn piece_types(
        &self,
        ty: oclc_ir::TypeId,
    ) -> Result<Vec<cranelift_codegen::ir::Type>, CompileError> {
        Ok(self.pieces_of(ty)?.iter().map(|pc| pc.ty).collect())
    }

    /// One scalar load per lane and piece.
    fn v_gather(&mut self, p: &VVal, ps: &[crate::pieces::Piece]) -> VVal {
        let lanes: Vec<Vec<Value>> = (0..LANES)
            .map(|i| {
                let addr = p.lane_piece(&mut self.b, 0, i);
                ps.iter()
                    .map(|pc| {
                        self.b
                            .ins()
                            .load(pc.ty, MemFlagsData::new(), addr, pc.offset as i32)
                    })
                    .collect()
            })
            .collect();
        VVal::from_lanes(&lanes)
    }
}
