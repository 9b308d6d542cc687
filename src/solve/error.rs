//! What can go wrong solving, writing or reading a solution file.

use std::path::PathBuf;

/// A solve or solution-file error; each names the file and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file is not a solution of these rules, or is damaged.
    #[error("{path}: {what}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What does not match.
        what: String,
    },
    /// The solution file does not exist.
    #[error(
        "{path}: no solution file; write it with `weightforge solve --game wolves_sheep --out {path}`"
    )]
    Missing {
        /// The file looked for.
        path: PathBuf,
    },
    /// A position outside the solved layers.
    #[error("{position}: {sheep} sheep, but the file holds the layers of {min} to {max} sheep")]
    NotSolved {
        /// The position as text.
        position: String,
        /// Its sheep.
        sheep: u32,
        /// The file's fewest sheep.
        min: u32,
        /// The file's most sheep.
        max: u32,
    },
    /// A distance past what the one-byte code holds.
    #[error("layer of {sheep} sheep: a distance to the end past {max} plies does not fit the file's two-byte code", max = super::value::MAX_DISTANCE)]
    TooLong {
        /// The layer.
        sheep: u32,
    },
    /// `--max-sheep` out of range.
    #[error("--max-sheep {0}: expected {min} to {max}", min = super::index::MIN_SHEEP, max = super::index::MAX_SHEEP)]
    SheepOutOfRange(u32),
}
