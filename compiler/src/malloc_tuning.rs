//! Allocator settings for a process that compiles once and exits (`oclc FILE ...`).
//!
//! The compile runs on a thread of its own ([`crate::on_compile_stack`]), and glibc gives a
//! second thread an arena of its own, which grows and shrinks by remapping pages: a compile
//! that allocates and frees as it goes takes the same pages' faults again and again.
//! With the main arena only and 64 MiB of headroom on each growth (address space: pages
//! are committed only when touched), darktable's basic.cl (`-O2`, OpenCL) takes 2441 page
//! faults instead of 3325, and the 148 files of the real-kernel corpus took 1.32 s of CPU
//! time instead of 1.35 s (median of 8 alternating rounds). `oclc run` keeps glibc's
//! defaults: its kernels run on worker threads, which one shared arena would make wait for
//! each other.

/// Headroom the heap takes whenever it grows, and keeps when memory is freed at its top.
const TOP_PAD_BYTES: i32 = 64 << 20;

/// Sets up glibc's allocator for one compile (see the module documentation); does nothing
/// on other C libraries. Call it before the process starts any thread.
pub fn tune_for_one_compile() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator parameters; called before any other thread
    // exists, so no allocation races with it.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
        libc::mallopt(libc::M_TOP_PAD, TOP_PAD_BYTES);
    }
}
