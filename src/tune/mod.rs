//! The tuner: evolve a genome's weights by parallel self-play, in stages.
//!
//! An experiment file ([`experiment`]) names a game, a start genome, reference opponents
//! and an algorithm; [`resolve`] checks it against its game. The algorithms ([`es`],
//! [`cmaes`], [`spsa`]) sit behind one interface and one registry ([`algorithm`]) and
//! propose candidate weight vectors in a normalised space ([`space`]); a [`plan`] says
//! how they are measured, and [`fitness`] plays the games in parallel. [`run`] trains
//! ([`train`]: generations, logs, [`checkpoint`]s) and then finishes ([`finish`]: choose
//! the best on fresh openings, validate it on other fresh openings), writing the
//! [`report`].

pub mod algorithm;
pub mod axis;
pub mod bounds;
pub mod checkpoint;
pub mod checkpoint_check;
pub mod cmaes;
pub mod compare;
pub mod es;
pub mod experiment;
pub mod finish;
pub mod fitness;
pub mod linalg;
pub mod lock;
pub mod page;
pub mod plan;
pub mod report;
pub mod resolve;
pub mod run;
pub mod space;
pub mod spsa;
pub mod texel;
pub mod train;
pub mod units;
