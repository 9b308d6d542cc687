//! The reports of a tuning run, all in one place: the generations log
//! ([`generations`], `generations.csv`) and the charts drawn from it ([`charts`], with
//! [`axis`] ranges that hold for any data, the shared `style`, and `raster` writing
//! each chart as SVG and PNG), the validation
//! summary ([`validation`]) and whether the result beats its start ([`standing`]), the selection's ties in words
//! ([`selection`]), the run page and the index of runs ([`page`]), and the
//! side-by-side comparison of algorithms ([`compare`]), and a table fit's held-out loss by L2
//! strength ([`l2_chart`]) with its heat maps ([`table_fit_files`]). Every writer fails with a
//! [`error::ReportError`] (the page with its own `PageError`).
//!
//! The report is below the tuner's stages: it takes the run's vocabulary (experiment,
//! generation rows, validation results) and never calls a stage.

pub mod axis;
pub mod budget_chart;
pub mod charts;
pub mod compare;
pub mod error;
pub mod generations;
pub mod heat_map;
pub mod l2_chart;
pub mod learning_curve;
pub mod page;
mod raster;
pub mod selection;
pub mod standing;
mod style;
pub mod table_fit_files;
pub mod validation;
