//! What the search and the evaluation need of a game beyond its rules.
//!
//! [`Game`] holds the rules only. A game's evaluation features (the terms a genome
//! weights) and the hints only a search uses (which moves to try first, which moves are
//! worth searching at all) live in [`Features`], implemented in each game's
//! `features.rs`, so that the rules never depend on how a player judges a position.

use super::cells::{CellBoard, CellChanges};
use super::{Game, MatchRules, Role, Status};

/// One named evaluation feature of a game.
#[derive(Clone, Copy, Debug)]
pub struct FeatureInfo {
    /// The name used in genome files, e.g. `sheep_eaten`.
    pub name: &'static str,
    /// A one-line meaning, printed by `weightforge games`.
    pub meaning: &'static str,
}

/// A set of feature indices (bit `i`: feature `i`); features from index 64 on are
/// always in the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureSet(u64);

impl FeatureSet {
    /// Every feature.
    pub const ALL: FeatureSet = FeatureSet(u64::MAX);

    /// The features with a non-zero weight.
    pub fn nonzero(weights: &[f32]) -> Self {
        if weights.len() > 64 {
            return FeatureSet::ALL;
        }
        let bits = weights
            .iter()
            .enumerate()
            .filter(|(_, &w)| w != 0.0)
            .fold(0u64, |b, (i, _)| b | 1 << i);
        FeatureSet(bits)
    }

    /// Whether feature `i` is in the set.
    #[inline]
    pub fn has(self, i: usize) -> bool {
        i >= 64 || self.0 & (1 << i) != 0
    }

    /// Whether any feature of `range` is in the set.
    #[inline]
    pub fn any(self, range: std::ops::RangeInclusive<usize>) -> bool {
        range.into_iter().any(|i| self.has(i))
    }
}

/// A game's evaluation features and the move hints of its search.
pub trait Features: Game {
    /// The evaluation features, in the order [`Features::features`] writes them.
    fn feature_info() -> &'static [FeatureInfo];

    /// Writes the feature values of the position, seen by `role`, into `out`
    /// (`out.len() == feature_info().len()`).
    fn features(&self, role: Role, out: &mut [f32]);

    /// [`Features::features`] for an evaluation that weights only the features in
    /// `needed`: those are written exactly as `features` writes them, the others are 0
    /// or their value (a cheap one may be computed anyway). A game whose features share
    /// little work skips the unneeded ones, so an evaluation with zero weights costs less
    /// and scores exactly the same; by default every feature is computed.
    #[inline]
    fn needed_features(&self, role: Role, needed: FeatureSet, out: &mut [f32]) {
        let _ = needed;
        self.features(role, out);
    }

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

    /// The board as table families see it (`src/game/cells.rs`); `None` (the default):
    /// the game has no table families.
    fn cell_board() -> Option<&'static CellBoard> {
        None
    }

    /// Writes the contents of every cell of [`Features::cell_board`] into `out`
    /// (`out.len()` = the number of cells). Unused without a cell board.
    #[inline]
    fn cell_contents(&self, out: &mut [u8]) {
        let _ = out;
    }

    /// Clears `out` and writes the cells that playing `mv` with `outcome` changes, with
    /// their contents before and after (called before [`Game::make`]), so that the evaluation's
    /// tables follow the search's moves without looking at the whole board. Unused
    /// without a cell board.
    #[inline]
    fn cell_changes(&self, mv: Self::Move, outcome: Self::Outcome, out: &mut CellChanges) {
        let _ = (mv, outcome);
        out.clear();
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
