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
    count("generations", exp.generations.into(), &limits::GENERATIONS)?;
    if let Some(m) = exp.max_games {
        count("max_games", m, &limits::MAX_GAMES)?;
    }
    count(
        "pairs_per_opponent",
        exp.pairs_per_opponent.into(),
        &limits::PAIRS,
    )?;
    count(
        "hall_of_fame",
        exp.hall_of_fame.into(),
        &limits::HALL_OF_FAME,
    )?;
    count("opponents", exp.opponents.len() as u64, &limits::OPPONENTS)?;
    let v = &exp.validation;
    count(
        "validation.pairs",
        v.pairs.into(),
        &limits::VALIDATION_PAIRS,
    )?;
    let selection = v.selection_pairs.into();
    count(
        "validation.selection_pairs",
        selection,
        &limits::VALIDATION_PAIRS,
    )?;
    count(
        "validation.finalists",
        v.finalists.into(),
        &limits::FINALISTS,
    )?;
    count(
        "openings.plies",
        exp.openings.plies.into(),
        &limits::OPENING_PLIES,
    )?;
    if let Some(cap) = exp.ply_cap {
        count("ply_cap", cap.into(), &limits::PLY_CAP)?;
    }
    for (field, len) in [
        ("tune_roles", exp.tune_roles.len()),
        ("frozen_features", exp.frozen_features.len()),
        ("openings.starts", exp.openings.starts.len()),
        ("validation.line", v.line.len()),
    ] {
        count(field, len as u64, &limits::LIST_LEN)?;
    }
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
