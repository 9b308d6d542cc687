//! Wolves & Sheep solved by retrograde analysis: the value (win, draw or loss for the
//! side to move, and the plies to the end with best play) of every position with 3 to
//! 10 sheep, layer by layer from the fewest sheep (docs/guide/solve.md).

pub mod driver;
mod error;
pub mod file;
pub mod index;
pub mod labels;
pub mod perfect;
pub mod retrograde;
pub mod solution;
pub mod stats;
pub mod value;
pub mod verify;

pub use error::SolveError;
pub use solution::Solution;
pub use value::Value;
