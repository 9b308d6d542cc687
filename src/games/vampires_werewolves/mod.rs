//! Vampires vs Werewolves (CentraleSupélec AI course): two monster species and humans on
//! a grid; convert humans and kill the other species to be the larger one.
//!
//! Rules: the official server's code, as `docs/games/vampires_werewolves.md` records it
//! (where the written rules disagree, the code wins). Vampires move first; a ply is a list
//! of moves `(from, count, to)` to neighbouring cells; arriving on humans converts them
//! when the attackers are at least as many, arriving on the enemy kills it when they are
//! at least 1.5 times as many, and anything less is a random battle. The species with no
//! creatures left loses; at the play limit (200 plies) the larger species wins.
//!
//! * [`board`]: coordinates, cells and the dense [`board::Grid`];
//! * [`map`]: the official XML map format, read exactly as the kit reads it;
//! * [`ply`]: legality (§6) and resolution (§7) of a ply, shared by every board;
//! * [`battle`]: the win probability and the survivor draws;
//! * [`position`]: the compact search position implementing [`crate::game::Game`];
//! * [`movegen`]: the bounded set of plies the search sees;
//! * [`features`]: the DeepBlue heuristic's components and more;
//! * [`starts`]: built-in maps; [`mapgen`]: random maps shaped like the official kit's;
//!   [`zobrist`]: hash keys;
//! * [`fallback`]: a ply that is always legal, for a client with no search answer;
//! * [`notation`]: a board as one line of text.
//!
//! The course's TCP protocol, server and client are in `src/vvw_tcp/`, above the
//! players.

pub mod battle;
pub mod board;
mod entry;
pub mod fallback;
pub mod features;
pub mod map;
pub mod mapgen;
pub mod movegen;
pub mod notation;
pub mod ply;
pub mod position;
pub mod starts;
pub mod zobrist;

pub use board::{Cells, Content, Coord, Grid, Kind};
pub use map::{Map, MapError, MapErrorKind};
pub use ply::{IllegalPly, Step};
pub use position::{VvwMove, VvwOutcome, VvwPosition, VvwUndo, VAMPIRES, WEREWOLVES};
