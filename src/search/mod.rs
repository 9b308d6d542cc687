//! Game-tree search: alpha-beta with iterative deepening, a transposition table and move
//! ordering, plus the plain minimax it must agree with.
//!
//! Every game shares this engine through [`crate::game::Game`]. Games with random move
//! results are searched as expectimax: a move's value is the probability-weighted mean
//! over [`crate::game::Game::outcomes`]. A move with one certain outcome is an ordinary
//! alpha-beta child; a move with several is cut by Ballard's Star1 (*-minimax), so the
//! value stays exactly the expectimax value at a fraction of the nodes.

mod alphabeta;
mod eval_cache;
mod minimax;
mod ordering;
mod pv;
mod quiescence;
mod tt;

pub use alphabeta::Searcher;
pub use minimax::{minimax, minimax_quiescent};
pub use tt::{Bound, TransTable};

use std::time::Instant;

use crate::game::MatchRules;
use crate::tunables::Score;

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

/// Which search techniques are on. All on by default; switching them off measures what
/// each one is worth (the search value never changes, only its cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Probe and store the transposition table.
    pub tt: bool,
    /// Search the transposition table's best move first.
    pub tt_move: bool,
    /// Search tactical moves (captures, pushes) before quiet ones.
    pub tactical_first: bool,
    /// Killer moves (two per ply) before other quiet moves.
    pub killers: bool,
    /// Order quiet moves by the history heuristic.
    pub history: bool,
    /// Search depths 1, 2, …, d instead of d alone.
    pub iterative_deepening: bool,
    /// Choose at random among root moves of equal best score (the course players do).
    pub random_ties: bool,
    /// Never choose a root move after which the opponent has no legal reply, and choose
    /// no move when every move is such. This imitates the War of Life coursework's
    /// published Prolog minimax: its minimum over the opponent's replies fails on an empty
    /// list, so a move that wipes the opponent out is dropped, and when none is left the
    /// strategy fails and the referee scores the game a stalemate (a draw).
    pub no_reply_fails: bool,
    /// Plies of tactical moves ([`crate::game::Features::is_tactical`]) searched beyond the
    /// depth, the side to move free to stand on the evaluation instead (0: none). It
    /// changes the search value; plain minimax has the same extension.
    pub quiescence: u32,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            tt: true,
            tt_move: true,
            tactical_first: true,
            killers: true,
            history: true,
            iterative_deepening: true,
            random_ties: false,
            no_reply_fails: false,
            quiescence: 0,
        }
    }
}

impl SearchOptions {
    /// Every technique off: plain alpha-beta in generation order.
    pub fn plain() -> Self {
        SearchOptions {
            tt: false,
            tt_move: false,
            tactical_first: false,
            killers: false,
            history: false,
            iterative_deepening: false,
            random_ties: false,
            no_reply_fails: false,
            quiescence: 0,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play (`None` when the root has no legal move).
    pub best: Option<M>,
    /// Its score for the side to move at the root.
    pub score: Score,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited (every position entered, including the root).
    pub nodes: u64,
    /// How many root moves shared the best score (when random ties are on).
    pub ties: usize,
}
