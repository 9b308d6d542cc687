//! The match runner: everything that plays games between players, written once.
//!
//! * [`settings`]: how the games of a match start and end;
//! * [`openings`]: the starts read once, and the random opening `i`;
//! * [`one_game`]: two seated players play one game;
//! * [`pair`]: two games from one opening, roles swapped;
//! * [`result`]: a match's totals from A's point of view;
//! * [`pairs_batch`]: a match's pairs as work units for threads or `mpirun`;
//! * [`batches`]: a match as `weightforge match` plays it, in batches with an SPRT stop.
//!
//! Every opening and every game is seeded from a tuple (see [`crate::seeds`]), so a
//! match gives the same result on any number of threads. The tournament, the tuner's
//! work units and `vvw arena` play and count their games through the same functions and
//! types.

pub mod batches;
pub mod one_game;
pub mod openings;
pub mod pair;
pub mod pairs_batch;
pub mod result;
pub mod settings;
