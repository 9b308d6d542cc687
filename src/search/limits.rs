//! When a search stops: its depth, node and time limits, and the match rules it sees.

use std::time::Instant;

use crate::game::MatchRules;

/// When a search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// The deepest iteration (plies).
    pub depth: u32,
    /// Stop after this many nodes (the last completed iteration counts). Deterministic.
    pub nodes: Option<u64>,
    /// Deepen no more once an iteration ends with at least this many nodes searched (a
    /// soft limit: the iteration under way finishes, up to `nodes`). Deterministic.
    pub soft_nodes: Option<u64>,
    /// Stop at this instant (the last completed iteration counts). Not deterministic:
    /// for play against a clock only.
    pub deadline: Option<Instant>,
    /// The match's ply cap and adjudication, so that the search sees a game end where
    /// the match ends it.
    pub rules: MatchRules,
}

impl SearchLimits {
    /// A fixed-depth search with no ply cap beyond the game's own rules.
    pub fn depth(depth: u32) -> Self {
        SearchLimits {
            depth,
            nodes: None,
            soft_nodes: None,
            deadline: None,
            rules: MatchRules::UNCAPPED,
        }
    }

    /// The same search under a match's rules.
    pub fn with_rules(self, rules: MatchRules) -> Self {
        SearchLimits { rules, ..self }
    }
}
