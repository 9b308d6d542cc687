//! Connect Four: 7 columns × 6 rows, red against yellow, red moves first.
//!
//! Rules: `docs/games/connect_four.md`. A move drops a disc of the side to move into a
//! column that is not full; it falls to the lowest empty cell of that column. Four discs
//! of one colour in a line (horizontal, vertical or diagonal) win; a full board without
//! one is a draw.
//!
//! The board is the classic column-height bitboard ([`bitboard`]); positions are written
//! as six rows of `.`/`r`/`y` top to bottom and the side to move ([`notation`]); moves as
//! the column number 1–7.

pub mod bitboard;
mod entry;
pub mod features;
pub mod notation;
pub mod position;
pub mod solver;
pub mod tables;
pub mod zobrist;

pub use position::{C4Move, ConnectFour, RED, YELLOW};
