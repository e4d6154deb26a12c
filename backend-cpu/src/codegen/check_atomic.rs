//! The inline record of an atomic operation that writes a `__local` cell
//! ([`crate::check::fast`], [`crate::check::local_cell`]): histograms and counters make
//! many of them, so they do not call the shadow routine when the cell shows no race.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value};

use super::Tx;
use crate::check::local_cell::{ATOMIC, LIN_MASK, SEVERAL};

impl Tx<'_, '_, '_> {
    /// For an atomic write by work-item `lin` of a cell whose halves are `w` and `r` (each
    /// `epoch | lin << 32` with the flags in the high half), in epoch `epoch` (`mine` is
    /// `epoch | lin << 32`): whether it can be recorded inline, and the write half it leaves.
    /// It can when the read half holds no read of another work-item in this epoch, and the
    /// write half another epoch's write (then it becomes this work-item's atomic one), an
    /// atomic write of this epoch (marked [`SEVERAL`] when of another work-item), or this
    /// work-item's plain write of this epoch (which stays); the caller also asks for a write
    /// of the group (else the old value may be uninitialised). Everything else calls the
    /// routine.
    pub(super) fn inline_local_atomic(
        &mut self,
        w: Value,
        r: Value,
        epoch: Value,
        lin: Value,
        mine: Value,
    ) -> (Value, Value) {
        let half_epoch = |tx: &mut Self, v| tx.b.ins().band_imm_s(v, 0xffff_ffff);
        let r_epoch = half_epoch(self, r);
        let r_other = self.b.ins().icmp(IntCC::NotEqual, r_epoch, epoch);
        let r_mine = self.b.ins().icmp(IntCC::Equal, r, mine);
        let r_ok = self.b.ins().bor(r_other, r_mine);
        let w_epoch = half_epoch(self, w);
        let w_other = self.b.ins().icmp(IntCC::NotEqual, w_epoch, epoch);
        let atomic_bit = self.b.ins().band_imm_s(w, i64::from(ATOMIC) << 32);
        let w_atomic = self.b.ins().icmp_imm_s(IntCC::NotEqual, atomic_bit, 0);
        let w_mine = self.b.ins().icmp(IntCC::Equal, w, mine);
        let w_ok = self.b.ins().bor(w_other, w_atomic);
        let w_ok = self.b.ins().bor(w_ok, w_mine);
        let fast = self.b.ins().band(r_ok, w_ok);
        let fresh = self.b.ins().bor_imm_s(mine, i64::from(ATOMIC) << 32);
        let w_lin = self.b.ins().ushr_imm_s(w, 32);
        let w_lin = self.b.ins().band_imm_s(w_lin, i64::from(LIN_MASK));
        let other_lin = self.b.ins().icmp(IntCC::NotEqual, w_lin, lin);
        let several = self.b.ins().bor_imm_s(w, (u64::from(SEVERAL) << 32) as i64);
        let joined = self.b.ins().select(other_lin, several, w);
        let value = self.b.ins().select(w_other, fresh, joined);
        (fast, value)
    }
}
