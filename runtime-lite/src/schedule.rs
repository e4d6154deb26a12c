//! How a launch's work-groups are spread over the calling thread and the pool's workers,
//! and how the launch is timed.
//!
//! Handing work to other threads costs a hand-off: a sleeping worker takes 5-50 us to wake
//! (much more on a loaded machine) and posting to it costs the caller a system call, while
//! a small launch (vecadd over 4096 elements) is done in a few microseconds on one thread.
//! (Posting every launch to the workers, as before, made that launch take 40-50 us.) So the
//! calling thread starts on the work-groups itself and posts the rest to the pool only
//! when that pays: at once when earlier launches of the kernel predict at least
//! [`HANDOFF_WORTH`] of work, or when its own share has run that long with groups left.
//! Either way it keeps taking work-groups while the workers wake up, and stops once all of
//! them have started (a caller that keeps working alongside them is the one most often
//! preempted on a busy machine, holding back the launch's last batch).
//!
//! The launch's time runs from its start (after the kernel's compilation) to the last
//! work-group's end, whichever thread ran it: argument binding, scratch, the calling
//! thread's share, the hand-off to the workers and theirs. PoCL's event profiling counts
//! less: its `COMMAND_START` is stamped when a worker thread, already awake, takes the
//! command up with its arguments set up, and its `COMMAND_END` when the last work-group
//! ends.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::pool;

/// The work above which handing work-groups to the pool pays for the hand-off; a launch
/// predicted to take longer posts its work to the workers at once, and one predicted to
/// take less (or not predicted) runs on the calling thread until its own share has taken
/// this long.
pub(crate) const HANDOFF_WORTH: Duration = Duration::from_micros(20);

/// The work-groups of one launch and its timing, shared by the threads running it.
pub(crate) struct Schedule {
    started: Instant,
    total: u64,
    batch: u64,
    next: AtomicU64,
    /// Nanoseconds from `started` to the last work-group's end.
    last_end: AtomicU64,
    /// Thread-nanoseconds spent running work-groups, over all threads.
    busy: AtomicU64,
    /// Pool workers that have started on the work-groups.
    helpers_started: AtomicUsize,
}

/// The body a thread runs for its share: `body(slot, share)` sets up the thread's scratch
/// (`slot` is its own) and runs every work-group of every range `share` yields.
pub(crate) type Body<'a> = &'a (dyn Fn(usize, &mut Share<'_>) + Sync);

/// When a thread stops taking work-groups before they are all handed out.
enum Until<'a> {
    /// Never.
    Exhausted,
    /// Once this many nanoseconds since the launch started have passed.
    Budget(u64),
    /// Once this says so.
    Flag(&'a dyn Fn() -> bool),
}

impl Schedule {
    /// `total` work-groups of a launch that started at `started`, handed out `batch` at a
    /// time.
    pub(crate) fn new(started: Instant, total: u64, batch: u64) -> Schedule {
        Schedule {
            started,
            total,
            batch: batch.max(1),
            next: AtomicU64::new(0),
            last_end: AtomicU64::new(0),
            busy: AtomicU64::new(0),
            helpers_started: AtomicUsize::new(0),
        }
    }

    /// Nanoseconds since the launch started. (The clock is read as rarely as possible: on
    /// this project's virtual machine a read costs about 90 ns, the time of a whole
    /// work-group of a small kernel.)
    fn now_ns(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    fn exhausted(&self) -> bool {
        self.next.load(Ordering::Relaxed) >= self.total
    }

    /// Runs every work-group through `body`: on the calling thread alone when `helpers` is
    /// 0, else on the calling thread (slot `helpers`) and up to `helpers` pool workers
    /// (slots below it), posted when `predicted` (the work's expected thread-time) reaches
    /// [`HANDOFF_WORTH`] or the calling thread's share has run that long.
    pub(crate) fn run(&self, helpers: usize, predicted: Option<Duration>, body: Body<'_>) {
        let mut caller_began = 0;
        if helpers == 0 {
            return body(0, &mut self.share(Until::Exhausted, Some(0)));
        }
        if predicted.is_none_or(|p| p < HANDOFF_WORTH) {
            let budget = u64::try_from(HANDOFF_WORTH.as_nanos()).unwrap_or(u64::MAX);
            let mut solo = self.share(Until::Budget(budget), Some(0));
            // A predicted launch reads the clock first where the budget may run out.
            if let Some(p) = predicted.filter(|p| !p.is_zero()) {
                let batches = self.total.div_ceil(self.batch) as u128;
                let at = batches * u128::from(budget) / p.as_nanos();
                solo.check_at = u64::try_from(at).unwrap_or(u64::MAX).max(1);
            }
            body(helpers, &mut solo);
            if self.exhausted() {
                return;
            }
            caller_began = solo.finish();
        }
        let all_started = || self.helpers_started.load(Ordering::Relaxed) >= helpers;
        pool::with_helpers(
            helpers,
            &|slot| body(slot, &mut self.share(Until::Exhausted, None)),
            &|| self.exhausted(),
            || {
                let mut share = self.share(Until::Flag(&all_started), Some(caller_began));
                body(helpers, &mut share);
            },
        );
    }

    /// A share that stops at `until`; `began` is when its thread started on the launch
    /// (`None`, for a pool worker: read the clock at its first work-group, and count the
    /// worker as started).
    fn share<'a>(&'a self, until: Until<'a>, began: Option<u64>) -> Share<'a> {
        Share {
            s: self,
            until,
            began,
            batches: 0,
            check_at: 1,
            ended: None,
            finished: false,
        }
    }

    /// The launch's time: from its start to the last work-group's end.
    pub(crate) fn elapsed(&self) -> Duration {
        Duration::from_nanos(self.last_end.load(Ordering::Relaxed))
    }

    /// Thread-time spent running work-groups.
    pub(crate) fn busy(&self) -> Duration {
        Duration::from_nanos(self.busy.load(Ordering::Relaxed))
    }
}

/// One thread's share of a launch: yields batches of work-group indices until none is left
/// or its stop condition holds, and records when the thread's last batch ended.
pub(crate) struct Share<'a> {
    s: &'a Schedule,
    until: Until<'a>,
    /// When the thread started (nanoseconds since the launch started).
    began: Option<u64>,
    /// Batches taken so far, and the count at which a budget next reads the clock.
    batches: u64,
    check_at: u64,
    /// When the share ended, once it has (read when the clock was read to stop it).
    ended: Option<u64>,
    /// Set once [`Share::finish`] has recorded the share.
    finished: bool,
}

impl Share<'_> {
    /// True when the thread should stop before taking another batch; reads the clock for a
    /// budget only where the rate so far says the budget may be used up.
    fn should_stop(&mut self) -> bool {
        match self.until {
            Until::Exhausted => false,
            Until::Flag(f) => f(),
            Until::Budget(budget) => {
                if self.batches < self.check_at {
                    return false;
                }
                let now = self.s.now_ns();
                if now >= budget {
                    self.ended = Some(now);
                    return true;
                }
                let per_batch = (now / self.batches.max(1)).max(1);
                self.check_at = self.batches + ((budget - now) / per_batch).max(1);
                false
            }
        }
    }
}

impl Iterator for Share<'_> {
    type Item = Range<u64>;

    fn next(&mut self) -> Option<Range<u64>> {
        if self.ended.is_some() || self.should_stop() {
            return None;
        }
        let first = self.s.next.fetch_add(self.s.batch, Ordering::Relaxed);
        if first >= self.s.total {
            return None;
        }
        if self.began.is_none() {
            self.began = Some(self.s.now_ns());
            self.s.helpers_started.fetch_add(1, Ordering::Relaxed);
        }
        self.batches += 1;
        Some(first..(first + self.s.batch).min(self.s.total))
    }
}

impl Share<'_> {
    /// Ends the share (once): a thread that ran work-groups extends the launch's time to
    /// its end and adds its busy time. Returns when it ended.
    fn finish(&mut self) -> u64 {
        if let Some(ended) = self.ended.filter(|_| self.finished) {
            return ended;
        }
        self.finished = true;
        if self.batches == 0 {
            // A thread that ran no work-group leaves the launch's time alone (as a PoCL
            // worker that wakes after the last work-group was handed out never sees the
            // command).
            return *self.ended.get_or_insert(0);
        }
        let ended = *self.ended.get_or_insert_with(|| self.s.now_ns());
        self.s.last_end.fetch_max(ended, Ordering::Relaxed);
        let began = self.began.unwrap_or(ended);
        self.s
            .busy
            .fetch_add(ended.saturating_sub(began), Ordering::Relaxed);
        ended
    }
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A kernel as the [`CostTable`] knows it: the address of its compiled code and its local
/// size.
pub(crate) type KernelKey = (usize, [u64; 3]);

/// Kernels whose cost a [`CostTable`] keeps at most.
const COST_ENTRIES: usize = 256;

/// Measured work per work-group of each kernel (by its compiled code and local size), from
/// which a launch predicts whether handing work to the pool pays. A short list searched in
/// order: a program launches few kernels, and hashing the key cost more than the search.
#[derive(Debug, Default)]
pub(crate) struct CostTable {
    ns_per_group: Mutex<Vec<(KernelKey, u64)>>,
}

impl CostTable {
    /// The expected thread-time of `groups` work-groups of kernel `key`, if it ran before.
    pub(crate) fn predict(&self, key: KernelKey, groups: u64) -> Option<Duration> {
        let table = self.ns_per_group.lock().unwrap_or_else(|e| e.into_inner());
        let (_, ns) = table.iter().find(|(k, _)| *k == key)?;
        Some(Duration::from_nanos(ns.saturating_mul(groups)))
    }

    /// Records a launch of kernel `key` that spent `busy` thread-time on `groups` groups
    /// (averaged with what was known, so one disturbed launch does not decide alone).
    pub(crate) fn record(&self, key: KernelKey, groups: u64, busy: Duration) {
        let per_group =
            u64::try_from(busy.as_nanos() / u128::from(groups.max(1))).unwrap_or(u64::MAX);
        let mut table = self.ns_per_group.lock().unwrap_or_else(|e| e.into_inner());
        match table.iter_mut().find(|(k, _)| *k == key) {
            Some((_, ns)) => *ns = ns.saturating_add(per_group) / 2,
            None => {
                if table.len() == COST_ENTRIES {
                    table.remove(0);
                }
                table.push((key, per_group));
            }
        }
    }
}

#[cfg(test)]
mod tests;
