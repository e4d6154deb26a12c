//! Interleaved chunks: a region whose control flow is the same for every work-item runs two
//! (or four) chunks of [`LANES`] work-items per iteration of its chunk loop, statement by
//! statement (each statement for the first chunk, then for the second), with one copy of
//! each branch and loop. The chunks' computations are independent, so a chain of dependent
//! operations in one work-item (a convolution's running sum: one addition after another,
//! each waiting for the last) overlaps with the other chunk's chain, which the processor
//! runs in the first one's latency; a single chunk leaves those cycles idle.
//!
//! Rules. A region qualifies when [`crate::vectorize::interleaves_chunks`] says so (it has
//! a loop; no `if`, loop exit, `switch` or `return` depends on a varying value, so both
//! chunks take every branch together; no call) and the code has no memory checks; in a
//! kernel with barriers, each chunk loads and stores its own work-items' state on entry and
//! exit. Running the same statement for both chunks before the next keeps each work-item's
//! own order; between work-items OpenCL promises no order without a barrier, so the
//! chunks' accesses may interleave. Uniform values that need no memory access (and
//! loads from `__constant` memory, which nothing writes) are computed once, by the first
//! chunk, and shared: nothing runs between the first chunk's statement and the second's,
//! so the second would compute the same value.
//!
//! Loops that lanes only leave (`if (c) break;` in straight-line code, a varying loop
//! condition: [`crate::vectorize::interleaves_chunks`]) interleave too: each chunk keeps its
//! own mask of the lanes still in the loop, its statements run under that mask as in a
//! single chunk, and the loop (or an `if (c) break;` that leaves it early) ends only once
//! no lane of either chunk is left, so a chunk whose lanes are done idles under an empty
//! mask while the other finishes. Mandelbrot's escape loop, a chain of dependent
//! multiply-adds per iteration, ran 0.74x the time so (bench/results/middle-end.txt).
//!
//! Two chunks, or four where the region's loops keep few registers live per chunk
//! ([`crate::vectorize::pressure`]): four everywhere ran the chapter's convolutions
//! 1.1-1.3x slower than two at stop 35 (x86-64 has 16 vector registers; a float4 sum per
//! work-item takes four of them per chunk), while a scalar running sum with two loads per
//! iteration ran 1.4x faster with four at stop 47 (bench/results/middle-end.txt).

use cranelift_codegen::ir::{Block as ClifBlock, InstBuilder, Value};
use oclc_ir::{AddressSpace, Op, Stmt};

use super::{mask, Aff, VState, VVal};
use crate::codegen::{LoopBlocks, Tx};
use crate::error::CompileError;
use crate::vectorize::LANES;

impl Tx<'_, '_, '_> {
    /// Emits `stmts` for the chunks of `vss` interleaved statement by statement (see the
    /// module documentation); the caller checked that the region qualifies.
    pub(super) fn vi_block_stmts(
        &mut self,
        vss: &mut [VState],
        stmts: &[Stmt],
    ) -> Result<(), CompileError> {
        for s in stmts {
            if self.terminated {
                break;
            }
            self.vi_stmt(vss, s)?;
        }
        Ok(())
    }

    fn vi_stmt(&mut self, vss: &mut [VState], s: &Stmt) -> Result<(), CompileError> {
        match s {
            Stmt::Let { value, op } => {
                let first = &mut vss[0];
                self.v_stmt_of_chunk(first, s)?;
                let shared = self.shares_uniform(first, *value, op);
                let v0 = shared.then(|| vss[0].vals.get(value).cloned()).flatten();
                let (first, rest) = vss.split_first_mut().expect("two chunks");
                for (i, vs) in rest.iter_mut().enumerate() {
                    // Through v_define: a value another region reads is stored in this
                    // chunk's work-item state too.
                    match v0
                        .clone()
                        .or_else(|| self.shifted_affine(first, *value, op, i + 1))
                    {
                        Some(v) => self.v_define(vs, *value, v)?,
                        None => self.v_stmt_of_chunk(vs, s)?,
                    }
                }
            }
            Stmt::Store { .. } => {
                for vs in vss.iter_mut() {
                    self.v_stmt_of_chunk(vs, s)?;
                }
            }
            Stmt::Fence { .. } | Stmt::Break | Stmt::Continue | Stmt::Return(_) => {
                // Once for all chunks: a fence orders the accesses of both; the uniform
                // jumps leave with every lane of every chunk.
                self.v_stmt_of_chunk(&mut vss[0], s)?;
            }
            // `if (c) break;` in a loop that lanes leave: each chunk's lanes whose `c` holds
            // leave (its own loop mask), and the loop ends once no lane of any chunk is left.
            Stmt::If { cond, .. } if vss[0].u.is_varying(*cond) => {
                for vs in vss.iter_mut() {
                    vs.defer_loop_exit = true;
                    let r = self.v_stmt_of_chunk(vs, s);
                    vs.defer_loop_exit = false;
                    r?;
                }
                self.vi_exit_when_no_lane_left(vss);
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let stored = Self::v_stored(&vss[0], s);
                let c = self.v_cond(&mut vss[0], *cond)?;
                let tb = self.b.create_block();
                let eb = self.b.create_block();
                let merge = self.b.create_block();
                self.b.ins().brif(c, tb, &[], eb, &[]);
                let mut all_term = true;
                for (block, body) in [(tb, then_body), (eb, else_body)] {
                    self.b.switch_to_block(block);
                    self.terminated = false;
                    forget_affine(vss, &stored);
                    self.vi_block_stmts(vss, &body.stmts)?;
                    forget_affine(vss, &stored);
                    if !self.terminated {
                        self.b.ins().jump(merge, &[]);
                        all_term = false;
                    }
                }
                self.terminated = all_term;
                if !all_term {
                    self.b.switch_to_block(merge);
                }
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => self.vi_loop(vss, s, body, continuing, *break_if)?,
            Stmt::Switch { .. } | Stmt::Barrier { .. } => {
                return Err(self.err(
                    "a switch or barrier in an interleaved vectorised region (vectorizer bug)",
                ));
            }
        }
        Ok(())
    }

    /// A loop whose exit is the same for every lane of every chunk.
    fn vi_loop(
        &mut self,
        vss: &mut [VState],
        s: &Stmt,
        body: &oclc_ir::Block,
        continuing: &oclc_ir::Block,
        break_if: Option<oclc_ir::ValueId>,
    ) -> Result<(), CompileError> {
        let inductions: Vec<Vec<u32>> = vss
            .iter_mut()
            .map(|vs| self.v_enter_inductions(vs, s))
            .collect();
        let once = self.v_runs_once_per_lane(&vss[0], s, &inductions[0]);
        let stored = Self::v_stored(&vss[0], s);
        forget_affine(vss, &stored);
        // Lanes leave a divergent loop one by one: a mask per chunk of the lanes still in it.
        // (Set before the loop's head, which every iteration enters.)
        let masked = crate::vectorize::loop_is_divergent(body, continuing, break_if, vss[0].u);
        let masks: Vec<_> = vss
            .iter()
            .map(|_| {
                masked.then(|| {
                    let v = self.b.declare_var(cranelift_codegen::ir::types::I32X4);
                    let all = self.all_lanes();
                    self.b.def_var(v, all);
                    v
                })
            })
            .collect();
        let LoopBlocks { head, cont, exit } = self.open_loop();
        for (vs, mask) in vss.iter_mut().zip(masks) {
            vs.loops.push(mask::VLoop {
                div_depth: vs.div_depth,
                mask,
            });
        }
        self.terminated = false;
        self.vi_block_stmts(vss, &body.stmts)?;
        if !self.terminated {
            self.b.ins().jump(cont, &[]);
        }
        self.b.switch_to_block(cont);
        self.terminated = false;
        forget_affine(vss, &stored);
        self.vi_block_stmts(vss, &continuing.stmts)?;
        match break_if {
            Some(c) if masked && vss[0].u.is_varying(c) => {
                // Each chunk's lanes whose exit condition holds leave.
                for vs in vss.iter_mut() {
                    let lm = vs.loops.last().and_then(|l| l.mask).expect("masked");
                    let c = self.v_get(vs, c)?;
                    let c = super::value::mask_of(&mut self.b, &c);
                    let ones = self.all_lanes();
                    let stay = self.b.ins().bxor(c, ones);
                    let cur = self.b.use_var(lm);
                    let stay = self.b.ins().band(cur, stay);
                    self.b.def_var(lm, stay);
                }
                self.vi_loop_again(vss, head, exit);
            }
            Some(c) => {
                let c = self.v_cond(&mut vss[0], c)?;
                if masked {
                    let again = self.b.create_block();
                    self.b.ins().brif(c, exit, &[], again, &[]);
                    self.b.switch_to_block(again);
                    self.vi_loop_again(vss, head, exit);
                } else {
                    self.b.ins().brif(c, exit, &[], head, &[]);
                }
            }
            None if once => {
                self.b.ins().jump(exit, &[]);
            }
            None if masked => self.vi_loop_again(vss, head, exit),
            None => {
                self.b.ins().jump(head, &[]);
            }
        }
        for vs in vss.iter_mut() {
            vs.loops.pop();
        }
        self.loops.pop();
        forget_affine(vss, &stored);
        self.b.switch_to_block(exit);
        self.terminated = false;
        for (vs, ind) in vss.iter_mut().zip(&inductions) {
            self.v_leave_inductions(vs, ind);
        }
        Ok(())
    }

    /// True when some lane of some chunk of `vss` is still active, as an `i8` truth value.
    fn vi_any_lane(&mut self, vss: &[VState]) -> Value {
        let mut any: Option<Value> = None;
        for vs in vss {
            let exec = self.v_exec(vs).expect("a masked loop");
            any = Some(match any {
                Some(a) => self.b.ins().bor(a, exec),
                None => exec,
            });
        }
        let any = any.expect("two chunks");
        self.b.ins().vany_true(any)
    }

    /// The end of an iteration of a loop that lanes leave: again while a lane of any chunk
    /// is left in it.
    fn vi_loop_again(&mut self, vss: &[VState], head: ClifBlock, exit: ClifBlock) {
        let any = self.vi_any_lane(vss);
        self.b.ins().brif(any, head, &[], exit, &[]);
    }

    /// After the chunks' `if (c) break;`: leaves the loop at once when no lane of any chunk
    /// is left in it.
    fn vi_exit_when_no_lane_left(&mut self, vss: &[VState]) {
        let Some(target) = self.loops.last().copied() else {
            return;
        };
        if vss[0].loops.last().and_then(|l| l.mask).is_none() {
            return;
        }
        let any = self.vi_any_lane(vss);
        let rest = self.b.create_block();
        self.b.ins().brif(any, rest, &[], target.brk, &[]);
        self.b.switch_to_block(rest);
    }

    /// One statement for one chunk, as a single-chunk region translates it.
    fn v_stmt_of_chunk(&mut self, vs: &mut VState, s: &Stmt) -> Result<(), CompileError> {
        vs.init_all_lanes = None;
        self.v_block_stmts(vs, std::slice::from_ref(s))
    }

    /// True when the uniform value `value` defined by `op` in the first chunk serves the other
    /// chunks as well: it reads no memory that may change (pure, or a load from `__constant`).
    fn shares_uniform(&self, first: &VState, value: oclc_ir::ValueId, op: &Op) -> bool {
        if first.u.is_varying(value) || !matches!(first.vals.get(&value), Some(VVal::Uni(_))) {
            return false;
        }
        match op {
            Op::Load { ptr } => self
                .types
                .pointee(self.f.value_type(*ptr))
                .is_some_and(|(space, _)| space == AddressSpace::Constant),
            _ => op.is_pure(),
        }
    }

    /// Chunk `chunk`'s value of an address computation (a conversion, a pointer offset or an
    /// element address) whose value in the first chunk is affine in the lane with no guard
    /// (`lane i = base + i * stride`): the same form shifted by `chunk * LANES` lanes. Every
    /// affine form is a first-degree function of the local id computed the same way in
    /// every chunk (wrapping where the type wraps), so the shift is exact; the code
    /// generator folds the constant into the access's displacement, where recomputing the
    /// chunk's own index would sign-extend it again.
    fn shifted_affine(
        &mut self,
        first: &VState,
        value: oclc_ir::ValueId,
        op: &Op,
        chunk: usize,
    ) -> Option<VVal> {
        if !matches!(
            op,
            Op::Convert { .. } | Op::PtrOffset { .. } | Op::IndexAddr { .. }
        ) {
            return None;
        }
        let Some(VVal::Var {
            pieces,
            aff: Some(aff),
        }) = first.vals.get(&value)
        else {
            return None;
        };
        if pieces.len() != 1 || aff.guard.is_some() {
            return None;
        }
        let shift = aff.stride.checked_mul((chunk * LANES) as i64)?;
        let base = self.b.ins().iadd_imm_s(aff.base, shift);
        Some(self.v_affine_value(Aff { base, ..*aff }))
    }
}

/// Forgets, in every chunk, the affine forms of the private variables in `stored`.
fn forget_affine(vss: &mut [VState], stored: &std::collections::HashSet<u32>) {
    for vs in vss.iter_mut() {
        vs.var_aff.retain(|l, _| !stored.contains(l));
    }
}
