//! An engine player resolved: its spelling read, the engine started once (in this
//! thread's pool) for its handshake, and the values of its constants file applied.

use std::path::Path;

use super::constants::ConstantsFile;
use super::error::EngineError;
use super::pool;
use super::spec::EngineSpec;

impl EngineSpec {
    /// Reads the spelling, starts the engine once (in this thread's pool) to learn its
    /// name and weights, and keeps it for the games to come of `game` (the game a
    /// `constants=FILE` must be for).
    pub fn resolve(spelling: &str, game: &str) -> Result<Self, EngineError> {
        let mut spec = Self::parse(spelling)?;
        let process = pool::take(&spec)?;
        spec.name = if process.name.is_empty() {
            spec.command.clone()
        } else {
            process.name.clone()
        };
        spec.weights = process.weights.clone();
        spec.values = spec.weights.iter().map(|w| w.default).collect();
        pool::give_back(&spec, process);
        match spec.constants.clone() {
            Some(path) => spec.with_constants_file(&path, game),
            None => Ok(spec),
        }
    }

    /// The same engine playing with the values of a constants file (what an `evolve`
    /// run of it wrote) for `game`; every name in the file must be declared by the
    /// engine.
    pub fn with_constants_file(&self, path: &Path, game: &str) -> Result<Self, EngineError> {
        let err = |why: String| EngineError::Constants {
            path: path.to_path_buf(),
            why,
        };
        let file = ConstantsFile::load(path, game).map_err(err)?;
        let values: Vec<(String, f64)> = file.constants.into_iter().collect();
        let mut spec = self.with_values(&values).map_err(|e| err(e.to_string()))?;
        // Tables tell the engine with these constants from its defaults.
        let stem = path
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into());
        spec.name = self.name_with_constants(&stem);
        Ok(spec)
    }
}
