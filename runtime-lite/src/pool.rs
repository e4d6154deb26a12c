//! The process-wide pool of worker threads that launches run on.
//!
//! Spawning threads for every launch costs tens of microseconds and, on a loaded machine, a
//! freshly spawned thread may wait a whole scheduler slice before it first runs. The pool's
//! workers live for the rest of the process instead: between jobs each polls for a
//! millisecond (so launches a host separates by short work start at once) and then sleeps on
//! a condition variable.
//!
//! A job is shared work (work-groups handed out through a counter): each helper that takes
//! part calls `job(slot)` with its own slot, and that call takes work until none is left. So
//! the caller never waits for a worker that has not started: once the work is all handed
//! out, the slots not yet claimed are withdrawn and only the helpers already running are
//! waited for. (Waiting for every worker to check in made a 2 us launch take 50 us on two
//! busy cores: the second worker only ran once the caller's own spinning had ended.)
//!
//! One job runs at a time; a launch that finds the pool busy (another host thread launching
//! at the same moment) runs on freshly spawned scoped threads instead, so concurrent callers
//! never wait for each other.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock, TryLockError};
use std::time::{Duration, Instant};

/// How long the caller polls for the helpers before sleeping, and how long an idle worker
/// polls for the next job in a tight loop.
const SPIN: Duration = Duration::from_micros(50);

/// How long an idle worker keeps polling for the next job (yielding its core after the
/// first [`SPIN`]) before it sleeps. A program that launches, refreshes a few megabytes of
/// buffers and launches again finds its workers awake: with [`SPIN`] alone the worker slept
/// through the refresh and woke 20-60 us into the next launch, by when the caller had done
/// most of the work (vecadd over 262144 elements: PoCL's time over oclc's 0.92-1.03; with
/// 1 ms, 1.28-1.65; bench/results/cpu-launch-latency.txt).
const WORKER_SPIN: Duration = Duration::from_millis(1);

/// Bits of [`Pool::claims`] counting the slots claimed; the generation takes the rest.
const SLOT_BITS: u32 = 16;
/// The slot count of a job whose unclaimed slots were withdrawn (above any helper count).
const CLOSED: u64 = (1 << SLOT_BITS) - 1;
/// The most helpers one job may ask for (a larger request runs on scoped threads).
const MAX_HELPERS: usize = CLOSED as usize - 1;

/// The stack of a worker (pool or scoped): kernels keep their private arrays there, up to
/// 512 KiB per function (`oclc_lower::limits::MAX_PRIVATE_BYTES_PER_FUNCTION`), with calls
/// between such functions; only the pages touched are ever committed.
pub(crate) const WORKER_STACK_BYTES: usize = 16 << 20;

/// A job: called once per participating helper with that helper's slot.
pub(crate) type Job<'a> = &'a (dyn Fn(usize) + Sync);

/// The job a worker reads, with its lifetime erased (the caller keeps it alive until every
/// helper that claimed a slot has returned, see [`with_helpers`]).
#[derive(Clone, Copy)]
struct ErasedJob(*const (dyn Fn(usize) + Sync + 'static));

// SAFETY: the pointee is `Sync`, and the pointer is only dereferenced by a worker holding a
// claimed slot, while the caller of `with_helpers` keeps the job alive.
unsafe impl Send for ErasedJob {}

/// What the workers read under the lock when the generation changes.
struct Posted {
    generation: u64,
    job: Option<ErasedJob>,
    /// Slots of the job: `job(slot)` runs for `slot` below this.
    helpers: usize,
    /// Workers waiting on [`Pool::wake`] (posting skips the wake-up call when none is).
    sleepers: usize,
}

struct Pool {
    /// Serialises jobs; held by the caller for the whole of [`with_helpers`].
    busy: Mutex<()>,
    posted: Mutex<Posted>,
    /// Mirrors `posted.generation` for the workers' lock-free polling.
    generation: AtomicU64,
    wake: Condvar,
    /// `generation << SLOT_BITS | slots claimed` of the current job; [`CLOSED`] slots once
    /// withdrawn.
    claims: AtomicU64,
    /// Helpers of the current job that have returned.
    finished: AtomicUsize,
    /// Set when a helper's share panicked.
    panicked: AtomicBool,
    /// Set while the caller sleeps on `done` (helpers then notify it).
    caller_sleeping: AtomicBool,
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
            sleepers: 0,
        }),
        generation: AtomicU64::new(0),
        wake: Condvar::new(),
        claims: AtomicU64::new(0),
        finished: AtomicUsize::new(0),
        panicked: AtomicBool::new(false),
        caller_sleeping: AtomicBool::new(false),
        done_lock: Mutex::new(()),
        done: Condvar::new(),
        spawned: Mutex::new(0),
    })
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `job(slot)` on up to `helpers` pool workers (each with its own slot below
/// `helpers`) while the calling thread runs `caller`, and returns `caller`'s result once
/// every helper that started has returned.
///
/// `job` takes its work from a shared source until none is left, and `exhausted` says when
/// none is left to hand out: from then on (or once any helper has returned), workers that
/// have not yet claimed a slot are not waited for and never run the job. A panic in a helper
/// is resumed here after all have finished.
pub(crate) fn with_helpers<R>(
    helpers: usize,
    job: Job<'_>,
    exhausted: &dyn Fn() -> bool,
    caller: impl FnOnce() -> R,
) -> R {
    let p = pool();
    if helpers > MAX_HELPERS {
        return with_scoped(helpers, job, caller);
    }
    let _busy = match p.busy.try_lock() {
        Ok(guard) => guard,
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
        Err(TryLockError::WouldBlock) => return with_scoped(helpers, job, caller),
    };
    if ensure_workers(p, helpers).is_err() {
        return with_scoped(helpers, job, caller);
    }
    // SAFETY (lifetime erasure): `Join` below withdraws the unclaimed slots and waits for
    // the claimed ones before this function returns or unwinds, so no worker uses `job`
    // after it.
    let erased = ErasedJob(unsafe {
        std::mem::transmute::<Job<'_>, *const (dyn Fn(usize) + Sync + 'static)>(job)
    });
    p.panicked.store(false, Ordering::Relaxed);
    // The job is published under the lock for sleeping workers, then to spinning ones
    // through `generation` once the lock is released, and sleepers are woken after it:
    // a worker that saw the new generation while the lock was still held would block on
    // it, and a blocked thread takes tens of microseconds to wake on a virtual machine
    // (the whole of a mid-sized launch's gain from a second thread).
    let (generation, sleepers) = {
        let mut posted = lock(&p.posted);
        posted.generation += 1;
        posted.job = Some(erased);
        posted.helpers = helpers;
        p.finished.store(0, Ordering::Relaxed);
        p.claims.store(
            generation_bits(posted.generation) << SLOT_BITS,
            Ordering::Release,
        );
        (posted.generation, posted.sleepers)
    };
    p.generation.store(generation, Ordering::Release);
    if sleepers > 0 {
        p.wake.notify_all();
    }
    let join = Join {
        p,
        generation,
        exhausted,
    };
    let result = caller();
    drop(join);
    if p.panicked.load(Ordering::Acquire) {
        panic!("a launch worker thread panicked");
    }
    result
}

/// The generation as [`Pool::claims`] holds it.
fn generation_bits(generation: u64) -> u64 {
    generation & (u64::MAX >> SLOT_BITS)
}

/// Ends a posted job (also when the caller unwinds): waits until the work is all handed out
/// (or a helper has returned, which implies it), withdraws the unclaimed slots, and waits
/// for the helpers that claimed one.
struct Join<'a> {
    p: &'static Pool,
    generation: u64,
    exhausted: &'a dyn Fn() -> bool,
}

impl Drop for Join<'_> {
    fn drop(&mut self) {
        let p = self.p;
        let exhausted = self.exhausted;
        wait_until(p, || p.finished.load(Ordering::SeqCst) > 0 || exhausted());
        let old = p.claims.swap(
            generation_bits(self.generation) << SLOT_BITS | CLOSED,
            Ordering::AcqRel,
        );
        let claimed = (old & CLOSED) as usize;
        wait_until(p, || p.finished.load(Ordering::SeqCst) >= claimed);
    }
}

/// Waits until `ready()`: polls (yielding the core to any thread waiting for it) for
/// [`SPIN`], then sleeps until a helper's return wakes it. `ready` may only turn true
/// through a helper's progress or return.
fn wait_until(p: &Pool, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        if start.elapsed() > SPIN {
            let mut guard = lock(&p.done_lock);
            p.caller_sleeping.store(true, Ordering::SeqCst);
            while !ready() {
                guard = p.done.wait(guard).unwrap_or_else(|e| e.into_inner());
            }
            p.caller_sleeping.store(false, Ordering::SeqCst);
            return;
        }
        std::thread::yield_now();
    }
}

/// Spawns workers until there are at least `helpers`.
fn ensure_workers(p: &'static Pool, helpers: usize) -> std::io::Result<()> {
    let mut spawned = lock(&p.spawned);
    while *spawned < helpers {
        let index = *spawned;
        // Read here, before the caller posts its job, so the new worker cannot miss it.
        let seen = p.generation.load(Ordering::Acquire);
        std::thread::Builder::new()
            .name(format!("oclc-worker-{index}"))
            .stack_size(WORKER_STACK_BYTES)
            .spawn(move || worker(p, seen))?;
        *spawned += 1;
    }
    Ok(())
}

/// A worker's life: wait for a new generation, claim a slot of its job if one is left,
/// run it, report completion, repeat. `seen` is the last generation it must not run.
fn worker(p: &'static Pool, mut seen: u64) {
    loop {
        let (Some(ErasedJob(job)), helpers) = next_job(p, &mut seen) else {
            continue;
        };
        let Some(slot) = claim(p, seen, helpers) else {
            continue;
        };
        // SAFETY: the caller keeps the job alive until every claimed slot's helper has
        // counted itself in `finished` below.
        let result = catch_unwind(AssertUnwindSafe(|| unsafe { (*job)(slot) }));
        if result.is_err() {
            p.panicked.store(true, Ordering::Release);
        }
        p.finished.fetch_add(1, Ordering::SeqCst);
        if p.caller_sleeping.load(Ordering::SeqCst) {
            let _guard = lock(&p.done_lock);
            p.done.notify_all();
        }
    }
}

/// Claims a slot of job `generation` if it is still current and has one left.
fn claim(p: &Pool, generation: u64, helpers: usize) -> Option<usize> {
    let mut current = p.claims.load(Ordering::Acquire);
    loop {
        let slots = current & CLOSED;
        if current >> SLOT_BITS != generation_bits(generation) || slots >= helpers as u64 {
            return None;
        }
        match p.claims.compare_exchange_weak(
            current,
            current + 1,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => return Some(slots as usize),
            Err(now) => current = now,
        }
    }
}

/// Waits for a generation newer than `seen` (polling for [`WORKER_SPIN`], then sleeping),
/// sets `seen` to it and returns its job and helper count.
fn next_job(p: &Pool, seen: &mut u64) -> (Option<ErasedJob>, usize) {
    let start = Instant::now();
    while p.generation.load(Ordering::Acquire) == *seen {
        let waited = start.elapsed();
        if waited >= WORKER_SPIN {
            break;
        }
        if waited < SPIN {
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
    let mut posted = lock(&p.posted);
    while posted.generation == *seen {
        posted.sleepers += 1;
        posted = p.wake.wait(posted).unwrap_or_else(|e| e.into_inner());
        posted.sleepers -= 1;
    }
    *seen = posted.generation;
    (posted.job, posted.helpers)
}

/// The fallback: `helpers` scoped threads running `job` while the caller runs `caller`.
fn with_scoped<R>(helpers: usize, job: Job<'_>, caller: impl FnOnce() -> R) -> R {
    std::thread::scope(|s| {
        for slot in 0..helpers {
            // As `s.spawn` does, with the workers' stack size.
            std::thread::Builder::new()
                .stack_size(WORKER_STACK_BYTES)
                .spawn_scoped(s, move || job(slot))
                .expect("failed to spawn thread");
        }
        caller()
    })
}

#[cfg(test)]
mod tests;
