//! The vocabulary every game shares, at the bottom of the crate's layers.
//!
//! * [`rules`]: the [`Game`] trait (rules and notation only), roles, statuses, starts
//!   and a match's ply-cap policy;
//! * [`features`]: the [`Features`] trait, a game's evaluation features and its search's
//!   move hints, apart from the rules;
//! * [`entry`]: the [`GameEntry`] trait, what a game brings to the tool besides both
//!   (built-in genomes, bench positions, its course's file formats);
//! * [`cells`]: the board as table families see it (cells, contents, symmetries,
//!   tuples);
//! * [`perft`]: the leaf count that checks a move generator.
//!
//! Each game implements the three traits in its folder under `src/games/`; the registry
//! (`src/registry/`) lists the games.

pub mod cells;
pub mod entry;
pub mod features;
pub mod perft;
pub mod rules;

pub use cells::{
    square_blocks, square_blocks_both_ways, CellBoard, CellChange, CellChanges, CellShape,
    TupleFamily, MAX_CELL_CHANGES,
};
pub use entry::{
    read_state, BenchSet, CourseFiles, CourseFrontEnd, CourseListing, GameEntry, StateError,
};
pub use features::{search_moves, FeatureInfo, FeatureSet, Features};
pub use perft::perft;
pub use rules::{
    other, start_or_position, Game, GameExt, GameRng, MatchRules, ParseError, Role, Start, Status,
};
