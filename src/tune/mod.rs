//! The tuner: evolve a genome's weights by parallel self-play.
//!
//! An experiment ([`experiment`]) names a game, a start genome, reference opponents and an
//! algorithm ([`es`], [`cmaes`], [`spsa`]). Each generation the algorithm proposes
//! candidate weight vectors in a normalised space ([`space`]); [`fitness`] plays them
//! against the references in parallel; [`run`] feeds the scores back, logs, writes
//! [`checkpoint`]s, and at the end validates the best genome on fresh openings.

pub mod algorithm;
pub mod checkpoint;
pub mod cmaes;
pub mod es;
pub mod experiment;
pub mod fitness;
pub mod linalg;
pub mod run;
pub mod space;
pub mod spsa;
