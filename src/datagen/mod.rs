//! Datagen: positions labelled at the budget the weights will play at.
//!
//! Tuning by games at a long budget is slow; what transfers to that budget is cheap to
//! get the other way round: play self-play games at the target budget once, and keep,
//! at every move, the quiet position at the end of the mover's principal variation with
//! the game's result and the search's score. A fit to those rows (`fit`) then teaches
//! the evaluation what the long search saw, many times over, at the cost of one pass of
//! games. The games are work units on the [`dist`](crate::dist) executor (threads or
//! MPI ranks), each a pure function of the plan and its number, so the file is the same
//! whatever the threads or ranks; finished games are checkpointed next to the output so
//! that a stopped run resumes where it was ([`generate`]).

mod batch;
mod checkpoint;
mod plan;
mod play;
mod run;

pub use batch::DatagenBatch;
pub use checkpoint::path_of as partial_path;
pub use plan::{DatagenBudget, DatagenError, DatagenPlan, DatagenPlayer};
pub use play::DatagenGame;
pub use run::{file_comments, generate, DatagenRun, DatagenSummary, DatagenTick};
