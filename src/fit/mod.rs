//! The positions fit (the library behind Texel tuning): fit a linear evaluation to
//! labelled positions instead of playing games while fitting. Games are watched
//! ([`samples::Collector`]) and their quiet positions kept with the game's result (and,
//! with [`label`], a deeper search's score); features are computed once per position and
//! packed in blocks ([`design::Design`]) so the loss and its closed-form gradient run at
//! memory speed on all cores; [`solver`] finds the logistic scale K and then the weights.
//! [`positions_file`] reads and writes labelled positions (so a user can fit on their own
//! games) and expands a file's rows for a fit ([`positions_file::fit_rows`]), for
//! built-in features and an engine's probed terms alike.
//!
//! The fit knows nothing of the tuner: it is given the coordinates to fit in as plain
//! data ([`design::Column`]). The tuner's Texel algorithm (`tune::texel`) drives it.

pub mod choice_fit;
pub mod choices;
pub mod design;
pub mod label;
pub mod positions_file;
pub mod record_rows;
pub mod rescore;
pub mod samples;
pub mod solver;
pub mod sparse;
pub mod table_fit;
