//! NDRange launches: argument binding and parallel execution of work-groups.
//!
//! Work-groups are numbered x fastest and handed out in batches through an atomic counter to
//! the calling thread and, when the launch is worth it, the pool's workers (see
//! [`crate::schedule`]). Each thread owns its argument block, its `__local` areas (static
//! and argument) and its per-work-item state, so groups never share scratch memory.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use oclc_backend_cpu::{WorkGroupContext, WorkGroupFn};

use crate::args::{ArgValue, ParamKind};
use crate::buffer::Buffer;
use crate::error::RuntimeError;
use crate::image::Image;
use crate::ndrange::{group_id, next_group_id, resolve, NDRange};
use crate::program::Program;
use crate::schedule::{Schedule, Share};
use crate::scratch::{Scratch, ScratchSizes};

/// What a launch actually ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchInfo {
    /// The work-group size used (chosen by the runtime when the launch gave none).
    pub local: [u64; 3],
    /// Work-groups per dimension.
    pub groups: [u64; 3],
    /// Threads the launch could run on at once: with more than one, the pool's workers (the
    /// calling thread takes work-groups too until they have all started); with one, the
    /// calling thread alone.
    pub threads: usize,
    /// The launch's execution time, comparable with what OpenCL's event profiling reports
    /// (`COMMAND_START` to `COMMAND_END`, which PoCL stamps when a worker thread takes the
    /// command up and when the last work-group ends): from the launch's start (after the
    /// kernel is compiled for its local size) to the last work-group's end, whichever thread
    /// ran it, so argument binding, scratch allocation and any hand-off to worker threads
    /// count. The calling thread's own wake-up at the end (if it slept) is left out, as the
    /// host thread's is on OpenCL.
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
        // A checked launch that its sizes prove free of defects runs unchecked code.
        let k = match self.proven_launch(&k, (r.global, r.offset, r.local), args, buffers) {
            Some(twin) => crate::program::Launchable::Program(twin),
            None => k,
        };
        let started = Instant::now();
        let mut block = self.bind_args(name, args, buffers, images)?;
        let multi_dim = r.global[1] > 1 || r.global[2] > 1;
        let checks = k.check.clone().map(|c| {
            crate::check::LaunchChecks::new(c, args, buffers, self.defects.options, multi_dim)
        });
        if let Some(c) = &checks {
            c.bind(&mut block.bytes);
        }
        let sink = checks.as_ref().map(|c| &*c.sink);
        let total_groups = r.groups[0] * r.groups[1] * r.groups[2];
        let wanted = threads
            .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
            .unwrap_or(1)
            .max(1);
        // Checked kernels with a shadow of `__global` buffers run their work-groups one
        // after the other on one thread (the shadow's cells are plain memory).
        let wanted = match &k.check {
            Some(c) if c.shadows_global(multi_dim) => 1,
            _ => wanted,
        };
        let nthreads = (wanted as u64).min(total_groups).max(1) as usize;
        // With more than one thread, `nthreads` pool workers (slots below it) and the
        // calling thread (slot `nthreads`) share the work, see `Schedule::run`.
        let helpers = if nthreads > 1 { nthreads } else { 0 };
        let wi_total = r.local[0] * r.local[1] * r.local[2];
        let sizes = ScratchSizes {
            static_local: k.static_local_size,
            state: wi_total
                .checked_mul(k.wi_state_size)
                .ok_or(RuntimeError::OutOfMemory { bytes: u64::MAX })?,
            arg_locals: block.locals.iter().map(|(_, size)| *size).collect(),
            args: block.bytes.len() as u64,
        };
        // The calling thread's scratch is taken up front, so allocation errors are reported;
        // a worker whose scratch cannot be allocated leaves the work to the others.
        let scratch: Vec<Mutex<Option<Scratch>>> =
            (0..=helpers).map(|_| Mutex::new(None)).collect();
        *lock(&scratch[helpers]) = Some(self.scratch.take(&sizes)?);
        // Consecutive work-groups in batches, so that each thread streams through
        // contiguous memory (hardware prefetchers follow it), with about 16 batches per
        // thread left for balancing.
        let batch = (total_groups / (nthreads as u64 * 16)).clamp(1, 64);
        let schedule = Schedule::new(started, total_groups, batch);
        let shadows: Vec<Mutex<oclc_backend_cpu::check::shadow::ThreadShadow>> = match &checks {
            Some(_) => (0..=helpers).map(|_| Mutex::default()).collect(),
            None => Vec::new(),
        };
        // The one thread of a launch with a `__global` shadow gets the program's.
        let global_shadow = nthreads == 1
            && k.check
                .as_ref()
                .is_some_and(|c| c.shadows_global(multi_dim));
        if let (true, Some(first)) = (global_shadow, shadows.first()) {
            let kept = std::mem::take(&mut *lock(&self.defects.global_shadow));
            lock(first).set_global(kept);
        }
        let entry: WorkGroupFn = k.entry;
        let group_loop = k.group_loop && checks.is_none();
        let pool = &self.scratch;
        let body = |slot: usize, share: &mut Share<'_>| {
            let mut guard = lock(&scratch[slot]);
            if guard.is_none() {
                match pool.take(&sizes) {
                    Ok(s) => *guard = Some(s),
                    Err(_) => return,
                }
            }
            let Some(Scratch {
                static_local,
                state,
                arg_locals,
                argmem,
            }) = guard.as_mut()
            else {
                return;
            };
            // SAFETY: `argmem` holds at least `block.bytes.len()` bytes.
            let args_bytes = unsafe {
                std::slice::from_raw_parts_mut(argmem.as_mut_ptr() as *mut u8, block.bytes.len())
            };
            args_bytes.copy_from_slice(&block.bytes);
            for ((off, _), area) in block.locals.iter().zip(arg_locals.iter_mut()) {
                let addr = area.as_mut_ptr() as u64;
                args_bytes[*off as usize..*off as usize + 8].copy_from_slice(&addr.to_le_bytes());
            }
            let mut shadow = shadows.get(slot).map(lock);
            if let (Some(c), Some(sh)) = (&checks, shadow.as_mut()) {
                c.bind_shadow(args_bytes, sh);
            }
            let mut ctx = WorkGroupContext {
                group_id: [0; 3],
                local_size: r.local,
                num_groups: r.groups,
                global_offset: r.offset,
                global_size: r.global,
                work_dim: r.work_dim,
                group_count: 0,
                local_mem: static_local.as_mut_ptr() as *mut u8,
                wi_state: state.as_mut_ptr() as *mut u8,
            };
            for groups in share {
                if sink.is_some_and(|s| s.stopped()) {
                    break;
                }
                // The first group's id by division, the rest by counting (x fastest): a
                // 64-bit division costs about as much as a small work-group.
                let mut id = group_id(groups.start, r.groups);
                let mut left = groups.end - groups.start;
                while left > 0 {
                    // The batch's groups of one row in one call, for kernels compiled
                    // with the loop over them (a checked kernel's one at a time, as its
                    // checks report per group).
                    let run = if group_loop {
                        left.min(r.groups[0] - id[0]).min(u64::from(u32::MAX))
                    } else {
                        1
                    };
                    ctx.group_id = id;
                    ctx.group_count = run as u32;
                    // SAFETY: the argument block matches the kernel's layout (checked by
                    // `bind_args`), every pointer in it and in `ctx` is live for the call,
                    // the scratch areas have the sizes the compiled kernel asked for, and
                    // the `run` groups from `id` lie in one row of the grid.
                    unsafe { entry(argmem.as_ptr() as *const u8, &ctx) };
                    left -= run;
                    id[0] += run - 1;
                    next_group_id(&mut id, r.groups);
                }
            }
        };
        // The entry's address: a variant compiled later at the address of a dropped one
        // inherits its cost, which only guides the schedule.
        let cost_key = (entry as usize, r.local);
        let predicted = self.costs.predict(cost_key, total_groups);
        schedule.run(helpers, predicted, &body);
        let elapsed = schedule.elapsed();
        self.costs.record(cost_key, total_groups, schedule.busy());
        if let (true, Some(first)) = (global_shadow, shadows.first()) {
            *lock(&self.defects.global_shadow) = lock(first).take_global();
        }
        for set in scratch {
            if let Some(s) = set.into_inner().unwrap_or_else(|e| e.into_inner()) {
                self.scratch.give_back(s);
            }
        }
        if let Some(c) = &checks {
            let found = c.defects(name);
            lock(&self.defects.found).extend(found);
        }
        Ok(LaunchInfo {
            local: r.local,
            groups: r.groups,
            threads: nthreads,
            elapsed,
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

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
