//! A run's checkpoint: the whole state of a run after a generation, written
//! atomically, so `evolve --resume` continues exactly where a run stopped and ends as
//! the uninterrupted run would have.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::matches::result::MatchResult;
use crate::tune::algorithm::Algorithm;
use crate::tune::experiment::Experiment;
use crate::tune::time_budget::TimeBudget;

/// Bumped when the checkpoint layout changes.
pub const FORMAT: u32 = 2;

/// The file name inside a run's report folder.
pub const FILE: &str = "checkpoint.json";

/// One generation's line of the log (and of generations.csv).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationRow {
    /// Generation number, from 1.
    pub generation: u32,
    /// Training games played so far.
    pub games: u64,
    /// Seconds of the run so far (wall clock; informative only).
    pub seconds: f64,
    /// Step size after the update.
    pub sigma: f64,
    /// The best candidate's training score.
    pub best: f64,
    /// The candidates' mean training score.
    pub mean: f64,
    /// The candidates' mean score against each opponent (empty for SPSA, whose
    /// candidates play each other).
    pub opponent_scores: Vec<f64>,
    /// The mean parameters θ after the update.
    pub theta: Vec<f64>,
    /// The same as raw weights.
    pub weights: Vec<f64>,
    /// All of the generation's games, candidates as A (for the score's interval).
    #[serde(default)]
    pub totals: MatchResult,
    /// The candidates' games against each reference opponent, pooled (for the Elo
    /// against it; empty for SPSA).
    #[serde(default)]
    pub opponent_totals: Vec<MatchResult>,
    /// The promotion after this generation (staged tuning), if one ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Promotion>,
    /// Wolves & Sheep with the solved game at hand: the mean genome's share of moves
    /// that keep the solved value on the accuracy sample (wolves, sheep, both).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<[f64; 3]>,
}

/// A promotion (staged tuning): the means of recent generations re-measured at the
/// target budget by successive halving; training continues from the winner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Promotion {
    /// The budget, in words.
    pub budget: String,
    /// The generations whose means entered, newest first.
    pub candidates: Vec<u32>,
    /// Each candidate's score over the rounds it played (mean over the references).
    pub scores: Vec<f64>,
    /// The candidates (indices into `candidates`) measured in each halving round.
    pub rounds: Vec<Vec<usize>>,
    /// The winner's index in `candidates`.
    pub winner: usize,
    /// Games played.
    pub games: u64,
}

/// Everything needed to continue a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Layout version.
    pub format: u32,
    /// The game the run tunes.
    pub game: String,
    /// The game's evaluation features, in order (the weight vectors follow them).
    pub features: Vec<String>,
    /// Hash of the experiment below, as written: an edited experiment is refused.
    pub experiment_hash: String,
    /// The experiment as it was read.
    pub experiment: Experiment,
    /// Where the experiment came from.
    pub origin: String,
    /// Generations completed.
    pub completed: u32,
    /// The algorithm's state after the last completed generation.
    pub algorithm: Algorithm,
    /// The log so far.
    pub rows: Vec<GenerationRow>,
    /// Hall of fame (θ of earlier means).
    pub hall_of_fame: Vec<Vec<f64>>,
    /// Opening positions used in training (kept out of selection and validation).
    pub training_openings: Vec<u64>,
    /// Training games played.
    pub games: u64,
    /// Seconds spent (wall clock).
    pub seconds: f64,
    /// An engine's run: per declared constant, the one role whose evaluation it moves
    /// (found by probing its `eval`; `None`: both roles' or neither's), for per-role
    /// selection. Empty for built-in players and runs that probed nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engine_roles: Vec<Option<usize>>,
    /// The generation training ends at when the run was told (`--train-generations`)
    /// or chose it from a time budget (`--time`), recorded when chosen so a resumed run
    /// ends where the first session would have; unset: the experiment's generations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_generation: Option<u32>,
    /// What a time budget chose, and from what.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_budget: Option<TimeBudget>,
}

impl Checkpoint {
    /// The generation training ends at: the recorded choice, else the experiment's.
    pub fn last_generation(&self) -> u32 {
        self.last_generation
            .unwrap_or(self.experiment.generations)
            .min(self.experiment.generations)
    }
}

/// A checkpoint that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Cannot read or write.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Not a checkpoint this version can read.
    #[error("{path}: not a weightforge checkpoint: {message}")]
    Format {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// A checkpoint of another run, or one with an impossible value.
    #[error("{path}: field `{field}`: {message} (start the run over with --force)")]
    Invalid {
        /// The file.
        path: String,
        /// The field at fault.
        field: String,
        /// What differs or is impossible.
        message: String,
    },
}

/// Just the layout version, read before the rest so an older layout is named as such.
#[derive(Deserialize)]
struct Header {
    format: u32,
}

impl Checkpoint {
    /// The checkpoint path of a report folder.
    pub fn path_in(dir: &Path) -> PathBuf {
        dir.join(FILE)
    }

    /// Writes the checkpoint atomically.
    pub fn save(&self, dir: &Path) -> Result<(), CheckpointError> {
        let path = Self::path_in(dir);
        let text = serde_json::to_vec(self).expect("checkpoints always serialise");
        crate::fsutil::write_derived(&path, &text).map_err(|source| CheckpointError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// Reads the checkpoint of a report folder.
    pub fn load(dir: &Path) -> Result<Self, CheckpointError> {
        let path = Self::path_in(dir);
        let shown = path.display().to_string();
        let text = crate::fsutil::read_bounded(&path, &crate::limits::CHECKPOINT_BYTES).map_err(
            |source| CheckpointError::Io {
                path: shown.clone(),
                source,
            },
        )?;
        let format_error = |e: serde_json::Error| CheckpointError::Format {
            path: shown.clone(),
            message: e.to_string(),
        };
        let header: Header = serde_json::from_str(&text).map_err(format_error)?;
        if header.format != FORMAT {
            return Err(CheckpointError::Format {
                path: shown,
                message: format!(
                    "layout {} (this weightforge reads layout {FORMAT}; finish the run with the \
                     weightforge that wrote it, or start over with --force)",
                    header.format
                ),
            });
        }
        serde_json::from_str(&text).map_err(format_error)
    }
}
