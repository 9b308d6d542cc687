//! The short form of a run for the index of runs: `summary.json` in each report
//! folder ([`Summary`]).

use serde::{Deserialize, Serialize};

use super::data::{PageData, RunState};

/// The summary file in a report folder.
pub const SUMMARY: &str = "summary.json";

/// The short form of a run for the index page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The run's name.
    pub name: String,
    /// Its game.
    pub game: String,
    /// Its algorithm.
    pub algorithm: String,
    /// Where it stands.
    pub state: RunState,
    /// Generations done and planned.
    pub generation: (u32, u32),
    /// Training games played.
    pub games: u64,
    /// Validation, one line per opponent: `Elo ± half interval vs opponent`.
    pub elo: Vec<String>,
    /// Seconds since the Unix epoch when the page was written.
    pub updated: u64,
}

/// The summary of the page's run as it stands.
pub(super) fn summary(d: &PageData) -> Summary {
    Summary {
        name: d.exp.name.clone(),
        game: d.exp.game.clone(),
        algorithm: d.exp.algorithm.name().to_string(),
        state: d.state,
        generation: (
            d.rows.last().map_or(0, |r| r.generation),
            d.planned_generations,
        ),
        games: d.rows.last().map_or(0, |r| r.games),
        elo: d
            .finished
            .iter()
            .flat_map(|f| f.validation.iter())
            .map(|v| format!("{:.1} ± {:.1} vs {}", v.elo.elo, v.elo.error(), v.opponent))
            .collect(),
        updated: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |t| t.as_secs()),
    }
}
