//! Evaluations that learn the board: table families whose weights are indexed by the
//! contents of fixed sets of cells (piece-square tables, n-tuple pattern tables).
//!
//! # Design
//!
//! * **A game declares its families in its own folder.** It returns a
//!   [`CellBoard`](crate::game::CellBoard) from `Features::cell_board`: cell names, cell
//!   contents (`.` `W` `S`), the board's symmetries as cell permutations, and its
//!   families, each a list of tuples (fixed lists of cells). It also reads its position
//!   as cells (`Features::cell_contents`) and says which cells a move changes
//!   (`Features::cell_changes`). A new game stays one folder and one registry line;
//!   everything below is generic.
//! * **Layout and tying** ([`layout`]): the families a genome carries are laid out as
//!   tuples with their raw entries (`contents^k` per tuple); entries a symmetry maps onto
//!   each other share one stored weight (the orbit of their (cell, contents) pairs), and
//!   each stored weight is named after its first entry: `blocks2x2` `00,01,10,11=SS.W`.
//! * **Genome files** ([`genome_tables`]): beside the hand features' `weights`, a genome
//!   may have `tables: {role: {family: {entry: weight}}}`. A family listed (even empty)
//!   is carried; entries not listed weigh 0, so files stay as short as the fit's non-zero
//!   weights and every older genome file (no `tables`) is valid unchanged.
//! * **Evaluation** (`src/eval.rs`): a role's value is `Σ w·f` over the hand features
//!   plus the sum of the active entries' weights (one per tuple), both in evaluation
//!   units. Table weights are quantised to `1/TABLE_QUANTUM` of a score point, so sums
//!   are exact integers.
//! * **Incremental** ([`accumulator`]): the search refreshes the accumulator at its
//!   root, pushes a frame with the move's [`CellChanges`](crate::game::CellChanges)
//!   before each `make` and pops it after `unmake`; a frame updates only the tuples
//!   through the changed cells. The evaluation in the search reads the frame's sum; every
//!   other caller evaluates from scratch. `tests/suite/tables.rs` checks that both agree after
//!   every move of random games.
//! * **Fit** (`src/fit/sparse.rs`): a row holds the stored indices of its active entries
//!   and its hand features; the fit runs per role from the hand genome, with L2 toward
//!   zero chosen on held-out positions.
//!
//! Phases (two weight sets blended by material) are not built yet: a family's weights
//! are one set.

pub mod accumulator;
pub mod genome_tables;
pub mod heat;
pub mod layout;

pub use accumulator::TableAccumulator;
pub use genome_tables::{GenomeTables, TablesFile};
pub use layout::{FamilyLayout, TableLayout, UnknownFamily};
