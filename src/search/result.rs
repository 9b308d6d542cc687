//! What a search found.

use crate::tunables::Score;

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
