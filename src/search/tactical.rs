//! Which moves have one certain result, and which are sure tactical moves (tactical, per
//! [`crate::game::Features::is_tactical`], with one certain result): the moves
//! alpha-beta searches as ordinary children, and the only moves the quiescence search
//! and its minimax reference play beyond the depth. Every search variant asks here.

use crate::game::{Features, Game};

/// A move's outcomes with their probabilities (a per-ply buffer of the search).
pub type Outs<G> = Vec<(<G as Game>::Outcome, f64)>;

/// The one outcome of `mv` when it is certain; `outs` is left holding all its outcomes
/// (for the expectation over them when there are several).
#[inline]
pub fn certain_outcome<G: Game>(pos: &G, mv: G::Move, outs: &mut Outs<G>) -> Option<G::Outcome> {
    pos.outcomes(mv, outs);
    match outs[..] {
        [(outcome, _)] => Some(outcome),
        _ => None,
    }
}

/// The one outcome of `mv` when it is a sure tactical move, `None` for any other move
/// (a quiet move, or one with a random result).
#[inline]
pub fn sure_tactical<G: Features>(pos: &G, mv: G::Move, outs: &mut Outs<G>) -> Option<G::Outcome> {
    if !pos.is_tactical(mv) {
        return None;
    }
    certain_outcome(pos, mv, outs)
}
