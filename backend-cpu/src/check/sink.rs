//! Where checked code reports defects at run time: the launch passes a [`CheckTable`] in
//! the argument block ([`crate::CompiledKernel::check`] says where), and the code's cold
//! paths call [`oclc_check_report`] with the site and the work-item. Each site keeps how
//! often it fired and its first occurrence; the count is an atomic add, the first
//! occurrence takes a lock once.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use crate::abi::WorkGroupContext;

/// The symbol checked code calls to report a defect.
pub const REPORT_SYMBOL: &str = "oclc_check_report";

/// Bytes of the area an access found out of bounds goes to instead (so that a checked run
/// never writes outside its objects); accesses larger than this are not redirected.
pub const SPARE_BYTES: usize = 4096;

/// What checked code reads at the address in its argument block's check slot.
#[repr(C)]
pub struct CheckTable {
    /// The sink reports go to.
    pub sink: *const CheckSink,
    /// The byte length of each kernel parameter's object (0 for parameters that are not
    /// pointers), indexed by parameter number.
    pub param_len: *const u64,
    /// [`SPARE_BYTES`] bytes that out-of-bounds accesses use instead.
    pub spare: *mut u8,
    /// Non-zero when the launch's global size is above 1 in dimension 1 or 2 (the
    /// work-items of one `get_global_id(0)` are then several).
    pub multi_dim: u64,
}

// SAFETY: the table is read-only once made; the sink it points to is `Sync`, the lengths
// are never written, and the spare area only ever holds garbage (racing writes to it are
// the point: they are the out-of-bounds writes that did not happen).
unsafe impl Sync for CheckTable {}
// SAFETY: as for `Sync`; the table owns nothing.
unsafe impl Send for CheckTable {}

/// Byte offsets of the [`CheckTable`] fields, as generated code reads them.
pub mod table_offsets {
    use super::CheckTable;
    use std::mem::offset_of;
    /// `param_len`.
    pub const PARAM_LEN: i32 = offset_of!(CheckTable, param_len) as i32;
    /// `spare`.
    pub const SPARE: i32 = offset_of!(CheckTable, spare) as i32;
    /// `multi_dim`.
    pub const MULTI_DIM: i32 = offset_of!(CheckTable, multi_dim) as i32;
}

/// The first time a site fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// The work-group's id.
    pub group: [u64; 3],
    /// The work-item's local id (`u64::MAX` in every dimension for group-level code).
    pub local: [u64; 3],
    /// What the site measured: the byte offset from the object's start for accesses, the
    /// address for misaligned ones, the barrier count for divergence.
    pub detail: i64,
}

impl Occurrence {
    /// An occurrence in work-group `group` of `local_size`, by the work-item with linear
    /// local id `lin`.
    pub(crate) fn of_work_item(
        group: [u64; 3],
        local_size: [u64; 3],
        lin: u64,
        detail: i64,
    ) -> Self {
        let [lsx, lsy, _] = local_size;
        Occurrence {
            group,
            local: [lin % lsx, (lin / lsx) % lsy, lin / (lsx * lsy)],
            detail,
        }
    }
}

/// The reports of one launch.
pub struct CheckSink {
    counts: Vec<AtomicU64>,
    first: Mutex<Vec<Option<Occurrence>>>,
    stop_at_first: bool,
    stopped: AtomicBool,
}

impl CheckSink {
    /// A sink for a kernel with `sites` check sites; with `stop_at_first`, the launch is
    /// asked to stop after the first report ([`CheckSink::stopped`]).
    pub fn new(sites: usize, stop_at_first: bool) -> CheckSink {
        CheckSink {
            counts: (0..sites).map(|_| AtomicU64::new(0)).collect(),
            first: Mutex::new(vec![None; sites]),
            stop_at_first,
            stopped: AtomicBool::new(false),
        }
    }

    /// Records one occurrence at `site`; true when the work-group should stop (with
    /// `stop_at_first`, only the first occurrence of the launch is recorded).
    pub fn report(&self, site: usize, occ: Occurrence) -> bool {
        let Some(count) = self.counts.get(site) else {
            return false;
        };
        if self.stop_at_first && self.stopped.swap(true, Ordering::Relaxed) {
            return true;
        }
        if count.fetch_add(1, Ordering::Relaxed) == 0 {
            let mut first = self.first.lock().unwrap_or_else(|e| e.into_inner());
            first[site] = Some(occ);
        }
        self.stop_at_first
    }

    /// True once a report arrived and the launch should stop (`stop_at_first`).
    pub fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Every site that fired: (site, count, first occurrence), in site order.
    pub fn take(&self) -> Vec<(usize, u64, Occurrence)> {
        let first = self.first.lock().unwrap_or_else(|e| e.into_inner());
        self.counts
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let n = c.load(Ordering::Relaxed);
                first[i].filter(|_| n > 0).map(|o| (i, n, o))
            })
            .collect()
    }
}

/// Called by checked code: `site` fired for work-item `lx, ly, lz` of the group `ctx` runs;
/// returns 1 when the work-group should stop (`--check=stop`).
///
/// # Safety
/// `table` points to a live [`CheckTable`] whose sink is live, `ctx` to the launch's context.
pub unsafe extern "C" fn oclc_check_report(
    table: *const CheckTable,
    ctx: *const WorkGroupContext,
    site: u64,
    lx: u64,
    ly: u64,
    lz: u64,
    detail: i64,
) -> u64 {
    // SAFETY: the caller passes the pointers the launch gave it.
    let (table, ctx) = unsafe { (&*table, &*ctx) };
    // SAFETY: the sink outlives the launch.
    let sink = unsafe { &*table.sink };
    u64::from(sink.report(
        site as usize,
        Occurrence {
            group: ctx.group_id,
            local: [lx, ly, lz],
            detail,
        },
    ))
}
