//! The executor of one process: the units of a batch are taken one at a time from a
//! shared cursor by every thread of the current rayon pool, in the schedule's order, so
//! a thread that finishes early takes the next unit instead of waiting for a share
//! decided in advance. It also measures how long each thread was busy, which `weightforge
//! bench --tuner` turns into the idle share at the generation's barrier.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::order::{self, Schedule};
use super::{AnyOutput, DistError, Executor, Work};

/// Wall-clock and busy seconds of the batches an executor ran.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Load {
    /// Batches run.
    pub batches: u64,
    /// Units run.
    pub units: u64,
    /// Seconds from each batch's start to its last result, summed over batches.
    pub wall: f64,
    /// Seconds each thread spent running units, summed over batches.
    pub busy: Vec<f64>,
}

impl Load {
    /// The share of the threads' time spent waiting (for the batch's last units):
    /// 1 − busy / (wall × threads).
    pub fn idle_share(&self) -> f64 {
        let capacity = self.wall * self.busy.len() as f64;
        if capacity <= 0.0 {
            return 0.0;
        }
        (1.0 - self.busy.iter().sum::<f64>() / capacity).max(0.0)
    }
}

/// Runs batches on the current rayon pool (all its threads).
#[derive(Debug, Default)]
pub struct Threads {
    /// The order units are handed out in.
    pub schedule: Schedule,
    load: Mutex<Load>,
}

impl Threads {
    /// An executor handing units out in `schedule`'s order.
    pub fn new(schedule: Schedule) -> Self {
        Threads {
            schedule,
            load: Mutex::default(),
        }
    }

    /// What the batches run so far cost.
    pub fn load(&self) -> Load {
        self.load
            .lock()
            .expect("no panics while holding the lock")
            .clone()
    }
}

impl Executor for Threads {
    fn execute(
        &self,
        work: &dyn Work,
        done: &(dyn Fn(usize) + Sync),
    ) -> Result<Vec<AnyOutput>, DistError> {
        let order = order::order(work, self.schedule);
        let cursor = Cursor::new(&order);
        let t0 = Instant::now();
        let drained = rayon::broadcast(|_| drain(work, &cursor, done));
        let wall = t0.elapsed().as_secs_f64();
        let mut load = self.load.lock().expect("no panics while holding the lock");
        load.batches += 1;
        load.units += order.len() as u64;
        load.wall += wall;
        let threads = load.busy.len().max(drained.len());
        load.busy.resize(threads, 0.0);
        let mut results = Vec::with_capacity(order.len());
        for (k, d) in drained.into_iter().enumerate() {
            let (outs, busy) = d?;
            load.busy[k] += busy;
            results.extend(outs);
        }
        Ok(by_index(order.len(), results))
    }
}

/// The next unit to hand out, shared by the threads of a process (and, under MPI, by
/// the coordinator handing units to other processes).
pub(crate) struct Cursor<'a> {
    order: &'a [usize],
    next: AtomicUsize,
    failed: AtomicBool,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `order`.
    pub(crate) fn new(order: &'a [usize]) -> Self {
        Cursor {
            order,
            next: AtomicUsize::new(0),
            failed: AtomicBool::new(false),
        }
    }

    /// The next unit, or None once all are handed out or one has failed.
    pub(crate) fn take(&self) -> Option<usize> {
        if self.failed.load(Ordering::SeqCst) {
            return None;
        }
        let k = self.next.fetch_add(1, Ordering::SeqCst);
        self.order.get(k).copied()
    }

    /// Stops handing out units (a unit failed).
    pub(crate) fn fail(&self) {
        self.failed.store(true, Ordering::SeqCst);
    }

    /// Whether a unit failed.
    #[cfg_attr(not(feature = "mpi"), allow(dead_code))]
    pub(crate) fn failed(&self) -> bool {
        self.failed.load(Ordering::SeqCst)
    }
}

/// One thread's share: units taken from the cursor until none is left (each recorded as
/// it finishes), with the seconds spent running them.
pub(crate) type Drained = Result<(Vec<(usize, AnyOutput)>, f64), DistError>;

/// Runs units from `cursor` until none is left.
pub(crate) fn drain(work: &dyn Work, cursor: &Cursor, done: &(dyn Fn(usize) + Sync)) -> Drained {
    let mut outs = Vec::new();
    let mut busy = 0.0;
    while let Some(i) = cursor.take() {
        let t0 = Instant::now();
        let out = work.run(i).inspect_err(|_| cursor.fail())?;
        work.record(i, &out).inspect_err(|_| cursor.fail())?;
        busy += t0.elapsed().as_secs_f64();
        outs.push((i, out));
        done(i);
    }
    Ok((outs, busy))
}

/// Results numbered by unit, put in unit order (each unit exactly once).
pub(crate) fn by_index(n: usize, results: Vec<(usize, AnyOutput)>) -> Vec<AnyOutput> {
    let mut slots: Vec<Option<AnyOutput>> = (0..n).map(|_| None).collect();
    for (i, out) in results {
        slots[i] = Some(out);
    }
    slots
        .into_iter()
        .map(|s| s.expect("every unit is run exactly once"))
        .collect()
}
