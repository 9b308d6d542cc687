//! The tuner: evolve a genome's weights by parallel self-play, in stages that call only
//! down.
//!
//! From the bottom up:
//! - The vocabulary. An experiment file ([`experiment`]) names a game, a start genome,
//!   reference opponents and an algorithm; [`resolve`] checks it against its game (and
//!   [`bounds`] its size). The algorithms ([`es`], [`cmaes`], [`spsa`], and [`texel`],
//!   which drives the positions fit in `crate::fit`) sit behind one interface and one
//!   registry ([`algorithm`]) and propose candidate weight vectors in a normalised space
//!   ([`space`], with [`linalg`]); a [`plan`] says how they are measured, and
//!   [`fitness`] plays the games in parallel ([`units`]). A run's state is saved in a
//!   [`checkpoint`].
//! - The report ([`report`]): the generations CSV, the charts, the validation summary,
//!   the run page and the algorithm comparison; it takes the vocabulary and calls no
//!   stage.
//! - The base the stages share: the run's errors ([`error`]), options ([`options`]),
//!   observer ([`observer`]), game counts ([`schedule`]), results ([`outcome`]), the
//!   report folder's lock ([`lock`]) and the session ([`session`]: the shared state,
//!   where the run writes, the run page as it stands).
//! - The stages: [`train`] (generations, logs, checkpoints), [`select`] (choose the
//!   best on fresh openings; [`role_select`] each role's best where roles differ), [`validate`] (validate it on other fresh openings, write
//!   it), [`gate`] (an SPRT of it against the start at the target budget) and
//!   [`checkpoint_trust`] (verify a checkpoint against the experiment file beside it
//!   before anything of it is used) and [`checkpoint_check`] (refuse a checkpoint that
//!   does not fit the run); the end of a
//!   run (selection to the budget chart) is checkpointed per pair of games
//!   ([`unit_checkpoint`]).
//! - The top: [`evolve`] runs a session through the stages; [`template`] writes a
//!   commented experiment to start from.

pub mod algorithm;
pub mod bounds;
pub mod checkpoint;
pub mod cmaes;
pub mod datagen_stage;
mod elo_by_budget;
mod engine_fit;
pub mod error;
pub mod es;
pub mod evolve;
pub mod experiment;
pub mod experiment_check;
pub mod fitness;
pub mod gate;
pub mod gaussian;
pub mod job;
pub mod job_batch;
pub mod linalg;
mod line_search;
pub mod lock;
pub mod measure;
pub mod method;
pub mod options;
pub mod outcome;
pub mod plan;
pub mod promote;
pub mod report;
pub mod resolved;
pub mod role_select;
pub mod run_observer;
pub mod schedule;
pub mod search_budget;
mod select;
pub mod session;
pub mod space;
pub mod spsa;
pub mod template;
pub mod texel;
pub mod train;
mod validate;
