//! Accuracy: a strength measure without noise. On a fixed sample of Wolves & Sheep
//! positions reached in real games, each one where some move changes the solved value,
//! the share of a player's moves that keep it, by role, with the worst mistakes
//! (docs/guide/solve.md). The sample is made once by [`make_sample`] and shipped with
//! the tool ([`BUILT_IN_SAMPLE`]), so every player is judged on the same positions.

mod error;
mod judge;
mod sample;

pub use error::AccuracyError;
pub use judge::{judge, Accuracy, Mistake, RoleAccuracy};
pub use sample::{
    built_in_sample, make_sample, mistake_possible, read_sample, write_sample, BUILT_IN_SAMPLE,
};
