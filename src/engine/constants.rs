//! An engine's tuned constants as a file: what `weightforge evolve` writes when the
//! tuned player is an engine, what `weightforge export` turns into JSON, TOML, Python
//! assignments or `name value` lines to paste back into the engine's source, and what
//! `engine:"…",constants=FILE` plays with.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::spec::EngineSpec;
use crate::genome::Provenance;
use crate::limits::ENGINE_NUMBER;
use crate::source_text::{finite, line_name, python_float, python_identifier, SourceError};

/// The constants of an engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstantsFile {
    /// The game.
    pub game: String,
    /// The engine's name (`id name`).
    pub engine: String,
    /// The command that runs it.
    pub command: String,
    /// The working directory it runs in (`dir=`), when not weightforge's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dir: Option<PathBuf>,
    /// Every declared constant → its value (a name given twice is refused).
    #[serde(deserialize_with = "unique_finite_constants")]
    pub constants: BTreeMap<String, f64>,
    /// The constants' names in the engine's declaration order (for `export`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<String>,
    /// Where the values came from.
    #[serde(default)]
    pub provenance: Provenance,
}

impl ConstantsFile {
    /// The constants `spec` plays with.
    pub fn new(game: &str, spec: &EngineSpec, provenance: Provenance) -> Self {
        ConstantsFile {
            game: game.to_string(),
            engine: spec.name.clone(),
            command: spec.command.clone(),
            dir: spec.dir.clone(),
            order: spec.weights.iter().map(|w| w.name.clone()).collect(),
            constants: spec
                .weights
                .iter()
                .zip(&spec.values)
                .map(|(w, &v)| (w.name.clone(), v))
                .collect(),
            provenance,
        }
    }
}

impl ConstantsFile {
    /// The constants in the engine's declaration order (names the order misses, from
    /// an older file, follow in name order).
    pub fn ordered(&self) -> Vec<(String, f64)> {
        let mut out: Vec<(String, f64)> = self
            .order
            .iter()
            .filter_map(|n| self.constants.get(n).map(|&v| (n.clone(), v)))
            .collect();
        for (n, &v) in &self.constants {
            if !self.order.contains(n) {
                out.push((n.clone(), v));
            }
        }
        out
    }

    /// Reads a constants file for `game` (at most [`crate::limits::RON_FILE_BYTES`]): a
    /// file written for another game is refused, and every value must be a number
    /// within [`ENGINE_NUMBER`] (the engine's declared bounds are checked when the values
    /// are applied, [`EngineSpec::with_values`]).
    pub fn load(path: &Path, game: &str) -> Result<Self, String> {
        let text = crate::fsutil::read_bounded(path, &crate::limits::RON_FILE_BYTES)
            .map_err(|e| e.to_string())?;
        let file: Self = crate::ronfile::from_str(&text).map_err(|e| e.to_string())?;
        if file.game != game {
            return Err(format!(
                "field `game`: this file is for {:?}, the match is {game:?}",
                file.game
            ));
        }
        for (name, &v) in &file.constants {
            ENGINE_NUMBER
                .check(v)
                .map_err(|e| format!("constants.{name}: {e}"))?;
        }
        Ok(file)
    }
}

/// The `constants` map of a file: a name given twice, or a value that is not finite,
/// is an error naming it (a map would silently keep the last).
fn unique_finite_constants<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, f64>, D::Error> {
    struct Unique;
    impl<'de> serde::de::Visitor<'de> for Unique {
        type Value = BTreeMap<String, f64>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map of constant names to numbers")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            use serde::de::Error;
            let mut out = BTreeMap::new();
            while let Some((name, value)) = map.next_entry::<String, f64>()? {
                if !value.is_finite() {
                    return Err(A::Error::custom(format!(
                        "constant {name:?}: {value} is not a finite number"
                    )));
                }
                if out.insert(name.clone(), value).is_some() {
                    return Err(A::Error::custom(format!(
                        "constant {name:?} is given twice"
                    )));
                }
            }
            Ok(out)
        }
    }
    d.deserialize_map(Unique)
}

/// `NAME = value` lines, one per constant: Python assignments to paste into the source.
/// A name that is not a Python identifier (or is a keyword) and a value that is not
/// finite are refused: the text would be code, not an assignment.
pub fn python<'a>(
    values: impl IntoIterator<Item = (&'a String, &'a f64)>,
) -> Result<String, SourceError> {
    let mut out = String::new();
    for (name, &v) in values {
        let name = python_identifier(name)?;
        out.push_str(&format!("{name} = {}\n", python_float(finite(name, v)?)));
    }
    Ok(out)
}

/// `name value` lines, one per constant, in the order given. A name with whitespace or a
/// control character (it would split or forge a line) and a value that is not finite
/// are refused.
pub fn lines<'a>(
    values: impl IntoIterator<Item = (&'a String, &'a f64)>,
) -> Result<String, SourceError> {
    let mut out = String::new();
    for (name, &v) in values {
        let name = line_name(name)?;
        out.push_str(&format!("{name} {}\n", finite(name, v)?));
    }
    Ok(out)
}
