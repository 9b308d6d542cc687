//! What a datagen run is a pure function of: the plan (the labelling player, its
//! opponents, the budget, the openings and the seed), and the errors that stop a run.

use serde::{Deserialize, Serialize};

use crate::fit::positions_file::PositionFileError;
use crate::genome::Genome;
use crate::matches::settings::MatchSettings;

/// How long each search of a datagen game is: a fixed or a soft node budget
/// (deterministic: the stand-in for a clock) or a depth per role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DatagenBudget {
    /// Nodes per move, both sides (each search deepens until they are spent; the
    /// iteration they stop counts for nothing).
    Nodes(u64),
    /// A soft node limit per move, both sides: each search deepens until an iteration
    /// ends with at least this many nodes searched, so every move comes from a whole
    /// iteration; an iteration that reaches
    /// [`DATAGEN_SOFT_HARD_FACTOR`](crate::tunables::DATAGEN_SOFT_HARD_FACTOR) times the
    /// limit stops there (the hard cap).
    SoftNodes(u64),
    /// Plies per move, per role.
    Depth([u32; 2]),
}

impl std::fmt::Display for DatagenBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DatagenBudget::Nodes(n) => write!(f, "{n} nodes a move"),
            DatagenBudget::SoftNodes(n) => write!(f, "{n} nodes a move (soft)"),
            DatagenBudget::Depth([a, b]) => write!(f, "depth {a}/{b}"),
        }
    }
}

/// A player of datagen games as plain data: its weights and search settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DatagenPlayer {
    /// A short name (for the file's comments).
    pub name: String,
    /// One weight per feature, per role.
    pub weights: [Vec<f64>; 2],
    /// The genome's table weights in file form (`src/tables/`), if it carries any.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub tables: crate::tables::TablesFile,
    /// Plies of tactical moves searched beyond the depth.
    pub quiescence: u32,
    /// Random choice among equal best moves (drawn from the game's own generator).
    pub random_ties: bool,
    /// The coursework's Prolog minimax rule (see [`crate::search::SearchOptions`]).
    pub no_reply_fails: bool,
    /// Transposition table bits.
    pub tt_bits: u8,
}

impl DatagenPlayer {
    /// The player a genome describes.
    pub fn of<G: crate::game::Features>(genome: &Genome) -> Self {
        DatagenPlayer {
            name: genome.name.clone(),
            weights: genome.weights.clone(),
            tables: genome
                .tables
                .as_ref()
                .map(|t| t.to_file::<G>())
                .unwrap_or_default(),
            quiescence: genome.quiescence,
            random_ties: genome.random_ties,
            no_reply_fails: genome.no_reply_fails,
            tt_bits: genome.tt_bits.unwrap_or(crate::tunables::DEFAULT_TT_BITS),
        }
    }
}

/// Everything a datagen run depends on; the file it writes is a pure function of it.
///
/// Game `i` with no opponents is the player against itself from opening `i`, and both
/// roles' moves are kept. With opponents, games `2k` and `2k + 1` share opening `k`;
/// the player meets opponent `k mod n` in role `i mod 2`, and only its own moves are
/// kept (an opponent's score is in its own evaluation's units).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DatagenPlan {
    /// The player whose searches label the positions.
    pub player: DatagenPlayer,
    /// Opponents (none: self-play).
    pub opponents: Vec<DatagenPlayer>,
    /// Every search's budget.
    pub budget: DatagenBudget,
    /// Starts, random opening plies, ply cap and adjudication (its search fields unused).
    pub settings: MatchSettings,
    /// Games to play.
    pub games: u64,
    /// Plies of each game (after the opening's random plies) whose positions are not
    /// kept.
    pub skip_plies: u32,
    /// The seed of every opening and game.
    pub seed: u64,
}

/// A datagen run that cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum DatagenError {
    /// The games could not be played.
    #[error(transparent)]
    Dist(#[from] crate::dist::DistError),
    /// The output file cannot be written.
    #[error(transparent)]
    File(#[from] PositionFileError),
    /// The checkpoint cannot be read or written, or belongs to another plan.
    #[error("{path}: {message}")]
    Checkpoint {
        /// The checkpoint file.
        path: std::path::PathBuf,
        /// What is wrong.
        message: String,
    },
}
