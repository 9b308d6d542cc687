//! Why a tuning run could not go on: every failure of the tuner's stages, each wrapping
//! the typed error of the part that failed.

use super::checkpoint::CheckpointError;
use super::lock::LockError;
use super::report::error::ReportError;
use super::report::page::write::PageError;
use crate::dist::DistError;
use crate::genome::GenomeError;
use crate::played_game::SetupError;

/// A run that could not go on.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// Games could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Games could not be played (another process failed).
    #[error(transparent)]
    Dist(#[from] DistError),
    /// A checkpoint could not be read or written.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The result genome could not be written.
    #[error(transparent)]
    Genome(#[from] GenomeError),
    /// Another run holds the report folder.
    #[error(transparent)]
    Lock(#[from] LockError),
    /// The log or the charts could not be written.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The run page could not be written.
    #[error(transparent)]
    Page(PageError),
    /// The validation games could not be written.
    #[error(transparent)]
    Record(crate::record::RecordError),
    /// A position file could not be read.
    #[error(transparent)]
    Positions(#[from] crate::fit::positions_file::PositionFileError),
    /// The datagen stage failed.
    #[error(transparent)]
    Datagen(#[from] crate::datagen::DatagenError),
    /// The experiment cannot be run as written (found by a stage).
    #[error(transparent)]
    Experiment(#[from] Box<super::experiment::ExperimentError>),
    /// An engine's evaluation could not be probed.
    #[error(transparent)]
    Probe(#[from] crate::engine::probe::ProbeError),
    /// Too many of a generation's games were lost off the board (an engine that
    /// crashes, hangs or breaks the protocol): its fitness would measure the faults.
    #[error(
        "generation {generation}: {faults} of {games} games lost by faults ({detail}), more \
         than {limit:.0} %: the run stops (the engine log, WEIGHTFORGE_ENGINE_LOG=-, shows why)",
        limit = 100.0 * crate::tunables::FAULT_SHARE_STOP
    )]
    Faults {
        /// The generation.
        generation: u32,
        /// Games lost by a fault.
        faults: u64,
        /// Games played.
        games: u64,
        /// By player and kind.
        detail: String,
    },
    /// A position fit without games has no rows to learn from (for a role it tunes).
    #[error(
        "nothing to fit: {why}; the fit would only copy the start weights (give position \
         files with rows, or let the generations play games: `games: true`)"
    )]
    NothingToFit {
        /// Which rows are missing, and in which files.
        why: String,
    },
    /// The tables stage's fit could not run (a setting or family it cannot take).
    #[error("the tables stage: {0}")]
    TableFit(String),
    /// A report could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
}
