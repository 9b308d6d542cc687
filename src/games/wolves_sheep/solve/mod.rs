//! Wolves & Sheep solved by retrograde analysis: the value (win, draw or loss for the
//! side to move, and the plies to the end with best play) of every position with 3 to
//! 10 sheep, layer by layer from the fewest sheep (docs/guide/solve.md). [`oracle`]
//! makes it the game's [`Solvable`](crate::solved::Solvable).

pub mod driver;
pub mod file;
pub mod index;
pub mod oracle;
pub mod retrograde;
pub mod solution;
pub mod stats;
pub mod verify;

pub use solution::Solution;
