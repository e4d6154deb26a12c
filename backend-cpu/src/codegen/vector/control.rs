//! Statements and structured control flow inside a vectorised region: uniform branches,
//! loops and switches as ordinary jumps; varying `if`s, loops whose exit varies, and `break`
//! or `return` reached by some lanes only, through the lane masks of [`super::mask`].

use cranelift_codegen::ir::{types, Block as ClifBlock, InstBuilder, Value};
use cranelift_frontend::Variable;
use oclc_ir::{Block, Stmt, ValueId};

use super::{mask, value, VState, VVal};
use crate::codegen::{LoopBlocks, Tx};
use crate::error::CompileError;

impl Tx<'_, '_, '_> {
    pub(super) fn v_block_stmts(
        &mut self,
        vs: &mut VState,
        stmts: &[Stmt],
    ) -> Result<(), CompileError> {
        for (k, s) in stmts.iter().enumerate() {
            if self.terminated || vs.dead {
                break;
            }
            vs.init_all_lanes = init_before_loop(self.f, vs, s, &stmts[k + 1..]);
            self.v_stmt(vs, s)?;
            vs.init_all_lanes = None;
        }
        Ok(())
    }

    fn v_block(&mut self, vs: &mut VState, block: &Block) -> Result<(), CompileError> {
        self.v_block_stmts(vs, &block.stmts)
    }

    /// A uniform condition as a scalar.
    pub(super) fn v_cond(&mut self, vs: &mut VState, c: ValueId) -> Result<Value, CompileError> {
        match self.v_get(vs, c)? {
            VVal::Uni(v) if !v.is_empty() => Ok(v[0]),
            _ => Err(self.err("a varying condition in a vectorised region (vectorizer bug)")),
        }
    }

    fn v_stmt(&mut self, vs: &mut VState, s: &Stmt) -> Result<(), CompileError> {
        match s {
            Stmt::Let { value, op } => {
                let v = self.v_op(vs, *value, op)?;
                self.v_define(vs, *value, v)?;
            }
            Stmt::Store { ptr, value } => {
                if !self.v_group_store(vs, *ptr, *value)? {
                    self.v_store(vs, *ptr, *value)?;
                }
            }
            Stmt::Fence { .. } => {
                self.b.ins().fence();
            }
            // The row cut's `if` in a row cut to the work-items that take it.
            Stmt::If {
                cond, then_body, ..
            } if vs.whole_if == Some(*cond) && vs.if_mask.is_none() && vs.div_depth == 0 => {
                self.v_block(vs, then_body)?;
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } if vs.u.is_varying(*cond) => {
                let c = self.v_get(vs, *cond)?;
                let c = value::mask_of(&mut self.b, &c);
                let cut = vs.cut.filter(|(cut, _)| cut == cond);
                // The row cut's `if` in a chunk whose every lane takes it (the rows of a
                // tree reduction's steps are mostly such chunks): its body without masks.
                let whole = match cut {
                    Some(_) if vs.if_mask.is_none() && vs.div_depth == 0 => {
                        Some(self.v_if_every_lane(vs, c, then_body)?)
                    }
                    _ => None,
                };
                if let Some((_, taken)) = cut {
                    let any = self.b.ins().vany_true(c);
                    self.b.def_var(taken, any);
                }
                let outer = vs.if_mask;
                let ones = self.all_lanes();
                let not_c = self.b.ins().bxor(c, ones);
                vs.div_depth += 1;
                let stored = Self::v_stored(vs, s);
                for (m, body) in [(c, then_body), (not_c, else_body)] {
                    vs.var_aff.retain(|l, _| !stored.contains(l));
                    if body.stmts.is_empty() {
                        continue;
                    }
                    let m = self.mask_and(outer, m);
                    vs.if_mask = Some(m);
                    let exec = self.v_exec(vs).expect("inside a varying if");
                    self.v_if_any(exec, |tx| {
                        tx.v_block(vs, body)?;
                        vs.dead = false;
                        Ok(())
                    })?;
                }
                vs.div_depth -= 1;
                vs.if_mask = outer;
                vs.var_aff.retain(|l, _| !stored.contains(l));
                if let Some(merge) = whole {
                    self.b.ins().jump(merge, &[]);
                    self.b.switch_to_block(merge);
                }
                self.v_exit_when_no_lane_left(vs, s);
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let stored = Self::v_stored(vs, s);
                let c = self.v_cond(vs, *cond)?;
                let tb = self.b.create_block();
                let eb = self.b.create_block();
                let merge = self.b.create_block();
                self.b.ins().brif(c, tb, &[], eb, &[]);
                self.b.switch_to_block(tb);
                self.terminated = false;
                self.v_block(vs, then_body)?;
                let t_term = self.terminated;
                if !t_term {
                    self.b.ins().jump(merge, &[]);
                }
                self.b.switch_to_block(eb);
                self.terminated = false;
                vs.var_aff.retain(|l, _| !stored.contains(l));
                self.v_block(vs, else_body)?;
                vs.var_aff.retain(|l, _| !stored.contains(l));
                let e_term = self.terminated;
                if !e_term {
                    self.b.ins().jump(merge, &[]);
                }
                self.terminated = t_term && e_term;
                if !self.terminated {
                    self.b.switch_to_block(merge);
                }
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                let inductions = self.v_enter_inductions(vs, s);
                let once = self.v_runs_once_per_lane(vs, s, &inductions);
                let stored = Self::v_stored(vs, s);
                vs.var_aff.retain(|l, _| !stored.contains(l));
                let masked = crate::vectorize::loop_is_divergent(body, continuing, *break_if, vs.u);
                let lm = masked.then(|| {
                    let v = self.b.declare_var(types::I32X4);
                    let all = self.all_lanes();
                    self.b.def_var(v, all);
                    v
                });
                let LoopBlocks { head, cont, exit } = self.open_loop();
                vs.loops.push(mask::VLoop {
                    div_depth: vs.div_depth,
                    mask: lm,
                });
                self.terminated = false;
                self.v_block(vs, body)?;
                vs.dead = false;
                if !self.terminated {
                    self.b.ins().jump(cont, &[]);
                }
                self.b.switch_to_block(cont);
                self.terminated = false;
                // `continue` reaches here past the body's stores.
                vs.var_aff.retain(|l, _| !stored.contains(l));
                self.v_block(vs, continuing)?;
                vs.dead = false;
                match (break_if, lm) {
                    (Some(c), Some(lm)) if vs.u.is_varying(*c) => {
                        // Lanes whose exit condition holds leave; loop while any remain.
                        let c = self.v_get(vs, *c)?;
                        let c = value::mask_of(&mut self.b, &c);
                        let ones = self.all_lanes();
                        let stay = self.b.ins().bxor(c, ones);
                        let cur = self.b.use_var(lm);
                        let stay = self.b.ins().band(cur, stay);
                        self.b.def_var(lm, stay);
                        let exec = self.v_exec(vs).expect("a masked loop");
                        let any = self.b.ins().vany_true(exec);
                        self.b.ins().brif(any, head, &[], exit, &[]);
                    }
                    (Some(c), lm) => {
                        let c = self.v_cond(vs, *c)?;
                        let again = self.b.create_block();
                        self.b.ins().brif(c, exit, &[], again, &[]);
                        self.b.switch_to_block(again);
                        self.v_loop_again(vs, lm, head, exit);
                    }
                    // Every lane has left after one iteration: no second test.
                    (None, _) if once => {
                        self.b.ins().jump(exit, &[]);
                    }
                    (None, lm) => self.v_loop_again(vs, lm, head, exit),
                }
                vs.loops.pop();
                self.loops.pop();
                vs.var_aff.retain(|l, _| !stored.contains(l));
                self.b.switch_to_block(exit);
                self.terminated = false;
                self.v_leave_inductions(vs, &inductions);
            }
            Stmt::Break if vs.loops.last().is_some_and(|l| vs.div_depth > l.div_depth) => {
                // Some lanes leave the loop: they stay off until it ends.
                let lm = vs.loops.last().and_then(|l| l.mask).ok_or_else(|| {
                    self.err("a divergent break in an unmasked loop (vectorizer bug)")
                })?;
                let exec = self.v_exec(vs).expect("divergent");
                let ones = self.all_lanes();
                let leave = self.b.ins().bxor(exec, ones);
                let cur = self.b.use_var(lm);
                let stay = self.b.ins().band(cur, leave);
                self.b.def_var(lm, stay);
                vs.dead = true;
            }
            Stmt::Return(_) if vs.div_depth > 0 || vs.loops.iter().any(|l| l.mask.is_some()) => {
                let alive = vs.alive.ok_or_else(|| {
                    self.err("a divergent return without a mask (vectorizer bug)")
                })?;
                let exec = self.v_exec(vs).expect("divergent");
                let ones = self.all_lanes();
                let leave = self.b.ins().bxor(exec, ones);
                let cur = self.b.use_var(alive);
                let stay = self.b.ins().band(cur, leave);
                self.b.def_var(alive, stay);
                vs.dead = true;
            }
            Stmt::Break | Stmt::Continue | Stmt::Return(_) => {
                // The same targets as the scalar translation: all lanes leave together.
                self.stmt(s)?;
            }
            Stmt::Switch { selector, cases } => {
                let stored = Self::v_stored(vs, s);
                vs.var_aff.retain(|l, _| !stored.contains(l));
                let sel = self.v_cond(vs, *selector)?;
                let bits = self.scalar(*selector)?.bits();
                self.v_switch(vs, sel, bits, cases)?;
                vs.var_aff.retain(|l, _| !stored.contains(l));
            }
            Stmt::Barrier { .. } => {
                return Err(self.err("a barrier in a vectorised region (vectorizer bug)"));
            }
        }
        Ok(())
    }

    /// Branches on every lane of `vs` taking an `if` of condition mask `c`: when they do,
    /// emits `then_body` unmasked and goes on to the block returned, which the caller
    /// enters after emitting the masked form in the current block (the other way).
    fn v_if_every_lane(
        &mut self,
        vs: &mut VState,
        c: Value,
        then_body: &Block,
    ) -> Result<ClifBlock, CompileError> {
        let m = match self.v_exec(vs) {
            Some(e) => self.b.ins().band(c, e),
            None => c,
        };
        let all = self.b.ins().vall_true(m);
        let (every, some, merge) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().brif(all, every, &[], some, &[]);
        self.b.switch_to_block(every);
        self.terminated = false;
        self.v_block(vs, then_body)?;
        vs.dead = false;
        if !self.terminated {
            self.b.ins().jump(merge, &[]);
        }
        self.terminated = false;
        self.b.switch_to_block(some);
        Ok(merge)
    }

    /// After a varying `if` directly in a masked loop that lanes may leave (a `break` of
    /// that loop or a `return` inside): leaves the loop at once when no lane is left in it,
    /// instead of running the rest of the iteration with an empty mask.
    fn v_exit_when_no_lane_left(&mut self, vs: &VState, s: &Stmt) {
        let in_masked_loop = vs
            .loops
            .last()
            .is_some_and(|l| l.mask.is_some() && l.div_depth == vs.div_depth);
        if !in_masked_loop || !leaves_loop(s) || vs.defer_loop_exit {
            return;
        }
        let Some(target) = self.loops.last().copied() else {
            return;
        };
        let exec = self.v_exec(vs).expect("a masked loop");
        let any = self.b.ins().vany_true(exec);
        let rest = self.b.create_block();
        self.b.ins().brif(any, rest, &[], target.brk, &[]);
        self.b.switch_to_block(rest);
    }

    /// A switch on a uniform selector (as the scalar translation's `emit_switch`: `break`
    /// leaves the switch, `continue` goes to the enclosing loop). Cases are entered by
    /// fall-through as well as by jump, so affine forms are forgotten at each case.
    fn v_switch(
        &mut self,
        vs: &mut VState,
        sel: Value,
        bits: u32,
        cases: &[oclc_ir::SwitchCase],
    ) -> Result<(), CompileError> {
        // A break inside a case leaves the switch for every lane: the same mask state.
        vs.loops.push(mask::VLoop {
            div_depth: vs.div_depth,
            mask: None,
        });
        let stored: std::collections::HashSet<u32> = cases
            .iter()
            .flat_map(|c| crate::vectorize::analysis::stored_locals(&c.body.stmts, vs.u))
            .collect();
        self.emit_switch(sel, bits, cases, |tx, body| {
            vs.var_aff.retain(|l, _| !stored.contains(l));
            tx.v_block(vs, body)?;
            vs.dead = false;
            Ok(())
        })?;
        vs.loops.pop();
        Ok(())
    }

    /// The private variables a statement stores to.
    pub(super) fn v_stored(vs: &VState, s: &Stmt) -> std::collections::HashSet<u32> {
        crate::vectorize::analysis::stored_locals(std::slice::from_ref(s), vs.u)
    }

    /// True when loop `s` runs exactly once for every lane: the kernel is compiled for its
    /// local size and one of the loop's lane induction variables starts at the local id
    /// (`for (b = lid; b < N; b += S)`) with `local size <= N <= S`, so each lane enters
    /// (`lid < N`) and leaves after its first step (`lid + S >= N`).
    pub(super) fn v_runs_once_per_lane(
        &mut self,
        vs: &VState,
        s: &Stmt,
        inductions: &[u32],
    ) -> bool {
        let Some([size_x, _, _]) = self.env.local_size else {
            return false;
        };
        let lid = vs.lanes[0].lid[0];
        let once = inductions.iter().copied().find(|&l| {
            let from_lid = vs
                .var_aff
                .get(&l)
                .is_some_and(|a| a.base == lid && a.stride == 1 && a.guard.is_none());
            from_lid
                && crate::vectorize::induction::constant_count_up(
                    self.types, self.f, vs.u, vs.consts, s, l,
                )
                .is_some_and(|(bound, step)| size_x as i64 <= bound && bound <= step)
        });
        if let Some(l) = once {
            let name = &self.f.locals[l as usize].name;
            self.env.notes.push(format!(
                "loop over '{name}' runs once per work-item (local size {size_x})"
            ));
        }
        once.is_some()
    }

    /// The back edge of a loop: to `head`, or to `exit` once no lane of a masked loop is
    /// still iterating.
    fn v_loop_again(
        &mut self,
        vs: &VState,
        lm: Option<Variable>,
        head: ClifBlock,
        exit: ClifBlock,
    ) {
        match lm {
            Some(_) => {
                let exec = self.v_exec(vs).expect("a masked loop");
                let any = self.b.ins().vany_true(exec);
                self.b.ins().brif(any, head, &[], exit, &[]);
            }
            None => {
                self.b.ins().jump(head, &[]);
            }
        }
    }
}

/// True when `s` contains a `return`, or a `break` of the loop that encloses it.
fn leaves_loop(s: &Stmt) -> bool {
    fn walk(stmts: &[Stmt], in_inner: bool) -> bool {
        stmts.iter().any(|s| match s {
            Stmt::Break => !in_inner,
            Stmt::Return(_) => true,
            Stmt::If {
                then_body,
                else_body,
                ..
            } => walk(&then_body.stmts, in_inner) || walk(&else_body.stmts, in_inner),
            Stmt::Loop {
                body, continuing, ..
            } => walk(&body.stmts, true) || walk(&continuing.stmts, true),
            Stmt::Switch { cases, .. } => cases.iter().any(|c| walk(&c.body.stmts, true)),
            _ => false,
        })
    }
    walk(std::slice::from_ref(s), false)
}

/// The varying variable that `s` stores when every load of it lies in one loop among
/// `rest` (the statements after `s` in its block): see `VState::init_all_lanes`.
fn init_before_loop(f: &oclc_ir::Function, vs: &VState, s: &Stmt, rest: &[Stmt]) -> Option<u32> {
    let Stmt::Store { ptr, .. } = s else {
        return None;
    };
    let l = *vs.var_addrs.get(ptr)?;
    let masked =
        vs.if_mask.is_some() || vs.alive.is_some() || vs.loops.iter().any(|x| x.mask.is_some());
    if !masked || !vs.u.varying_locals.contains(&l) || vs.aff_vars.contains_key(&l) {
        return None;
    }
    rest.iter()
        .any(|t| {
            matches!(t, Stmt::Loop { .. })
                && crate::vectorize::induction::all_loads_inside(f, vs.u, t, l)
        })
        .then_some(l)
}
