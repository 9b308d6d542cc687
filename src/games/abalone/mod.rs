//! Abalone (BCIT COMP 3981): two players push marbles on a 61-cell hexagon; the first
//! to push six opponent marbles off the board wins.
//!
//! Rules: `docs/games/abalone.md` and the oracle README (tests/data/abalone/README.md).
//! Black moves first; a move moves 1-3 own marbles in a line one step, along the line
//! (inline, pushing 2v1, 3v1 or 3v2 where the cell behind the pushed marbles is empty or
//! off the board) or across it (broadside, 2-3 marbles, every destination empty). Own
//! marbles never leave the board. A game reaching a match's ply cap is a draw, or when
//! the match adjudicates ([`crate::game::MatchRules`]) won by the side that has lost
//! fewer marbles.
//!
//! Notation (readable by course users):
//! * cells are the course's `A1`..`I9` (row letter from the bottom, diagonal number);
//! * a position is `<b|w> <board>`, the board the course's `.board` line: tokens
//!   `<cell><b|w>`, black first, then white, each in row-then-number order;
//! * a move is the course's MoveNotation: `i-<trailing marble>-<clock>` inline (a
//!   single marble always moves inline), `s-<end>-<end>-<clock>` broadside with the two
//!   ends in token order; the clock positions 1, 3, 5, 7, 9, 11 are north-east, east,
//!   south-east, south-west, west, north-west. E.g. `i-C3-1`, `s-C3-C5-11`.

pub mod bcit;
pub mod board;
mod entry;
pub mod features;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod tables;
pub mod zobrist;

pub use movegen::AbMove;
pub use position::{Abalone, BLACK, WHITE};
