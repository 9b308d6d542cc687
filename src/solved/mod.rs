//! Games solved exactly, whatever the game: the value of a position ([`Value`]), the
//! oracle a solvable game answers through ([`Oracle`], declared on its
//! [`GameEntry`](crate::game::GameEntry) as [`Solvable`]), exact labels for a fit
//! ([`labels`]), the perfect player's oracle shared by every game of a process
//! ([`perfect`]), and accuracy, the share of a player's moves that keep the value
//! ([`accuracy`]). Each game's own solver sits in its folder (Wolves & Sheep by
//! retrograde analysis, Connect Four by search).

pub mod accuracy;
mod error;
pub mod labels;
pub mod oracle;
pub mod perfect;
pub mod value;

pub use error::SolveError;
pub use oracle::{BuildSettings, Oracle, OracleSettings, Solvable, SOLUTION_ENV};
pub use value::Value;
