//! Code generation for vectorised regions (the "vectorize" stage, decided in
//! [`crate::vectorize`]): the work-item loop of dimension 0 advances by
//! [`LANES`] work-items at a time (a *chunk*), each statement computing all lanes at once,
//! then a scalar loop runs the remaining work-items (when the local size is not a multiple
//! of the lane count) with the ordinary translation. Short regions without loops run two
//! chunks per iteration first (vecadd's chunk is five instructions; the loop's own test and
//! increment were a third of its time), and so do regions with loops that every lane runs
//! alike, their two chunks interleaved statement by statement ([`interleave`]). A row
//! whose global ids pass `i32::MAX` runs through the scalar loop, tested once per group.
//! A region whose work is a final `if` that a prefix of each row takes (a tree reduction's
//! steps) leaves the row at the first chunk that skips it ([`crate::vectorize::row_cut`]);
//! when the prefix's length is a constant, the region's loops stop there and its chunks run
//! the `if`'s body unmasked.
//!
//! Control flow in such a region is uniform, so `if`/`loop` conditions are scalars; `break`,
//! `continue` and `return` leave all lanes together.

mod access;
mod affine;
mod blocks;
mod cmp64;
mod control;
mod groups;
mod induction;
mod interleave;
mod mask;
mod mask_ops;
mod memory;
mod ops;
mod simd;
mod state;
mod transpose;
mod value;
mod vmath;

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block as ClifBlock, InstBuilder, Value};
use cranelift_frontend::Variable;
use oclc_ir::{Stmt, ValueId};

use super::{pending, Tx, Wi};
use crate::error::CompileError;
use crate::plan::{RegionKey, GROUP};
use crate::vectorize::{Uniformity, LANES};
pub(crate) use transpose::{cast, shuffle32};
pub(crate) use value::{vector_type, Aff, NoWrap, PieceVal, VVal};

/// How a varying private variable is kept: per piece, one vector variable or one per lane.
#[derive(Clone, Debug)]
pub(crate) enum VarPiece {
    Vector(Variable),
    Lanes([Variable; LANES]),
}

/// The `if` condition of a region that leaves each row at the first chunk in which no
/// lane takes it ([`crate::vectorize::row_cut`]), and where the row ends.
#[derive(Clone, Copy)]
struct RowExit {
    cond: ValueId,
    row_end: ClifBlock,
}

/// The state of one vectorised region under construction.
pub(crate) struct VState<'u> {
    pub u: &'u Uniformity,
    pub vals: HashMap<ValueId, VVal>,
    /// The `local_addr` values of promoted variables, and their variable.
    pub var_addrs: HashMap<ValueId, u32>,
    /// Varying promoted variables of this region.
    pub vars: HashMap<u32, Vec<VarPiece>>,
    /// The work-item of each lane.
    pub lanes: [Wi; LANES],
    /// Integer constants of the kernel, by value.
    pub consts: &'u HashMap<ValueId, i64>,
    /// The mask of the enclosing varying `if`s.
    pub if_mask: Option<Value>,
    /// The lanes that have not returned (regions with a divergent `return`).
    pub alive: Option<Variable>,
    /// The enclosing loops of the region.
    pub loops: Vec<mask::VLoop>,
    /// How many varying `if`s enclose the current statement.
    pub div_depth: usize,
    /// The affine form of the value last stored to a varying private variable, while that
    /// store is known to be the one a load sees (forgotten across branches and loops that
    /// store to the variable).
    pub var_aff: HashMap<u32, Aff>,
    /// Lane induction variables of the enclosing loops, kept as an affine base.
    pub aff_vars: HashMap<u32, induction::Induction>,
    /// The variable that the statement being translated stores for every lane, mask or
    /// not: its loads all lie in a loop later in the same block, which a lane reaches only
    /// through this store, so inactive lanes never read what they get.
    pub init_all_lanes: Option<u32>,
    /// Per-lane copies of private variables kept in stack slots.
    pub lane_slots: HashMap<u32, [cranelift_codegen::ir::StackSlot; LANES]>,
    /// The rest of the current block is unreachable for every active lane (after a
    /// divergent `break` or `return`).
    pub dead: bool,
    /// The row checked on entry that the global ids of dimension 0 of its work-items are at
    /// most `i32::MAX`, so converting them to a 32-bit integer keeps every lane's value
    /// (see [`NoWrap::GlobalId`]).
    pub small_ids: bool,
    /// The `vloadN`/`vstoreN` groups of the kernel.
    pub groups: std::rc::Rc<crate::vectorize::groups::Groups>,
    /// Components of a group loaded with its first load, until their own load is reached.
    pub group_vals: HashMap<ValueId, VVal>,
    /// The stores of a group held back until its last store, `(ptr, value)`.
    pub held_stores: Vec<(ValueId, ValueId)>,
    /// The row cut's condition and the flag that says whether a lane of this chunk took its
    /// `if` (see [`RowExit`]).
    pub cut: Option<(ValueId, Variable)>,
    /// The condition of the row cut's `if` when every lane of the chunk takes it (a cut of
    /// known length, [`crate::vectorize::row_cut::RowCut::limit`]).
    pub whole_if: Option<ValueId>,
    /// Set while an interleaved chunk translates an `if (c) break;`: the early exit when no
    /// lane is left waits for every chunk ([`interleave`]).
    pub defer_loop_exit: bool,
}

impl Tx<'_, '_, '_> {
    /// Emits `stmts` as a vectorised region (see the module documentation); `cut`: the
    /// final `if` when rows end at the first chunk that skips it, or at a known length.
    pub(super) fn vector_region(
        &mut self,
        stmts: &[Stmt],
        key: RegionKey,
        u: &Uniformity,
        consts: &HashMap<ValueId, i64>,
        cut: Option<crate::vectorize::row_cut::RowCut>,
    ) -> Result<(), CompileError> {
        self.region = key;
        self.pending_used = false;
        if self.plan.has_barrier {
            let z = self.b.ins().iconst(types::I8, pending::NONE);
            self.b.def_var(self.pending, z);
        }
        let [vx, vy, vz] = self.counters;
        let [_, lsy, lsz] = self.local_size;
        // A cut of known length: the region's loops end there, and its chunks all take the
        // final `if` (restored at the end of the region).
        let full_row = self.row_len;
        let limit = cut.and_then(|c| c.limit);
        if let Some(n) = limit {
            let n = self
                .b
                .ins()
                .iconst(types::I64, n.min(i64::MAX as u64) as i64);
            self.row_len = self.b.ins().umin(full_row, n);
        }
        let lsx = self.row_len;
        let z_hdr = self.b.create_block();
        let y_init = self.b.create_block();
        let y_hdr = self.b.create_block();
        let x_init = self.b.create_block();
        let v_hdr = self.b.create_block();
        let v_body = self.b.create_block();
        let s_hdr = self.b.create_block();
        let s_body = self.b.create_block();
        let s_next = self.b.create_block();
        let y_next = self.b.create_block();
        let z_next = self.b.create_block();
        let done = self.b.create_block();
        // Rows whose global ids do not all fit in an int (beyond 2^31 work-items) run one
        // work-item at a time instead: the test depends on the group alone (its first
        // global id plus the row length), so it is made once here.
        let small_ids = narrows_global_id(self.f);
        let whole_if = limit.and(cut).map(|c| c.cond);
        let cut = cut.filter(|c| c.limit.is_none()).map(|c| RowExit {
            cond: c.cond,
            row_end: y_next,
        });
        let rows_fit = small_ids.then(|| {
            let last = self.b.ins().iadd(self.group_base[0], lsx);
            self.b
                .ins()
                .icmp_imm_s(IntCC::UnsignedLessThanOrEqual, last, i32::MAX as i64 + 1)
        });
        self.counter_start(vz, z_hdr);
        self.counter_test(z_hdr, vz, lsz, y_init, done);
        self.b.switch_to_block(y_init);
        self.counter_start(vy, y_hdr);
        self.counter_test(y_hdr, vy, lsy, x_init, z_next);
        self.b.switch_to_block(x_init);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(vx, zero);
        // Pairs of chunks while x + 2 * LANES <= local size (small straight-line regions,
        // where the loop's own instructions are a large part of each chunk, one chunk after
        // the other; regions with loops the same for every lane interleaved, four chunks
        // where their loops have the registers for them), then single
        // chunks while x + LANES <= local size. Each test is repeated at the end of its
        // loop's body, so a loop takes one branch per iteration.
        // A kernel compiled for its local size leaves out the loop that cannot run: pairs in
        // rows shorter than two chunks, single chunks after pairs in rows of whole pairs.
        // A wide row is a multiple of the local size long: pairs may fit in it whatever the
        // size, and it holds whole pairs when a group's row does.
        let row = self
            .env
            .local_size
            .map(|n| limit.map_or(n[0], |l| n[0].min(l)));
        let interleave = self.interleaves(stmts, u);
        // Chunks per iteration of the first loop: two, or as many as an interleaved region's
        // loops have registers for (`vectorize::pressure`) when its rows hold that many.
        let k = match interleave {
            true => self.interleaved_chunks(stmts, u),
            false => 2,
        };
        let k = match self.plan.wide_rows || row.is_none_or(|n| n >= (k * LANES) as u64) {
            true => k,
            false => 2,
        };
        let pairs = ((interleave || unrolls_chunks(stmts))
            && (self.plan.wide_rows || row.is_none_or(|n| n >= (k * LANES) as u64)))
        .then(|| (self.b.create_block(), self.b.create_block()));
        let singles = pairs.is_none() || row.is_none_or(|n| n % ((k * LANES) as u64) != 0);
        let after_pairs = if singles { v_hdr } else { s_hdr };
        let first = pairs.map_or(v_hdr, |(p_hdr, _)| p_hdr);
        match rows_fit {
            Some(fit) => self.b.ins().brif(fit, first, &[], s_hdr, &[]),
            None => self.b.ins().jump(first, &[]),
        };
        if let Some((p_hdr, p_body)) = pairs {
            self.b.switch_to_block(p_hdr);
            self.chunk_test(k, p_body, after_pairs);
            self.b.switch_to_block(p_body);
            if interleave {
                let x = self.b.use_var(vx);
                self.vector_chunks(stmts, key, u, consts, x, small_ids, k, cut, whole_if)?;
            } else {
                for i in 0..k {
                    let x = self.b.use_var(vx);
                    let x = self.b.ins().iadd_imm_s(x, (i * LANES) as i64);
                    self.vector_chunks(stmts, key, u, consts, x, small_ids, 1, cut, whole_if)?;
                }
            }
            self.advance_chunks(k, p_body, after_pairs);
        }
        if singles {
            self.b.switch_to_block(v_hdr);
            self.chunk_test(1, v_body, s_hdr);
            self.b.switch_to_block(v_body);
            let x = self.b.use_var(vx);
            self.vector_chunks(stmts, key, u, consts, x, small_ids, 1, cut, whole_if)?;
            self.advance_chunks(1, v_body, s_hdr);
        }
        // The remaining work-items, one at a time; none when the kernel is compiled for
        // a row length that is a multiple of the chunk width (and every chunk runs vectorised).
        if !small_ids && row.is_some_and(|n| n % LANES as u64 == 0) {
            self.b.switch_to_block(s_hdr);
            self.b.ins().jump(y_next, &[]);
            self.row_len = full_row;
            return self.vector_region_end(y_next, y_hdr, z_next, z_hdr, done);
        }
        self.counter_test(s_hdr, vx, lsx, s_body, y_next);
        self.b.switch_to_block(s_body);
        let x = self.b.use_var(vx);
        let y = self.b.use_var(vy);
        let z = self.b.use_var(vz);
        let lid = [x, y, z];
        let lin = self.lin_of(lid);
        self.wi = Some(Wi {
            lid,
            lin,
            next: s_next,
        });
        self.work_item_stmts(stmts, key)?;
        if !self.terminated {
            self.b.ins().jump(s_next, &[]);
        }
        self.b.switch_to_block(s_next);
        self.leave_state_vars(key)?;
        let x = self.b.use_var(vx);
        let x = self.b.ins().iadd_imm_s(x, 1);
        self.b.def_var(vx, x);
        self.b.ins().jump(s_hdr, &[]);
        self.row_len = full_row;
        self.vector_region_end(y_next, y_hdr, z_next, z_hdr, done)
    }

    /// Emits `count` chunks of [`LANES`] work-items starting at dimension 0's local id `x`
    /// in the current block: one chunk, or several interleaved statement by statement
    /// ([`interleave`]). Ends in a new block after them, where every exit meets once the
    /// state variables they wrote are stored back.
    #[allow(clippy::too_many_arguments)]
    fn vector_chunks(
        &mut self,
        stmts: &[Stmt],
        key: RegionKey,
        u: &Uniformity,
        consts: &HashMap<ValueId, i64>,
        x: Value,
        small_ids: bool,
        count: usize,
        cut: Option<RowExit>,
        whole_if: Option<ValueId>,
    ) -> Result<(), CompileError> {
        let v_leave = self.b.create_block();
        let mut vss = (0..count)
            .map(|i| {
                let xi = if i == 0 {
                    x
                } else {
                    self.b.ins().iadd_imm_s(x, (i * LANES) as i64)
                };
                let mut vs = self.chunk_state(stmts, u, consts, xi, small_ids, v_leave);
                vs.whole_if = whole_if;
                vs
            })
            .collect::<Vec<_>>();
        // The cut's condition holds for a prefix of the row: once no lane of the last chunk
        // takes its `if`, no lane of a later chunk will, and the row is done. (A chunk that
        // leaves before the `if`, by a break the whole row takes, goes on as usual.)
        let row_taken = cut.map(|RowExit { cond, row_end }| {
            let taken = self.b.declare_var(types::I8);
            let yes = self.b.ins().iconst(types::I8, 1);
            self.b.def_var(taken, yes);
            if let Some(vs) = vss.last_mut() {
                vs.cut = Some((cond, taken));
            }
            (taken, row_end)
        });
        self.wi = Some(vss[0].lanes[0]);
        self.region_loop_base = self.loops.len();
        self.terminated = false;
        for vs in vss.iter_mut() {
            self.v_enter_state_vars(vs, key)?;
        }
        match vss.as_mut_slice() {
            [vs] => self.v_block_stmts(vs, stmts)?,
            vss => self.vi_block_stmts(vss, stmts)?,
        }
        if !self.terminated {
            self.b.ins().jump(v_leave, &[]);
        }
        self.b.switch_to_block(v_leave);
        for vs in vss.iter_mut() {
            self.v_leave_state_vars(vs, key)?;
        }
        let after = self.b.create_block();
        match row_taken {
            Some((taken, row_end)) => {
                let taken = self.b.use_var(taken);
                self.b.ins().brif(taken, after, &[], row_end, &[]);
            }
            None => {
                self.b.ins().jump(after, &[]);
            }
        }
        self.b.switch_to_block(after);
        Ok(())
    }

    /// The translation state of a chunk of [`LANES`] work-items starting at dimension 0's
    /// local id `x`, whose exits go to `v_leave`.
    fn chunk_state<'u>(
        &mut self,
        stmts: &[Stmt],
        u: &'u Uniformity,
        consts: &'u HashMap<ValueId, i64>,
        x: Value,
        small_ids: bool,
        v_leave: ClifBlock,
    ) -> VState<'u> {
        let [_, vy, vz] = self.counters;
        let y = self.b.use_var(vy);
        let z = self.b.use_var(vz);
        let lin0 = self.lin_of([x, y, z]);
        let lanes: [Wi; LANES] = std::array::from_fn(|i| {
            let (xi, lin) = if i == 0 {
                (x, lin0)
            } else {
                (
                    self.b.ins().iadd_imm_s(x, i as i64),
                    self.b.ins().iadd_imm_s(lin0, i as i64),
                )
            };
            Wi {
                lid: [xi, y, z],
                lin,
                next: v_leave,
            }
        });
        let alive = crate::vectorize::has_divergent_return(stmts, u).then(|| {
            let v = self.b.declare_var(types::I32X4);
            let all = self.all_lanes();
            self.b.def_var(v, all);
            v
        });
        VState {
            u,
            vals: HashMap::new(),
            var_addrs: self.recomputed_var_addrs(),
            vars: HashMap::new(),
            lanes,
            consts,
            if_mask: None,
            alive,
            loops: Vec::new(),
            div_depth: 0,
            dead: false,
            lane_slots: HashMap::new(),
            var_aff: HashMap::new(),
            aff_vars: HashMap::new(),
            init_all_lanes: None,
            small_ids,
            groups: self.access_groups.clone(),
            group_vals: HashMap::new(),
            held_stores: Vec::new(),
            cut: None,
            whole_if: None,
            defer_loop_exit: false,
        }
    }

    /// The end of [`Self::vector_region`]'s loop nest: the next row, the next plane, and the
    /// pending exits after the last work-item.
    fn vector_region_end(
        &mut self,
        y_next: ClifBlock,
        y_hdr: ClifBlock,
        z_next: ClifBlock,
        z_hdr: ClifBlock,
        done: ClifBlock,
    ) -> Result<(), CompileError> {
        let [_, vy, vz] = self.counters;
        self.b.switch_to_block(y_next);
        let y = self.b.use_var(vy);
        let y = self.b.ins().iadd_imm_s(y, 1);
        self.b.def_var(vy, y);
        self.b.ins().jump(y_hdr, &[]);
        self.b.switch_to_block(z_next);
        let z = self.b.use_var(vz);
        let z = self.b.ins().iadd_imm_s(z, 1);
        self.b.def_var(vz, z);
        self.b.ins().jump(z_hdr, &[]);
        self.b.switch_to_block(done);
        self.wi = None;
        self.terminated = false;
        self.region = GROUP;
        if self.pending_used {
            self.dispatch_pending();
        }
        Ok(())
    }

    /// Branches to `body` when `chunks` more chunks of [`LANES`] work-items fit in the row,
    /// else to `rest`.
    fn chunk_test(&mut self, chunks: usize, body: ClifBlock, rest: ClifBlock) {
        let x = self.b.use_var(self.counters[0]);
        let end = self.b.ins().iadd_imm_s(x, (chunks * LANES) as i64);
        let fits = self
            .b
            .ins()
            .icmp(IntCC::UnsignedLessThanOrEqual, end, self.row_len);
        self.b.ins().brif(fits, body, &[], rest, &[]);
    }

    /// The end of a loop body of `chunks` chunks: advances dimension 0's counter past them
    /// and repeats the loop's test.
    fn advance_chunks(&mut self, chunks: usize, body: ClifBlock, rest: ClifBlock) {
        let vx = self.counters[0];
        let x = self.b.use_var(vx);
        let x = self.b.ins().iadd_imm_s(x, (chunks * LANES) as i64);
        self.b.def_var(vx, x);
        self.chunk_test(chunks, body, rest);
    }

    fn counter_start(&mut self, counter: Variable, header: ClifBlock) {
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(counter, zero);
        self.b.ins().jump(header, &[]);
    }

    /// Records `v`, storing it to each lane's state when another region uses it.
    pub(super) fn v_define(
        &mut self,
        vs: &mut VState,
        id: ValueId,
        v: VVal,
    ) -> Result<(), CompileError> {
        if let Some(&off) = self.plan.group.spills.get(&id) {
            // The same in every lane (and work-item): lane 0's value.
            let ps = self.pieces_of(self.f.value_type(id))?;
            let x = v.lane(&mut self.b, 0);
            self.store_group(off, &ps, &x);
        } else if let Some(&off) = self.plan.spills.get(&id) {
            let ps = self.pieces_of(self.f.value_type(id))?;
            self.v_store_state(vs, off, &ps, &v);
        }
        vs.vals.insert(id, v);
        Ok(())
    }

    /// The representation of `v`: defined in this region, reloaded from the work-item state
    /// or recomputed (defined in another region), or a kernel parameter.
    pub(crate) fn v_get(&mut self, vs: &mut VState, v: ValueId) -> Result<VVal, CompileError> {
        if let Some(x) = vs.vals.get(&v) {
            return Ok(x.clone());
        }
        let elsewhere = self
            .plan
            .def_region
            .get(&v)
            .is_some_and(|d| *d != self.region);
        if elsewhere {
            if let Some(op) = self.plan.remat.get(&v).cloned() {
                // Recomputed here, with its affine or vector form (not cached: this use
                // need not dominate the next).
                return self.v_op(vs, v, &op);
            }
        }
        let saved = self.wi;
        let spilled = self.plan.spills.get(&v).copied();
        let r = if let (Some(off), true, true) = (spilled, vs.u.is_varying(v), elsewhere) {
            let ps = self.pieces_of(self.f.value_type(v))?;
            self.v_load_state(vs, off, &ps)
        } else {
            self.wi = Some(vs.lanes[0]);
            VVal::Uni(self.val(v)?)
        };
        self.wi = saved;
        Ok(r)
    }
}

impl Tx<'_, '_, '_> {
    /// True when region `stmts` runs its chunks interleaved ([`interleave`]): as
    /// [`crate::vectorize::interleaves_chunks`] decides, and not in checked code. In a kernel
    /// with barriers the regions between them qualify alike: each chunk loads and stores its
    /// own work-items' state.
    fn interleaves(&self, stmts: &[Stmt], u: &Uniformity) -> bool {
        self.check.is_none() && crate::vectorize::interleaves_chunks(self.types, self.f, stmts, u)
    }

    /// How many chunks (2 or 4) region `stmts`, which [`Self::interleaves`], runs interleaved
    /// ([`crate::vectorize::pressure`]).
    fn interleaved_chunks(&self, stmts: &[Stmt], u: &Uniformity) -> usize {
        let movable = &self.movable_loads;
        crate::vectorize::interleaved_chunk_count(self.types, self.f, stmts, u, movable)
    }

    /// Emits `stmts` vectorised when the vectorize stage runs and the region allows it,
    /// recording the decision in `env.notes`; false when the caller must emit it scalar.
    pub(super) fn try_vector_region(
        &mut self,
        stmts: &[Stmt],
        key: RegionKey,
    ) -> Result<bool, CompileError> {
        let Some(u) = self.uniformity.clone() else {
            return Ok(false);
        };
        let n = self
            .env
            .notes
            .iter()
            .filter(|l| l.starts_with("region "))
            .count();
        if let Some(why) =
            crate::vectorize::region_blocker(self.types, self.f, self.plan, &u, stmts)
        {
            self.env
                .notes
                .push(format!("region {n}: scalar work-item loop: {why}"));
            return Ok(false);
        }
        let pairs = if unrolls_chunks(stmts) {
            ", two chunks per loop iteration"
        } else if self.interleaves(stmts, &u) {
            match self.interleaved_chunks(stmts, &u) {
                4 => ", four chunks per loop iteration, interleaved",
                _ => ", two chunks per loop iteration, interleaved",
            }
        } else {
            ""
        };
        let consts = self.int_consts.clone();
        // A region that does nothing past a point of each row leaves the row there.
        let cut = self
            .check
            .is_none()
            .then(|| {
                crate::vectorize::row_cut::row_cut(
                    self.types, self.f, self.plan, &u, &consts, stmts,
                )
            })
            .flatten();
        let cut_note = match cut.map(|c| c.limit) {
            Some(Some(1)) => ", each row cut to its first 1 work-item".into(),
            Some(Some(n)) => format!(", each row cut to its first {n} work-items"),
            Some(None) => ", each row left at the first chunk that skips the final `if`".into(),
            None => String::new(),
        };
        self.env.notes.push(format!(
            "region {n}: vectorised, {LANES} work-items per chunk{pairs}{cut_note}"
        ));
        self.vector_region(stmts, key, &u, &consts, cut)?;
        Ok(true)
    }
}

/// Statements of a region up to which its chunk loop runs two chunks per iteration.
const UNROLL_STATEMENTS: usize = 32;

/// True when the chunk loop of region `stmts` runs two chunks per iteration: a short region
/// without loops, whose chunk is a few instructions beside the loop's own test and
/// increment (vecadd's chunk is five). Longer regions are left alone: their loop costs
/// little in comparison, and every copy of a chunk adds to the compile time.
fn unrolls_chunks(stmts: &[Stmt]) -> bool {
    let mut count = 0;
    let mut has_loop = false;
    oclc_ir::walk_stmt_list(stmts, &mut |s| {
        count += 1;
        has_loop |= matches!(s, Stmt::Loop { .. });
    });
    !has_loop && count <= UNROLL_STATEMENTS
}

/// True when `func` converts a global id of dimension 0 to a narrower integer (`int x =
/// get_global_id(0)`): its vectorised chunks then check that their ids fit in an int.
pub(crate) fn narrows_global_id(func: &oclc_ir::Function) -> bool {
    let mut gids = std::collections::HashSet::new();
    let mut found = false;
    oclc_ir::walk_stmts(&func.body, &mut |s| match s {
        Stmt::Let {
            value,
            op:
                oclc_ir::Op::WorkItem {
                    query: oclc_ir::WorkItemQuery::GlobalId,
                    dim: oclc_ir::Dim::Const(0),
                },
        } => {
            gids.insert(*value);
        }
        Stmt::Let {
            op: oclc_ir::Op::Convert { value, .. },
            ..
        } => found |= gids.contains(value),
        _ => {}
    });
    found
}

/// The integer constants defined in `func`, by value (sign- or zero-extended by type).
pub(crate) fn int_consts(func: &oclc_ir::Function) -> HashMap<ValueId, i64> {
    oclc_ir::analysis::defs::int_constants(func)
        .into_iter()
        .map(|(v, c)| (v, c.as_i64()))
        .collect()
}
