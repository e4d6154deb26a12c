//! Shadow memory of `__local` memory for checked launches: one cell per granule of each
//! `__local` area (the kernel's static `__local` variables, and each `__local` argument) of
//! the thread that runs a work-group, recording who last wrote and read it and when.
//!
//! Time is counted in *epochs*: each work-group starts a new one, and so does each barrier.
//! Two accesses of one granule in the same epoch by different work-items, one of them a
//! write and not both atomic, are a data race ([`crate::check::local_cell`]: atomics that
//! write are recorded marked atomic); a read of a granule that no work-item of the group
//! wrote is a read of uninitialised memory. Epochs only grow (a group that starts past
//! `RESTART_AT` clears the shadow first). Private arrays that stay in memory have shadow areas too
//! ([`PRIVATE_AREA`], one cell per byte), for reads of elements the work-item never wrote.
//! Checked code records most accesses inline ([`crate::check::fast`]) and calls
//! [`oclc_check_local`] for the rest.

use crate::abi::WorkGroupContext;
use crate::check::fast::{view_of, FastHeader};
use crate::check::global::GlobalShadow;
use crate::check::local_cell::{access_cell, Cell, CellAccess, W_EPOCH, W_LIN};
use crate::check::sink::{CheckTable, Occurrence};

/// Shadow areas from this number on are private variables (area `PRIVATE_AREA + n` for the
/// kernel's variable n, the copy of the work-item with linear id `lin` at offsets from
/// `lin * size`), whose copy belongs to one work-item: only its own writes count, and races
/// cannot happen.
pub const PRIVATE_AREA: u64 = 1 << 32;

/// [`oclc_check_local`]'s `site_write` operand: the site number times this, plus flags.
pub const SITE_SCALE: u64 = 16;
/// The flag of [`oclc_check_local`]'s `site_write` for a write.
pub const FLAG_WRITE: u64 = 1;
/// The flag of [`oclc_check_local`]'s `site_write` for a value with padding.
pub const FLAG_PADDED: u64 = 2;
/// The flag of [`oclc_check_local`]'s `site_write` for an atomic operation.
pub const FLAG_ATOMIC: u64 = 4;
/// The flag of [`oclc_check_local`]'s `site_write` for an atomic operation that reads the
/// value it replaces (all but loads, stores and exchanges).
pub const FLAG_READS_OLD: u64 = 8;

/// The symbol of [`oclc_check_local`].
pub const LOCAL_ACCESS_SYMBOL: &str = "oclc_check_local";
/// The symbol of [`oclc_check_epoch`].
pub const EPOCH_SYMBOL: &str = "oclc_check_epoch";

/// The bits of [`oclc_check_local`]'s area operand that say the log2 of the area's
/// granule (the bytes one cell covers); the area number is below them.
pub const SHIFT_AT: u64 = 40;

/// A work-group that starts after this epoch starts the shadow afresh (epochs are 32
/// bits): nothing recorded before a group matters to it.
const RESTART_AT: u32 = u32::MAX / 2;

/// The shadow state of one thread of a checked launch.
#[derive(Default)]
#[repr(C)]
pub struct ThreadShadow {
    /// The epochs and the areas' views, which checked code reads (first, at offset 0).
    fast: FastHeader,
    /// Set when a work-group ran out of epochs (2^31 barriers): nothing more is recorded
    /// or reported until the next group.
    exhausted: bool,
    /// By area (see [`oclc_check_local`]): even indices for `__local` areas, odd ones for
    /// private variables.
    areas: Vec<Vec<Cell>>,
    /// The shadow of the `__global` buffers (used when the launch runs on this thread
    /// alone).
    global: GlobalShadow,
}

impl ThreadShadow {
    /// A new epoch (a barrier), and with `new_group` a new work-group.
    fn next_epoch(&mut self, new_group: bool) {
        if new_group && self.fast.local_epoch >= RESTART_AT {
            self.areas.iter_mut().for_each(Vec::clear);
            self.fast.local = Default::default();
            self.fast.local_epoch = 0;
            self.exhausted = false;
        }
        match self.fast.local_epoch.checked_add(1) {
            Some(e) => self.fast.local_epoch = e,
            None => {
                self.exhausted = true;
                self.fast.local = Default::default();
            }
        }
        if new_group {
            self.fast.local_group_start = self.fast.local_epoch;
        }
    }

    /// The shadow of the `__global` buffers and the header checked code reads.
    pub(crate) fn global_and_header(&mut self) -> (&mut GlobalShadow, &mut FastHeader) {
        (&mut self.global, &mut self.fast)
    }

    /// Takes the shadow of the `__global` buffers out (to keep it for the next launch).
    pub fn take_global(&mut self) -> GlobalShadow {
        self.fast.global = Default::default();
        self.fast.global_fresh_below = 0;
        std::mem::take(&mut self.global)
    }

    /// Gives the thread the shadow of the `__global` buffers kept from earlier launches.
    pub fn set_global(&mut self, mut global: GlobalShadow) {
        global.begin_launch();
        self.global = global;
        self.global.sync_all(&mut self.fast);
    }

    /// Records an access of `size` bytes at `offset` of `area` (whose cells cover `1 <<
    /// shift` bytes each) by work-item `how.lin`; returns how many of the cells read no
    /// work-item of the group wrote (plain reads), how many cells the access covers, and
    /// the other work-item of a race.
    fn access(
        &mut self,
        (area, shift): (u64, u64),
        offset: u64,
        size: u64,
        how: CellAccess,
    ) -> (usize, usize, Option<u32>) {
        if self.exhausted || size == 0 {
            return (0, 0, None);
        }
        let private = area >= PRIVATE_AREA;
        let index = if private {
            (area - PRIVATE_AREA) as usize * 2 + 1
        } else {
            area as usize * 2
        };
        if self.areas.len() <= index {
            self.areas.resize_with(index + 1, Vec::new);
        }
        let cells = &mut self.areas[index];
        let first = (offset >> shift) as usize;
        let end = ((offset + size - 1) >> shift) as usize + 1;
        if cells.len() < end {
            cells.resize(end, Cell::default());
            if let (false, Some(view)) = (private, self.fast.local.get_mut(index / 2)) {
                *view = view_of(cells);
            }
        }
        let (epoch, start) = (self.fast.local_epoch, self.fast.local_group_start);
        let cells = &mut cells[first..end];
        let count = cells.len();
        let (mut unwritten, mut race) = (0, None);
        let lin = how.lin;
        if private {
            // Only the work-item's own writes in this group count.
            for c in cells {
                if how.write {
                    (c[W_EPOCH], c[W_LIN]) = (epoch, lin);
                } else if !how.atomic {
                    unwritten += usize::from(c[W_EPOCH] < start || c[W_LIN] != lin);
                }
            }
            return (unwritten, count, None);
        }
        for c in cells {
            let (never_written, other) = access_cell(c, epoch, start, how);
            unwritten += usize::from(never_written);
            race = race.or(other);
        }
        (unwritten, count, race)
    }
}

/// Called by checked code at the start of each work-group (`flags` 1) and at each barrier
/// (0, plus 2 when it fences `__global` memory: a new epoch of the global shadow too).
///
/// # Safety
/// `shadow` points to the calling thread's live [`ThreadShadow`].
pub unsafe extern "C" fn oclc_check_epoch(shadow: *mut ThreadShadow, flags: u64) {
    // SAFETY: the launch gives each thread its own shadow.
    let shadow = unsafe { &mut *shadow };
    let new_group = flags & 1 == 1;
    shadow.next_epoch(new_group);
    if new_group || flags & 2 == 2 {
        shadow.global.next_epoch(new_group);
        shadow.global.sync_epochs(&mut shadow.fast);
    }
}

/// Called by checked code for an access of `size` bytes at byte `offset` of `__local` area
/// `area & (1 << SHIFT_AT) - 1` (0: the static `__local` variables, 1 + i: the `__local`
/// argument i, from [`PRIVATE_AREA`] on: private variables), whose cells cover `1 << (area
/// >> SHIFT_AT)` bytes each, by the work-item with linear local id `lin`; `site_write` is
/// the access's first site (uninitialised read; the race site follows it) times
/// [`SITE_SCALE`], plus [`FLAG_WRITE`] for a write (an atomic one but a load too), plus
/// [`FLAG_PADDED`] for a value with padding (a vector or an aggregate, whose copy may read
/// bytes nothing wrote: reported only when no granule of it was written), plus
/// [`FLAG_ATOMIC`] for an atomic operation, plus [`FLAG_READS_OLD`] for an atomic one that
/// reads the value it replaces (reported as an uninitialised read, like a plain read, when
/// the group never wrote the granule). Returns 1 when the work-group should stop
/// (`--check=stop`).
///
/// # Safety
/// `table`, `ctx` and `shadow` are the launch's, as for
/// [`crate::check::sink::oclc_check_report`].
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn oclc_check_local(
    table: *const CheckTable,
    ctx: *const WorkGroupContext,
    shadow: *mut ThreadShadow,
    area: u64,
    offset: u64,
    size: u64,
    site_write: u64,
    lin: u64,
) -> u64 {
    // SAFETY: the caller passes the launch's pointers; the shadow is this thread's.
    let (table, ctx, shadow) = unsafe { (&*table, &*ctx, &mut *shadow) };
    let write = site_write & FLAG_WRITE != 0;
    let padded = site_write & FLAG_PADDED != 0;
    let how = CellAccess {
        write,
        atomic: site_write & FLAG_ATOMIC != 0,
        lin: lin as u32,
        reads_old: site_write & FLAG_READS_OLD != 0,
    };
    let site = (site_write / SITE_SCALE) as usize;
    let area_shift = (area & ((1 << SHIFT_AT) - 1), (area >> SHIFT_AT) & 0xff);
    let (unwritten, cells, race) = shadow.access(area_shift, offset, size, how);
    let uninit = if padded {
        unwritten == cells && cells > 0
    } else {
        unwritten > 0
    };
    let reads = !write || how.reads_old;
    if (!reads || !uninit) && race.is_none() {
        return 0;
    }
    // SAFETY: the sink outlives the launch.
    let sink = unsafe { &*table.sink };
    let occ = |detail: i64| Occurrence::of_work_item(ctx.group_id, ctx.local_size, lin, detail);
    let mut stop = false;
    if uninit && reads {
        stop |= sink.report(site, occ(offset as i64));
    }
    if let Some(other) = race {
        stop |= sink.report(site + 1, occ(other as i64));
    }
    u64::from(stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shadow in the first epoch of its first work-group.
    fn shadow() -> ThreadShadow {
        let mut s = ThreadShadow::default();
        s.next_epoch(true);
        s
    }

    /// An access of 4 bytes at `offset` of `__local` area 0 (4-byte granules) by `lin`:
    /// (cells unwritten, cells, race).
    fn at(s: &mut ThreadShadow, offset: u64, write: bool, lin: u32) -> (usize, usize, Option<u32>) {
        s.access((0, 2), offset, 4, plain(write, lin))
    }

    /// A plain access by `lin`.
    fn plain(write: bool, lin: u32) -> CellAccess {
        CellAccess {
            write,
            atomic: false,
            lin,
            reads_old: false,
        }
    }

    #[test]
    fn neighbouring_granules_belong_to_their_work_items() {
        let mut s = shadow();
        assert_eq!(at(&mut s, 0, true, 0).2, None);
        assert_eq!(at(&mut s, 4, true, 1).2, None);
        assert_eq!(
            at(&mut s, 4, true, 2).2,
            Some(1),
            "one granule, two writers"
        );
        assert_eq!(
            at(&mut s, 0, false, 3),
            (0, 1, Some(0)),
            "read of another's write"
        );
        s.next_epoch(false);
        assert_eq!(at(&mut s, 0, false, 3), (0, 1, None), "after a barrier");
        assert_eq!(at(&mut s, 8, false, 3), (1, 1, None), "never written");
        // An access over two granules.
        assert_eq!(s.access((0, 2), 0, 8, plain(false, 3)), (0, 2, None));
    }

    #[test]
    fn the_view_follows_the_cells() {
        let mut s = shadow();
        at(&mut s, 60, true, 0);
        let view = s.fast.local[0];
        assert_eq!(view.len, 16);
        assert_eq!(view.cells, s.areas[0].as_ptr() as u64);
        // Private copies keep no view (their accesses always call).
        s.access((PRIVATE_AREA, 0), 0, 4, plain(true, 0));
        assert_eq!(s.fast.local[0].len, 16);
    }

    #[test]
    fn a_group_past_the_restart_epoch_starts_afresh() {
        let mut s = shadow();
        at(&mut s, 0, true, 0);
        s.fast.local_epoch = RESTART_AT;
        s.next_epoch(true);
        assert_eq!(s.fast.local_epoch, 1);
        assert_eq!(s.fast.local[0].len, 0, "no view of the dropped cells");
        assert_eq!(
            at(&mut s, 0, false, 0).0,
            1,
            "the earlier group's write does not count"
        );
        // A group that runs out of epochs records and reports nothing more.
        s.fast.local_epoch = u32::MAX;
        s.next_epoch(false);
        assert!(s.exhausted);
        assert_eq!(at(&mut s, 4, false, 1), (0, 0, None));
        s.next_epoch(true);
        assert!(!s.exhausted);
    }

    #[test]
    fn an_atomic_over_two_granules_races_with_a_plain_read_of_either() {
        let mut s = shadow();
        let atomic = CellAccess {
            write: true,
            atomic: true,
            lin: 0,
            reads_old: false,
        };
        assert_eq!(s.access((0, 2), 0, 8, atomic), (0, 2, None));
        assert_eq!(at(&mut s, 4, false, 1), (0, 1, Some(0)));
    }
}
