//! What can go wrong making a sample or judging a player on it.

use crate::fit::positions_file::PositionFileError;
use crate::played_game::{PlayerFault, SetupError};
use crate::solved::SolveError;

/// An accuracy error; each names the position, file or player at fault.
#[derive(Debug, thiserror::Error)]
pub enum AccuracyError {
    /// The solution cannot answer (a position beyond its layers, a damaged file).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The sample file cannot be read or written.
    #[error(transparent)]
    File(#[from] PositionFileError),
    /// A player name does not resolve.
    #[error(transparent)]
    Players(#[from] crate::player::PlayerError),
    /// The sample games cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The judged player failed (an engine's fault).
    #[error("position {position}: the player failed: {fault}")]
    Player {
        /// The position it was asked about.
        position: String,
        /// What went wrong.
        fault: PlayerFault,
    },
    /// The judged player had no move where the rules give one.
    #[error("position {0}: the player gave no move")]
    NoMove(String),
    /// A sample position no move can spoil, or one whose game is over.
    #[error("{origin}: row {row}: position {position} is not a sample position ({why})")]
    NotASample {
        /// The sample file.
        origin: String,
        /// The row, from 1.
        row: usize,
        /// The position.
        position: String,
        /// Why it cannot judge a move.
        why: &'static str,
    },
}
