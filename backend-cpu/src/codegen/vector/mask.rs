//! Divergent control flow inside a vectorised region: the *execution mask* (an i32x4, all
//! ones for the lanes that run) is the conjunction of the masks of the enclosing varying
//! `if`s, of the enclosing loops whose exit varies (lanes that left stay off) and of the
//! lanes that already returned. Stores to private variables merge with `bitselect`; memory
//! accesses, atomics and printf run for the active lanes only: all at once when every lane is
//! active (checked at run time), else lane by lane behind a branch.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Type as ClifType, Value};
use cranelift_frontend::Variable;

use super::{vector_type, PieceVal, VState, VVal};
use crate::codegen::Tx;
use crate::error::CompileError;
use crate::vectorize::LANES;

/// An enclosing loop of the region, for `break`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VLoop {
    /// `VState::div_depth` when the loop was entered.
    pub div_depth: usize,
    /// The mask of lanes still iterating (loops whose exit varies).
    pub mask: Option<Variable>,
}

impl Tx<'_, '_, '_> {
    /// The current execution mask, `None` when every lane runs.
    pub(super) fn v_exec(&mut self, vs: &VState) -> Option<Value> {
        let mut m = vs.if_mask;
        let vars = vs
            .alive
            .iter()
            .chain(vs.loops.iter().filter_map(|l| l.mask.as_ref()))
            .copied()
            .collect::<Vec<_>>();
        for v in vars {
            let x = self.b.use_var(v);
            m = Some(match m {
                Some(y) => self.b.ins().band(x, y),
                None => x,
            });
        }
        m
    }

    /// An i32x4 with every lane set.
    pub(super) fn all_lanes(&mut self) -> Value {
        let ones = self.b.ins().iconst(types::I32, -1);
        self.b.ins().splat(types::I32X4, ones)
    }

    /// `a & b` of optional masks.
    pub(super) fn mask_and(&mut self, a: Option<Value>, b: Value) -> Value {
        match a {
            Some(a) => self.b.ins().band(a, b),
            None => b,
        }
    }

    /// Whether lane `i` of mask `m` is set, as an `i8` truth value.
    pub(super) fn lane_on(&mut self, m: Value, i: usize) -> Value {
        let x = self.b.ins().extractlane(m, i as u8);
        self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0)
    }

    /// A zero of scalar type `t`.
    pub(super) fn zero_of(&mut self, t: ClifType) -> Value {
        match t {
            types::F32 => self.b.ins().f32const(0.0),
            types::F64 => self.b.ins().f64const(0.0),
            t => self.b.ins().iconst(t, 0),
        }
    }

    /// Runs `gen` for each lane whose bit of `m` is set (in lane order); inactive lanes get
    /// zeros of `tys`. Returns the results per lane.
    pub(super) fn v_each_active_lane(
        &mut self,
        m: Value,
        tys: &[ClifType],
        mut gen: impl FnMut(&mut Self, usize) -> Result<Vec<Value>, CompileError>,
    ) -> Result<Vec<Vec<Value>>, CompileError> {
        let mut out = Vec::with_capacity(LANES);
        for i in 0..LANES {
            let on = self.lane_on(m, i);
            out.push(self.v_each_active_lane_of(on, tys, |tx| gen(tx, i))?);
        }
        Ok(out)
    }

    /// Runs `gen` when the `i8` truth value `on` holds; zeros of `tys` otherwise.
    pub(super) fn v_each_active_lane_of(
        &mut self,
        on: Value,
        tys: &[ClifType],
        gen: impl FnOnce(&mut Self) -> Result<Vec<Value>, CompileError>,
    ) -> Result<Vec<Value>, CompileError> {
        let run = self.b.create_block();
        let skip = self.b.create_block();
        let merge = self.b.create_block();
        let params: Vec<Value> = tys
            .iter()
            .map(|t| self.b.append_block_param(merge, *t))
            .collect();
        self.b.ins().brif(on, run, &[], skip, &[]);
        self.b.switch_to_block(run);
        let vals = gen(self)?;
        let args: Vec<_> = vals.iter().map(|v| (*v).into()).collect();
        self.b.ins().jump(merge, &args);
        self.b.switch_to_block(skip);
        let zeros: Vec<_> = tys.iter().map(|t| self.zero_of(*t).into()).collect();
        self.b.ins().jump(merge, &zeros);
        self.b.switch_to_block(merge);
        Ok(params)
    }

    /// Chooses at run time between `fast` (every lane of `m` active) and `slow`; both give a
    /// value with pieces of types `tys`, merged into one.
    pub(super) fn v_all_or_not(
        &mut self,
        vs: &mut VState,
        m: Value,
        tys: &[ClifType],
        fast: impl FnOnce(&mut Self, &mut VState) -> Result<VVal, CompileError>,
        slow: impl FnOnce(&mut Self, &mut VState) -> Result<VVal, CompileError>,
    ) -> Result<VVal, CompileError> {
        let all = self.b.ins().vall_true(m);
        let fb = self.b.create_block();
        let sb = self.b.create_block();
        let merge = self.b.create_block();
        let mut shape = Vec::new();
        for t in tys {
            match vector_type(*t) {
                Some(vt) => shape.push(vec![self.b.append_block_param(merge, vt)]),
                None => shape.push(
                    (0..LANES)
                        .map(|_| self.b.append_block_param(merge, *t))
                        .collect(),
                ),
            }
        }
        self.b.ins().brif(all, fb, &[], sb, &[]);
        self.b.switch_to_block(fb);
        let r = fast(self, vs)?;
        let args = self.canonical_args(&r, tys);
        self.b.ins().jump(merge, &args);
        self.b.switch_to_block(sb);
        let r = slow(self, vs)?;
        let args = self.canonical_args(&r, tys);
        self.b.ins().jump(merge, &args);
        self.b.switch_to_block(merge);
        if tys.is_empty() {
            return Ok(VVal::Uni(vec![]));
        }
        let pieces = shape
            .into_iter()
            .map(|ps| {
                if ps.len() == 1 {
                    PieceVal::Vector(ps[0])
                } else {
                    PieceVal::Lanes(std::array::from_fn(|i| ps[i]))
                }
            })
            .collect();
        Ok(VVal::Var { pieces, aff: None })
    }

    fn canonical_args(
        &mut self,
        r: &VVal,
        tys: &[ClifType],
    ) -> Vec<cranelift_codegen::ir::BlockArg> {
        let mut args = Vec::new();
        for (p, t) in tys.iter().enumerate() {
            if vector_type(*t).is_some() {
                args.push(r.piece_vector(&mut self.b, p).expect("vector type").into());
            } else {
                for l in r.piece_lanes(&mut self.b, p) {
                    args.push(l.into());
                }
            }
        }
        args
    }

    /// Runs `then` only when some lane of `m` is set.
    pub(super) fn v_if_any(
        &mut self,
        m: Value,
        then: impl FnOnce(&mut Self) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        let any = self.b.ins().vany_true(m);
        let tb = self.b.create_block();
        let merge = self.b.create_block();
        self.b.ins().brif(any, tb, &[], merge, &[]);
        self.b.switch_to_block(tb);
        then(self)?;
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(merge);
        Ok(())
    }

    /// `select(m, new, old)` per piece, for a store to a private variable under a mask.
    pub(super) fn v_blend(&mut self, m: Value, new: &VVal, old: &VVal, tys: &[ClifType]) -> VVal {
        let mut pieces = Vec::with_capacity(tys.len());
        for (p, t) in tys.iter().enumerate() {
            if let Some(vt) = vector_type(*t) {
                let n = new.piece_vector(&mut self.b, p).expect("vector type");
                let o = old.piece_vector(&mut self.b, p).expect("vector type");
                let mm = if vt == types::I32X4 {
                    m
                } else {
                    self.b.ins().bitcast(
                        vt,
                        MemFlagsData::new()
                            .with_endianness(cranelift_codegen::ir::Endianness::Little),
                        m,
                    )
                };
                pieces.push(PieceVal::Vector(self.b.ins().bitselect(mm, n, o)));
            } else {
                let ns = new.piece_lanes(&mut self.b, p);
                let os = old.piece_lanes(&mut self.b, p);
                let ls = std::array::from_fn(|i| {
                    let on = self.lane_on(m, i);
                    self.b.ins().select(on, ns[i], os[i])
                });
                pieces.push(PieceVal::Lanes(ls));
            }
        }
        VVal::Var { pieces, aff: None }
    }
}
