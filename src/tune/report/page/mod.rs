//! The run page: `reports/<run>/index.html`, one self-contained file (inline SVG, no
//! script, no network) that a user keeps open in a browser while a run goes on. It is
//! rewritten atomically after every generation and reloads itself until the run ends.
//! Beside it, `summary.json` feeds the index of all runs (`weightforge report`).
//!
//! [`data`] is what the page shows; [`write`](mod@write) renders its sections (the `verdict`, the
//! training `charts` drawn with `svg`, the `budget` chart, a table run's `tables`, whose
//! heat maps are images beside the page, through `html`) and writes it
//! with its [`summary`]; [`index`] lists every run's summary, read `from_files` for a
//! folder that has none.

mod budget;
mod charts;
pub mod data;
mod from_files;
pub mod html;
pub mod index;
pub mod summary;
mod svg;
mod tables;
mod verdict;
pub mod write;
