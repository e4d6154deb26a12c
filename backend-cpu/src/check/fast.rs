//! What checked code reads of a thread's shadows to record the common access inline,
//! without calling [`crate::check::shadow::oclc_check_local`] or
//! [`crate::check::global::oclc_check_global`]: the current epochs and, per area, where its
//! cells are and how many there are.
//!
//! The inline path only ever takes an access that the routine would record without a
//! report, and does what the routine would do with it:
//!
//! * a plain `__local` access of one whole cell whose cell holds, for the write and for
//!   the read half, another epoch's access or this work-item's plain one in this epoch
//!   (and, for a read, a write of this group): the cell's write (or read) half becomes
//!   this work-item's in this epoch (a half marked atomic is never this work-item's plain
//!   one, so a plain access after an atomic one calls the routine);
//! * an atomic `__local` operation that writes one whole cell, whose read half holds
//!   another epoch's read or this work-item's plain one, and whose write half a write of
//!   this group (so that the value it replaces was written) of another epoch, an atomic
//!   one of this epoch, or this work-item's plain one (`codegen/check_atomic.rs`);
//! * a store to a `__global` buffer that the kernel only writes, of one whole cell whose
//!   cell holds no write of this launch ([`FastHeader::global_fresh_below`]) or this
//!   work-item's write in this epoch: the cell becomes this work-item's write.
//!
//! Everything else (an area without cells yet or too short, a cell another work-item
//! touched in this epoch, an unwritten byte, a vector spanning cells, an atomic load, an
//! area past [`FAST_AREAS`]) goes to the routine, which decides and reports as before. A
//! view of length 0 sends every access of its area to the routine.

use std::mem::offset_of;

/// Areas (the `__local` ones: 0 for the kernel's variables, 1 + i for argument i; the
/// `__global` ones by parameter number) that have a view; the others always call.
pub const FAST_AREAS: usize = 32;

/// Where an area's cells are (an address, 0 for none) and how many.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub struct FastView {
    /// The address of cell 0.
    pub cells: u64,
    /// The number of cells.
    pub len: u64,
}

/// The part of [`crate::check::shadow::ThreadShadow`] that checked code reads (its first
/// field; offsets in [`fast_offsets`]).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct FastHeader {
    /// The current `__local` epoch.
    pub local_epoch: u32,
    /// The first `__local` epoch of the current work-group.
    pub local_group_start: u32,
    /// The current `__global` epoch.
    pub global_epoch: u32,
    /// A `__global` cell whose write epoch is below this holds no write of this launch: the
    /// launch's first epoch once the current work-group is known to the shadow (a race
    /// report must name it), 0 before.
    pub global_fresh_below: u32,
    /// The `__local` areas' views (16-byte cells, [`crate::check::shadow`]).
    pub local: [FastView; FAST_AREAS],
    /// The views of the `__global` buffers the kernel only writes (8-byte cells).
    pub global: [FastView; FAST_AREAS],
}

impl Default for FastHeader {
    fn default() -> Self {
        FastHeader {
            local_epoch: 0,
            local_group_start: 0,
            global_epoch: 0,
            global_fresh_below: 0,
            local: [FastView::default(); FAST_AREAS],
            global: [FastView::default(); FAST_AREAS],
        }
    }
}

/// Byte offsets of [`FastHeader`]'s fields, for the code generator.
pub mod fast_offsets {
    use super::*;

    /// [`FastHeader::local_epoch`].
    pub const LOCAL_EPOCH: i32 = offset_of!(FastHeader, local_epoch) as i32;
    /// [`FastHeader::local_group_start`].
    pub const LOCAL_GROUP_START: i32 = offset_of!(FastHeader, local_group_start) as i32;
    /// [`FastHeader::global_epoch`].
    pub const GLOBAL_EPOCH: i32 = offset_of!(FastHeader, global_epoch) as i32;
    /// [`FastHeader::global_fresh_below`].
    pub const GLOBAL_FRESH_BELOW: i32 = offset_of!(FastHeader, global_fresh_below) as i32;
    /// [`FastHeader::local`]'s view 0.
    pub const LOCAL_VIEWS: i32 = offset_of!(FastHeader, local) as i32;
    /// [`FastHeader::global`]'s view 0.
    pub const GLOBAL_VIEWS: i32 = offset_of!(FastHeader, global) as i32;
    /// The size of a [`FastView`].
    pub const VIEW_SIZE: i32 = std::mem::size_of::<FastView>() as i32;
}

/// The view of `cells`.
pub(crate) fn view_of<T>(cells: &mut [T]) -> FastView {
    FastView {
        cells: cells.as_mut_ptr() as u64,
        len: cells.len() as u64,
    }
}
