//! Shadow memory of `__global` buffers for checked launches: data races within a work-group
//! (two work-items, no `barrier(CLK_GLOBAL_MEM_FENCE)` between, one access a write) and
//! between work-groups (any two accesses of one launch from different groups, one a write).
//!
//! Only buffer arguments that some store or atomic of the kernel reaches get a shadow (a
//! buffer nothing writes cannot race; `__constant` ones never do). Cells are keyed by the
//! buffer's *granule*: the smallest element size of any access of the kernel through it
//! (4 bytes for a `float` buffer read as `float4`, 1 for a `uchar` one), so that work-items
//! that write neighbouring bytes of a `uchar` buffer do not share a cell, while a `float`
//! buffer needs a quarter of the cells a byte-keyed shadow would.
//!
//! Time is counted in global *epochs*: each work-group starts a new one, and so does each
//! barrier that fences global memory. Checked launches that have a global shadow run their
//! work-groups on one thread, one after the other, so an epoch below the current group's
//! first belongs to another (earlier) group, and a cell is 16 plain bytes updated without
//! atomics. The shadow is never cleared: the program keeps it from launch to launch (so
//! that a buffer's cells are allocated, and their pages faulted in, once), epochs only grow,
//! and an epoch before the launch's first means that the launch never accessed the cell.
//!
//! Checked code stores a cell of a write-only buffer itself when the store can be no race
//! ([`crate::check::fast`]); everything else calls [`oclc_check_global`].
//!
//! Atomic operations that write are recorded in a cell's write half marked atomic (noting
//! when atomics of several work-items of the epoch wrote it, and when an earlier
//! work-group's did; [`crate::check::global_cell`]): they race with the plain accesses of
//! other work-items and groups, never with each other. Atomic loads are recorded in the read
//! half marked atomic: a plain write of another work-item or group races with them, an
//! atomic one does not.

use std::collections::HashMap;

use oclc_ir::{
    walk_stmts, AddressSpace, AtomicOp, Dim, Function, Op, Stmt, TypeId, TypeTable, ValueId,
    WorkItemQuery,
};

use crate::abi::WorkGroupContext;
use crate::check::fast::{view_of, FastHeader};
use crate::check::global_cell::{Cell, Epochs, Other};
use crate::check::provenance::{Provenance, Root};
use crate::check::sink::{CheckTable, Occurrence};

/// The symbol of [`oclc_check_global`].
pub const GLOBAL_ACCESS_SYMBOL: &str = "oclc_check_global";

/// The bit of [`oclc_check_global`]'s area operand for a buffer that the kernel only writes
/// with plain stores: its cells record the last write alone (8 bytes).
pub const WRITE_ONLY: u64 = 1 << 24;

/// The global shadow of one checked launch (kept in the thread's
/// [`crate::check::shadow::ThreadShadow`]: the launch runs on one thread).
#[derive(Default)]
pub struct GlobalShadow {
    /// The current epoch (0 before the first group).
    epoch: u32,
    /// The first epoch of the current launch: cells with earlier epochs are unaccessed.
    launch_start: u32,
    /// The first epoch of the current work-group.
    group_start: u32,
    /// Set when the epochs ran out (more than 2^32 groups and barriers): nothing more is
    /// recorded or reported.
    exhausted: bool,
    /// By parameter number: the cells of the buffer (empty until its first access).
    areas: Vec<Vec<Cell>>,
    /// By parameter number: the cells of a buffer the kernel only writes (no load, no
    /// atomic): the last write's epoch and work-item, 8 bytes.
    write_areas: Vec<Vec<[u32; 2]>>,
    /// The first epoch and the id of each work-group that accessed a shadowed buffer, in
    /// order (to name the other group of a race).
    groups: Vec<(u32, [u64; 3])>,
}

impl std::fmt::Debug for GlobalShadow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GlobalShadow")
            .field("epoch", &self.epoch)
            .field("cells", &self.areas.iter().map(Vec::len).sum::<usize>())
            .finish()
    }
}

impl GlobalShadow {
    /// Starts a launch: what earlier launches recorded no longer counts.
    pub fn begin_launch(&mut self) {
        if self.epoch > u32::MAX / 2 {
            // Room for the launch's epochs: start afresh.
            *self = GlobalShadow::default();
        }
        self.launch_start = self.epoch + 1;
        self.exhausted = false;
        self.groups.clear();
    }

    /// A new epoch: a barrier that fences global memory, or with `new_group` a new
    /// work-group.
    pub(crate) fn next_epoch(&mut self, new_group: bool) {
        match self.epoch.checked_add(1) {
            Some(e) => self.epoch = e,
            None => self.exhausted = true,
        }
        if new_group {
            self.group_start = self.epoch;
        }
    }

    /// Below what write epoch a cell holds no write of this launch, for checked code's
    /// inline stores ([`crate::check::fast::FastHeader::global_fresh_below`]): 0 until the
    /// current work-group is in [`GlobalShadow::groups`], or once the epochs ran out.
    fn fresh_below(&self) -> u32 {
        let known = self
            .groups
            .last()
            .is_some_and(|(s, _)| *s == self.group_start);
        if known && !self.exhausted {
            self.launch_start
        } else {
            0
        }
    }

    /// Writes the epochs into the header checked code reads.
    pub(crate) fn sync_epochs(&self, fast: &mut FastHeader) {
        fast.global_epoch = self.epoch;
        fast.global_fresh_below = self.fresh_below();
    }

    /// Writes the epochs and the view of write-only buffer `area` into `fast`.
    fn sync_view(&mut self, area: usize, fast: &mut FastHeader) {
        self.sync_epochs(fast);
        if let (Some(view), Some(cells)) =
            (fast.global.get_mut(area), self.write_areas.get_mut(area))
        {
            *view = view_of(cells);
        }
    }

    /// Writes the epochs and every view into `fast`.
    pub(crate) fn sync_all(&mut self, fast: &mut FastHeader) {
        fast.global = Default::default();
        for area in 0..self.write_areas.len() {
            self.sync_view(area, fast);
        }
        self.sync_epochs(fast);
    }

    /// The id of the work-group whose epochs include `epoch`.
    fn group_of(&self, epoch: u32) -> Option<[u64; 3]> {
        let i = self.groups.partition_point(|(start, _)| *start <= epoch);
        i.checked_sub(1).map(|i| self.groups[i].1)
    }

    /// [`GlobalShadow::access`] of a buffer that the kernel only writes, with plain stores.
    fn write_only_access(
        &mut self,
        area: usize,
        len: usize,
        first: usize,
        count: usize,
        lin: u32,
    ) -> Option<Other> {
        let (epoch, start, launch) = (self.epoch, self.group_start, self.launch_start);
        if self.write_areas.len() <= area {
            self.write_areas.resize_with(area + 1, Vec::new);
        }
        let cells = &mut self.write_areas[area];
        if cells.len() < len {
            *cells = vec![[0; 2]; len];
        }
        let end = (first + count).min(cells.len());
        let mut race = None;
        for c in &mut cells[first.min(end)..end] {
            let [w, w_lin] = *c;
            if w >= launch && (w < start || (w == epoch && w_lin != lin)) {
                race = race.or(Some(Other {
                    epoch: w,
                    lin: Some(w_lin),
                }));
            }
            *c = [epoch, lin];
        }
        race
    }

    /// Records an access of cells `first..first + count` of buffer `area` (`len` cells) by
    /// work-item `lin` of group `group`; returns the other
    /// side of the first race it finds.
    #[allow(clippy::too_many_arguments)]
    fn access(
        &mut self,
        area: usize,
        len: usize,
        first: usize,
        count: usize,
        (write, atomic, write_only): (bool, bool, bool),
        lin: u32,
        group: [u64; 3],
    ) -> Option<Other> {
        if self.exhausted {
            return None;
        }
        let start = self.group_start;
        if self.groups.last().is_none_or(|(s, _)| *s != start) {
            self.groups.push((start, group));
        }
        if write_only {
            return self.write_only_access(area, len, first, count, lin);
        }
        if self.areas.len() <= area {
            self.areas.resize_with(area + 1, Vec::new);
        }
        let cells = &mut self.areas[area];
        if cells.len() < len {
            // Zeroed pages from the allocator: untouched parts of a large buffer cost
            // nothing.
            *cells = vec![[0; 4]; len];
        }
        let end = (first + count).min(cells.len());
        let times = Epochs {
            epoch: self.epoch,
            start,
            launch: self.launch_start,
        };
        let mut race = None;
        for c in &mut cells[first.min(end)..end] {
            race = race.or(times.write_race(c, atomic, lin));
            if write {
                race = race.or(times.read_race(c, atomic, lin));
            }
            times.record(c, (write, atomic), lin);
        }
        race
    }
}

/// The `group_linear` of a race detail (`race_detail`) whose group is unknown (below
/// 2^31, so that the detail stays negative).
pub const UNKNOWN_GROUP: u64 = 0x7fff_ffff;

/// The detail of a `__global` race report: the other work-item's linear local id when it is
/// in the same work-group; `-1 - (group_linear << 32 | lin)` for one of another group
/// (`lin` all ones when unknown, `group_linear` [`UNKNOWN_GROUP`] when the group is
/// unknown).
fn race_detail(other: Other, same_group: bool, ctx: &WorkGroupContext, g: &GlobalShadow) -> i64 {
    let lin = u64::from(other.lin.unwrap_or(u32::MAX));
    if same_group {
        return lin as i64;
    }
    let [nx, ny, _] = ctx.num_groups;
    let group = (other.epoch != 0)
        .then(|| g.group_of(other.epoch))
        .flatten()
        .map_or(UNKNOWN_GROUP, |[x, y, z]| x + nx * (y + ny * z));
    -1 - ((group << 32 | (lin & u64::from(u32::MAX))) as i64)
}

/// Called by checked code for an access of `size` bytes at byte `offset` of the `__global`
/// buffer argument `area_shift & 0xffff`, whose shadow cells cover `1 << (area_shift >> 16 &
/// 0xff)` bytes each (plus [`WRITE_ONLY`] for a buffer the kernel only stores to), by the work-item with linear local id `lin`; `site_write` is the access's
/// race site times four, plus 1 for a write, plus 2 for an atomic access. Returns 1 when
/// the work-group should stop (`--check=stop`).
///
/// # Safety
/// `table`, `ctx` and `shadow` are the launch's, as for
/// [`crate::check::shadow::oclc_check_local`]; the launch runs on one thread.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn oclc_check_global(
    table: *const CheckTable,
    ctx: *const WorkGroupContext,
    shadow: *mut crate::check::shadow::ThreadShadow,
    area_shift: u64,
    offset: u64,
    size: u64,
    site_write: u64,
    lin: u64,
) -> u64 {
    // SAFETY: the caller passes the launch's pointers; the shadow is this thread's, and
    // the only one of the launch.
    let (table, ctx, shadow) = unsafe { (&*table, &*ctx, &mut *shadow) };
    let area = (area_shift & 0xffff) as usize;
    let shift = (area_shift >> 16) & 0xff;
    let write_only = area_shift & WRITE_ONLY != 0;
    // SAFETY: `param_len` has an entry per kernel parameter, and `area` is one.
    let len = unsafe { *table.param_len.add(area) };
    let cells = len.div_ceil(1 << shift) as usize;
    let first = (offset >> shift) as usize;
    let last = ((offset + size.max(1) - 1) >> shift) as usize;
    let write = site_write & 1 == 1;
    let atomic = site_write & 2 == 2;
    let (g, fast) = shadow.global_and_header();
    let race = g.access(
        area,
        cells,
        first,
        last + 1 - first,
        (write, atomic, write_only),
        lin as u32,
        ctx.group_id,
    );
    if write_only {
        g.sync_view(area, fast);
    } else {
        g.sync_epochs(fast);
    }
    let Some(other) = race else {
        return 0;
    };
    let same_group = other.epoch >= g.group_start;
    let detail = race_detail(other, same_group, ctx, g);
    // SAFETY: the sink outlives the launch.
    let sink = unsafe { &*table.sink };
    let occ = Occurrence::of_work_item(ctx.group_id, ctx.local_size, lin, detail);
    u64::from(sink.report((site_write >> 2) as usize, occ))
}

/// How a `__global` buffer parameter is shadowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ParamShadow {
    /// The log2 of its granule: the smallest element size of the accesses through it.
    pub shift: u64,
    /// Only plain stores reach it (no load, no atomic).
    pub write_only: bool,
    /// Every access through it is of the work-item's own element, `p[get_global_id(0)]`
    /// with the pointee's size: different work-items of a one-dimensional launch never
    /// touch the same bytes, and only launches of more dimensions need the shadow. (An
    /// index truncated to 32 bits repeats only past 2^32 work-items in dimension 0.)
    pub own_element: bool,
}

/// The `__global` buffer parameters of `f` that get a shadow, by parameter number: those
/// that a store or an atomic reaches (by [`Provenance`] roots).
pub(crate) fn shadowed_params(
    types: &TypeTable,
    f: &Function,
    prov: &Provenance,
) -> Vec<Option<ParamShadow>> {
    let n = f.params.len();
    let (mut written, mut granule) = (vec![false; n], vec![u64::MAX; n]);
    let mut own = vec![true; n];
    let mut read = vec![false; n];
    let defs = let_ops(f);
    let mut note = |ptr: ValueId, ty: TypeId, write: bool, reads: bool| {
        let Some(Root::Param(i)) = prov.root(ptr) else {
            return;
        };
        let size = types
            .scalar_of(ty)
            .map_or(1, |s| u64::from(s.bits().max(8) / 8));
        written[i] |= write;
        read[i] |= reads;
        granule[i] = granule[i].min(size);
        own[i] &= own_element(types, f, &defs, ptr, f.params[i].value, ty);
    };
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Store { ptr, value } => note(*ptr, f.value_type(*value), true, false),
        Stmt::Let { value, op } => match op {
            Op::Load { ptr } => note(*ptr, f.value_type(*value), false, true),
            Op::Atomic { op, ptr, .. } => {
                if let Some((_, t)) = types.pointee(f.value_type(*ptr)) {
                    note(*ptr, t, *op != AtomicOp::Load, true);
                }
            }
            _ => {}
        },
        _ => {}
    });
    f.params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let global = matches!(types.pointee(p.ty), Some((AddressSpace::Global, _)));
            (global && written[i]).then(|| ParamShadow {
                shift: u64::from(granule[i].max(1).trailing_zeros()),
                write_only: !read[i],
                own_element: own[i],
            })
        })
        .collect()
}

/// The pointers of `f` that are `ptr_offset param, get_global_id(0)` (through integer
/// conversions of at least 32 bits) of a `__global` or `__constant` buffer parameter, with
/// the parameter's number: accesses of the pointee's size through them are the work-item's
/// own element (see [`crate::check::ProvenAccess`]).
pub(crate) fn own_element_ptrs(types: &TypeTable, f: &Function) -> HashMap<ValueId, usize> {
    let defs = let_ops(f);
    let mut out = HashMap::new();
    for (&ptr, op) in &defs {
        let Op::PtrOffset { base, .. } = op else {
            continue;
        };
        let Some(i) = f.params.iter().position(|p| p.value == *base) else {
            continue;
        };
        let Some((space, ty)) = types.pointee(f.params[i].ty) else {
            continue;
        };
        if matches!(space, AddressSpace::Global | AddressSpace::Constant)
            && own_element(types, f, &defs, ptr, *base, ty)
        {
            out.insert(ptr, i);
        }
    }
    out
}

/// The operation defining each value of `f`.
fn let_ops(f: &Function) -> HashMap<ValueId, &Op> {
    let mut defs = HashMap::new();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let { value, op } = s {
            defs.insert(*value, op);
        }
    });
    defs
}

/// True when `ptr` is `ptr_offset param, get_global_id(0)` (through integer conversions of
/// at least 32 bits) and the access's type `ty` is the pointee's.
fn own_element(
    types: &TypeTable,
    f: &Function,
    defs: &HashMap<ValueId, &Op>,
    ptr: ValueId,
    param: ValueId,
    ty: TypeId,
) -> bool {
    let Some(Op::PtrOffset { base, index }) = defs.get(&ptr) else {
        return false;
    };
    if *base != param || types.pointee(f.value_type(param)).map(|p| p.1) != Some(ty) {
        return false;
    }
    let mut v = *index;
    loop {
        match defs.get(&v) {
            Some(Op::Convert { value, to, .. })
                if types
                    .scalar_of(*to)
                    .is_some_and(|s| s.is_int() && s.bits() >= 32) =>
            {
                v = *value;
            }
            Some(Op::WorkItem {
                query: WorkItemQuery::GlobalId,
                dim: Dim::Const(0),
            }) => return true,
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shadow at the start of its first launch.
    fn shadow() -> GlobalShadow {
        let mut g = GlobalShadow::default();
        g.begin_launch();
        g
    }

    /// An access of cell 0 of buffer 0 (8 cells) by work-item `lin`.
    fn at(g: &mut GlobalShadow, write: bool, atomic: bool, lin: u32) -> Option<Other> {
        g.access(0, 8, 0, 1, (write, atomic, false), lin, [0; 3])
    }

    #[test]
    fn a_work_item_alone_never_races() {
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, true, false, 3).is_none());
        assert!(at(&mut g, false, false, 3).is_none());
        assert!(at(&mut g, true, false, 3).is_none());
    }

    #[test]
    fn a_global_barrier_orders_the_work_items_of_a_group() {
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, true, false, 0).is_none());
        assert!(at(&mut g, false, false, 1).is_some());
        g.next_epoch(false);
        assert!(at(&mut g, false, false, 1).is_none());
        assert!(at(&mut g, false, false, 2).is_none());
        // Two readers in this epoch: a write of either races with the other.
        assert!(at(&mut g, true, false, 1).is_some());
    }

    #[test]
    fn reads_of_an_earlier_group_race_with_later_writes() {
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, false, false, 0).is_none());
        g.next_epoch(true);
        // Group 2 reads (no race: reads only), then writes: group 1's read races.
        assert!(at(&mut g, false, false, 0).is_none());
        let other = at(&mut g, true, false, 0).expect("a race");
        assert!(other.epoch < g.group_start || other.lin.is_none());
    }

    #[test]
    fn atomics_race_with_plain_accesses_only() {
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, true, true, 0).is_none());
        assert!(at(&mut g, true, true, 1).is_none(), "two atomics");
        assert!(at(&mut g, false, true, 2).is_none(), "an atomic load");
        let other = at(&mut g, false, false, 2).expect("a plain read after atomics");
        assert_eq!(other.lin, Some(0));
        assert!(
            at(&mut g, true, true, 3).is_some(),
            "an atomic after a plain read"
        );
        g.next_epoch(false);
        assert!(
            at(&mut g, false, false, 2).is_none(),
            "after a global barrier"
        );
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, true, true, 0).is_none());
        assert!(at(&mut g, true, false, 0).is_none(), "the work-item's own");
        assert!(at(&mut g, true, true, 0).is_none());
        assert!(
            at(&mut g, true, true, 1).is_some(),
            "an atomic after a plain write"
        );
    }

    #[test]
    fn atomics_of_an_earlier_group_race_with_later_plain_accesses() {
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, true, true, 0).is_none());
        g.next_epoch(true);
        assert!(at(&mut g, true, true, 0).is_none(), "atomics of two groups");
        g.next_epoch(false);
        // The group's own atomic is ordered by the barrier, the earlier group's is not.
        let other = at(&mut g, false, false, 1).expect("a race");
        assert_eq!((other.epoch, other.lin), (0, None));
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, true, true, 0).is_none());
        g.next_epoch(true);
        let other = at(&mut g, false, false, 0).expect("a read after another group's atomic");
        assert!(other.epoch < g.group_start);
    }

    #[test]
    fn atomic_loads_race_with_later_plain_writes_of_others() {
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, false, true, 0).is_none());
        assert!(at(&mut g, false, true, 1).is_none());
        let other = at(&mut g, true, false, 3).expect("a plain store after atomic loads");
        assert_eq!(other.lin, Some(0));
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, false, true, 0).is_none());
        assert!(at(&mut g, false, true, 1).is_none());
        assert!(
            at(&mut g, true, true, 2).is_none(),
            "an atomic write after them"
        );
        // The work-item's own atomic load, and a global barrier, order a store.
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, false, true, 0).is_none());
        assert!(at(&mut g, true, false, 0).is_none(), "the work-item's own");
        g.next_epoch(false);
        assert!(at(&mut g, false, true, 1).is_none());
        g.next_epoch(false);
        assert!(
            at(&mut g, true, false, 2).is_none(),
            "after a global barrier"
        );
        // Another group's atomic load races with a plain store, not with an atomic.
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, false, true, 0).is_none());
        g.next_epoch(true);
        assert!(
            at(&mut g, true, true, 0).is_none(),
            "an atomic of another group"
        );
        let other = at(&mut g, true, false, 0).expect("a store after another group's load");
        assert!(other.epoch < g.group_start);
        // A plain read of this group after another group's atomic load: an atomic write
        // of this group's other work-item races with the plain read only.
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, false, true, 0).is_none());
        g.next_epoch(true);
        assert!(at(&mut g, false, false, 1).is_none());
        let other = at(&mut g, true, true, 2).expect("an atomic after a plain read");
        assert_eq!(other.lin, Some(1));
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, false, true, 0).is_none());
        g.next_epoch(true);
        assert!(at(&mut g, false, false, 1).is_none());
        assert!(
            at(&mut g, true, true, 1).is_none(),
            "an atomic after its own read"
        );
    }

    #[test]
    fn several_atomic_writers_race_with_each_ones_plain_access() {
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, true, true, 0).is_none());
        assert!(at(&mut g, true, true, 1).is_none());
        let other = at(&mut g, false, false, 1).expect("wrote atomically with 0");
        assert_eq!(other.lin, Some(0));
        let other = at(&mut g, false, false, 0).expect("wrote atomically with 1");
        assert!(other.lin.is_none() && other.epoch >= g.group_start);
    }

    #[test]
    fn inline_stores_wait_for_the_group_to_be_known() {
        let mut g = shadow();
        let mut fast = FastHeader::default();
        g.next_epoch(true);
        g.sync_epochs(&mut fast);
        assert_eq!(fast.global_fresh_below, 0, "the group is not known yet");
        assert!(g
            .access(0, 4, 1, 1, (true, false, true), 0, [0; 3])
            .is_none());
        g.sync_view(0, &mut fast);
        assert_eq!(fast.global_fresh_below, g.launch_start);
        assert_eq!(fast.global[0].len, 4);
        assert_eq!(fast.global_epoch, g.epoch);
        g.next_epoch(true);
        g.sync_epochs(&mut fast);
        assert_eq!(fast.global_fresh_below, 0, "a new group");
    }

    #[test]
    fn earlier_launches_do_not_count() {
        let mut g = shadow();
        g.next_epoch(true);
        assert!(at(&mut g, true, false, 0).is_none());
        g.begin_launch();
        g.next_epoch(true);
        assert!(at(&mut g, true, false, 1).is_none());
        let mut w = shadow();
        w.next_epoch(true);
        assert!(w.write_only_access(0, 4, 1, 1, 0).is_none());
        w.next_epoch(true);
        assert!(w.write_only_access(0, 4, 1, 1, 0).is_some());
        w.begin_launch();
        w.next_epoch(true);
        assert!(w.write_only_access(0, 4, 1, 1, 0).is_none());
    }
}
