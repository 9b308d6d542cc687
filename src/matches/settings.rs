//! How the games of a match start and end ([`MatchSettings`]): the settings a match,
//! a tournament and the tuner's rounds share, and the search budget and rules they give
//! the players.

use serde::{Deserialize, Serialize};

use super::openings::Openings;
use crate::game::{Features, MatchRules};
use crate::played_game::SetupError;
use crate::player::SearchBudget;

/// How the games of a match start and end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSettings {
    /// Start names (or positions), used in turn by opening index.
    pub starts: Vec<String>,
    /// Random legal plies played from the start before the players take over.
    pub opening_plies: u32,
    /// Plies after which an unfinished game ends (draw or adjudication).
    pub ply_cap: u32,
    /// Overrides both players' search depth.
    pub depth: Option<u32>,
    /// Overrides both players' node budget per move; they deepen until it is spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Both players search this many milliseconds per move, deepening until it is spent
    /// (not deterministic).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_time_ms: Option<u64>,
    /// Whether a game reaching the ply cap is adjudicated by the game's rule (Abalone:
    /// fewer marbles lost wins) instead of drawn.
    #[serde(default)]
    pub adjudicate: bool,
}

impl MatchSettings {
    /// The game's default start, `opening_plies` random plies and its default cap.
    pub fn defaults<G: Features>(opening_plies: u32) -> Self {
        MatchSettings {
            starts: vec![G::start_names()[0].to_string()],
            opening_plies,
            ply_cap: G::DEFAULT_PLY_CAP,
            depth: None,
            nodes: None,
            move_time_ms: None,
            adjudicate: false,
        }
    }

    /// The search budget both players get: the settings' depth, nodes and move time.
    pub fn budget(&self) -> SearchBudget {
        SearchBudget {
            depth: self.depth,
            nodes: self.nodes,
            move_time_ms: self.move_time_ms,
        }
    }

    /// The ply cap and adjudication the games are played under.
    pub fn rules(&self) -> MatchRules {
        MatchRules {
            ply_cap: self.ply_cap,
            adjudicate: self.adjudicate,
        }
    }

    /// Reads the starts once for game `G` (map files are read and parsed here, not for
    /// every game).
    pub fn openings<G: Features>(&self) -> Result<Openings<G>, SetupError> {
        if self.starts.is_empty() {
            return Err(SetupError::Settings("no start given".into()));
        }
        let starts = self
            .starts
            .iter()
            .map(|name| {
                let start = G::resolve_start(name).map_err(|source| SetupError::Start {
                    start: name.clone(),
                    source,
                })?;
                Ok((name.clone(), start))
            })
            .collect::<Result<_, SetupError>>()?;
        Ok(Openings::new(starts, self.opening_plies, self.rules()))
    }
}
