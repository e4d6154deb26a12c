//! One cell of the `__global` shadow ([`crate::check::global`]): what it records of the
//! accesses of its granule of a buffer, and how an access is checked against it and
//! recorded. Reads (plain ones and atomic loads) go to the read half; plain stores and
//! atomic operations that write to the write half, an atomic one marked [`ATOMIC`]. Two
//! accesses of one launch race when one writes, not both are atomic, and they come from
//! different work-groups or from two work-items of a group in one epoch.
//!
//! The read half keeps a plain reader when its epoch has one: [`ATOMIC`] in [`R_LIN`] says
//! that its work-item's reads were atomic loads only, and [`MIXED`] that the other reads it
//! sums up ([`SEVERAL`], [`EARLIER_GROUP`]) may include atomic loads (then an atomic write
//! does not report them).

/// The bit of [`R_LIN`] that says several work-items read the cell in its epoch, and of an
/// [`ATOMIC`] [`W_LIN`] that atomics of several work-items wrote it in its epoch.
pub const SEVERAL: u32 = 1 << 31;
/// The bit of [`R_LIN`] that says a work-group before the last reader's read it, and of an
/// [`ATOMIC`] [`W_LIN`] that atomics of a work-group before the last writer's wrote it.
pub const EARLIER_GROUP: u32 = 1 << 30;
/// The bit of [`W_LIN`] that says the writes it records were atomic, and of [`R_LIN`] that
/// the reads of its work-item were atomic loads.
pub const ATOMIC: u32 = 1 << 29;
/// The bit of [`R_LIN`] that says the other reads it sums up ([`SEVERAL`],
/// [`EARLIER_GROUP`]) may include atomic loads.
pub const MIXED: u32 = 1 << 28;
/// The work-item bits of [`W_LIN`] and [`R_LIN`] (a work-group has at most 4096).
pub const LIN_MASK: u32 = MIXED - 1;

/// What is known of one granule of a `__global` buffer (16 bytes, as four `u32`s so that
/// a buffer's cells come zeroed from the allocator; see the `W_*` and `R_*` indices).
pub type Cell = [u32; 4];
/// The epoch of the last write (0: never).
pub const W_EPOCH: usize = 0;
/// The linear local id of the last writer, with [`ATOMIC`], [`SEVERAL`] and
/// [`EARLIER_GROUP`].
pub const W_LIN: usize = 1;
/// The epoch of the last read (0: never).
pub const R_EPOCH: usize = 2;
/// The linear local id of the last reader, with [`SEVERAL`] and [`EARLIER_GROUP`].
pub const R_LIN: usize = 3;

/// The other side of a race: the epoch of its access (which names its group) and its
/// linear local id, when known.
#[derive(Clone, Copy)]
pub(crate) struct Other {
    /// The epoch of its access (0: unknown).
    pub epoch: u32,
    /// Its linear local id.
    pub lin: Option<u32>,
}

/// The epochs an access of a [`crate::check::global::GlobalShadow`] is checked and recorded with.
#[derive(Clone, Copy)]
pub(crate) struct Epochs {
    /// The current epoch.
    pub epoch: u32,
    /// The current work-group's first.
    pub start: u32,
    /// The launch's first.
    pub launch: u32,
}

impl Epochs {
    /// The writer of cell `c` that an access by work-item `lin` (`atomic` or plain) races
    /// with: one of an earlier group or of this epoch by another work-item (two atomics
    /// never race).
    pub(crate) fn write_race(&self, c: &Cell, atomic: bool, lin: u32) -> Option<Other> {
        let (w, flags) = (c[W_EPOCH], c[W_LIN]);
        if w < self.launch || (atomic && flags & ATOMIC != 0) {
            return None;
        }
        let w_lin = flags & LIN_MASK;
        let known = Other {
            epoch: w,
            lin: Some(w_lin),
        };
        if w < self.start || (w == self.epoch && w_lin != lin) {
            Some(known)
        } else if flags & EARLIER_GROUP != 0 {
            Some(Other {
                epoch: 0,
                lin: None,
            })
        } else if w == self.epoch && flags & SEVERAL != 0 {
            Some(Other {
                epoch: w,
                lin: None,
            })
        } else {
            None
        }
    }

    /// The reader of cell `c` that a write by work-item `lin` races with: one of an earlier
    /// group, or of this epoch by another work-item (for an `atomic` write, plain reads
    /// only).
    pub(crate) fn read_race(&self, c: &Cell, atomic: bool, lin: u32) -> Option<Other> {
        let (r, flags) = (c[R_EPOCH], c[R_LIN]);
        let reader = flags & LIN_MASK;
        // Whether the recorded work-item's reads, and the others', count.
        let reader_counts = !atomic || flags & ATOMIC == 0;
        let others_count = !atomic || flags & MIXED == 0;
        let unknown = Other {
            epoch: 0,
            lin: None,
        };
        if r < self.launch {
            None
        } else if r < self.start {
            if reader_counts {
                Some(Other {
                    epoch: r,
                    lin: Some(reader),
                })
            } else {
                (others_count && flags & (SEVERAL | EARLIER_GROUP) != 0).then_some(unknown)
            }
        } else if flags & EARLIER_GROUP != 0 && others_count {
            Some(unknown)
        } else if r != self.epoch {
            None
        } else if reader != lin && reader_counts {
            Some(Other {
                epoch: r,
                lin: Some(reader),
            })
        } else if flags & SEVERAL != 0 && (!atomic || (reader == lin && others_count)) {
            Some(Other {
                epoch: r,
                lin: None,
            })
        } else {
            None
        }
    }

    /// Records an access (`write`, `atomic`) of cell `c` by work-item `lin`.
    pub(crate) fn record(&self, c: &mut Cell, (write, atomic): (bool, bool), lin: u32) {
        match (write, atomic) {
            (true, false) => (c[W_EPOCH], c[W_LIN]) = (self.epoch, lin),
            (true, true) => self.record_atomic(c, lin),
            (false, _) => self.record_read(c, atomic, lin),
        }
    }

    /// Records an atomic write of cell `c` by work-item `lin`. A plain write of this epoch
    /// stays (the work-item's own covers the atomic; another's raced).
    fn record_atomic(&self, c: &mut Cell, lin: u32) {
        let (w, flags) = (c[W_EPOCH], c[W_LIN]);
        if w == self.epoch {
            if flags & ATOMIC != 0 && flags & LIN_MASK != lin {
                c[W_LIN] |= SEVERAL;
            }
            return;
        }
        let earlier = if w < self.launch {
            0
        } else if w < self.start {
            EARLIER_GROUP
        } else {
            flags & EARLIER_GROUP
        };
        (c[W_EPOCH], c[W_LIN]) = (self.epoch, lin | ATOMIC | earlier);
    }

    /// Records a read (`atomic` or plain) of cell `c` by work-item `lin`. A plain reader
    /// replaces one of the epoch whose reads were atomic.
    fn record_read(&self, c: &mut Cell, atomic: bool, lin: u32) {
        let (r, flags) = (c[R_EPOCH], c[R_LIN]);
        let mine = lin | if atomic { ATOMIC } else { 0 };
        // The flags the earlier groups' reads leave.
        let mixed = |f: u32| if f & (ATOMIC | MIXED) != 0 { MIXED } else { 0 };
        let earlier = if flags & EARLIER_GROUP != 0 {
            flags & (EARLIER_GROUP | MIXED)
        } else {
            0
        };
        c[R_LIN] = if r < self.launch {
            mine
        } else if r < self.start {
            mine | EARLIER_GROUP | mixed(flags)
        } else if r != self.epoch {
            mine | earlier
        } else if flags & LIN_MASK == lin {
            if atomic {
                flags
            } else {
                flags & !ATOMIC
            }
        } else if flags & ATOMIC != 0 && !atomic {
            lin | SEVERAL | MIXED | (flags & EARLIER_GROUP)
        } else {
            flags | SEVERAL | if atomic { MIXED } else { 0 }
        };
        c[R_EPOCH] = self.epoch;
    }
}
