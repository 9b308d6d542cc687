//! Progress on standard error: a bar on a terminal; without one (a run writing to a
//! log) or with `--quiet`, a line at least every `LOG_PROGRESS_SECS` (src/tunables.rs) seconds instead.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// A bar counting games, with games per second and time left.
pub fn games_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix}[{elapsed_precise}] {wide_bar} {pos}/{len} games, {per_sec}, {eta} left {msg}",
        )
        .expect("the template is valid"),
    );
    bar
}

/// The progress lines of a phase when no bar is drawn: counts the games and says how far
/// the phase is once every `LOG_PROGRESS_SECS` (src/tunables.rs) seconds.
pub struct LogLines {
    every: Duration,
    state: Mutex<Phase>,
}

struct Phase {
    name: String,
    total: u64,
    done: u64,
    start: Instant,
    last: Instant,
}

impl LogLines {
    /// Lines every `every` (`--progress-every`, default `LOG_PROGRESS_SECS` (src/tunables.rs)).
    pub fn every(every: Duration) -> Self {
        let now = Instant::now();
        LogLines {
            every,
            state: Mutex::new(Phase {
                name: String::new(),
                total: 0,
                done: 0,
                start: now,
                last: now,
            }),
        }
    }

    /// A phase of `total` games starts.
    pub fn phase(&self, name: &str, total: u64) {
        let now = Instant::now();
        let mut p = self.state.lock().expect("no panics while holding the lock");
        *p = Phase {
            name: name.to_string(),
            total,
            done: 0,
            start: now,
            last: now,
        };
    }

    /// A game has finished: the line to print when one is due.
    pub fn game(&self) -> Option<String> {
        let now = Instant::now();
        let mut p = self.state.lock().expect("no panics while holding the lock");
        p.done += 1;
        if now.duration_since(p.last) < self.every {
            return None;
        }
        p.last = now;
        let secs = now.duration_since(p.start).as_secs_f64();
        let rate = p.done as f64 / secs.max(1e-9);
        let left = p.total.saturating_sub(p.done) as f64 / rate.max(1e-9);
        Some(format!(
            "{}: {}/{} games, {:.0} s, {:.2} games/s, about {:.0} s left",
            p.name, p.done, p.total, secs, rate, left
        ))
    }
}
