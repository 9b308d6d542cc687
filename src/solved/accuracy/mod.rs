//! Accuracy: a strength measure without noise. On a fixed sample of a solved game's
//! positions reached in real games, each one where some move changes the solved value,
//! the share of a player's moves that keep it, by role and by phase, with the worst
//! mistakes (docs/guide/solve.md). The sample is made once by [`make_sample`] and
//! shipped with the game ([`Solvable::sample`](crate::solved::Solvable::sample)), so
//! every player is judged on the same positions.

mod error;
mod judge;
mod sample;

pub use error::AccuracyError;
pub use judge::{judge, Accuracy, Mistake, RoleAccuracy};
pub use sample::{built_in_sample, make_sample, mistake_possible, read_sample, write_sample};
