//! weightforge: tune the evaluation weights of board-game AIs by parallel self-play.
//!
//! The library is the whole tool; `src/main.rs` and `src/cli/` only turn raw flags into
//! resolved settings (`src/cli/resolve.rs`) and call it. Imports run one way, from the
//! commands at the top down to the vocabulary at the bottom (a circle inside one game
//! folder is the only exception):
//!
//! * **vocabulary**: [`game`] (the rules trait [`game::Game`], the evaluation and
//!   search hints [`game::Features`], what a game brings to the tool
//!   [`game::GameEntry`]), [`played_game`] (records, end reasons, faults, observers of a
//!   played game), [`seeds`] (every seed tuple), [`tunables`] and [`limits`] (every
//!   fixed number and every bound on a user's number), [`stats`] and [`sprt`],
//!   [`escape`] (outside text made safe to print);
//! * **games**: one folder each under [`games`], listed once in [`registry`];
//! * **players**: [`eval`] and [`search`] (the alpha-beta engine), [`tables`] (table
//!   families: layout, symmetric tying, the search's incremental accumulator); [`fit`] (position
//!   files and the positions fit behind Texel; it labels positions with a search and
//!   knows nothing of the tuner), which [`engine`] (outside programs through the engine
//!   protocol; its eval prober makes fit rows), [`datagen`] and [`tune`] use; [`genome`]
//!   and [`builtin_genomes`], [`solved`] (games solved exactly, through each
//!   solvable game's oracle: values, exact labels, the `perfect` player's oracle,
//!   accuracy), [`player`] (what sits at the board),
//!   [`served_engine`] (a built-in player served as an engine); [`python_module`] (a
//!   genome's evaluation written as a Python module for a course player, its tables by
//!   [`python_tables`]) and [`source_text`] (names and values written into another program's source);
//! * **playing**: [`matches`](mod@matches) (the one match runner: openings, games, pairs, batches
//!   with SPRT stopping and records, work units), [`dist`] (threads or MPI ranks),
//!   [`tournament`], [`record`] and [`record_check`], [`vvw_tcp`] (the Vampires vs
//!   Werewolves TCP front end), [`datagen`] (self-play positions labelled at a budget,
//!   written as position files for the fit);
//! * **tuning**: [`tune`] (experiment, algorithms, stages, report; Texel drives
//!   [`fit`]), [`bench`](mod@bench).

pub mod bench;
pub mod builtin_genomes;
pub mod datagen;
pub mod dist;
pub mod engine;
pub mod escape;
pub mod eval;
pub mod fit;
pub mod fsutil;
pub mod game;
pub mod games;
pub mod genome;
pub mod hash;
pub mod learn;
pub mod limits;
pub mod matches;
pub mod played_game;
pub mod player;
pub mod python_module;
pub mod python_tables;
pub mod record;
pub mod record_check;
pub mod registry;
pub mod ronfile;
pub mod search;
pub mod seeds;
pub mod served_engine;
pub mod solved;
pub mod source_text;
pub mod sprt;
pub mod stats;
pub mod tables;
pub mod tournament;
pub mod tunables;
pub mod tune;
pub mod vvw_tcp;

pub use registry::GAME_NAMES;
