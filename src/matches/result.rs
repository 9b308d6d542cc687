//! The totals of a match from A's point of view ([`MatchResult`]): W/D/L overall and
//! by role, the pentanomial of pair scores, plies, time and faults. Every series of
//! paired games adds up here: `match`, the tuner's pairings, `vvw arena`.

use serde::{Deserialize, Serialize};

use crate::played_game::{EndReason, FaultCounts, GameRecord};
use crate::stats::{Pentanomial, Wdl};

/// The totals of a match from A's point of view.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    /// A's wins, draws and losses.
    pub wdl: Wdl,
    /// A's record in each role.
    pub by_role: [Wdl; 2],
    /// Pair scores.
    pub ptnml: Pentanomial,
    /// Plies played in all games.
    pub plies: u64,
    /// Seconds spent in games (summed over threads).
    pub seconds: f64,
    /// Games lost off the board, by player (A, B) and kind.
    #[serde(default)]
    pub faults: [FaultCounts; 2],
}

impl MatchResult {
    /// Adds a pair's games.
    pub fn add_pair(&mut self, pair: &[GameRecord; 2]) {
        self.ptnml.add_pair(pair[0].a_score, pair[1].a_score);
        for g in pair {
            self.wdl.add(g.a_score);
            self.by_role[g.a_role].add(g.a_score);
            self.plies += g.plies as u64;
            self.seconds += g.seconds;
            if let EndReason::Fault { role, kind } = g.reason {
                self.faults[usize::from(role != g.a_role)].add(kind);
            }
        }
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.wdl.games()
    }
}
