//! Checkpoints: what a run saves so that `evolve --resume` continues exactly where it
//! stopped and ends as the uninterrupted run would have.
//!
//! - [`state`]: the whole state of a run after a generation ([`Checkpoint`]), written
//!   atomically;
//! - [`trusted`]: what a checkpoint must show before anything of it is used (its
//!   experiment is the one written beside it);
//! - [`fits_run`]: a checkpoint refused when it does not fit the run it would resume;
//! - [`unit_journal`]: the end of a run (selection to the budget chart) checkpointed per
//!   pair of games.
//!
//! This file only declares them and names the state's types for the rest of the tuner.

pub mod fits_run;
pub mod state;
pub mod trusted;
pub mod unit_journal;

pub use state::{Checkpoint, CheckpointError, GenerationRow, Promotion, FORMAT};
