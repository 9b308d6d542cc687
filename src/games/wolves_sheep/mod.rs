//! Wolves & Sheep (CityU CS4386): 2 wolves against 10 sheep on a 5×5 board.
//!
//! Rules: `docs/games/wolves_sheep.md`. Wolves move first; both sides step one square
//! orthogonally; a wolf captures by jumping over an empty square onto a sheep. Sheep win
//! when neither wolf can move, wolves win when two or fewer sheep remain.

pub mod bitboard;
mod entry;
pub mod features;
pub mod position;
pub mod solve;
pub mod state_file;
pub mod tables;
pub mod zobrist;

pub use position::{WolvesSheep, WsMove, SHEEP, WOLVES};
