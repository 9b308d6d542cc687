//! RON as weightforge reads and writes it: optional fields may be written bare
//! (`tt_bits: 18` rather than `tt_bits: Some(18)`), so hand-written files stay plain.

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Parses RON text; errors carry line:column.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, ron::error::SpannedError> {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .from_str(text)
}

/// Writes a value as indented RON.
pub fn to_string<T: Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(4)
        .indentor("    ".to_string());
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .to_string_pretty(value, config)
        .expect("weightforge's file types always serialise")
}
