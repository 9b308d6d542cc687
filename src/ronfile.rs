//! RON as weightforge reads and writes it: optional fields may be written bare
//! (`tt_bits: 18` rather than `tt_bits: Some(18)`), and a variant holding a struct is
//! written with the struct's fields inside its parentheses (`Es(lambda: 8, sigma: 0.3)`),
//! so hand-written files stay plain. [`FileError`] is how a RON file that cannot be used
//! (genome, experiment) reports it: the file, and the field where that is known.

use std::path::Path;

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;
use serde::Serialize;

fn options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .with_default_extension(Extensions::UNWRAP_VARIANT_NEWTYPES)
}

/// Parses RON text; errors carry line:column.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, ron::error::SpannedError> {
    options().from_str(text)
}

/// Writes a value as indented RON.
pub fn to_string<T: Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(4)
        .indentor("    ".to_string());
    options()
        .to_string_pretty(value, config)
        .expect("weightforge's file types always serialise")
}

/// Writes a value as RON on one line (`Es(lambda: 8, sigma: 0.3)`), as a person would
/// write a small field by hand.
pub fn to_line<T: Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .compact_structs(true)
        .compact_arrays(true)
        .compact_maps(true);
    options()
        .to_string_pretty(value, config)
        .expect("weightforge's file types always serialise")
}

/// A RON file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not valid RON for what it should hold.
    #[error("{path}:{message}")]
    Syntax {
        /// The file.
        path: String,
        /// Line:column and what was expected.
        message: String,
    },
    /// A field has an impossible value.
    #[error("{path}: field `{field}`: {message}")]
    Field {
        /// The file.
        path: String,
        /// The field, as a path (`weights.wolves.sheep_eaten`).
        field: String,
        /// What is wrong and what was expected.
        message: String,
    },
}

impl FileError {
    /// A field of file `path` has an impossible value.
    pub fn field(path: &str, field: impl Into<String>, message: impl Into<String>) -> Self {
        FileError::Field {
            path: path.to_string(),
            field: field.into(),
            message: message.into(),
        }
    }

    /// File `path` cannot be read or written.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        FileError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

/// Reads a file as text; errors name it.
pub fn read(path: &Path) -> Result<String, FileError> {
    crate::fsutil::read_bounded(path, &crate::limits::RON_FILE_BYTES)
        .map_err(|source| FileError::io(path, source))
}

/// Reads a genome file as text (at most [`crate::limits::GENOME_FILE_BYTES`]); errors
/// name it.
pub fn read_genome(path: &Path) -> Result<String, FileError> {
    crate::fsutil::read_bounded(path, &crate::limits::GENOME_FILE_BYTES)
        .map_err(|source| FileError::io(path, source))
}

/// Parses RON text; `origin` names it in errors.
pub fn parse<T: DeserializeOwned>(text: &str, origin: &str) -> Result<T, FileError> {
    from_str(text).map_err(|e| FileError::Syntax {
        path: origin.to_string(),
        message: e.to_string(),
    })
}
