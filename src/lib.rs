//! weightforge: tune the evaluation weights of board-game AIs by parallel self-play.
//!
//! The library is the whole tool; `src/main.rs` only parses the command line.
//! Start at [`game::Game`], the contract every game implements.

pub mod frontends;
pub mod game;
pub mod games;
