//! NDRange launches: argument binding and parallel execution of work-groups.
//!
//! Work-groups are numbered x fastest and handed out through an atomic counter to `threads`
//! scoped threads. Each thread owns its argument block, its `__local` areas (static and
//! argument) and its per-work-item state, so groups never share scratch memory.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use oclc_backend_cpu::{WorkGroupContext, WorkGroupFn};

use crate::args::{ArgValue, ParamKind};
use crate::buffer::{alloc_chunks, Buffer};
use crate::error::RuntimeError;
use crate::image::Image;
use crate::ndrange::{resolve, NDRange};
use crate::program::Program;

/// What a launch actually ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchInfo {
    /// The work-group size used (chosen by the runtime when the launch gave none).
    pub local: [u64; 3],
    /// Work-groups per dimension.
    pub groups: [u64; 3],
    /// Threads used.
    pub threads: usize,
    /// The launch's execution time as OpenCL's event profiling reports it (`COMMAND_START`
    /// to `COMMAND_END`, which PoCL stamps when a worker thread takes the command up and when
    /// the last work-group ends): the argument binding and scratch allocation, plus the span
    /// from the first thread starting on the work-groups to the last one finishing them. The
    /// wait for a worker thread to be scheduled in the first place, and the calling thread's
    /// wake-up at the end, are left out on both sides.
    pub elapsed: Duration,
}

/// The argument block with the `__local` pointer slots still to fill per thread.
struct ArgBlock {
    bytes: Vec<u8>,
    locals: Vec<(u64, u64)>,
}

impl Program {
    /// Runs kernel `name` over `range` with `args` (one per parameter; buffer arguments index
    /// `buffers`) on `threads` threads (default: the available parallelism).
    pub fn launch(
        &self,
        name: &str,
        args: &[ArgValue],
        buffers: &mut [Buffer],
        range: &NDRange,
        threads: Option<usize>,
    ) -> Result<LaunchInfo, RuntimeError> {
        self.launch_with_images(name, args, buffers, &mut [], range, threads)
    }

    /// [`Program::launch`] for kernels with image parameters: `ArgValue::Image` arguments
    /// index `images`.
    pub fn launch_with_images(
        &self,
        name: &str,
        args: &[ArgValue],
        buffers: &mut [Buffer],
        images: &mut [Image],
        range: &NDRange,
        threads: Option<usize>,
    ) -> Result<LaunchInfo, RuntimeError> {
        let info = self.kernel(name)?;
        let r = resolve(range, info.reqd_work_group_size)?;
        // Compiled (specialised on the local size, and on the argument values when that is
        // on) before the clock starts, as an OpenCL event's profiled span excludes
        // clBuildProgram.
        let k = self.launchable(name, r.local, args)?;
        let started = Instant::now();
        let block = self.bind_args(name, args, buffers, images)?;
        let total_groups = r.groups[0] * r.groups[1] * r.groups[2];
        let wanted = threads
            .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
            .unwrap_or(1)
            .max(1);
        let nthreads = (wanted as u64).min(total_groups).max(1) as usize;
        let wi_total = r.local[0] * r.local[1] * r.local[2];
        let state_bytes = wi_total
            .checked_mul(k.wi_state_size)
            .ok_or(RuntimeError::OutOfMemory { bytes: u64::MAX })?;
        // Allocate every thread's scratch up front so allocation errors are reported.
        let mut scratch = Vec::with_capacity(nthreads);
        for _ in 0..nthreads {
            let static_local = alloc_chunks(k.static_local_size)?;
            let state = alloc_chunks(state_bytes)?;
            let mut arg_locals = Vec::new();
            for (_, size) in &block.locals {
                arg_locals.push(alloc_chunks(*size)?);
            }
            let argmem = alloc_chunks(block.bytes.len() as u64)?;
            scratch.push((static_local, state, arg_locals, argmem));
        }
        let next = AtomicU64::new(0);
        let first_start_ns = AtomicU64::new(u64::MAX);
        let last_end_ns = AtomicU64::new(0);
        let since_start = || u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        // Consecutive work-groups in batches, so that each thread streams through
        // contiguous memory (hardware prefetchers follow it), with about 16 batches per
        // thread left for balancing.
        let batch = (total_groups / (nthreads as u64 * 16)).clamp(1, 64);
        let entry: WorkGroupFn = k.entry;
        let scratch: Vec<Mutex<Scratch>> = scratch.into_iter().map(Mutex::new).collect();
        let run = |thread: usize| {
            first_start_ns.fetch_min(since_start(), Ordering::Relaxed);
            let mut guard = scratch[thread].lock().unwrap_or_else(|e| e.into_inner());
            let (static_local, state, arg_locals, argmem) = &mut *guard;
            // SAFETY: `argmem` holds at least `block.bytes.len()` bytes.
            let args_bytes = unsafe {
                std::slice::from_raw_parts_mut(argmem.as_mut_ptr() as *mut u8, block.bytes.len())
            };
            args_bytes.copy_from_slice(&block.bytes);
            for ((off, _), area) in block.locals.iter().zip(arg_locals.iter_mut()) {
                let addr = area.as_mut_ptr() as u64;
                args_bytes[*off as usize..*off as usize + 8].copy_from_slice(&addr.to_le_bytes());
            }
            let mut ctx = WorkGroupContext {
                group_id: [0; 3],
                local_size: r.local,
                num_groups: r.groups,
                global_offset: r.offset,
                global_size: r.global,
                work_dim: r.work_dim,
                reserved: 0,
                local_mem: static_local.as_mut_ptr() as *mut u8,
                wi_state: state.as_mut_ptr() as *mut u8,
            };
            loop {
                let first = next.fetch_add(batch, Ordering::Relaxed);
                if first >= total_groups {
                    break;
                }
                for g in first..(first + batch).min(total_groups) {
                    ctx.group_id = [
                        g % r.groups[0],
                        (g / r.groups[0]) % r.groups[1],
                        g / (r.groups[0] * r.groups[1]),
                    ];
                    // SAFETY: the argument block matches the kernel's layout (checked by
                    // `bind_args`), every pointer in it and in `ctx` is live for the call,
                    // and the scratch areas have the sizes the compiled kernel asked for.
                    unsafe { entry(argmem.as_ptr() as *const u8, &ctx) };
                }
            }
            last_end_ns.fetch_max(since_start(), Ordering::Relaxed);
        };
        let setup_ns = since_start();
        crate::pool::run_parallel(nthreads, &run);
        let running_ns = last_end_ns
            .load(Ordering::Relaxed)
            .saturating_sub(first_start_ns.load(Ordering::Relaxed));
        Ok(LaunchInfo {
            local: r.local,
            groups: r.groups,
            threads: nthreads,
            elapsed: Duration::from_nanos(setup_ns + running_ns),
        })
    }

    /// Checks `args` against the kernel's parameters and builds the argument block.
    fn bind_args(
        &self,
        name: &str,
        args: &[ArgValue],
        buffers: &mut [Buffer],
        images: &mut [Image],
    ) -> Result<ArgBlock, RuntimeError> {
        let info = self.kernel(name)?;
        // The argument layout does not depend on the local size the code was compiled for.
        let k = self.cpu.kernel(name).expect("every kernel is compiled");
        if args.len() != info.params.len() {
            return Err(RuntimeError::ArgCount {
                kernel: name.to_string(),
                expected: info.params.len(),
                got: args.len(),
            });
        }
        let mut bytes = vec![0u8; k.args.total as usize];
        let mut locals = Vec::new();
        for (i, (p, a)) in info.params.iter().zip(args).enumerate() {
            let bad = |message: String| RuntimeError::BadArg {
                kernel: name.to_string(),
                index: i,
                param: p.name.clone(),
                message,
            };
            let off = k.args.offsets[i] as usize;
            match (p.kind, a) {
                (ParamKind::GlobalBuffer | ParamKind::ConstantBuffer, ArgValue::Buffer(b)) => {
                    let buf = buffers.get_mut(*b).ok_or(RuntimeError::NoSuchBuffer {
                        index: i,
                        buffer: *b,
                    })?;
                    let addr = buf.device_addr();
                    bytes[off..off + 8].copy_from_slice(&addr.to_le_bytes());
                }
                (ParamKind::Image, ArgValue::Image(m)) => {
                    let image = images.get_mut(*m).ok_or(RuntimeError::NoSuchImage {
                        index: i,
                        image: *m,
                    })?;
                    let addr = image.device_addr();
                    bytes[off..off + 8].copy_from_slice(&addr.to_le_bytes());
                }
                (ParamKind::Sampler, ArgValue::Sampler(bits)) => {
                    bytes[off..off + 4].copy_from_slice(&bits.to_le_bytes());
                }
                (ParamKind::LocalPointer, ArgValue::Local(size)) => {
                    if *size == 0 {
                        return Err(bad("a __local pointer needs a non-zero size".into()));
                    }
                    locals.push((off as u64, *size));
                }
                (ParamKind::Value, ArgValue::Bytes(v)) => {
                    let size = p.size as usize;
                    let three = p
                        .elem
                        .is_some_and(|(s, l)| l == 3 && v.len() == 3 * s.size() as usize);
                    if v.len() != size && !three {
                        return Err(bad(format!(
                            "expected {size} bytes for type {}, got {}",
                            p.type_text,
                            v.len()
                        )));
                    }
                    bytes[off..off + v.len()].copy_from_slice(v);
                }
                (kind, a) => {
                    let want = match kind {
                        ParamKind::GlobalBuffer | ParamKind::ConstantBuffer => "a buffer",
                        ParamKind::LocalPointer => "a local memory size",
                        ParamKind::Value => "a value",
                        ParamKind::Image => "an image",
                        ParamKind::Sampler => "a sampler",
                    };
                    return Err(bad(format!(
                        "expected {want} for type {}, got {}",
                        p.type_text,
                        a.kind_name()
                    )));
                }
            }
        }
        Ok(ArgBlock { bytes, locals })
    }
}

type Scratch = (
    Vec<crate::buffer::Chunk>,
    Vec<crate::buffer::Chunk>,
    Vec<Vec<crate::buffer::Chunk>>,
    Vec<crate::buffer::Chunk>,
);
