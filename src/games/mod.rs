//! The games weightforge plays, one folder each: rules, notation and features.

pub mod vampires_werewolves;
pub mod wolves_sheep;
