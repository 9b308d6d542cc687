//! The games weightforge plays, one folder each: rules, notation and features.

pub mod abalone;
pub mod wolves_sheep;
