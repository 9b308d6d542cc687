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
    /// Every declared constant → its value.
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

    /// Reads a constants file (at most [`crate::limits::RON_FILE_BYTES`]); every value
    /// must be a
    /// number within [`ENGINE_NUMBER`] (the engine's declared bounds are checked when
    /// the values are applied, [`EngineSpec::with_values`]).
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = crate::fsutil::read_bounded(path, &crate::limits::RON_FILE_BYTES)
            .map_err(|e| e.to_string())?;
        let file: Self = crate::ronfile::from_str(&text).map_err(|e| e.to_string())?;
        for (name, &v) in &file.constants {
            ENGINE_NUMBER
                .check(v)
                .map_err(|e| format!("constants.{name}: {e}"))?;
        }
        Ok(file)
    }
}

/// `NAME = value` lines, one per constant: Python assignments to paste into the source.
pub fn python<'a>(values: impl IntoIterator<Item = (&'a String, &'a f64)>) -> String {
    values
        .into_iter()
        .map(|(name, v)| format!("{name} = {v:?}\n"))
        .collect()
}

/// `name value` lines, one per constant, in the order given.
pub fn lines<'a>(values: impl IntoIterator<Item = (&'a String, &'a f64)>) -> String {
    values
        .into_iter()
        .map(|(name, v)| format!("{name} {v}\n"))
        .collect()
}
