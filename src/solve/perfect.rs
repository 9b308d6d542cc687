//! What the perfect player needs from a solution: the moves of the best value, and the
//! solution file itself, read once per process however many games use it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::{Solution, SolveError, Value};
use crate::games::wolves_sheep::{WolvesSheep, WsMove};

/// The environment variable naming the solution file the perfect player reads.
pub const SOLUTION_ENV: &str = "WEIGHTFORGE_SOLUTION";

/// The solution file read when [`SOLUTION_ENV`] is not set.
pub const DEFAULT_SOLUTION: &str = "wolves_sheep.solved";

/// The solution file the perfect player reads: [`SOLUTION_ENV`], else
/// [`DEFAULT_SOLUTION`] in the current folder.
pub fn solution_path() -> PathBuf {
    std::env::var_os(SOLUTION_ENV)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_SOLUTION))
}

/// The solution at `path`, read and checked the first time it is asked for.
pub fn shared_solution(path: &Path) -> Result<Arc<Solution>, SolveError> {
    static OPENED: OnceLock<Mutex<HashMap<PathBuf, Arc<Solution>>>> = OnceLock::new();
    let opened = OPENED.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = opened.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = map.get(path) {
        return Ok(Arc::clone(s));
    }
    let s = Arc::new(Solution::open(path)?);
    map.insert(path.to_path_buf(), Arc::clone(&s));
    Ok(s)
}

/// The legal moves of the best value for the side to move (the fastest win, else a
/// draw, else the slowest loss) and that value.
pub fn best_moves(sol: &Solution, pos: &WolvesSheep) -> Result<(Vec<WsMove>, Value), SolveError> {
    let values = sol.move_values(pos)?;
    let Some(best) = values.iter().map(|&(_, v)| v).max_by_key(|v| v.rank()) else {
        return Ok((Vec::new(), sol.value(pos)?));
    };
    let moves = values
        .into_iter()
        .filter(|&(_, v)| v == best)
        .map(|(m, _)| m)
        .collect();
    Ok((moves, best))
}
