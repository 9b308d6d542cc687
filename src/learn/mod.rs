//! Tables learned by self-play: temporal-difference learning of a table genome
//! (`weightforge learn`), for any game with a fixed board of cells (`src/tables/`).
//!
//! # Design
//!
//! * **One value, seen from each side** ([`values`]): the run learns one table sum `T`
//!   over the chosen families, and `V(s) = tanh(T(s))` estimates the first role's result
//!   (+1 win, 0 draw, −1 loss) from any position `s`. The games are zero-sum, so the
//!   second role's value is `−V`: the genome written carries `T` as the first role's
//!   tables and `−T` as the second's (what two tables learned side by side from zero
//!   would be, at half the cost). An asymmetric game (Wolves & Sheep) keeps its roles
//!   apart through the cells' contents (`W` and `S` are different entries).
//! * **Afterstates, ε-greedy** ([`self_play`]): a player picks the move whose resulting
//!   position has the best value for it (a finished game's value is its result), or a
//!   random move with probability ε; each candidate is scored through the tuples its
//!   changed cells touch, as the search's accumulator does.
//! * **TD(λ)** ([`td`]): every position after a move is moved toward its λ-return, the
//!   next positions' values and finally the result, the traces' decay written as a sum
//!   over the game's later errors.
//! * **Step sizes** ([`values`]): temporal coherence (TCL, Beal & Smith; Konen's GBG):
//!   each weight's step is α × |Σ updates| / Σ |updates| of its own past updates, so
//!   weights whose updates keep their sign move at full speed and those that swing
//!   slow down; `--step-size plain` keeps α.
//! * **Deterministic** ([`batch`]): games are played in batches against frozen weights,
//!   each seeded from (run seed, game number), and their updates are applied in game
//!   order, so one thread and two give the same bits; a checkpoint between batches
//!   ([`checkpoint`]) resumes to the same genome.
//! * **The curve** ([`curve`]): at 1,000, 2,000, 5,000, … games, the genome's Elo against
//!   a reference genome in paired games on random openings (their own seeds: no training
//!   game starts there), and where the game is solved its accuracy against perfect play
//!   at one ply.

pub mod batch;
pub mod checkpoint;
pub mod curve;
pub mod error;
pub mod genome;
pub mod run;
pub mod self_play;
pub mod settings;
pub mod td;
pub mod values;

pub use error::LearnError;
pub use run::{learn, LearnObserver, LearnOutcome, LearnPlan};
pub use settings::{LearnSettings, StepSize};
pub use values::LearnedValues;
