//! The tuner: evolve a genome's weights by parallel self-play, in stages that call only
//! down.
//!
//! From the bottom up (each layer imports only the ones before it):
//! - The vocabulary, plain data and pure functions:
//!   - the algorithms: how a generation is measured ([`plan`]), the words every
//!     algorithm shares ([`method`]: its interface [`method::Method`] and the checks of
//!     its parameters), the Gaussian search ES and CMA-ES share ([`gaussian`], with
//!     [`linalg`]), the algorithms themselves ([`es`], [`cmaes`], [`spsa`], and
//!     [`texel`], which drives the positions fit in `crate::fit`) and their registry
//!     ([`algorithm`]);
//!   - the experiment file ([`experiment`]), the experiment checked against its game
//!     ([`resolved`]) and the normalised space the algorithms search ([`space`]);
//!   - measuring: a batch of games ([`job`]), what a plan plays and reads back
//!     ([`measure`]) and so the run's game counts ([`schedule`]), the job cut into
//!     pairs of games ([`job_batch`]) and played in parallel ([`fitness`]);
//!   - checking: [`experiment_check`] makes a [`resolved::Resolved`] once [`bounds`] has
//!     checked the experiment's sizes (and each phase's games) and [`search_budget`] its
//!     budgets;
//!   - a run's [`checkpoint`]: its state, the check that it fits the run and that it can
//!     be trusted; a time budget's choice of generations ([`time_budget`]).
//! - The report ([`report`]): the generations CSV, the charts, the validation summary,
//!   the run page and the algorithm comparison; it takes the vocabulary and calls no
//!   stage.
//! - The base the stages share: the run's errors ([`error`]), options ([`options`]),
//!   observer ([`run_observer`]), results ([`outcome`]), the report folder's lock
//!   ([`lock`]), the session ([`session`]: the shared state, where the run writes, the
//!   run page as it stands) and the journal that checkpoints the end of a run per pair of
//!   games ([`checkpoint::unit_journal`]).
//! - The stages: [`train`] (generations, logs, checkpoints; an engine's positions
//!   through `engine_fit`, staged promotions through [`promote`], the accuracy of each
//!   generation's genome against the solved Wolves & Sheep through `accuracy_log`), `select` (choose the
//!   best on fresh openings, with points of a line search, `line_search`;
//!   [`role_select`] each role's best where roles differ), `validate` (validate it on
//!   other fresh openings, write it), [`gate`] (an SPRT of it against the start at the
//!   target budget), `elo_by_budget` (its Elo at each budget of the chart) and
//!   [`datagen_stage`] (positions generated at a budget before a Texel run) and
//!   [`positions_stage`] (positions of another experiment's games before a Texel run)
//!   and [`tables_stage`] (table families fitted on positions before training).
//! - The top: [`evolve`] runs a session through the stages (verifying a checkpoint with
//!   [`checkpoint::trusted`] before anything of it is used); [`template`] writes a
//!   commented experiment to start from (it needs only the experiment).

mod accuracy_log;
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
pub mod positions_stage;
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
pub mod tables_stage;
pub mod template;
pub mod texel;
pub mod time_budget;
pub mod train;
mod unit_check;
mod validate;
