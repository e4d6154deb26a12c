//! Shadow memory of `__local` memory for checked launches: one cell per byte of each
//! `__local` area (the kernel's static `__local` variables, and each `__local` argument) of
//! the thread that runs a work-group, recording who last wrote and read it and when.
//!
//! Time is counted in *epochs*: each work-group starts a new one, and so does each barrier.
//! Two accesses of one byte in the same epoch by different work-items, one of them a
//! write, are a data race; a read of a byte that no work-item of the group wrote is a read
//! of uninitialised memory. Epochs and group serial numbers only grow, so the shadow is
//! never cleared. Atomic accesses are not recorded (they may race with each other).
//! Private arrays that stay in memory have shadow areas too ([`PRIVATE_AREA`]), for reads
//! of elements the work-item never wrote.

use crate::abi::WorkGroupContext;
use crate::check::global::GlobalShadow;
use crate::check::sink::{CheckTable, Occurrence};

/// Shadow areas from this number on are private variables (area `PRIVATE_AREA + n` for the
/// kernel's variable n, the copy of the work-item with linear id `lin` at offsets from
/// `lin * size`), whose copy belongs to one work-item: only its own writes count, and races
/// cannot happen.
pub const PRIVATE_AREA: u64 = 1 << 32;

/// The symbol of [`oclc_check_local`].
pub const LOCAL_ACCESS_SYMBOL: &str = "oclc_check_local";
/// The symbol of [`oclc_check_epoch`].
pub const EPOCH_SYMBOL: &str = "oclc_check_epoch";

/// What is known of one byte of `__local` memory (24 bytes; the shadow of a 4-byte access
/// is 96 bytes, so the cells of a work-group's `__local` arrays stay in the cache).
#[derive(Clone, Copy, Default)]
struct Cell {
    /// The epoch of the last write (0: never). The byte was written in the current
    /// work-group when this is at least the group's first epoch.
    write_epoch: u64,
    /// The epoch of the last read.
    read_epoch: u64,
    /// The linear work-item id of the last write.
    write_lin: u32,
    /// The linear work-item id of the last read, with [`SEVERAL_READERS`] set when several
    /// work-items read it in that epoch.
    read_lin: u32,
}

/// The bit of [`Cell::read_lin`] that says several work-items read the byte in its epoch.
const SEVERAL_READERS: u32 = 1 << 31;

/// The shadow state of one thread of a checked launch.
#[derive(Default)]
pub struct ThreadShadow {
    epoch: u64,
    /// The first epoch of the current work-group.
    group_start: u64,
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
        self.epoch += 1;
        if new_group {
            self.group_start = self.epoch;
        }
    }

    /// The shadow of the `__global` buffers.
    pub(crate) fn global(&mut self) -> &mut GlobalShadow {
        &mut self.global
    }

    /// Takes the shadow of the `__global` buffers out (to keep it for the next launch).
    pub fn take_global(&mut self) -> GlobalShadow {
        std::mem::take(&mut self.global)
    }

    /// Gives the thread the shadow of the `__global` buffers kept from earlier launches.
    pub fn set_global(&mut self, mut global: GlobalShadow) {
        global.begin_launch();
        self.global = global;
    }

    /// Records an access of `size` bytes at `offset` of `area` by work-item `lin`; returns
    /// how many of the bytes read no work-item of the group wrote, and the other work-item
    /// of a race.
    fn access(
        &mut self,
        area: u64,
        offset: u64,
        size: u64,
        write: bool,
        lin: u32,
    ) -> (usize, Option<u32>) {
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
        let end = (offset + size) as usize;
        if cells.len() < end {
            cells.resize(end, Cell::default());
        }
        let (epoch, start) = (self.epoch, self.group_start);
        let cells = &mut cells[offset as usize..end];
        let (mut unwritten, mut race) = (0, None);
        if private {
            // Only the work-item's own writes in this group count.
            for c in cells {
                if write {
                    (c.write_epoch, c.write_lin) = (epoch, lin);
                } else {
                    unwritten += usize::from(c.write_epoch < start || c.write_lin != lin);
                }
            }
            return (unwritten, None);
        }
        for c in cells {
            if c.write_epoch == epoch && c.write_lin != lin {
                race = race.or(Some(c.write_lin));
            }
            let read_this_epoch = c.read_epoch == epoch;
            if write {
                if read_this_epoch && c.read_lin != lin {
                    race = race.or(Some(c.read_lin & !SEVERAL_READERS));
                }
                (c.write_epoch, c.write_lin) = (epoch, lin);
            } else {
                unwritten += usize::from(c.write_epoch < start);
                if !read_this_epoch {
                    (c.read_epoch, c.read_lin) = (epoch, lin);
                } else if c.read_lin != lin {
                    c.read_lin |= SEVERAL_READERS;
                }
            }
        }
        (unwritten, race)
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
    }
}

/// Called by checked code for an access of `size` bytes at byte `offset` of `__local` area
/// `area` (0: the static `__local` variables, 1 + i: the `__local` argument i, from
/// [`PRIVATE_AREA`] on: private variables) by the work-item with linear local id `lin`; `site_write` is the access's first
/// site (uninitialised read; the race site follows it) times four, plus 1 for a write, plus
/// 2 for a value with padding (a vector or an aggregate, whose copy may read bytes nothing
/// wrote: reported only when no byte of it was written). Returns 1 when the work-group should
/// stop (`--check=stop`).
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
    let write = site_write & 1 == 1;
    let padded = site_write & 2 == 2;
    let site = (site_write >> 2) as usize;
    let (unwritten, race) = shadow.access(area, offset, size, write, lin as u32);
    let uninit = if padded {
        unwritten as u64 == size
    } else {
        unwritten > 0
    };
    if (write || !uninit) && race.is_none() {
        return 0;
    }
    // SAFETY: the sink outlives the launch.
    let sink = unsafe { &*table.sink };
    let occ = |detail: i64| Occurrence::of_work_item(ctx.group_id, ctx.local_size, lin, detail);
    let mut stop = false;
    if uninit && !write {
        stop |= sink.report(site, occ(offset as i64));
    }
    if let Some(other) = race {
        stop |= sink.report(site + 1, occ(other as i64));
    }
    u64::from(stop)
}
