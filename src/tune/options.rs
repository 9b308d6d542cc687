//! How a tuning run is carried out, apart from what it computes: where the games are
//! played, when to stop, which folder to continue in. None of these changes the result,
//! but for the two that choose how many generations train (`--time`,
//! `--train-generations`), whose choice the checkpoint records.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::dist::Executor;

/// How a run is carried out.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Where the games are played (default: this process's threads).
    pub executor: Option<Arc<dyn Executor>>,
    /// Stop after this generation (as if interrupted).
    pub stop_after: Option<u32>,
    /// Stop after the generation under way once this is set (Ctrl-C).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Continue in this report folder (a run folder copied or moved elsewhere) instead
    /// of the experiment's: its reports and best genome go there.
    pub dir: Option<PathBuf>,
    /// A time budget for the whole run, in seconds: after generation 1 the run chooses
    /// how many generations fit ([`super::time_budget`]).
    pub time: Option<f64>,
    /// Train this many generations of the experiment's (the count a time budget chose,
    /// to reproduce its run).
    pub train_generations: Option<u32>,
}

impl RunOptions {
    /// Whether the run should stop after generation `g`.
    pub fn stops_after(&self, g: u32) -> bool {
        let interrupted = self
            .interrupt
            .as_ref()
            .is_some_and(|i| i.load(Ordering::SeqCst));
        self.stop_after == Some(g) || interrupted
    }
}
