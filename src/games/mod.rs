//! The games weightforge plays, one folder each: rules, notation and features.

pub mod abalone;
pub mod bits;
pub mod keys;
pub mod vampires_werewolves;
pub mod war_of_life;
pub mod wolves_sheep;
