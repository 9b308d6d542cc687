//! How a generation's candidates are measured: against the opponent pool (ES, CMA-ES),
//! in pairs of candidates (SPSA's θ+ against θ−) or for their games' positions (Texel).
//! Plain words an algorithm names; what a plan plays and how its games are read back is
//! [`super::measure`]'s.

/// How a generation's candidates are measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Every candidate plays the opponent pool; fitness is its mean score.
    AgainstPool,
    /// Candidate 2i plays candidate 2i+1 (SPSA's θ+ against θ−).
    Pairwise,
    /// The candidates play the pool and themselves, and the games' positions are kept
    /// (Texel: they are what the algorithm is told).
    Positions,
}
