//! The C ABI of compiled work-group functions: the argument block and the work-group context.
//!
//! A compiled kernel is an `extern "C" fn(args: *const u8, ctx: *const WorkGroupContext)` that
//! runs every work-item of the work-group `ctx.group_id` (local ids x fastest, then y, then z).
//! `args` points to the argument block laid out by [`arg_layout`]: each kernel parameter sits
//! at its offset, with its natural alignment; a `__global`/`__constant` pointer holds the
//! buffer's address, a `__local` pointer holds the address of a per-work-group area the caller
//! allocated, and a by-value scalar, vector or struct holds its bytes (3-element vectors take 4).
//! An image parameter's 8-byte slot holds the address of its [`crate::image::ImageDesc`]; a
//! sampler's holds OpenCL C's 32-bit `CLK_*` pattern in its low 4 bytes.

use oclc_ir::{Function, Module};

/// The signature of a compiled work-group function.
pub type WorkGroupFn = unsafe extern "C" fn(args: *const u8, ctx: *const WorkGroupContext);

/// What a work-group function needs to know about the launch and the group it runs.
///
/// For dimensions at or past `work_dim`, the caller sets sizes to 1 and ids/offsets to 0, so
/// the work-item queries return OpenCL's out-of-range values without further checks.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WorkGroupContext {
    /// `get_group_id(d)` of the group to run.
    pub group_id: [u64; 3],
    /// `get_local_size(d)`.
    pub local_size: [u64; 3],
    /// `get_num_groups(d)`.
    pub num_groups: [u64; 3],
    /// `get_global_offset(d)`.
    pub global_offset: [u64; 3],
    /// `get_global_size(d)`.
    pub global_size: [u64; 3],
    /// `get_work_dim()`.
    pub work_dim: u32,
    /// How many work-groups to run, consecutive along dimension 0 from `group_id`
    /// (`group_id[0] + group_count <= num_groups[0]`); 0 runs one, as 1 does. Only kernels
    /// whose `CompiledKernel::group_loop` is set read it (the others run one group): a
    /// caller that runs a batch of their small groups saves a call per group. (The C
    /// header's `reserved`, which its callers keep 0.)
    pub group_count: u32,
    /// The kernel's static `__local` variables: at least
    /// [`crate::CompiledKernel::static_local_size`] bytes, 128-byte aligned, private to the group.
    pub local_mem: *mut u8,
    /// Per-work-item state of kernels with barriers: at least
    /// `local_size_total * `[`crate::CompiledKernel::wi_state_size`] bytes, 16-byte aligned
    /// (may be null when that size is 0).
    pub wi_state: *mut u8,
}

/// Byte offsets of the [`WorkGroupContext`] fields, as the generated code reads them.
pub mod ctx_offsets {
    use super::WorkGroupContext;
    use std::mem::offset_of;
    /// `group_id`.
    pub const GROUP_ID: i32 = offset_of!(WorkGroupContext, group_id) as i32;
    /// `local_size`.
    pub const LOCAL_SIZE: i32 = offset_of!(WorkGroupContext, local_size) as i32;
    /// `num_groups`.
    pub const NUM_GROUPS: i32 = offset_of!(WorkGroupContext, num_groups) as i32;
    /// `global_offset`.
    pub const GLOBAL_OFFSET: i32 = offset_of!(WorkGroupContext, global_offset) as i32;
    /// `global_size`.
    pub const GLOBAL_SIZE: i32 = offset_of!(WorkGroupContext, global_size) as i32;
    /// `work_dim`.
    pub const WORK_DIM: i32 = offset_of!(WorkGroupContext, work_dim) as i32;
    /// `group_count`.
    pub const GROUP_COUNT: i32 = offset_of!(WorkGroupContext, group_count) as i32;
    /// `local_mem`.
    pub const LOCAL_MEM: i32 = offset_of!(WorkGroupContext, local_mem) as i32;
    /// `wi_state`.
    pub const WI_STATE: i32 = offset_of!(WorkGroupContext, wi_state) as i32;
}

/// Where each kernel parameter sits in the argument block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgLayout {
    /// Byte offset of each parameter, in parameter order.
    pub offsets: Vec<u64>,
    /// Byte size of each parameter (8 for pointers).
    pub sizes: Vec<u64>,
    /// Total size of the block (a multiple of 8, at least 8).
    pub total: u64,
}

/// Lays out the argument block of `kernel` (natural alignment from `TypeTable::layout`).
pub fn arg_layout(module: &Module, kernel: &Function) -> ArgLayout {
    let mut offsets = Vec::new();
    let mut sizes = Vec::new();
    let mut at = 0u64;
    for p in &kernel.params {
        let l = module.types.layout(p.ty);
        at = at.next_multiple_of(l.align.max(1));
        offsets.push(at);
        sizes.push(l.size);
        at += l.size;
    }
    ArgLayout {
        offsets,
        sizes,
        total: at.next_multiple_of(8).max(8),
    }
}
