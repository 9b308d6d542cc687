//! A solved game's oracle, opened once per process and settings however many players,
//! judges and labels use it.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::oracle::{Oracle, OracleSettings};
use super::SolveError;
use crate::game::Game;

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
