//! Games solved exactly, whatever the game: the value of a position ([`Value`]), the
//! oracle a solvable game answers through ([`Oracle`], declared on its
//! [`GameEntry`](crate::game::GameEntry) as [`Solvable`]), exact labels for a fit
//! ([`labels`]), the oracle of each game opened once a process and the settings of the
//! environment ([`open`]), and accuracy, the share of a player's moves that keep the value
//! ([`accuracy`]). Each game's own solver sits in its folder (Wolves & Sheep by
//! retrograde analysis, Connect Four by search).

pub mod accuracy;
mod error;
pub mod labels;
pub mod open;
pub mod oracle;
pub mod value;

pub use error::SolveError;
pub use oracle::{BuildSettings, Oracle, OracleSettings, Solvable};
pub use value::Value;
