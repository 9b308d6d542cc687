//! The games weightforge plays, one folder each: rules, notation and features.

pub mod war_of_life;
pub mod wolves_sheep;
