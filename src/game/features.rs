//! What the search and the evaluation need of a game beyond its rules.
//!
//! [`Game`] holds the rules only. A game's evaluation features (the terms a genome
//! weights) and the hints only a search uses (which moves to try first, which moves are
//! worth searching at all) live in [`Features`], implemented in each game's
//! `features.rs`, so that the rules never depend on how a player judges a position.

use super::{Game, MatchRules, Role, Status};

/// One named evaluation feature of a game.
#[derive(Clone, Copy, Debug)]
pub struct FeatureInfo {
    /// The name used in genome files, e.g. `sheep_eaten`.
    pub name: &'static str,
    /// A one-line meaning, printed by `weightforge games`.
    pub meaning: &'static str,
}

/// A game's evaluation features and the move hints of its search.
pub trait Features: Game {
    /// The evaluation features, in the order [`Features::features`] writes them.
    fn feature_info() -> &'static [FeatureInfo];

    /// Writes the feature values of the position, seen by `role`, into `out`
    /// (`out.len() == feature_info().len()`).
    fn features(&self, role: Role, out: &mut [f32]);

    /// Whether a move changes material (a capture, a push-off, a battle): searched first.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// A small key identifying a move for the killer and history tables.
    fn move_key(&self, mv: Self::Move) -> u32;

    /// Clears `out` and fills it with the moves the search considers: by default the
    /// legal moves; a game whose full move set is too large to search offers a chosen few.
    #[inline]
    fn search_moves(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }

    /// The index of a feature by name.
    fn feature_index(name: &str) -> Option<usize> {
        Self::feature_info().iter().position(|f| f.name == name)
    }
}

/// Clears `out` and fills it with the moves the search considers in `pos` under `rules`,
/// none once the match is over.
pub fn search_moves<G: Features>(rules: &MatchRules, pos: &G, out: &mut Vec<G::Move>) {
    out.clear();
    if rules.status(pos) == Status::Ongoing {
        pos.search_moves(out);
    }
}
