//! Checked code for `oclc run --check`: kernels compiled with run-time checks that find
//! defects at close to native speed, instead of interpreting the program as Oclgrind does.
//!
//! # Design
//!
//! * **Where the checks go.** The CPU backend emits them while it translates the inlined
//!   IR to Cranelift ([`crate::codegen`]), so the IR and the other targets know nothing of
//!   them. Checked code is compiled with the vectorize stage off (one work-item at a time),
//!   so that every check sees one address and one work-item; the IR passes run as usual.
//! * **Which object an access touches.** Every kernel has all calls inlined, so a pointer
//!   passed to a helper function is the caller's pointer; [`provenance`] follows pointer
//!   arithmetic, casts, selects and private pointer variables back to a *root*: a kernel
//!   parameter (a buffer or a `__local` area), a kernel variable (private or `__local`
//!   array) or a program-scope variable. An access is in bounds when
//!   `addr - base < len && addr - base + size <= len`: two compares and a branch, taken
//!   only on a defect. Pointers without a root are not checked (no false reports).
//! * **Bounds at run time.** The compiler knows the size of variables. The sizes of
//!   buffers and `__local` arguments come from the launch: runtime-lite writes the address
//!   of a [`sink::CheckTable`] (parameter lengths, the report sink, a spare area) into a
//!   slot after the parameters in the argument block ([`KernelChecks::table_offset`]).
//! * **What a failed check does.** A cold block calls [`sink::oclc_check_report`] with the
//!   site number, the work-item's local ids and a detail (the byte offset); the work-group
//!   id comes from the context. The access then goes to the spare area instead, so a
//!   checked run never corrupts memory or crashes, and the launch runs to its end (or stops
//!   scheduling work-groups after the first report with `--check=stop`). In kernels with a
//!   float loop per work-item the cold calls go through entries that keep every register
//!   (`codegen/check_cold.rs`), so that the loop's values stay in registers; a bound check
//!   is one compare of the offset with `len - size + 1`.
//! * **Sites.** Each check has a [`site::CheckSite`]: the kind of defect, the span of the
//!   IR operation (the front end's file, line and column, through `#include` and macros),
//!   the object. The sink counts each site's occurrences and keeps the first one; the
//!   driver renders one diagnostic per site that fired, like compile errors (text or JSON).
//! * **Other checks.** Integer division and remainder compare the divisor with zero;
//!   every access checks its address against its element's size (misaligned vloadN,
//!   vstoreN, atomics), except through pointers [`aligned`] by construction (a buffer
//!   parameter indexed by its element type).
//! * **Launches proven clean.** A kernel whose every check belongs to an access
//!   `p[get_global_id(0)]` of a buffer ([`KernelChecks::proven`]: saxpy, vector_add) is
//!   checked once per launch: a one-dimensional launch whose buffers are long enough for
//!   its global ids (offset included) can find no defect and runs the kernel's unchecked,
//!   vectorised code; other launches (a buffer too short) run the checked code.
//!
//! * **`__local` memory.** Accesses of `__local` variables and arguments are recorded in
//!   a shadow with a cell per granule ([`granule`]: the smallest size and alignment of the
//!   area's accesses; last writer and reader with their epoch; an epoch ends at each
//!   barrier and work-group), which reports data races between the work-items of a group
//!   (one access a write, not both atomic: [`local_cell`]) and reads of granules the group
//!   never wrote (plain reads, and atomics that read the value they replace: `atomic_inc`,
//!   `atomic_add`, `atomic_cmpxchg`..., not loads, stores and exchanges). The shadow lives
//!   in a per-thread
//!   [`shadow::ThreadShadow`] whose address the launch writes into the slot after the
//!   check table's. An access of one cell that can be no defect is recorded inline
//!   ([`fast`]); the others call [`shadow::oclc_check_local`], which decides and reports.
//! * **`__global` memory** ([`global`]). Buffer arguments that a store or an atomic of the
//!   kernel reaches (a buffer only read cannot race) get a shadow cell per *granule*, the
//!   smallest element size of the kernel's accesses through it (4 bytes for a `float`
//!   buffer, 1 for a `uchar` one: neighbouring bytes that different work-items write stay
//!   apart, and a `float` buffer needs a quarter of the cells of a byte-keyed shadow). A
//!   cell holds the last write's epoch and work-item and a summary of the reads (16 bytes;
//!   8 for a buffer only stored to). Global epochs end at each work-group and each
//!   `barrier(CLK_GLOBAL_MEM_FENCE)`. A race is two accesses of one granule, one a write,
//!   from different work-groups, or from two work-items of a group in one epoch, not both
//!   atomic ([`global_cell`]: atomics are recorded marked atomic, those that write in the
//!   write half, atomic loads in the read half).
//!   Launches with a global shadow run their work-groups on one thread, in order (the
//!   cells are plain memory, and an epoch before the group's first is another group's);
//!   the program keeps the shadow from launch to launch, so a buffer's cells are
//!   allocated once. Stores to a buffer the kernel only writes are recorded inline when
//!   the cell holds no write of the launch or the work-item's own ([`fast`]). Accesses
//!   `p[get_global_id(0)]` of the pointee's size (every access of
//!   a buffer so) are recorded only in launches of more than one dimension: in one
//!   dimension no two work-items touch the same element, and such launches keep all
//!   their threads.
//! * **Barrier divergence** ([`crate::codegen`]'s `check_barrier`): conditions of
//!   group-level control flow must agree across the work-items, and early exits from a
//!   region towards it must be taken by all work-items or none.
//!
//! * **Brook+ gathers.** The Brook+ front end clamps gather indices to the stream; checked
//!   programs (`BrookOptions::checked_gathers`) take index -1 instead, which the bounds
//!   check reports and the driver names a gather outside the stream.
//! * **Cost.** Checked code runs one work-item at a time (no vectorize stage), with two
//!   compares per access and a cold call; `__local` accesses and those of written
//!   `__global` buffers (other than the work-item's own element) update a shadow cell,
//!   inline or through a shadow routine.
//!   bench/results/check.txt has the ratios to unchecked runs and to Oclgrind.
//!
//! * **Private variables.** Those that every path stores before it loads
//!   ([`oclc_ir::analysis::initialised_before_loads`]) are not checked at all; the others
//!   get a written-yet flag when kept in registers (`codegen/check_init.rs`) and the shadow
//!   when kept in memory.
//!
//! Not checked: data races through pointers without a root (or through two arguments
//! bound to one buffer), accesses through pointers without a root, a vector variable
//! written in part and then read whole,
//! and registers-kept variables that are not always stored first and live across a barrier
//! (kept in the work-item state between regions).

pub mod aligned;
pub mod fast;
pub mod global;
pub mod global_cell;
pub mod granule;
pub mod local_cell;
pub mod provenance;
pub mod shadow;
pub mod sink;
pub mod site;
pub mod sizes;

/// The checks compiled into one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelChecks {
    /// Where the address of the launch's [`sink::CheckTable`] goes in the argument block;
    /// the thread's [`shadow::ThreadShadow`] goes 8 bytes after it.
    pub table_offset: u64,
    /// The kernel's check sites, numbered as the code reports them.
    pub sites: Vec<site::CheckSite>,
    /// False when every `__global` access with a shadow is of the work-item's own element
    /// (`p[get_global_id(0)]`), recorded only in launches of more than one dimension.
    pub global_always: bool,
    /// `Some` when every check site of the kernel belongs to an access of a work-item's
    /// own element, `p[get_global_id(0)]` of a `__global` or `__constant` buffer
    /// ([`ProvenAccess`]): a one-dimensional launch in which [`ProvenAccess::holds`] for
    /// each of them can find no defect, and runs the kernel's unchecked code instead.
    pub proven: Option<Vec<ProvenAccess>>,
}

/// An access `p[get_global_id(0)]` whose checks a launch can make once, for all its
/// work-items: in a one-dimensional launch over global ids `0..n` (offset included),
/// work-item `i` accesses bytes `i * stride .. i * stride + size` of the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProvenAccess {
    /// The buffer parameter's number.
    pub param: usize,
    /// The pointee's size in bytes (the index's scale).
    pub stride: u64,
    /// Bytes accessed.
    pub size: u64,
    /// The alignment the access needs (a divisor of `stride`).
    pub align: u64,
}

impl ProvenAccess {
    /// True when every work-item of a one-dimensional launch over global ids `0..end`
    /// accesses bytes inside a buffer of `len` bytes at address `base`, aligned. The ids
    /// stay below 2^31, so an index converted to a 32-bit integer keeps its value.
    pub fn holds(&self, end: u64, base: u64, len: u64) -> bool {
        if end == 0 {
            return true;
        }
        end <= 1 << 31
            && (end - 1)
                .checked_mul(self.stride)
                .and_then(|o| o.checked_add(self.size))
                .is_some_and(|last| last <= len)
            && base.is_multiple_of(self.align)
    }
}

impl KernelChecks {
    /// True when a launch of the kernel over a range of more than one dimension
    /// (`multi_dim`) or not keeps a shadow of `__global` buffers ([`global`]): the launch
    /// must run its work-groups on one thread.
    pub fn shadows_global(&self, multi_dim: bool) -> bool {
        (self.global_always || multi_dim)
            && self
                .sites
                .iter()
                .any(|s| s.kind == site::DefectKind::GlobalDataRace)
    }
}

#[cfg(test)]
mod tests {
    use super::ProvenAccess;

    #[test]
    fn a_proven_access_holds_only_inside_the_buffer() {
        let a = ProvenAccess {
            param: 0,
            stride: 4,
            size: 4,
            align: 4,
        };
        assert!(a.holds(16, 64, 64));
        assert!(!a.holds(17, 64, 64), "one element past the end");
        assert!(!a.holds(16, 66, 64), "misaligned base");
        assert!(a.holds(0, 66, 0), "no work-item");
        assert!(!a.holds((1 << 31) + 1, 0, u64::MAX), "32-bit indices wrap");
    }
}
