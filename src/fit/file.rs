//! Position files: one labelled position per line, `<label> <position>`, where the
//! label is the game's result from the side to move's view (`1`, `0.5` or `0`, or any
//! number in between, e.g. a deeper search's expected score) and the position is the
//! game's own notation (`Game::to_text`). Lines that are empty or start with `#` are
//! ignored. See docs/positions.md.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use super::samples::Samples;
use crate::game::Features;

/// A position file that cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum PositionFileError {
    /// The file system failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A line is not `<label> <position>`.
    #[error("{path}:{line}: {message}")]
    Line {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// One labelled position: its text and the score of the side to move.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Labelled {
    /// The position in the game's notation.
    pub text: String,
    /// The side to move's score, 0 to 1.
    pub label: f64,
}

/// Writes `positions` to `path`, after a `#` comment line naming the game.
pub fn write<G: Features>(path: &Path, positions: &[Labelled]) -> Result<(), PositionFileError> {
    let io = |source| PositionFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut out = Vec::with_capacity(positions.len() * 40);
    writeln!(
        out,
        "# weightforge positions: {} <label> <position>",
        G::NAME
    )
    .map_err(io)?;
    for p in positions {
        writeln!(out, "{} {}", p.label, p.text).map_err(io)?;
    }
    crate::fsutil::write_atomic(path, &out).map_err(io)
}

/// Reads a position file for game `G` into rows (one per role per position).
pub fn read<G: Features>(path: &Path) -> Result<Samples, PositionFileError> {
    let file = std::fs::File::open(path).map_err(|source| PositionFileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut samples = Samples::new(G::feature_info().len());
    let mut buf = vec![0.0; samples.width];
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let bad = |message: String| PositionFileError::Line {
            path: path.to_path_buf(),
            line: i + 1,
            message,
        };
        let line = line.map_err(|source| PositionFileError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (label, text) = line
            .split_once(char::is_whitespace)
            .ok_or_else(|| bad("expected `<label> <position>`".into()))?;
        let label: f64 = label
            .parse()
            .ok()
            .filter(|l: &f64| (0.0..=1.0).contains(l))
            .ok_or_else(|| bad(format!("label {label:?}: expected a number from 0 to 1")))?;
        let pos = G::parse(text.trim()).map_err(|e| bad(e.to_string()))?;
        let score0 = if pos.side_to_move() == 0 {
            label
        } else {
            1.0 - label
        };
        samples.push(&pos, score0 as f32, [f32::NAN; 2], &mut buf);
    }
    Ok(samples)
}
