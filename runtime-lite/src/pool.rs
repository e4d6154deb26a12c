//! The process-wide pool of worker threads that launches run on.
//!
//! Spawning threads for every launch costs tens of microseconds and, on a loaded machine, a
//! freshly spawned thread may wait a whole scheduler slice before it first runs. The pool's
//! workers live for the rest of the process instead: between jobs each spins briefly (so
//! back-to-back launches start at once) and then sleeps on a condition variable.
//!
//! The calling thread hands the whole job to the workers and waits, as PoCL's host thread
//! does: a caller that has just been busy (filling buffers, say) has used up its scheduler
//! slice, and on a loaded machine it is preempted in the middle of its share, holding back
//! the whole launch until it runs again (measured: 2 ms launches taking 10 ms medians on the
//! shared 2-core machine), while workers that slept between launches run at once on wake-up.
//!
//! One job runs at a time; a launch that finds the pool busy (another host thread launching
//! at the same moment) runs on freshly spawned scoped threads instead, so concurrent callers
//! never wait for each other.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock, TryLockError};
use std::time::{Duration, Instant};

/// How long an idle worker polls for the next job before sleeping, and how long the caller
/// polls for the helpers to finish before sleeping.
const SPIN: Duration = Duration::from_micros(50);

/// A job: called once per participating thread with that thread's index.
type Job<'a> = &'a (dyn Fn(usize) + Sync);

/// The job a worker reads, with its lifetime erased (the caller keeps it alive until every
/// helper has finished, see [`run_parallel`]).
#[derive(Clone, Copy)]
struct ErasedJob(*const (dyn Fn(usize) + Sync + 'static));

// SAFETY: the pointee is `Sync`, and the pointer is only dereferenced while the caller of
// `run_parallel` keeps the job alive.
unsafe impl Send for ErasedJob {}

/// What the workers read under the lock when the generation changes.
struct Posted {
    generation: u64,
    job: Option<ErasedJob>,
    /// Workers with an index below this take part (worker `i` runs `job(i)`).
    helpers: usize,
}

struct Pool {
    /// Serialises jobs; held by the caller for the whole of [`run_parallel`].
    busy: Mutex<()>,
    posted: Mutex<Posted>,
    /// Mirrors `posted.generation` for the workers' lock-free polling.
    generation: AtomicU64,
    wake: Condvar,
    /// Helpers of the current job that have not finished it.
    pending: AtomicUsize,
    /// Set when a helper's share panicked.
    panicked: AtomicUsize,
    done_lock: Mutex<()>,
    done: Condvar,
    /// Workers spawned so far.
    spawned: Mutex<usize>,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        busy: Mutex::new(()),
        posted: Mutex::new(Posted {
            generation: 0,
            job: None,
            helpers: 0,
        }),
        generation: AtomicU64::new(0),
        wake: Condvar::new(),
        pending: AtomicUsize::new(0),
        panicked: AtomicUsize::new(0),
        done_lock: Mutex::new(()),
        done: Condvar::new(),
        spawned: Mutex::new(0),
    })
}

/// Runs `job(0)`, ..., `job(threads - 1)` in parallel on pool workers (for one thread: on
/// the calling thread) and returns when all have returned. A panic in any of them is
/// resumed here after all finish.
pub(crate) fn run_parallel(threads: usize, job: Job<'_>) {
    if threads <= 1 {
        job(0);
        return;
    }
    let p = pool();
    let _busy = match p.busy.try_lock() {
        Ok(guard) => guard,
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
        Err(TryLockError::WouldBlock) => return run_scoped(threads, job),
    };
    let helpers = threads;
    if ensure_workers(p, helpers).is_err() {
        return run_scoped(threads, job);
    }
    // SAFETY (lifetime erasure): this function does not return, nor unwind, before
    // `pending` is back to zero, i.e. before every helper has stopped using `job`.
    let erased = ErasedJob(unsafe {
        std::mem::transmute::<Job<'_>, *const (dyn Fn(usize) + Sync + 'static)>(job)
    });
    p.pending.store(helpers, Ordering::SeqCst);
    p.panicked.store(0, Ordering::SeqCst);
    {
        let mut posted = p.posted.lock().unwrap_or_else(|e| e.into_inner());
        posted.generation += 1;
        posted.job = Some(erased);
        posted.helpers = helpers;
        p.generation.store(posted.generation, Ordering::Release);
    }
    p.wake.notify_all();
    wait_for_helpers(p);
    p.posted.lock().unwrap_or_else(|e| e.into_inner()).job = None;
    if p.panicked.load(Ordering::SeqCst) != 0 {
        panic!("a launch worker thread panicked");
    }
}

/// Waits until every helper has finished the current job: polls for [`SPIN`], then sleeps.
fn wait_for_helpers(p: &Pool) {
    let start = Instant::now();
    while p.pending.load(Ordering::Acquire) != 0 {
        if start.elapsed() > SPIN {
            let mut guard = p.done_lock.lock().unwrap_or_else(|e| e.into_inner());
            while p.pending.load(Ordering::Acquire) != 0 {
                guard = p.done.wait(guard).unwrap_or_else(|e| e.into_inner());
            }
            return;
        }
        std::hint::spin_loop();
    }
}

/// Spawns workers until there are at least `helpers`.
fn ensure_workers(p: &'static Pool, helpers: usize) -> std::io::Result<()> {
    let mut spawned = p.spawned.lock().unwrap_or_else(|e| e.into_inner());
    while *spawned < helpers {
        let index = *spawned;
        // Read here, before the caller posts its job, so the new worker cannot miss it.
        let seen = p.generation.load(Ordering::Acquire);
        std::thread::Builder::new()
            .name(format!("oclc-worker-{index}"))
            .spawn(move || worker(p, index, seen))?;
        *spawned += 1;
    }
    Ok(())
}

/// A worker's life: wait for a new generation, take part if its index is below the job's
/// helper count, report completion, repeat.
/// `seen` is the last generation it must not run.
fn worker(p: &'static Pool, index: usize, mut seen: u64) {
    loop {
        let (job, helpers) = next_job(p, &mut seen);
        if index >= helpers {
            continue;
        }
        let Some(ErasedJob(job)) = job else { continue };
        // SAFETY: the caller keeps the job alive until `pending` reaches zero, which needs
        // this worker's decrement below.
        let result = catch_unwind(AssertUnwindSafe(|| unsafe { (*job)(index) }));
        if result.is_err() {
            p.panicked.store(1, Ordering::SeqCst);
        }
        if p.pending.fetch_sub(1, Ordering::AcqRel) == 1 {
            let _guard = p.done_lock.lock().unwrap_or_else(|e| e.into_inner());
            p.done.notify_all();
        }
    }
}

/// Waits for a generation newer than `seen` (polling for [`SPIN`], then sleeping) and returns
/// its job and helper count.
fn next_job(p: &Pool, seen: &mut u64) -> (Option<ErasedJob>, usize) {
    let start = Instant::now();
    while p.generation.load(Ordering::Acquire) == *seen && start.elapsed() < SPIN {
        std::hint::spin_loop();
    }
    let mut posted = p.posted.lock().unwrap_or_else(|e| e.into_inner());
    while posted.generation == *seen {
        posted = p.wake.wait(posted).unwrap_or_else(|e| e.into_inner());
    }
    *seen = posted.generation;
    (posted.job, posted.helpers)
}

/// The fallback: `threads` scoped threads, thread 0 being the caller.
fn run_scoped(threads: usize, job: Job<'_>) {
    std::thread::scope(|s| {
        for t in 1..threads {
            s.spawn(move || job(t));
        }
        job(0);
    });
}

#[cfg(test)]
mod tests {
    use super::run_parallel;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Every index runs exactly once per job, over many jobs and thread counts (workers are
    /// reused and a job with fewer threads leaves the extra workers idle).
    #[test]
    fn each_index_runs_once_per_job() {
        for round in 0..200 {
            let threads = 1 + round % 5;
            let counts: Vec<AtomicUsize> = (0..threads).map(|_| AtomicUsize::new(0)).collect();
            run_parallel(threads, &|t| {
                counts[t].fetch_add(1, Ordering::Relaxed);
            });
            for c in &counts {
                assert_eq!(c.load(Ordering::Relaxed), 1);
            }
        }
    }

    /// Jobs posted from several host threads at once all complete (the pool or the scoped
    /// fallback).
    #[test]
    fn concurrent_callers_all_complete() {
        let total = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..50 {
                        run_parallel(3, &|_| {
                            total.fetch_add(1, Ordering::Relaxed);
                        });
                    }
                });
            }
        });
        assert_eq!(total.load(Ordering::Relaxed), 4 * 50 * 3);
    }

    /// A panic on a worker reaches the caller, and the pool still runs later jobs.
    #[test]
    fn worker_panic_reaches_the_caller() {
        let r = std::panic::catch_unwind(|| {
            run_parallel(2, &|t| {
                if t == 1 {
                    panic!("boom");
                }
            })
        });
        assert!(r.is_err());
        let n = AtomicUsize::new(0);
        run_parallel(2, &|_| {
            n.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(n.load(Ordering::Relaxed), 2);
    }
}
