//! weightforge: tune the evaluation weights of board-game AIs by parallel self-play.
//!
//! The library is the whole tool; `src/main.rs` only parses the command line.
//! Start at [`game::Game`], the contract every game implements.

pub mod arena;
pub mod bench;
pub mod builtins;
pub mod eval;
pub mod frontends;
pub mod fsutil;
pub mod game;
pub mod games;
pub mod genome;
pub mod player;
pub mod ronfile;
pub mod search;
pub mod seeds;
pub mod stats;
pub mod tournament;
pub mod tunables;
pub mod tune;

/// The names of the games weightforge plays.
pub const GAME_NAMES: &[&str] = &[
    "wolves_sheep",
    "war_of_life",
    "abalone",
    "vampires_werewolves",
];

/// Runs `$body` with the type alias `$G` bound to the game named `$name`, or evaluates
/// `$unknown` when no game has that name.
#[macro_export]
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr, $unknown:expr) => {
        match $name {
            "wolves_sheep" => {
                type $G = $crate::games::wolves_sheep::WolvesSheep;
                $body
            }
            "war_of_life" => {
                type $G = $crate::games::war_of_life::WarOfLife;
                $body
            }
            "abalone" => {
                type $G = $crate::games::abalone::Abalone;
                $body
            }
            "vampires_werewolves" => {
                type $G = $crate::games::vampires_werewolves::VvwPosition;
                $body
            }
            _ => $unknown,
        }
    };
}
