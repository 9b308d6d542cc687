//! Texel tuning: fit a linear evaluation to labelled positions instead of playing games
//! while fitting. Games are watched ([`samples::Collector`]) and their quiet positions
//! kept with the game's result (and, with [`label`], a deeper search's score); features
//! are computed once per position and packed in blocks ([`design::Design`]) so the loss
//! and its closed-form gradient run at memory speed on all cores; [`fit`] finds the
//! logistic scale K and then the weights.
//! [`file`] reads and writes labelled positions, so a user can fit on their own games.

pub mod design;
pub mod file;
pub mod fit;
pub mod label;
pub mod samples;
