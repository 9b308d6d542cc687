//! What can go wrong solving a game, building or reading its file, or asking its
//! oracle.

use std::path::PathBuf;

/// A solve error; each names the file, flag or position and what is wrong.
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
    /// A file is not a solution or book of these rules, or is damaged.
    #[error("{path}: {what}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What does not match.
        what: String,
    },
    /// The file the oracle needs does not exist.
    #[error("{path}: no such file; write it with `{command}`")]
    Missing {
        /// The file looked for.
        path: PathBuf,
        /// The command that writes it.
        command: String,
    },
    /// A position the oracle cannot answer (beyond a solution's layers).
    #[error("{position}: {why}")]
    NotSolved {
        /// The position as text.
        position: String,
        /// Why.
        why: String,
    },
    /// A setting out of range, or one the game does not take.
    #[error("{0}")]
    Setting(String),
    /// A limit of the file format or of the machine was reached.
    #[error("{0}")]
    Limit(String),
}
