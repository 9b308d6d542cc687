//! A solved game's oracle, opened once per process and settings however many players,
//! judges and labels use it; and the settings the environment gives.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::oracle::{Oracle, OracleSettings};
use super::SolveError;
use crate::game::Game;

/// The settings of the environment for game `G`: the file its
/// [`Solvable::file_env`](super::Solvable::file_env) names, if set (none for a game
/// that cannot be solved).
pub fn settings_from_env<G: Game>() -> OracleSettings {
    let var = crate::registry::solvable::<G>().map(|s| s.file_env);
    OracleSettings {
        file: var.and_then(std::env::var_os).map(std::path::PathBuf::from),
        ..OracleSettings::default()
    }
}

type Opened = HashMap<(&'static str, OracleSettings), Box<dyn Any + Send + Sync>>;

/// The oracle of `G` under `settings`, opened the first time it is asked for; an error
/// naming the games that can be solved when `G` cannot.
pub fn oracle<G: Game>(settings: &OracleSettings) -> Result<Arc<dyn Oracle<G>>, SolveError> {
    static OPENED: OnceLock<Mutex<Opened>> = OnceLock::new();
    let opened = OPENED.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (G::NAME, settings.clone());
    if let Some(o) = lock(opened).get(&key) {
        if let Some(o) = o.downcast_ref::<Arc<dyn Oracle<G>>>() {
            return Ok(Arc::clone(o));
        }
    }
    let Some(solvable) = crate::registry::solvable::<G>() else {
        return Err(SolveError::Setting(format!(
            "{} cannot be solved; the games that can: {}",
            G::NAME,
            crate::registry::solvable_names().join(", ")
        )));
    };
    let o = (solvable.open)(settings)?;
    lock(opened).insert(key, Box::new(Arc::clone(&o)));
    Ok(o)
}

fn lock(m: &Mutex<Opened>) -> std::sync::MutexGuard<'_, Opened> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
