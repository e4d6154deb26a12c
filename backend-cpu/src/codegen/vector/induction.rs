//! Lane induction variables inside a vectorised loop (chosen by
//! [`crate::vectorize::induction`]): the variable is kept as one scalar base, lane `i` being
//! `base + i * stride`, so its reads carry an exact affine form (vector loads and stores,
//! SIMD comparisons) and its steps are one scalar addition.

use cranelift_codegen::ir::InstBuilder;
use oclc_ir::Stmt;

use super::{Aff, NoWrap, PieceVal, VState, VVal, VarPiece};
use crate::codegen::Tx;
use crate::error::CompileError;
use crate::vectorize::LANES;

/// A variable kept as an affine base while its loop runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Induction {
    /// The base (lane 0's value).
    pub base: cranelift_frontend::Variable,
    /// The difference between consecutive lanes.
    pub stride: i64,
    /// Whether the lanes are known not to wrap (as [`Aff::nowrap`]).
    pub nowrap: NoWrap,
}

impl Tx<'_, '_, '_> {
    /// Switches the lane induction variables of loop `lp` to their affine base (each must
    /// hold an exact affine value now); returns them, for [`Self::v_leave_inductions`].
    pub(super) fn v_enter_inductions(&mut self, vs: &mut VState, lp: &Stmt) -> Vec<u32> {
        let mut stored: Vec<u32> =
            crate::vectorize::analysis::stored_locals(std::slice::from_ref(lp), vs.u)
                .into_iter()
                .collect();
        stored.sort();
        let mut out = Vec::new();
        for l in stored {
            let Some(a) = vs.var_aff.get(&l).filter(|a| a.guard.is_none()).copied() else {
                continue;
            };
            let one_int = self.vars.get(&l).is_some_and(|v| v.len() == 1)
                && !vs.aff_vars.contains_key(&l)
                && vs.u.varying_locals.contains(&l)
                && self.b.func.dfg.value_type(a.base).is_int();
            if !one_int
                || !crate::vectorize::induction::is_lane_induction(self.types, self.f, vs.u, lp, l)
            {
                continue;
            }
            let ty = self.b.func.dfg.value_type(a.base);
            let base = self.b.declare_var(ty);
            self.b.def_var(base, a.base);
            let steps_exact = a.nowrap.exact()
                && crate::vectorize::induction::steps_without_wrapping(
                    self.types, self.f, vs.u, lp, l,
                );
            vs.aff_vars.insert(
                l,
                Induction {
                    base,
                    stride: a.stride,
                    nowrap: if steps_exact {
                        NoWrap::Exact
                    } else {
                        NoWrap::Maybe
                    },
                },
            );
            let name = &self.f.locals[l as usize].name;
            let note = format!(
                "lane induction variable '{name}': one affine base, stride {}",
                a.stride
            );
            self.env.notes.push(note);
            out.push(l);
        }
        out
    }

    /// Ends the affine form of `ls` after their loop: the lane values go back into the
    /// variable's ordinary representation.
    pub(super) fn v_leave_inductions(&mut self, vs: &mut VState, ls: &[u32]) {
        for l in ls {
            let Some(ind) = vs.aff_vars.remove(l) else {
                continue;
            };
            let x = self.v_read_induction(ind);
            for (p, vp) in self.v_var(vs, *l).into_iter().enumerate() {
                match vp {
                    VarPiece::Vector(var) => {
                        let v = x.piece_vector(&mut self.b, p).expect("vector type");
                        self.b.def_var(var, v);
                    }
                    VarPiece::Lanes(vars) => {
                        let xs = x.piece_lanes(&mut self.b, p);
                        for (var, v) in vars.iter().zip(xs) {
                            self.b.def_var(*var, v);
                        }
                    }
                }
            }
        }
    }

    /// The current value of an induction variable.
    pub(super) fn v_read_induction(&mut self, ind: Induction) -> VVal {
        let base = self.b.use_var(ind.base);
        self.v_affine_value(Aff {
            base,
            stride: ind.stride,
            guard: None,
            nowrap: ind.nowrap,
        })
    }

    /// The value whose lane `i` is `aff.base + i * aff.stride`, with that affine form.
    pub(super) fn v_affine_value(&mut self, aff: Aff) -> VVal {
        let lanes: [_; LANES] = std::array::from_fn(|i| {
            if i == 0 {
                aff.base
            } else {
                self.b
                    .ins()
                    .iadd_imm_s(aff.base, aff.stride.wrapping_mul(i as i64))
            }
        });
        VVal::Var {
            pieces: vec![PieceVal::Lanes(lanes)],
            aff: Some(aff),
        }
    }

    /// Stores `x` to an induction variable, for every lane (see
    /// [`crate::vectorize::induction`] for why lanes outside the mask may take it too).
    pub(super) fn v_store_induction(
        &mut self,
        ind: Induction,
        x: &VVal,
    ) -> Result<(), CompileError> {
        // A guard can only come from a step done in a wider type and converted back
        // (see `crate::vectorize::induction`): exact in the variable's width, and the base
        // (lane 0's own value) is exact anyway.
        match x.aff() {
            Some(a) if a.stride == ind.stride => {
                self.b.def_var(ind.base, a.base);
                Ok(())
            }
            _ => Err(self.err(
                "a store that breaks the affine form of a loop induction variable (vectorizer bug)",
            )),
        }
    }
}
