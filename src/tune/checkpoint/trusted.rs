//! What a checkpoint must show before anything of it is used: a resume runs the
//! commands of the experiment stored in the checkpoint (engines as start or opponents)
//! and writes where it says (reports, genomes), so that experiment is verified first,
//! before any engine starts, any file is written or the experiment is even resolved.
//!
//! "Verified" means: the experiment stored in `checkpoint.json` is, field by field, the
//! `experiment.ron` the run wrote beside it when it started (and writes again at every
//! session), and it still has the hash written with it. A checkpoint edited on its own
//! (by hand, by a script, or copied over another run's) is refused with the first field
//! that differs. A keyed hash was considered and not used: a key kept in the report
//! folder travels with it and proves nothing more, and a key kept outside it (in the
//! user's home) would refuse every run continued on another machine, which the cluster
//! guide does on purpose. A report folder from someone else is as trusted as an
//! experiment file from them: resuming it runs its commands, as running the file would.

use std::path::Path;

use serde_json::Value;

use super::fits_run::experiment_hash;
use super::state::{Checkpoint, CheckpointError};
use crate::tune::experiment::Experiment;

/// The file beside the checkpoint that its experiment must equal.
pub const EXPERIMENT_FILE: &str = "experiment.ron";

/// Verifies checkpoint `cp` of report folder `dir` against the experiment file beside it.
pub fn verify(cp: &Checkpoint, dir: &Path) -> Result<(), CheckpointError> {
    let path = Checkpoint::path_in(dir).display().to_string();
    let beside = dir.join(EXPERIMENT_FILE);
    let shown = beside.display().to_string();
    let bad = |field: String, message: String| CheckpointError::Invalid {
        path: path.clone(),
        field,
        message,
    };
    let text = crate::ronfile::read(&beside).map_err(|e| {
        bad(
            "experiment".into(),
            format!("cannot be verified: {e} (the run writes it beside its checkpoint)"),
        )
    })?;
    let file = Experiment::parse(&text, &shown)
        .map_err(|e| bad("experiment".into(), format!("cannot be verified: {e}")))?;
    let (stored, written) = (to_value(&cp.experiment), to_value(&file));
    if let Some((at, here, there)) = first_difference(&stored, &written, "experiment") {
        let m = format!(
            "{here} here, but {there} in {shown}: the checkpoint was edited after it was \
             written"
        );
        return Err(bad(at, m));
    }
    if cp.experiment_hash != experiment_hash(&cp.experiment) {
        let m = "does not match the hash written with it: the experiment was edited after \
                 the checkpoint was written";
        return Err(bad("experiment".into(), m.into()));
    }
    Ok(())
}

fn to_value(exp: &Experiment) -> Value {
    serde_json::to_value(exp).expect("experiments always serialise")
}

/// The first place (a field path) where `a` and `b` differ, with both values there.
fn first_difference(a: &Value, b: &Value, at: &str) -> Option<(String, String, String)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let (u, v) = (
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                );
                first_difference(u, v, &format!("{at}.{k}"))
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (u, v))| first_difference(u, v, &format!("{at}[{i}]"))),
        _ if a == b => None,
        _ => Some((at.to_string(), shorten(a), shorten(b))),
    }
}

/// A value as the error shows it: at most 120 characters, control characters escaped.
fn shorten(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(120) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}
