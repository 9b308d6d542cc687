//! Game-tree search: alpha-beta with iterative deepening, a transposition table and move
//! ordering, plus the plain minimax it must agree with.
//!
//! Every game shares this engine through [`crate::game::Game`]. Games with random move
//! results are searched as expectimax: a move's value is the probability-weighted mean
//! over [`crate::game::Game::outcomes`]. A move with one certain outcome is an ordinary
//! alpha-beta child; a move with several is cut by Ballard's Star1 (*-minimax), so the
//! value stays exactly the expectimax value at a fraction of the nodes.
//!
//! The files import one way: [`pv`] and [`quiescence`] extend the [`Searcher`] of
//! `alphabeta`, which uses `ordering`, `tt`, `eval_cache`; `alphabeta`, `quiescence` and
//! `minimax` share `terminal` (the score of a finished game) and `tactical` (which moves
//! are certain, which sure tactical moves); the settings and the result
//! ([`SearchLimits`], [`SearchOptions`], [`SearchResult`]) are at the bottom. This file
//! only declares them.

mod alphabeta;
mod eval_cache;
mod limits;
mod minimax;
mod options;
mod ordering;
mod pv;
mod quiescence;
mod result;
mod tactical;
mod terminal;
mod tt;

pub use alphabeta::Searcher;
pub use limits::SearchLimits;
pub use minimax::{minimax, minimax_quiescent};
pub use options::SearchOptions;
pub use result::SearchResult;
pub use tt::{Bound, TransTable};
