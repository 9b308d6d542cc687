//! What a tuning run returns: interrupted after some generations, or finished with the
//! best genome, where it went and how it validated.

use std::path::PathBuf;

use super::report::standing::Standing;
use super::report::validation::{GateVerdict, OpponentValidation};
use crate::genome::Genome;

/// How a run ended.
#[derive(Clone, Debug)]
pub enum RunEnd {
    /// Stopped on request after a generation; `--resume` continues it.
    Interrupted {
        /// Generations completed.
        completed: u32,
    },
    /// Finished.
    Finished(Box<RunSummary>),
}

/// The results of a finished run.
#[derive(Clone, Debug)]
pub struct RunSummary {
    /// The best genome.
    pub best: Genome,
    /// Where it was written.
    pub genome_path: PathBuf,
    /// The report folder.
    pub report_dir: PathBuf,
    /// Validation against each opponent.
    pub validation: Vec<OpponentValidation>,
    /// Where validation, selection and the gate were measured, in words.
    pub budget: String,
    /// The gate against the start, when the experiment asks for one.
    pub gate: Option<GateVerdict>,
    /// Whether the result is better than the start.
    pub standing: Standing,
    /// Training games.
    pub training_games: u64,
    /// All games, including selection, validation and the gate.
    pub total_games: u64,
    /// Wall-clock seconds of the whole run (over all sessions).
    pub seconds: f64,
}
