//! A checkpoint checks itself before a run resumes from it: it must belong to the same
//! game, feature list and experiment (by hash), and every vector and count in it must fit
//! the run. A checkpoint that was edited, damaged or copied from another run is refused
//! with what differs, instead of resuming into a wrong result.

use serde_json::Value;

use super::state::{Checkpoint, CheckpointError};
use crate::game::Features;
use crate::tune::algorithm::Algorithm;
use crate::tune::experiment::Experiment;
use crate::tune::resolved::Resolved;
use crate::tune::schedule::planned_generations;
use crate::tune::space::Space;

/// FNV-1a of the experiment's RON text: stable across runs and platforms.
pub fn experiment_hash(exp: &Experiment) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in exp.to_ron().bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Fills in what identifies the run: game, feature list and experiment hash.
pub fn stamp<G: Features>(cp: &mut Checkpoint) {
    cp.game = G::NAME.to_string();
    cp.features = G::feature_info()
        .iter()
        .map(|f| f.name.to_string())
        .collect();
    cp.experiment_hash = experiment_hash(&cp.experiment);
}

/// Checks checkpoint `cp` (read from `path`) against the run `r` it resumes.
pub fn check<G: Features>(
    cp: &Checkpoint,
    r: &Resolved,
    space: &Space,
    path: &str,
) -> Result<(), CheckpointError> {
    let bad = |field: &str, message: String| CheckpointError::Invalid {
        path: path.to_string(),
        field: field.to_string(),
        message,
    };
    identity::<G>(cp).map_err(|(f, m)| bad(&f, m))?;
    if cp.completed > r.exp.generations {
        let m = format!(
            "{} generations completed, but the experiment has only {}",
            cp.completed, r.exp.generations
        );
        return Err(bad("completed", m));
    }
    rows(cp, space.len(), r.opponents.len()).map_err(|(f, m)| bad(&f, m))?;
    let fresh = Algorithm::new(
        &r.exp.algorithm,
        space.encode(&r.start),
        planned_generations(r),
    );
    let (stored, fresh) = (to_value(&cp.algorithm), to_value(&fresh));
    same_shape(&stored, &fresh, "algorithm").map_err(|(f, m)| bad(&f, m))?;
    same_settings(&stored, &fresh).map_err(|(f, m)| bad(&f, m))?;
    // The state is range-checked as the experiment's own numbers are: a step size
    // within the bound of `algorithm.sigma`, a finite mean.
    let sigma = cp.algorithm.sigma();
    crate::limits::STEP
        .check(sigma)
        .map_err(|e| bad("algorithm.sigma", e.to_string()))?;
    vector(cp.algorithm.mean(), space.len()).map_err(|m| bad("algorithm.mean", m))?;
    engine_roles::<G>(cp, r).map_err(|m| bad("engine_roles", m))
}

/// The role of each engine constant (found by probing): one entry per declared
/// constant, each a role of the game, or none at all (no fit yet).
fn engine_roles<G: Features>(cp: &Checkpoint, r: &Resolved) -> Result<(), String> {
    let roles = &cp.engine_roles;
    if roles.is_empty() {
        return Ok(());
    }
    let declared = r.engine.as_ref().map_or(0, |e| e.weights.len());
    if roles.len() != declared {
        return Err(format!(
            "{} entries; the engine declares {declared} constants",
            roles.len()
        ));
    }
    match roles.iter().flatten().find(|&&role| role >= G::ROLES.len()) {
        Some(role) => Err(format!(
            "role {role}: {} has {} roles",
            G::NAME,
            G::ROLES.len()
        )),
        None => Ok(()),
    }
}

/// The checkpoint belongs to game `G`, its feature list and the experiment stored in it
/// (by the hash written with it).
fn identity<G: Features>(cp: &Checkpoint) -> Result<(), (String, String)> {
    if cp.game != G::NAME || cp.experiment.game != G::NAME {
        let m = format!(
            "written for {:?}, the experiment is for {:?}",
            cp.game,
            G::NAME
        );
        return Err(("game".into(), m));
    }
    let features: Vec<&str> = G::feature_info().iter().map(|f| f.name).collect();
    if cp.features != features {
        let m = format!(
            "its {} features {:?} are not {}'s {} features (written by another weightforge?)",
            cp.features.len(),
            cp.features,
            G::NAME,
            features.len()
        );
        return Err(("features".into(), m));
    }
    if cp.experiment_hash != experiment_hash(&cp.experiment) {
        let m = "does not match the hash written with it: the experiment was edited after \
                 the checkpoint was written";
        return Err(("experiment".into(), m.into()));
    }
    Ok(())
}

/// The fields of an algorithm's state that the experiment sets and no generation
/// changes (population sizes, schedules, the fit's settings).
const SETTINGS: &[&str] = &[
    "lambda",
    "mu",
    "n_total",
    "perturbations",
    "c_end",
    "r_end",
    "alpha",
    "gamma",
    "theta0",
    "settings",
    "blend",
];

/// The algorithm's settings in `stored` are those the experiment gives (`fresh`): a
/// state edited to `mu: 0` would divide by zero and write a checkpoint that cannot be
/// read back.
fn same_settings(stored: &Value, fresh: &Value) -> Result<(), (String, String)> {
    let (Some(s), Some(f)) = (stored.as_object(), fresh.as_object()) else {
        return Ok(());
    };
    for (kind, state) in s {
        let (Some(state), Some(expected)) = (state.as_object(), f[kind].as_object()) else {
            continue;
        };
        for key in SETTINGS {
            if let (Some(a), Some(b)) = (state.get(*key), expected.get(*key)) {
                if a != b {
                    let m = format!("{a}, but the experiment gives {b}");
                    return Err((format!("algorithm.{kind}.{key}"), m));
                }
            }
        }
    }
    Ok(())
}

fn to_value(a: &Algorithm) -> Value {
    serde_json::to_value(a).expect("algorithm states always serialise")
}

/// The log rows and the hall of fame: one row per completed generation, numbered from 1,
/// each vector `n` long and finite.
fn rows(cp: &Checkpoint, n: usize, opponents: usize) -> Result<(), (String, String)> {
    if cp.rows.len() != cp.completed as usize {
        let m = format!(
            "{} rows for {} completed generations",
            cp.rows.len(),
            cp.completed
        );
        return Err(("rows".into(), m));
    }
    for (i, row) in cp.rows.iter().enumerate() {
        let field = |f: &str| format!("rows[{i}].{f}");
        if row.generation as usize != i + 1 {
            return Err((
                field("generation"),
                format!("{}: expected {}", row.generation, i + 1),
            ));
        }
        for (name, v) in [("theta", &row.theta), ("weights", &row.weights)] {
            vector(v, n).map_err(|m| (field(name), m))?;
        }
        let scores = row.opponent_scores.len();
        if scores != 0 && scores != opponents {
            let m = format!("{scores} scores for {opponents} opponents");
            return Err((field("opponent_scores"), m));
        }
        let numbers = [row.seconds, row.sigma, row.best, row.mean];
        if let Some(x) = numbers
            .iter()
            .chain(&row.opponent_scores)
            .find(|x| !x.is_finite())
        {
            return Err((field("*"), format!("{x} is not a finite number")));
        }
    }
    for (i, t) in cp.hall_of_fame.iter().enumerate() {
        vector(t, n).map_err(|m| (format!("hall_of_fame[{i}]"), m))?;
    }
    let last = cp.rows.last().map_or(0, |r| r.games);
    if cp.games != last {
        let m = format!("{} games, but the last row says {last}", cp.games);
        return Err(("games".into(), m));
    }
    if !cp.seconds.is_finite() {
        return Err((
            "seconds".into(),
            format!("{} is not a finite number", cp.seconds),
        ));
    }
    Ok(())
}

fn vector(v: &[f64], n: usize) -> Result<(), String> {
    if v.len() != n {
        return Err(format!("{} numbers; the run tunes {n} weights", v.len()));
    }
    // In range as well as finite: a mean of 1e300 would resume and write 1e301.
    v.iter()
        .try_for_each(|&x| crate::limits::NORMALISED_WEIGHT.check(x))
        .map_err(|e| e.to_string())
}

/// `stored` has the shape of `fresh`: the same algorithm, the same fields, every list of
/// the same length (vectors are as long as the weights, matrices as square).
fn same_shape(stored: &Value, fresh: &Value, at: &str) -> Result<(), (String, String)> {
    match (stored, fresh) {
        (Value::Object(s), Value::Object(f)) => {
            if s.len() != f.len() || s.keys().any(|k| !f.contains_key(k)) {
                let keys = |m: &serde_json::Map<String, Value>| {
                    m.keys().cloned().collect::<Vec<_>>().join(", ")
                };
                let m = format!("has fields [{}], expected [{}]", keys(s), keys(f));
                return Err((at.into(), m));
            }
            for (k, v) in s {
                same_shape(v, &f[k], &format!("{at}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(s), Value::Array(f)) => {
            if s.len() != f.len() {
                let m = format!("{} entries, expected {}", s.len(), f.len());
                return Err((at.into(), m));
            }
            for (i, (a, b)) in s.iter().zip(f).enumerate() {
                same_shape(a, b, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Number(_), Value::Number(_)) => Ok(()),
        (s, f) if std::mem::discriminant(s) == std::mem::discriminant(f) => Ok(()),
        (s, _) => Err((at.into(), format!("{s} is not the expected kind of value"))),
    }
}
