//! The experiment's counts and numbers checked against [`crate::limits`], before the
//! experiment is resolved further: nothing is loaded, allocated or played for a file
//! with a value out of range.

use super::experiment::{Experiment, ExperimentError};
use super::resolved::Resolved;
use crate::limits::{self, Count};
use crate::ronfile::FileError;

/// Checks every bounded field of `exp` (`origin` names the file in errors).
pub fn check(exp: &Experiment, origin: &str) -> Result<(), ExperimentError> {
    let count = |field: &str, v: u64, limit: &Count| {
        limit
            .check(v)
            .map_err(|e| ExperimentError::from(FileError::field(origin, field, e.to_string())))
    };
    count("name", exp.name.chars().count() as u64, &limits::NAME_LEN)
        .map_err(|_| too_long(origin, "name", exp.name.chars().count()))?;
    // Too few candidates is the algorithm's to name (`lambda`, `perturbations`).
    let candidates = exp.algorithm.candidates();
    if candidates > limits::CANDIDATES.max {
        let e = limits::CANDIDATES.check(candidates).unwrap_err();
        let m =
            format!("{candidates} candidates per generation (lambda, or 2 × perturbations): {e}");
        return Err(FileError::field(origin, "algorithm", m).into());
    }
    for (field, value, limit) in sizes(exp) {
        if let Some(value) = value {
            count(field, value, limit)?;
        }
    }
    let v = &exp.validation;
    for &t in &v.line {
        limits::LINE_POINT.check(t).map_err(|e| {
            ExperimentError::from(FileError::field(origin, "validation.line", e.to_string()))
        })?;
    }
    if let Some(d) = &exp.datagen {
        count("datagen.games", d.games, &limits::DATAGEN_GAMES)?;
        count(
            "datagen.skip_plies",
            d.skip_plies.into(),
            &limits::SKIP_PLIES,
        )?;
        if let Some(n) = d.nodes {
            count("datagen.nodes", n, &limits::NODES)?;
        }
    }
    opponents(exp, origin)
}

/// The experiment's bounded counts and list lengths, in the order they are checked,
/// each with its limit (`None`: unset, nothing to check).
fn sizes(exp: &Experiment) -> [(&'static str, Option<u64>, &'static Count); 14] {
    let v = &exp.validation;
    let len = |n: usize| Some(n as u64);
    [
        (
            "generations",
            Some(exp.generations.into()),
            &limits::GENERATIONS,
        ),
        ("max_games", exp.max_games, &limits::MAX_GAMES),
        (
            "pairs_per_opponent",
            Some(exp.pairs_per_opponent.into()),
            &limits::PAIRS,
        ),
        (
            "hall_of_fame",
            Some(exp.hall_of_fame.into()),
            &limits::HALL_OF_FAME,
        ),
        ("opponents", len(exp.opponents.len()), &limits::OPPONENTS),
        (
            "validation.pairs",
            Some(v.pairs.into()),
            &limits::VALIDATION_PAIRS,
        ),
        (
            "validation.selection_pairs",
            Some(v.selection_pairs.into()),
            &limits::VALIDATION_PAIRS,
        ),
        (
            "validation.finalists",
            Some(v.finalists.into()),
            &limits::FINALISTS,
        ),
        (
            "openings.plies",
            Some(exp.openings.plies.into()),
            &limits::OPENING_PLIES,
        ),
        ("ply_cap", exp.ply_cap.map(u64::from), &limits::PLY_CAP),
        ("tune_roles", len(exp.tune_roles.len()), &limits::LIST_LEN),
        (
            "frozen_features",
            len(exp.frozen_features.len()),
            &limits::LIST_LEN,
        ),
        (
            "openings.starts",
            len(exp.openings.starts.len()),
            &limits::LIST_LEN,
        ),
        ("validation.line", len(v.line.len()), &limits::LIST_LEN),
    ]
}

/// The run's node budget, and each opponent's pairs, node budget and weight.
fn opponents(exp: &Experiment, origin: &str) -> Result<(), ExperimentError> {
    let err = |field: String, e: limits::OutOfRange| {
        ExperimentError::from(FileError::field(origin, field, e.to_string()))
    };
    if let Some(n) = exp.nodes {
        limits::NODES
            .check(n)
            .map_err(|e| err("nodes".to_string(), e))?;
    }
    for (i, o) in exp.opponents.iter().enumerate() {
        if exp.nodes.is_some() && (o.depth.is_some() || o.nodes.is_some()) {
            let why = "the run's `nodes` sets every game's search; drop the opponent's \
                       depth and nodes, or the run's nodes";
            return Err(FileError::field(origin, format!("opponents[{i}]"), why).into());
        }
        if let Some(p) = o.pairs {
            limits::PAIRS
                .check(p.into())
                .map_err(|e| err(format!("opponents[{i}].pairs"), e))?;
        }
        if let Some(n) = o.nodes {
            limits::NODES
                .check(n)
                .map_err(|e| err(format!("opponents[{i}].nodes"), e))?;
        }
        if let Some(w) = o.weight {
            limits::OPPONENT_WEIGHT
                .check(w)
                .map_err(|e| err(format!("opponents[{i}].weight"), e))?;
        }
    }
    let weights = exp.opponents.iter().map(|o| o.weight.unwrap_or(1.0));
    if weights.sum::<f64>() <= 0.0 {
        return Err(FileError::field(
            origin,
            "opponents",
            "every opponent has weight 0: the fitness would measure nothing",
        )
        .into());
    }
    Ok(())
}

fn too_long(origin: &str, field: &str, len: usize) -> ExperimentError {
    let l = limits::NAME_LEN;
    FileError::field(
        origin,
        field,
        format!(
            "{len} characters is out of range: expected {} to {} ({})",
            l.min, l.max, l.why
        ),
    )
    .into()
}

/// Checks the games each phase of the resolved run plays (training generation,
/// selection, validation) against [`limits::PHASE_GAMES`].
pub fn check_phases(r: &Resolved, origin: &str) -> Result<(), ExperimentError> {
    let opponents = r.opponents.len() as u64;
    let v = &r.exp.validation;
    let phases = [
        (
            "games per generation",
            super::schedule::games_per_generation(r),
        ),
        (
            "validation.selection_pairs",
            u64::from(v.finalists) * u64::from(v.selection_pairs) * 2 * opponents,
        ),
        ("validation.pairs", u64::from(v.pairs) * 2 * opponents),
    ];
    // A fit of files alone plays no training games.
    let plays = |&(field, games): &(&str, u64)| games > 0 || field != "games per generation";
    for (field, games) in phases.into_iter().filter(plays) {
        limits::PHASE_GAMES.check(games).map_err(|e| {
            FileError::field(
                origin,
                field,
                format!(
                    "{games} games in one phase: {}",
                    e.bound + " (" + e.why + ")"
                ),
            )
        })?;
    }
    Ok(())
}
