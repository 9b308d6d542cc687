//! An engine's tuned constants as a file: what `weightforge evolve` writes when the
//! tuned player is an engine, and what `weightforge export` turns into JSON, TOML or
//! `name value` lines to paste back into the engine's source.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::EngineSpec;
use crate::genome::Provenance;

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
    /// Every declared constant → its value.
    pub constants: BTreeMap<String, f64>,
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

/// `name value` lines, one per constant, in name order.
pub fn lines<'a>(values: impl IntoIterator<Item = (&'a String, &'a f64)>) -> String {
    values
        .into_iter()
        .map(|(name, v)| format!("{name} {v}\n"))
        .collect()
}
