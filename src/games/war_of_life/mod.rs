//! War of Life (Imperial College coursework): Conway's Game of Life as a two-player game.
//!
//! Rules: `docs/games/war_of_life.md` and the referee's oracle data (tests/data/war_of_life/).
//! Blue and red each start with 12 pieces on random cells of an 8×8 board without
//! wrap-around. A turn shifts one own piece to an empty neighbouring cell (8
//! directions), then one generation of the two-colour "crank" runs over the whole
//! board. The game ends when a colour is wiped out, nobody can move, or 250 plies
//! have been played.
//!
//! The board is two `u64`s and the crank is bit-parallel ([`crank`]), so a move with
//! its generation costs a few nanoseconds.

pub mod bitboard;
pub mod crank;
mod entry;
pub mod features;
pub mod notation;
pub mod position;
pub mod start;
pub mod tables;
pub mod zobrist;

pub use position::{Ending, WarOfLife, WolMove, BLUE, MOVE_LIMIT, RED};
