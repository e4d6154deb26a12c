//! Control flow: regions and their work-item loops, structured statements inside a region,
//! and group-level statements of kernels with barriers.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block as ClifBlock, InstBuilder, MemFlagsData, Value};
use oclc_ir::{Block, Stmt, SwitchCase};

use super::{pending, LoopTarget, Tx, Wi};
use crate::error::CompileError;
use crate::plan::{run_key, split, Part, RegionKey, GROUP};

/// The blocks of a work-item loop in construction.
struct WiLoop {
    next: ClifBlock,
    y_next: ClifBlock,
    z_next: ClifBlock,
    x_hdr: ClifBlock,
    y_hdr: ClifBlock,
    z_hdr: ClifBlock,
    done: ClifBlock,
    lid: [Value; 3],
}

impl Tx<'_, '_, '_> {
    /// Opens `for z { for y { for x { ... } } }` over the local size; leaves the builder in
    /// the body with `self.wi` set.
    fn begin_wi_loop(&mut self) -> WiLoop {
        let [vx, vy, vz] = self.counters;
        let blocks: Vec<ClifBlock> = (0..9).map(|_| self.b.create_block()).collect();
        let (z_hdr, y_init, y_hdr, x_init, x_hdr, body, next, y_next, z_next) = (
            blocks[0], blocks[1], blocks[2], blocks[3], blocks[4], blocks[5], blocks[6], blocks[7],
            blocks[8],
        );
        let done = self.b.create_block();
        let [_, lsy, lsz] = self.local_size;
        let lsx = self.row_len;
        // z, then y, then x: reset the counter, then test it against the local size.
        self.start_counter(vz, z_hdr);
        self.counter_test(z_hdr, vz, lsz, y_init, done);
        self.b.switch_to_block(y_init);
        self.start_counter(vy, y_hdr);
        self.counter_test(y_hdr, vy, lsy, x_init, z_next);
        self.b.switch_to_block(x_init);
        self.start_counter(vx, x_hdr);
        self.counter_test(x_hdr, vx, lsx, body, y_next);
        self.b.switch_to_block(body);
        let lid = [self.b.use_var(vx), self.b.use_var(vy), self.b.use_var(vz)];
        let lin = self.lin_of(lid);
        self.wi = Some(Wi { lid, lin, next });
        self.store_debug_ids(lid);
        WiLoop {
            next,
            y_next,
            z_next,
            x_hdr,
            y_hdr,
            z_hdr,
            done,
            lid,
        }
    }

    /// Closes a work-item loop of region `key` (storing back the state variables it wrote);
    /// leaves the builder after it.
    fn end_wi_loop(&mut self, l: WiLoop, key: RegionKey) -> Result<(), CompileError> {
        let [vx, vy, vz] = self.counters;
        if !self.terminated {
            self.b.ins().jump(l.next, &[]);
        }
        self.b.switch_to_block(l.next);
        self.leave_state_vars(key)?;
        let x = self.b.ins().iadd_imm_s(l.lid[0], 1);
        self.b.def_var(vx, x);
        self.b.ins().jump(l.x_hdr, &[]);
        self.b.switch_to_block(l.y_next);
        let y = self.b.use_var(vy);
        let y = self.b.ins().iadd_imm_s(y, 1);
        self.b.def_var(vy, y);
        self.b.ins().jump(l.y_hdr, &[]);
        self.b.switch_to_block(l.z_next);
        let z = self.b.use_var(vz);
        let z = self.b.ins().iadd_imm_s(z, 1);
        self.b.def_var(vz, z);
        self.b.ins().jump(l.z_hdr, &[]);
        self.b.switch_to_block(l.done);
        self.wi = None;
        self.terminated = false;
        Ok(())
    }

    /// Emits a region: `stmts` run for every work-item of the group.
    pub(super) fn region(&mut self, stmts: &[Stmt], key: RegionKey) -> Result<(), CompileError> {
        self.snapshot_group_vars(key)?;
        if self.plan.group.once.contains(&key) {
            return self.once_region(stmts, key);
        }
        if self.try_vector_region(stmts, key)? {
            return Ok(());
        }
        self.region = key;
        self.pending_used = false;
        if self.plan.has_barrier {
            let z = self.b.ins().iconst(types::I8, pending::NONE);
            self.b.def_var(self.pending, z);
        }
        self.region_checks_begin();
        let l = self.begin_wi_loop();
        self.region_loop_base = self.loops.len();
        self.work_item_stmts(stmts, key)?;
        self.end_wi_loop(l, key)?;
        self.region_checks_end();
        self.region = GROUP;
        if self.pending_used {
            self.dispatch_pending();
        }
        Ok(())
    }

    /// Emits one work-item's statements of region `key` (state variables loaded on entry),
    /// stopping after a statement that ends the block.
    pub(super) fn work_item_stmts(
        &mut self,
        stmts: &[Stmt],
        key: RegionKey,
    ) -> Result<(), CompileError> {
        self.enter_state_vars(key)?;
        self.clear_init_flags();
        self.terminated = false;
        for s in stmts {
            if self.terminated {
                break;
            }
            self.stmt(s)?;
        }
        Ok(())
    }

    /// After a region: acts on a `return`/`break`/`continue` its work-items reached.
    pub(super) fn dispatch_pending(&mut self) {
        let p = self.b.use_var(self.pending);
        let cont = self.b.create_block();
        let some = self.b.create_block();
        self.b.ins().brif(p, some, &[], cont, &[]);
        self.b.switch_to_block(some);
        let is_ret = self.b.ins().icmp_imm_s(IntCC::Equal, p, pending::RETURN);
        match self.loops.last().copied() {
            Some(t) => {
                let other = self.b.create_block();
                self.b.ins().brif(is_ret, self.exit, &[], other, &[]);
                self.b.switch_to_block(other);
                let is_brk = self.b.ins().icmp_imm_s(IntCC::Equal, p, pending::BREAK);
                self.b.ins().brif(is_brk, t.brk, &[], t.cont, &[]);
            }
            None => {
                self.b.ins().brif(is_ret, self.exit, &[], cont, &[]);
            }
        }
        self.b.switch_to_block(cont);
    }

    /// Leaves the current work-item with a pending code (aimed at group level).
    fn leave_work_item(&mut self, code: i64) {
        let next = self.wi.expect("inside a region").next;
        self.region_checks_exit();
        if self.plan.has_barrier {
            let c = self.b.ins().iconst(types::I8, code);
            self.b.def_var(self.pending, c);
            self.pending_used = true;
        }
        self.b.ins().jump(next, &[]);
        self.terminated = true;
    }

    /// Emits a block inside a region.
    fn block(&mut self, block: &Block) -> Result<(), CompileError> {
        for s in &block.stmts {
            if self.terminated {
                break;
            }
            self.stmt(s)?;
        }
        Ok(())
    }

    /// Emits one statement inside a region.
    pub(super) fn stmt(&mut self, s: &Stmt) -> Result<(), CompileError> {
        match s {
            Stmt::Switch { selector, cases } => {
                let sel = self.val1(*selector)?;
                let bits = self.scalar(*selector)?.bits();
                self.emit_switch(sel, bits, cases, |tx, b| tx.block(b))?;
            }
            Stmt::Fence { .. } => {
                // A work-item's own accesses stay in program order; the fence also orders
                // them for other threads.
                self.b.ins().fence();
            }
            Stmt::Let { value, op } => {
                self.mark_source(*value);
                let lanes = self.op(*value, op)?;
                self.define(*value, lanes)?;
            }
            Stmt::Store { ptr, value } if self.var_addrs.contains_key(ptr) => {
                let l = self.var_addrs[ptr];
                let vars = self.vars[&l].clone();
                let vs = self.val(*value)?;
                for (var, v) in vars.iter().zip(vs) {
                    self.b.def_var(*var, v);
                }
                self.note_var_stored(l);
            }
            Stmt::Store { ptr, value } => {
                let p = self.val1(*ptr)?;
                let vty = self.f.value_type(*value);
                let p = self.checked_access(self.access(*ptr, p, vty, true, *ptr))?;
                let vs = self.val(*value)?;
                let ps = self.pieces_of(self.f.value_type(*value))?;
                for (pc, v) in ps.iter().zip(vs) {
                    self.b
                        .ins()
                        .store(MemFlagsData::new(), v, p, pc.offset as i32);
                }
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let c = self.val1(*cond)?;
                let span = self.check.as_ref().and_then(|_| self.value_span(*cond));
                self.barrier_checks.cond_spans.push(span);
                let r = self.emit_if(c, |tx| tx.block(then_body), |tx| tx.block(else_body));
                self.barrier_checks.cond_spans.pop();
                r?;
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                self.emit_loop(
                    |tx| tx.block(body),
                    |tx| tx.block(continuing),
                    |tx| break_if.map(|c| tx.val1(c)).transpose(),
                )?;
            }
            Stmt::Break | Stmt::Continue => {
                let is_break = matches!(s, Stmt::Break);
                let inside = match self.loops.last() {
                    Some(_) if is_break => self.loops.len() > self.region_loop_base,
                    Some(t) => t.cont_owner >= self.region_loop_base,
                    None => false,
                };
                if inside {
                    let t = *self.loops.last().unwrap();
                    let to = if is_break { t.brk } else { t.cont };
                    self.b.ins().jump(to, &[]);
                    self.terminated = true;
                } else {
                    let code = if is_break {
                        pending::BREAK
                    } else {
                        pending::CONTINUE
                    };
                    self.leave_work_item(code);
                }
            }
            Stmt::Return(value) => {
                if let (Some(v), Some(vars)) = (value, self.ret_vars.clone()) {
                    let vs = self.val(*v)?;
                    for (var, x) in vars.iter().zip(vs) {
                        self.b.def_var(*var, x);
                    }
                }
                self.leave_work_item(pending::RETURN)
            }
            Stmt::Barrier { .. } => {
                return Err(self.err("a barrier inside a region (planner bug)"));
            }
        }
        Ok(())
    }

    /// Emits `if (c) then else els` with the given generators.
    fn emit_if(
        &mut self,
        c: Value,
        then: impl FnOnce(&mut Self) -> Result<(), CompileError>,
        els: impl FnOnce(&mut Self) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        let tb = self.b.create_block();
        let eb = self.b.create_block();
        let merge = self.b.create_block();
        self.b.ins().brif(c, tb, &[], eb, &[]);
        self.b.switch_to_block(tb);
        self.terminated = false;
        then(self)?;
        let t_term = self.terminated;
        if !t_term {
            self.b.ins().jump(merge, &[]);
        }
        self.b.switch_to_block(eb);
        self.terminated = false;
        els(self)?;
        let e_term = self.terminated;
        if !e_term {
            self.b.ins().jump(merge, &[]);
        }
        // When both branches left, the join block stays unused (and is never inserted).
        self.terminated = t_term && e_term;
        if !self.terminated {
            self.b.switch_to_block(merge);
        }
        Ok(())
    }

    /// Starts a loop: jumps to a new header block, switches to it and makes it the target of
    /// `break` and `continue` ([`Self::loops`]); the caller pops that target after the loop.
    pub(crate) fn open_loop(&mut self) -> LoopBlocks {
        let head = self.b.create_block();
        let cont = self.b.create_block();
        let exit = self.b.create_block();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        self.loops.push(LoopTarget {
            brk: exit,
            cont,
            cont_owner: self.loops.len(),
        });
        LoopBlocks { head, cont, exit }
    }

    /// Emits a loop: `body`, then `continuing`, then exit when the break condition holds.
    fn emit_loop(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), CompileError>,
        continuing: impl FnOnce(&mut Self) -> Result<(), CompileError>,
        break_if: impl FnOnce(&mut Self) -> Result<Option<Value>, CompileError>,
    ) -> Result<(), CompileError> {
        let LoopBlocks { head, cont, exit } = self.open_loop();
        self.terminated = false;
        body(self)?;
        if !self.terminated {
            self.b.ins().jump(cont, &[]);
        }
        self.b.switch_to_block(cont);
        self.terminated = false;
        continuing(self)?;
        let c = break_if(self)?;
        match c {
            Some(c) => {
                self.b.ins().brif(c, exit, &[], head, &[]);
            }
            None => {
                self.b.ins().jump(head, &[]);
            }
        }
        self.loops.pop();
        self.b.switch_to_block(exit);
        self.terminated = false;
        Ok(())
    }

    /// Emits a switch on `sel` (an integer of `bits` bits): a jump table or compare tree to
    /// the case blocks, each case jumping to the next when it falls through. `break` inside
    /// a case leaves the switch; `continue` goes to the enclosing loop.
    pub(super) fn emit_switch(
        &mut self,
        sel: Value,
        bits: u32,
        cases: &[SwitchCase],
        mut body: impl FnMut(&mut Self, &Block) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        let exit = self.b.create_block();
        let blocks: Vec<ClifBlock> = cases.iter().map(|_| self.b.create_block()).collect();
        let default = cases
            .iter()
            .position(|c| c.is_default)
            .map_or(exit, |i| blocks[i]);
        let mut table = cranelift_frontend::Switch::new();
        let mut seen = std::collections::HashSet::new();
        let mask = super::ops::mask(bits) as u64;
        for (c, blk) in cases.iter().zip(&blocks) {
            for v in &c.values {
                let key = (*v as u64 & mask) as u128;
                if seen.insert(key) {
                    table.set_entry(key, *blk);
                }
            }
        }
        table.emit(&mut self.b, sel, default);
        let (cont, cont_owner) = match self.loops.last() {
            Some(t) => (t.cont, t.cont_owner),
            None => (exit, self.loops.len()),
        };
        self.loops.push(LoopTarget {
            brk: exit,
            cont,
            cont_owner,
        });
        for (i, c) in cases.iter().enumerate() {
            self.b.switch_to_block(blocks[i]);
            self.terminated = false;
            body(self, &c.body)?;
            if !self.terminated {
                let next = if c.fall_through && i + 1 < blocks.len() {
                    blocks[i + 1]
                } else {
                    exit
                };
                self.b.ins().jump(next, &[]);
            }
        }
        self.loops.pop();
        self.b.switch_to_block(exit);
        self.terminated = false;
        Ok(())
    }

    /// Emits a group-level block of a kernel with barriers.
    pub(super) fn group_block(&mut self, block: &Block) -> Result<(), CompileError> {
        for part in split(block) {
            if self.terminated {
                break;
            }
            match part {
                Part::Run(run) => self.region(run, run_key(run))?,
                Part::Group(s) => self.group_stmt(s)?,
            }
        }
        Ok(())
    }

    fn group_stmt(&mut self, s: &Stmt) -> Result<(), CompileError> {
        match s {
            Stmt::Switch { selector, cases } => {
                // Uniform by OpenCL's rules: work-item 0's selector decides for the group.
                let sel = self.val1(*selector)?;
                self.check_uniform(*selector, sel)?;
                let bits = self.scalar(*selector)?.bits();
                self.emit_switch(sel, bits, cases, |tx, b| tx.group_block(b))?;
            }
            Stmt::Fence { .. } => {}
            Stmt::Barrier { fence } => self.barrier_seen(*fence),
            Stmt::Break | Stmt::Continue => {
                let t = *self
                    .loops
                    .last()
                    .ok_or_else(|| self.err("break or continue outside a loop"))?;
                let to = if matches!(s, Stmt::Break) {
                    t.brk
                } else {
                    t.cont
                };
                self.b.ins().jump(to, &[]);
                self.terminated = true;
            }
            Stmt::Return(_) => {
                self.b.ins().jump(self.exit, &[]);
                self.terminated = true;
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let c = self.val1(*cond)?;
                self.check_uniform(*cond, c)?;
                self.emit_if(
                    c,
                    |tx| tx.group_block(then_body),
                    |tx| tx.group_block(else_body),
                )?;
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                self.emit_loop(
                    |tx| tx.group_block(body),
                    |tx| tx.group_block(continuing),
                    |tx| {
                        let Some(cond) = *break_if else {
                            return Ok(None);
                        };
                        let c = tx.val1(cond)?;
                        tx.check_uniform(cond, c)?;
                        Ok(Some(c))
                    },
                )?;
            }
            Stmt::Let { .. } | Stmt::Store { .. } => {
                return Err(self.err("a plain statement at group level (planner bug)"));
            }
        }
        Ok(())
    }
}

impl Tx<'_, '_, '_> {
    /// Sets a work-item counter to 0 and jumps to its loop header.
    fn start_counter(&mut self, counter: cranelift_frontend::Variable, header: ClifBlock) {
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(counter, zero);
        self.b.ins().jump(header, &[]);
    }

    /// Fills a loop header: continue into `body` while `counter < limit`, else to `exit`.
    pub(super) fn counter_test(
        &mut self,
        header: ClifBlock,
        counter: cranelift_frontend::Variable,
        limit: Value,
        body: ClifBlock,
        exit: ClifBlock,
    ) {
        self.b.switch_to_block(header);
        let v = self.b.use_var(counter);
        let c = self.b.ins().icmp(IntCC::UnsignedLessThan, v, limit);
        self.b.ins().brif(c, body, &[], exit, &[]);
    }
}

/// The blocks of a loop opened by [`Tx::open_loop`].
pub(crate) struct LoopBlocks {
    /// The header, where each iteration starts.
    pub head: ClifBlock,
    /// Where `continue` goes: the `continuing` block.
    pub cont: ClifBlock,
    /// Where `break` goes, after the loop.
    pub exit: ClifBlock,
}
