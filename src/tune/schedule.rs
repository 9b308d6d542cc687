//! How many games and generations a run plays: the hall of fame fills up over the first
//! generations, and a game budget can end the run early. The progress display, the
//! bounds check, SPSA's schedules and the run page all count with these.

use super::resolved::Resolved;

/// Games training generation `g` (from 1) plays: the hall of fame fills up over the
/// first generations.
pub fn games_in_generation(r: &Resolved, g: u32) -> u64 {
    let algorithm = &r.exp.algorithm;
    algorithm.plan().games(r, algorithm.candidates(), g)
}

/// Generations the run will play: all of them, or fewer when the game budget ends it
/// first (SPSA sizes its schedules by this).
pub fn planned_generations(r: &Resolved) -> u32 {
    let Some(budget) = r.exp.max_games else {
        return r.exp.generations;
    };
    let mut games = 0;
    for g in 1..=r.exp.generations {
        games += games_in_generation(r, g);
        if games >= budget {
            return g;
        }
    }
    r.exp.generations
}

/// Games a training generation plays once the hall of fame is full.
pub fn games_per_generation(r: &Resolved) -> u64 {
    games_in_generation(r, r.exp.hall_of_fame + 1)
}
