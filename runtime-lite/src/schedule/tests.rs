//! Tests of the launch schedule: every work-group runs once whichever threads take part,
//! no slot is used by two threads at once, and the launch's time covers the work.

use super::{CostTable, Schedule, Share};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Runs `groups` work-groups of `spin` each on `helpers` helpers plus the caller, with
/// `predicted` as the launch's prediction; checks each group ran once and each slot was
/// used by one thread at a time.
fn check(groups: u64, batch: u64, helpers: usize, predicted: Option<Duration>, spin: Duration) {
    let schedule = Schedule::new(Instant::now(), groups, batch);
    let runs: Vec<AtomicUsize> = (0..groups).map(|_| AtomicUsize::new(0)).collect();
    let in_use: Vec<AtomicBool> = (0..=helpers).map(|_| AtomicBool::new(false)).collect();
    let body = |slot: usize, share: &mut Share<'_>| {
        assert!(
            !in_use[slot].swap(true, Ordering::SeqCst),
            "slot {slot} in use twice"
        );
        for range in share {
            for g in range {
                runs[g as usize].fetch_add(1, Ordering::Relaxed);
                let start = Instant::now();
                while start.elapsed() < spin {
                    std::hint::spin_loop();
                }
            }
        }
        in_use[slot].store(false, Ordering::SeqCst);
    };
    schedule.run(helpers, predicted, &body);
    for (g, r) in runs.iter().enumerate() {
        assert_eq!(r.load(Ordering::Relaxed), 1, "work-group {g}");
    }
    assert!(schedule.elapsed() >= spin * (groups as u32) / (helpers as u32 + 1));
}

/// Small launches (the calling thread alone), launches that outgrow the calling thread's
/// budget, and launches predicted large (posted at once), over several helper counts.
#[test]
fn every_group_runs_once() {
    for helpers in [0, 1, 2, 3] {
        check(7, 1, helpers, None, Duration::ZERO);
        check(200, 3, helpers, None, Duration::from_micros(2));
        check(
            200,
            1,
            helpers,
            Some(Duration::from_secs(1)),
            Duration::from_micros(2),
        );
        check(1000, 64, helpers, Some(Duration::ZERO), Duration::ZERO);
    }
}

/// The table predicts from the average of what was recorded for the same kernel and size.
#[test]
fn costs_predict_from_recorded_launches() {
    let t = CostTable::default();
    let key = (1, [64, 1, 1]);
    assert_eq!(t.predict(key, 10), None);
    t.record(key, 10, Duration::from_nanos(1000));
    assert_eq!(t.predict(key, 20), Some(Duration::from_nanos(2000)));
    t.record(key, 10, Duration::from_nanos(3000));
    assert_eq!(t.predict(key, 1), Some(Duration::from_nanos(200)));
    assert_eq!(t.predict((1, [32, 1, 1]), 1), None);
}
