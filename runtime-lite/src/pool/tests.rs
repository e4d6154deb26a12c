//! Tests of the worker pool: shared work done exactly once, distinct slots, concurrent
//! callers, panics.

use super::with_helpers;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Work items taken from a shared counter by the helpers and the calling thread.
struct Work {
    next: AtomicUsize,
    done: Vec<AtomicUsize>,
    slots: Vec<AtomicUsize>,
}

impl Work {
    fn new(items: usize, helpers: usize) -> Work {
        Work {
            next: AtomicUsize::new(0),
            done: (0..items).map(|_| AtomicUsize::new(0)).collect(),
            slots: (0..helpers).map(|_| AtomicUsize::new(0)).collect(),
        }
    }

    /// Takes items until none is left or `stop()`.
    fn take(&self, stop: &dyn Fn() -> bool) {
        while !stop() {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(d) = self.done.get(i) else { return };
            d.fetch_add(1, Ordering::Relaxed);
            std::hint::black_box((0..200).sum::<u64>());
        }
    }

    fn exhausted(&self) -> bool {
        self.next.load(Ordering::Relaxed) >= self.done.len()
    }

    fn all_slots_used(&self) -> bool {
        self.slots.iter().all(|s| s.load(Ordering::Relaxed) > 0)
    }

    /// Runs the work on the helpers, the calling thread taking work too (until every slot
    /// has started) when `caller_works`.
    fn run(&self, caller_works: bool) {
        with_helpers(
            self.slots.len(),
            &|slot| {
                self.slots[slot].fetch_add(1, Ordering::Relaxed);
                self.take(&|| false)
            },
            &|| self.exhausted(),
            || {
                if caller_works {
                    self.take(&|| self.all_slots_used())
                }
            },
        );
    }
}

/// Every item is done exactly once and no slot runs twice, over many jobs with varying
/// helper counts, whether the calling thread works alongside the helpers until they have
/// all started or leaves the whole job to them.
#[test]
fn shared_work_is_done_once() {
    for round in 0..300 {
        let helpers = 1 + round % 4;
        let items = [1, 7, 500][round % 3];
        let work = Work::new(items, helpers);
        work.run(round % 2 == 0);
        for d in &work.done {
            assert_eq!(d.load(Ordering::Relaxed), 1);
        }
        for s in &work.slots {
            assert!(s.load(Ordering::Relaxed) <= 1);
        }
    }
}

/// A job the calling thread finishes alone returns (the helpers that never started are
/// not waited for), and the pool still runs the next job.
#[test]
fn caller_may_do_all_the_work() {
    for _ in 0..50 {
        let work = Work::new(3, 2);
        with_helpers(2, &|_| work.take(&|| false), &|| work.exhausted(), || {
            work.take(&|| false)
        });
        assert!(work.exhausted());
        for d in &work.done {
            assert_eq!(d.load(Ordering::Relaxed), 1);
        }
    }
    let work = Work::new(100, 2);
    work.run(false);
    assert!(work.done.iter().all(|d| d.load(Ordering::Relaxed) == 1));
}

/// Jobs posted from several host threads at once all complete (the pool or the scoped
/// fallback).
#[test]
fn concurrent_callers_all_complete() {
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..50 {
                    let work = Work::new(64, 3);
                    work.run(true);
                    assert!(work.done.iter().all(|d| d.load(Ordering::Relaxed) == 1));
                }
            });
        }
    });
}

/// A panic on a worker reaches the caller, and the pool still runs later jobs.
#[test]
fn worker_panic_reaches_the_caller() {
    let r = std::panic::catch_unwind(|| {
        with_helpers(1, &|_| panic!("boom"), &|| false, || ());
    });
    assert!(r.is_err());
    let work = Work::new(10, 2);
    work.run(false);
    assert!(work.done.iter().all(|d| d.load(Ordering::Relaxed) == 1));
}
