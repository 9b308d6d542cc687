//! How a tuning run is carried out, apart from what it computes: where the games are
//! played, when to stop, which folder to continue in. None of these changes the result.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::dist::Executor;

/// Options that do not change the result.
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
