//! Operations inside a vectorised region: uniform operations once, lane reshuffles without
//! code, SIMD forms of common f32/i32 arithmetic ([`super::simd`]), affine forms of index
//! arithmetic ([`super::affine`]), and the ordinary scalar translation once per lane for
//! everything else.

use cranelift_codegen::ir::{types, InstBuilder, Value};
use oclc_ir::{Op, ValueId};

use super::{PieceVal, VState, VVal};
use crate::codegen::Tx;
use crate::error::CompileError;
use crate::vectorize::LANES;

impl Tx<'_, '_, '_> {
    /// Computes `op` (defining `result`) for every lane.
    pub(super) fn v_op(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<VVal, CompileError> {
        match op {
            Op::LocalAddr(l) if self.vars.contains_key(&l.0) => {
                vs.var_addrs.insert(result, l.0);
                return Ok(VVal::Uni(vec![]));
            }
            Op::LocalAddr(l) if self.slots.contains_key(&l.0) => {
                // One copy of the variable per lane.
                let slots = self.v_lane_slots(vs, l.0);
                let lanes = slots.map(|s| self.b.ins().stack_addr(types::I64, s, 0));
                return Ok(VVal::Var {
                    pieces: vec![PieceVal::Lanes(lanes)],
                    aff: None,
                });
            }
            Op::Load { ptr } if vs.var_addrs.contains_key(ptr) => {
                let l = vs.var_addrs[ptr];
                return Ok(self.v_read_var(vs, l));
            }
            Op::Load { ptr } => {
                if let Some(v) = self.v_group_load(vs, result)? {
                    return Ok(v);
                }
                return self.v_load(vs, result, *ptr);
            }
            Op::Splat { .. }
            | Op::Extract { .. }
            | Op::Insert { .. }
            | Op::Shuffle { .. }
            | Op::Compose { .. } => return self.v_reshuffle(vs, op),
            _ => {}
        }
        if !vs.u.is_varying(result) {
            return self.v_uniform_op(vs, result, op);
        }
        if let Some(v) = self.v_mask_ops(vs, op)? {
            return Ok(v);
        }
        if let Some(v) = self.v_simd_mask(vs, result, op)? {
            return Ok(v);
        }
        // Index arithmetic keeps its affine form (and exact per-lane values); other
        // arithmetic prefers SIMD.
        let aff = self.v_affine(vs, result, op)?;
        if aff.is_none() {
            if let Some(v) = self.v_simd(vs, result, op)? {
                return Ok(v);
            }
            if let Some(v) = self.v_simd_int(vs, result, op)? {
                return Ok(v);
            }
            if let Some(v) = self.v_math(vs, result, op)? {
                return Ok(v);
            }
        }
        let lanes = self.v_per_lane(vs, result, op)?;
        Ok(match lanes {
            VVal::Var { pieces, .. } => VVal::Var { pieces, aff },
            u => u,
        })
    }

    /// The stack slots holding lane copies of private variable `l` (declared on first use).
    fn v_lane_slots(
        &mut self,
        vs: &mut VState,
        l: u32,
    ) -> [cranelift_codegen::ir::StackSlot; LANES] {
        if let Some(s) = vs.lane_slots.get(&l) {
            return *s;
        }
        let lay = self.types.layout(self.f.locals[l as usize].ty);
        let align_shift = lay.align.max(1).trailing_zeros().min(6) as u8;
        let slots = std::array::from_fn(|_| {
            self.b
                .create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(
                    cranelift_codegen::ir::StackSlotKind::ExplicitSlot,
                    lay.size.max(1) as u32,
                    align_shift,
                ))
        });
        vs.lane_slots.insert(l, slots);
        slots
    }

    /// The scalar translation once, with lane 0's work-item.
    fn v_uniform_op(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<VVal, CompileError> {
        for v in op.operands() {
            let x = self.v_get(vs, v)?;
            let VVal::Uni(pieces) = x else {
                return Err(self.err(format!(
                    "a varying operand %{} of the uniform value %{} (vectorizer bug)",
                    v.0, result.0
                )));
            };
            self.vals.insert(v, pieces);
        }
        let saved = self.wi;
        self.wi = Some(vs.lanes[0]);
        let r = self.op(result, op);
        self.wi = saved;
        Ok(VVal::Uni(r?))
    }

    /// The scalar translation once per lane (side effects happen in lane order).
    pub(super) fn v_per_lane(
        &mut self,
        vs: &mut VState,
        result: ValueId,
        op: &Op,
    ) -> Result<VVal, CompileError> {
        let operands: Vec<(ValueId, VVal)> = op
            .operands()
            .into_iter()
            .map(|v| Ok((v, self.v_get(vs, v)?)))
            .collect::<Result<_, CompileError>>()?;
        let saved = self.wi;
        // Side effects happen only in the active lanes.
        let mask = if matches!(op, Op::Atomic { .. } | Op::Printf { .. }) {
            self.v_exec(vs)
        } else {
            None
        };
        let tys = self.piece_types(self.f.value_type(result))?;
        let mut lanes = Vec::with_capacity(LANES);
        for i in 0..LANES {
            for (v, x) in &operands {
                let l = x.lane(&mut self.b, i);
                self.vals.insert(*v, l);
            }
            let wi = vs.lanes[i];
            let one = |tx: &mut Self| {
                tx.wi = Some(wi);
                let r = tx.op(result, op);
                tx.wi = saved;
                r
            };
            let r = match mask {
                Some(m) => {
                    let on = self.lane_on(m, i);
                    self.v_each_active_lane_of(on, &tys, one)
                }
                None => one(self),
            };
            lanes.push(r?);
        }
        if lanes[0].is_empty() {
            return Ok(VVal::Uni(vec![]));
        }
        Ok(VVal::from_lanes(&lanes))
    }

    /// Vector building operations only move pieces.
    fn v_reshuffle(&mut self, vs: &mut VState, op: &Op) -> Result<VVal, CompileError> {
        let get =
            |tx: &mut Self, vs: &mut VState, v: ValueId| -> Result<Vec<PieceOrUni>, CompileError> {
                Ok(match tx.v_get(vs, v)? {
                    VVal::Uni(xs) => xs.into_iter().map(PieceOrUni::Uni).collect(),
                    VVal::Var { pieces, .. } => pieces.into_iter().map(PieceOrUni::Var).collect(),
                })
            };
        let parts: Vec<PieceOrUni> = match op {
            Op::Splat { value, to } => {
                let n = self.types.lanes_of(*to).unwrap_or(1) as usize;
                let x = get(self, vs, *value)?;
                vec![x[0]; n]
            }
            Op::Extract { vector, lane } => vec![get(self, vs, *vector)?[*lane as usize]],
            Op::Insert {
                vector,
                lane,
                value,
            } => {
                let mut xs = get(self, vs, *vector)?;
                xs[*lane as usize] = get(self, vs, *value)?[0];
                xs
            }
            Op::Shuffle { a, b, lanes } => {
                let mut all = get(self, vs, *a)?;
                all.extend(get(self, vs, *b)?);
                lanes.iter().map(|l| all[*l as usize]).collect()
            }
            Op::Compose { parts, .. } => {
                let mut out = Vec::new();
                for p in parts {
                    out.extend(get(self, vs, *p)?);
                }
                out
            }
            _ => unreachable!("only called for reshuffles"),
        };
        if parts.iter().all(|p| matches!(p, PieceOrUni::Uni(_))) {
            return Ok(VVal::Uni(
                parts
                    .into_iter()
                    .map(|p| match p {
                        PieceOrUni::Uni(x) => x,
                        PieceOrUni::Var(_) => unreachable!(),
                    })
                    .collect(),
            ));
        }
        let pieces = parts
            .into_iter()
            .map(|p| match p {
                PieceOrUni::Var(pv) => pv,
                PieceOrUni::Uni(x) => PieceVal::Lanes([x; LANES]),
            })
            .collect();
        Ok(VVal::Var { pieces, aff: None })
    }
}

/// One piece while reshuffling: a uniform scalar or a varying piece.
#[derive(Clone, Copy)]
enum PieceOrUni {
    Uni(Value),
    Var(PieceVal),
}
