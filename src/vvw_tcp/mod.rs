//! The course's TCP front end for Vampires vs Werewolves: the wire protocol, a server that
//! behaves like the official one, and a client that plays a whole game with an
//! [`crate::player::Agent`], so weightforge's engine can be driven the way the course
//! drives its students' agents.
//!
//! * [`protocol`]: the messages, an incremental decoder and the client's view of the game;
//! * [`server`]: one game between the next two connections;
//! * [`client`]: connects, plays one game and reports what it saw;
//! * `brain`: how the client chooses each ply in time;
//! * `client_config` and `client_error`: the client's settings, answers and failures,
//!   which the client and `brain` share (the client names them for outside users);
//! * [`launch`]: one game between two client programs started from command templates;
//! * [`series`]: a series of such games, species swapped each pair (`vvw arena`).
//!
//! It sits beside [`crate::engine`] (the other way outside players meet ours), above
//! the game's rules, the players and the match runner, which it uses.

mod brain;
pub mod client;
mod client_config;
mod client_error;
pub mod launch;
pub mod protocol;
pub mod series;
pub mod server;
