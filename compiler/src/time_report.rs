//! `-ftime-report`: where a compilation's time went, per stage and per pass.

use std::fmt::Write as _;
use std::time::Duration;

/// Wall time spent in each stage and pass of one compilation, in the order each first ran;
/// a pass that runs several times (fixed-point groups) is one entry with its run count.
#[derive(Clone, Debug, Default)]
pub struct TimeReport {
    entries: Vec<TimeEntry>,
}

/// One stage or pass of a [`TimeReport`].
#[derive(Clone, Debug, PartialEq)]
pub struct TimeEntry {
    /// `front end`, `lowering`, `pass NAME`, `SPIR-V emission`, ...
    pub name: String,
    /// Total wall time over its runs.
    pub time: Duration,
    /// How many times it ran.
    pub runs: u32,
}

impl TimeReport {
    /// Adds `time` to the entry `name`, creating it after the others when new.
    pub fn add(&mut self, name: &str, time: Duration) {
        match self.entries.iter_mut().find(|e| e.name == name) {
            Some(e) => {
                e.time += time;
                e.runs += 1;
            }
            None => self.entries.push(TimeEntry {
                name: name.to_string(),
                time,
                runs: 1,
            }),
        }
    }

    /// The entries, in the order each first ran.
    pub fn entries(&self) -> &[TimeEntry] {
        &self.entries
    }

    /// The report as printed by `-ftime-report`: one line per entry with its milliseconds,
    /// share of the total and run count, then the total.
    pub fn render(&self) -> String {
        let total: Duration = self.entries.iter().map(|e| e.time).sum();
        let total_ms = total.as_secs_f64() * 1e3;
        let mut out = String::from("===== oclc time report (wall time) =====\n");
        for e in &self.entries {
            let ms = e.time.as_secs_f64() * 1e3;
            let share = if total_ms > 0.0 {
                100.0 * ms / total_ms
            } else {
                0.0
            };
            let runs = if e.runs > 1 {
                format!("  ({} runs)", e.runs)
            } else {
                String::new()
            };
            let _ = writeln!(out, "{ms:10.3} ms {share:5.1}%  {}{runs}", e.name);
        }
        let _ = writeln!(out, "{total_ms:10.3} ms 100.0%  total");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_names_merge_and_keep_first_order() {
        let mut r = TimeReport::default();
        r.add("front end", Duration::from_millis(3));
        r.add("pass dce", Duration::from_millis(1));
        r.add("pass gvn", Duration::from_millis(2));
        r.add("pass dce", Duration::from_millis(4));
        let names: Vec<_> = r
            .entries()
            .iter()
            .map(|e| (e.name.as_str(), e.runs))
            .collect();
        assert_eq!(names, [("front end", 1), ("pass dce", 2), ("pass gvn", 1)]);
        assert_eq!(r.entries()[1].time, Duration::from_millis(5));
        let text = r.render();
        assert!(text.contains("pass dce  (2 runs)"), "{text}");
        assert!(text.contains("10.000 ms 100.0%  total"), "{text}");
    }
}
