//! What a tuning run tells the outside as it goes (a progress bar, a log): the stages
//! report phases, games, generations and messages through [`RunObserver`].

use super::checkpoint::GenerationRow;

/// What a run reports as it goes (a progress bar, a log).
pub trait RunObserver: Sync {
    /// A phase starts: `games` games will be played in it.
    fn phase(&self, name: &str, games: u64);
    /// A game has finished.
    fn game(&self);
    /// A generation has finished.
    fn generation(&self, row: &GenerationRow, opponents: &[String]);
    /// Free text for the log.
    fn message(&self, text: &str);
}

/// An observer that ignores everything (tests, quiet runs).
pub struct Silent;

impl RunObserver for Silent {
    fn phase(&self, _: &str, _: u64) {}
    fn game(&self) {}
    fn generation(&self, _: &GenerationRow, _: &[String]) {}
    fn message(&self, _: &str) {}
}
