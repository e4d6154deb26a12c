//! Conversions (`convert_T[_sat][_rtX]`), reinterpretation (`as_T`) and `shuffle`/`shuffle2`.

use oclc_frontend::check::builtins::RoundingMode;
use oclc_frontend::checked::{self as ck, ExprKind};

use super::super::function::FnLower;
use super::super::LowerError;
use super::const_int;
use oclc_ir::op::{BinaryOp, CmpOp, Op, Rounding, ValueId};

/// The IR rounding mode of a conversion suffix.
pub(super) fn ir_rounding(r: RoundingMode) -> Rounding {
    match r {
        RoundingMode::Default => Rounding::Default,
        RoundingMode::Rte => Rounding::Rte,
        RoundingMode::Rtz => Rounding::Rtz,
        RoundingMode::Rtp => Rounding::Rtp,
        RoundingMode::Rtn => Rounding::Rtn,
    }
}

/// The lanes of a constant vector mask (a vector literal or splat of integer constants).
fn const_mask(e: &ck::Expr) -> Option<Vec<u64>> {
    match &e.kind {
        ExprKind::VectorLiteral(parts) => {
            let mut out = Vec::new();
            for p in parts {
                match const_int(p) {
                    Some(v) => out.push(v),
                    None => out.extend(const_mask(p)?),
                }
            }
            Some(out)
        }
        ExprKind::Splat(v) => Some(vec![const_int(v)?; e.ty.lanes() as usize]),
        ExprKind::Convert(v) if v.ty.lanes() == e.ty.lanes() => const_mask(v),
        _ => None,
    }
}

impl FnLower<'_, '_> {
    pub(super) fn convert_call(
        &mut self,
        saturate: bool,
        rounding: RoundingMode,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let v = self.expr(&args[0])?;
        let to = self.vty(&e.ty);
        if self.b.value_type(v) == to {
            return Ok(v);
        }
        Ok(self.b.emit(
            Op::Convert {
                value: v,
                to,
                saturate,
                rounding: ir_rounding(rounding),
            },
            to,
        ))
    }

    /// `as_T`: a bitcast; 3-element vectors are reinterpreted as their 4-element form.
    pub(super) fn as_type_call(
        &mut self,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let mut v = self.expr(&args[0])?;
        let to = self.vty(&e.ty);
        let from = self.b.value_type(v);
        if from == to {
            return Ok(v);
        }
        let lanes_of = |me: &mut Self, t| me.types().lanes_of(t).unwrap_or(1);
        if lanes_of(self, from) == 3 {
            let s = self.types().scalar_of(from).expect("vector");
            let t4 = self.types().vector(s, 4);
            v = self.b.emit(
                Op::Shuffle {
                    a: v,
                    b: v,
                    lanes: vec![0, 1, 2, 2],
                },
                t4,
            );
        }
        let from = self.b.value_type(v);
        if lanes_of(self, to) == 3 {
            let s = self.types().scalar_of(to).expect("vector");
            let t4 = self.types().vector(s, 4);
            let w = if from == t4 {
                v
            } else {
                self.b.emit(Op::Bitcast { value: v, to: t4 }, t4)
            };
            return Ok(self.b.emit(
                Op::Shuffle {
                    a: w,
                    b: w,
                    lanes: vec![0, 1, 2],
                },
                to,
            ));
        }
        if from == to {
            return Ok(v);
        }
        Ok(self.b.emit(Op::Bitcast { value: v, to }, to))
    }

    /// `shuffle(x, mask)` / `shuffle2(x, y, mask)`: an `Op::Shuffle` for a constant mask,
    /// otherwise a per-lane chain of selects.
    pub(super) fn shuffle_call(
        &mut self,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let two = args.len() == 3;
        let x = self.expr(&args[0])?;
        let y = if two { self.expr(&args[1])? } else { x };
        let mask_e = args.last().expect("mask");
        let xt = self.b.value_type(x);
        let m = self.types().lanes_of(xt).unwrap_or(1) as u64;
        let sources = if two { 2 * m } else { m };
        let ty = self.vty(&e.ty);
        if let Some(mask) = const_mask(mask_e) {
            let lanes = mask.iter().map(|l| (l % sources) as u8).collect();
            return Ok(self.b.emit(Op::Shuffle { a: x, b: y, lanes }, ty));
        }
        let mask = self.expr(mask_e)?;
        let mt = self.b.value_type(mask);
        let ms = self.types().scalar_of(mt).expect("mask");
        let mst = self.types().scalar(ms);
        let es = self.types().scalar_of(xt).expect("vector");
        let est = self.types().scalar(es);
        let n = self.types().lanes_of(ty).unwrap_or(1);
        let width = self.konst(oclc_ir::op::Const::int(ms, sources as i64 - 1));
        let mut parts = Vec::new();
        for j in 0..n {
            let raw = self.b.emit(
                Op::Extract {
                    vector: mask,
                    lane: j,
                },
                mst,
            );
            let idx = self.bin(BinaryOp::And, raw, width);
            let mut acc = self.b.emit(Op::Extract { vector: x, lane: 0 }, est);
            for i in 1..sources {
                let (src, lane) = if i < m { (x, i) } else { (y, i - m) };
                let val = self.b.emit(
                    Op::Extract {
                        vector: src,
                        lane: lane as u8,
                    },
                    est,
                );
                let k = self.konst(oclc_ir::op::Const::int(ms, i as i64));
                let hit = self.cmp(CmpOp::Eq, idx, k);
                acc = self.select(hit, val, acc);
            }
            parts.push(acc);
        }
        Ok(self.b.emit(Op::Compose { ty, parts }, ty))
    }
}
