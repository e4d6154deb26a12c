//! One cell of the `__local` shadow ([`crate::check::shadow`]): what it records of the
//! accesses of its granule, and how an access is checked against it and recorded.
//!
//! A cell is four `u32`s (see the `W_*` and `R_*` indices): the epoch and work-item of the
//! last write, and those of the last read. Reads (plain ones and atomic loads) go to the
//! read half; plain stores and atomic operations that write (`atomic_add`, `atomic_xchg`,
//! stores) to the write half, an atomic one marked [`ATOMIC`], with [`SEVERAL`] when atomics
//! of more than one work-item wrote the granule in the epoch. Two accesses of one epoch by
//! different work-items race when one writes and not both are atomic: a plain access races
//! with every write of another work-item, a plain write with every read too, an atomic one
//! with the plain writes and reads of the others.
//!
//! The read half keeps a plain reader when the epoch has one: [`ATOMIC`] in [`R_LIN`] says
//! that its work-item's reads were atomic loads only, and [`MIXED`] that the other readers
//! ([`SEVERAL`]) may include atomic loads (then an atomic write does not report them).
//!
//! A plain write of a work-item covers its own atomic ones of the epoch (it races with
//! whatever they race with, and more), so the cell keeps the plain write.

/// What is known of one granule of `__local` memory.
pub type Cell = [u32; 4];
/// The epoch of the last write (0: never). The granule was written in the current
/// work-group when this is at least the group's first epoch.
pub const W_EPOCH: usize = 0;
/// The linear work-item id of the last write, with [`ATOMIC`] and [`SEVERAL`].
pub const W_LIN: usize = 1;
/// The epoch of the last read.
pub const R_EPOCH: usize = 2;
/// The linear work-item id of the last read, with [`SEVERAL`] set when several
/// work-items read it in that epoch.
pub const R_LIN: usize = 3;

/// The bit of [`R_LIN`] that says several work-items read the granule in its epoch, and of
/// an [`ATOMIC`] [`W_LIN`] that atomics of several work-items wrote it.
pub const SEVERAL: u32 = 1 << 31;
/// The bit of [`W_LIN`] that says the epoch's writes of the granule were atomic, and of
/// [`R_LIN`] that the reads of its work-item were atomic loads.
pub const ATOMIC: u32 = 1 << 30;
/// The bit of [`R_LIN`] that says the other readers of its epoch ([`SEVERAL`]) may include
/// atomic loads.
pub const MIXED: u32 = 1 << 29;
/// The work-item bits of [`W_LIN`] and [`R_LIN`] (a work-group has at most 4096).
pub const LIN_MASK: u32 = MIXED - 1;

/// The other side of a race whose work-item is not known (a work-item other than the
/// reporting one did an atomic access).
pub const UNKNOWN_WORK_ITEM: u32 = u32::MAX;

/// An access of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellAccess {
    /// A write (for atomics: any operation but a load).
    pub write: bool,
    /// An atomic operation.
    pub atomic: bool,
    /// The linear work-item id.
    pub lin: u32,
    /// An atomic operation that reads the value it replaces (`atomic_add`, `atomic_inc`,
    /// `atomic_cmpxchg`...: all but loads, stores and exchanges).
    pub reads_old: bool,
}

/// Checks access `a` in epoch `epoch` against cell `c` and records it; returns whether it
/// reads a granule that the group (whose first epoch is `start`) never wrote (plain reads
/// and atomics that read the old value), and the other work-item of a race.
pub(crate) fn access_cell(
    c: &mut Cell,
    epoch: u32,
    start: u32,
    a: CellAccess,
) -> (bool, Option<u32>) {
    let CellAccess {
        write,
        atomic,
        lin,
        reads_old,
    } = a;
    let mut race = None;
    // An atomic that reads the old value of a granule the group never wrote.
    let unwritten_old = reads_old && c[W_EPOCH] < start;
    let w_lin = c[W_LIN] & LIN_MASK;
    let w_atomic = c[W_LIN] & ATOMIC != 0;
    let written_now = c[W_EPOCH] == epoch;
    // A write of another work-item in this epoch (not two atomics).
    if written_now && !(atomic && w_atomic) {
        if w_lin != lin {
            race = Some(w_lin);
        } else if c[W_LIN] & SEVERAL != 0 {
            race = Some(UNKNOWN_WORK_ITEM);
        }
    }
    let read_now = c[R_EPOCH] == epoch;
    if write && read_now {
        race = race.or(read_race(c[R_LIN], atomic, lin));
    }
    match (write, atomic) {
        (true, false) => (c[W_EPOCH], c[W_LIN]) = (epoch, lin),
        (true, true) => {
            if !written_now {
                (c[W_EPOCH], c[W_LIN]) = (epoch, lin | ATOMIC);
            } else if w_atomic && w_lin != lin {
                c[W_LIN] |= SEVERAL;
            }
            // A plain write of this epoch stays: the work-item's own covers the atomic,
            // another's raced.
            return (unwritten_old, race);
        }
        (false, _) => {
            if !read_now {
                c[R_EPOCH] = epoch;
                c[R_LIN] = lin | if atomic { ATOMIC } else { 0 };
            } else {
                c[R_LIN] = join_read(c[R_LIN], atomic, lin);
            }
            return (!atomic && c[W_EPOCH] < start, race);
        }
    }
    (false, race)
}

/// The reader of this epoch (read half `r_lin`, with its flags) that a write (`atomic` or
/// plain) by work-item `lin` races with: a plain write races with every read of another
/// work-item, an atomic one with the plain reads only.
fn read_race(r_lin: u32, atomic: bool, lin: u32) -> Option<u32> {
    let (reader, others) = (r_lin & LIN_MASK, r_lin & SEVERAL != 0);
    if reader != lin && (!atomic || r_lin & ATOMIC == 0) {
        Some(reader)
    } else if others && (!atomic || (reader == lin && r_lin & MIXED == 0)) {
        // Others read (plainly, for an atomic write).
        Some(UNKNOWN_WORK_ITEM)
    } else {
        None
    }
}

/// The read half's work-item and flags `r_lin` of an epoch after a read (`atomic` or
/// plain) by work-item `lin` in the same epoch: a plain reader replaces one whose reads
/// were atomic.
fn join_read(r_lin: u32, atomic: bool, lin: u32) -> u32 {
    if r_lin & LIN_MASK == lin {
        if atomic {
            r_lin
        } else {
            r_lin & !ATOMIC
        }
    } else if r_lin & ATOMIC != 0 && !atomic {
        lin | SEVERAL | MIXED
    } else {
        r_lin | SEVERAL | if atomic { MIXED } else { 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Access `(write, atomic)` of `c` by `lin` in epoch 5 of a group that started at 1:
    /// the other side of a race.
    fn at(c: &mut Cell, write: bool, atomic: bool, lin: u32) -> Option<u32> {
        let reads_old = false;
        let how = CellAccess {
            write,
            atomic,
            lin,
            reads_old,
        };
        access_cell(c, 5, 1, how).1
    }

    #[test]
    fn atomics_race_with_plain_accesses_of_others_only() {
        let mut c = Cell::default();
        assert_eq!(at(&mut c, true, true, 0), None);
        assert_eq!(at(&mut c, true, true, 1), None, "two atomics");
        assert_eq!(
            at(&mut c, false, false, 2),
            Some(0),
            "a plain read after them"
        );
        assert_eq!(
            at(&mut c, true, true, 3),
            Some(2),
            "an atomic after a plain read"
        );
        let mut c = Cell::default();
        assert_eq!(at(&mut c, true, true, 0), None);
        assert_eq!(at(&mut c, false, false, 0), None, "the work-item's own");
        assert_eq!(
            at(&mut c, true, false, 1),
            Some(0),
            "a plain store after it"
        );
        assert_eq!(
            at(&mut c, false, true, 2),
            Some(1),
            "an atomic load after a store"
        );
    }

    #[test]
    fn several_atomic_writers_race_with_each_ones_plain_access() {
        let mut c = Cell::default();
        at(&mut c, true, true, 0);
        at(&mut c, true, true, 1);
        assert_eq!(at(&mut c, false, false, 0), Some(UNKNOWN_WORK_ITEM));
        let mut c = Cell::default();
        at(&mut c, true, true, 4);
        at(&mut c, true, true, 4);
        assert_eq!(at(&mut c, true, false, 4), None, "one work-item alone");
    }

    #[test]
    fn atomic_loads_race_with_plain_writes_only() {
        let mut c = Cell::default();
        assert_eq!(at(&mut c, false, true, 0), None);
        assert_eq!(at(&mut c, true, true, 1), None, "an atomic after it");
        assert_eq!(
            at(&mut c, true, false, 1),
            Some(0),
            "a plain store after it"
        );
        assert_eq!(at(&mut c, false, true, 0), Some(1));
        let mut c = Cell::default();
        at(&mut c, false, true, 2);
        assert_eq!(at(&mut c, true, false, 2), None, "the work-item's own");
        let mut c = Cell::default();
        at(&mut c, true, true, 0);
        assert_eq!(
            at(&mut c, false, true, 1),
            None,
            "an atomic load after an atomic"
        );
    }

    #[test]
    fn a_barrier_and_the_work_item_itself_order_atomics() {
        let mut c = Cell::default();
        at(&mut c, true, true, 0);
        at(&mut c, true, true, 1);
        let next = CellAccess {
            write: false,
            atomic: false,
            lin: 2,
            reads_old: false,
        };
        assert_eq!(
            access_cell(&mut c, 6, 1, next),
            (false, None),
            "after a barrier"
        );
        let mut c = Cell::default();
        at(&mut c, true, false, 3);
        at(&mut c, true, true, 3);
        assert_eq!(c[W_LIN], 3, "the plain write stays");
        assert_eq!(at(&mut c, true, true, 4), Some(3));
        // A read of a granule only an atomic wrote is no uninitialised read.
        let mut c = Cell::default();
        at(&mut c, true, true, 0);
        assert_eq!(access_cell(&mut c, 6, 1, next), (false, None));
    }

    #[test]
    fn an_atomic_that_reads_an_unwritten_granule_reads_uninitialised_memory() {
        let inc = |lin| CellAccess {
            write: true,
            atomic: true,
            lin,
            reads_old: true,
        };
        let mut c = Cell::default();
        assert_eq!(access_cell(&mut c, 5, 1, inc(0)), (true, None));
        assert_eq!(
            access_cell(&mut c, 5, 1, inc(1)),
            (false, None),
            "written by the first"
        );
        // Written by an earlier group only.
        assert_eq!(access_cell(&mut c, 7, 6, inc(1)), (true, None));
        // An exchange does not read what it replaces.
        let xchg = CellAccess {
            reads_old: false,
            ..inc(0)
        };
        assert_eq!(access_cell(&mut Cell::default(), 5, 1, xchg), (false, None));
        // Zeroed first, then incremented after a barrier.
        let mut c = Cell::default();
        at(&mut c, true, false, 0);
        assert_eq!(access_cell(&mut c, 6, 1, inc(3)), (false, None));
    }

    #[test]
    fn plain_and_atomic_readers_of_an_epoch_race_with_the_writes_they_should() {
        // An atomic load, then a plain read by another: the plain reader is kept.
        let mut c = Cell::default();
        at(&mut c, false, true, 0);
        at(&mut c, false, false, 1);
        assert_eq!(c[R_LIN], 1 | SEVERAL | MIXED);
        assert_eq!(
            at(&mut c.clone(), true, true, 2),
            Some(1),
            "an atomic write"
        );
        assert_eq!(
            at(&mut c.clone(), true, true, 1),
            None,
            "an atomic write by the plain reader (the other read atomically)"
        );
        assert_eq!(
            at(&mut c.clone(), true, false, 1),
            Some(UNKNOWN_WORK_ITEM),
            "a plain write by the plain reader"
        );
        // Plain reads of two work-items, then an atomic load by a third.
        let mut c = Cell::default();
        at(&mut c, false, false, 0);
        at(&mut c, false, false, 1);
        at(&mut c, false, true, 2);
        assert_eq!(at(&mut c.clone(), true, true, 2), Some(0));
        // Atomic loads only: an atomic write of any of them does not race.
        let mut c = Cell::default();
        at(&mut c, false, true, 0);
        at(&mut c, false, true, 1);
        assert_eq!(at(&mut c.clone(), true, true, 0), None);
        assert_eq!(at(&mut c.clone(), true, true, 3), None);
        assert_eq!(at(&mut c, true, false, 0), Some(UNKNOWN_WORK_ITEM));
        // A work-item's plain read after its own atomic load counts as plain.
        let mut c = Cell::default();
        at(&mut c, false, true, 0);
        at(&mut c, false, false, 0);
        assert_eq!(at(&mut c, true, true, 1), Some(0));
    }
}
