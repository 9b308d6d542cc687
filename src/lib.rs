//! weightforge: tune the evaluation weights of board-game AIs by parallel self-play.
//!
//! The library is the whole tool; `src/main.rs` only parses the command line.
//! Start at [`game::Game`], the contract every game implements, and [`registry`], the
//! list of the games.

pub mod bench;
pub mod builtin_engine;
pub mod builtins;
pub mod dist;
pub mod engine;
pub mod eval;
pub mod fit;
pub mod fsutil;
pub mod game;
pub mod games;
pub mod genome;
pub mod limits;
pub mod matches;
pub mod played_game;
pub mod player;
pub mod record;
pub mod registry;
pub mod ronfile;
pub mod search;
pub mod seeds;
pub mod sprt;
pub mod stats;
pub mod tournament;
pub mod tunables;
pub mod tune;
pub mod vvw_tcp;

pub use registry::GAME_NAMES;
