//! What can stop a learning run.

use std::path::PathBuf;

/// An error of `weightforge learn`.
#[derive(Debug, thiserror::Error)]
pub enum LearnError {
    /// A setting cannot be used.
    #[error("{0}")]
    Setting(String),
    /// A checkpoint could not be written or read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A checkpoint is damaged or belongs to another run.
    #[error("{path}: {message}")]
    BadCheckpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong, naming the field.
        message: String,
    },
    /// The learning curve's games could not be played.
    #[error("learning curve: {0}")]
    Curve(String),
}
