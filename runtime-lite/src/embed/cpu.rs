//! Launches on the CPU through the NDRange entry of a precompiled object linked into the
//! app (`oclc --target cpu`; see `oclc_backend_cpu::object`).

use super::args::{Arg, Args};
use super::device::LaunchError;
use crate::buffer::alloc_chunks;
use crate::ndrange::NDRange;

/// The object's `oclc_ndrange_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CpuRange {
    /// Number of dimensions, 1 to 3.
    pub work_dim: u32,
    /// Must be 0.
    pub reserved: u32,
    /// Global size per dimension.
    pub global_size: [u64; 3],
    /// Global offset per dimension.
    pub global_offset: [u64; 3],
    /// Work-group size per dimension; all 0 lets the entry choose.
    pub local_size: [u64; 3],
}

/// An object's NDRange entry: `int K(const K_args *args, const oclc_ndrange_t *range)`.
pub type CpuEntry = unsafe extern "C" fn(args: *const u8, range: *const CpuRange) -> i32;

/// What a launcher needs to run a kernel through its object entry.
#[derive(Clone, Copy, Debug)]
pub struct CpuKernel {
    /// The entry.
    pub entry: CpuEntry,
    /// Byte offset of each parameter in the argument block.
    pub offsets: &'static [u64],
    /// Byte size of each parameter in the argument block.
    pub sizes: &'static [u64],
    /// Size of the argument block in bytes.
    pub block_size: u64,
}

/// The meaning of an entry's return code (`oclc_backend_cpu::object::codes`).
pub(crate) fn code_message(code: i32) -> &'static str {
    match code {
        -1 => "work_dim is not 1, 2 or 3",
        -2 => "a global size within work_dim is 0",
        -3 => "the local size does not divide the global size, differs from reqd_work_group_size, or exceeds 4096 work-items",
        -4 => "out of memory",
        -5 => "a __local argument size is 0",
        _ => "unknown error code",
    }
}

/// Runs `k` over `range` with `args` on the calling thread.
pub(crate) fn launch(
    name: &str,
    k: &CpuKernel,
    range: &NDRange,
    args: &mut Args<'_>,
) -> Result<(), LaunchError> {
    if args.list.len() != k.offsets.len() {
        return Err(LaunchError(format!(
            "kernel {name} takes {} arguments, {} given",
            k.offsets.len(),
            args.list.len()
        )));
    }
    let mut mem = alloc_chunks(k.block_size).map_err(|e| LaunchError(e.to_string()))?;
    // SAFETY: `mem` holds at least `block_size` bytes.
    let block = unsafe {
        std::slice::from_raw_parts_mut(mem.as_mut_ptr() as *mut u8, k.block_size as usize)
    };
    for (i, arg) in args.list.iter_mut().enumerate() {
        let at = k.offsets[i] as usize;
        let size = k.sizes[i] as usize;
        let bytes: Vec<u8> = match arg {
            Arg::Buffer(b) => (b.as_ptr() as u64).to_ne_bytes().to_vec(),
            Arg::BufferMut(b) => (b.as_mut_ptr() as u64).to_ne_bytes().to_vec(),
            Arg::Value(v) => v.clone(),
            Arg::Local(n) => n.to_ne_bytes().to_vec(),
        };
        if bytes.len() != size || at + size > block.len() {
            return Err(LaunchError(format!(
                "kernel {name}: argument {i} has {} bytes, the kernel takes {size}",
                bytes.len()
            )));
        }
        block[at..at + size].copy_from_slice(&bytes);
    }
    let r = CpuRange {
        work_dim: range.work_dim,
        reserved: 0,
        global_size: range.global,
        global_offset: range.offset,
        local_size: range.local.unwrap_or([0; 3]),
    };
    // SAFETY: the block holds every argument at the offsets the object was compiled with,
    // buffer pointers point to live buffers of the launcher's element types (borrowed for
    // the call, mutably where the kernel writes), and the entry runs to completion.
    let code = unsafe { (k.entry)(block.as_ptr(), &r) };
    if code == 0 {
        Ok(())
    } else {
        Err(LaunchError(format!(
            "kernel {name}: {} (code {code})",
            code_message(code)
        )))
    }
}
