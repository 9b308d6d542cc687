//! Positions made from another experiment's games, as `weightforge positions` makes
//! them (its start genome against its opponents and itself, as Texel's first
//! generation plays them), and, when a Texel run names such an experiment in its
//! `positions:` field, made under the run's report folder before training and added to
//! the fit's files: a fit of an engine's constants is then one command.

use std::path::{Path, PathBuf};

use super::algorithm::AlgorithmSpec;
use super::error::TuneError;
use super::experiment::{Experiment, ExperimentError};
use super::fitness;
use super::job::{Job, JobResult, Round};
use super::plan::Plan;
use super::resolved::Resolved;
use super::run_observer::RunObserver;
use crate::dist::Threads;
use crate::fit::label::Label;
use crate::fit::positions_file::{self, Labelled};
use crate::fit::samples::{Filter, Rows};
use crate::game::Features;
use crate::ronfile::FileError;

/// The file the stage writes in a run's report folder.
pub const POSITIONS_FILE: &str = "positions.pos";

/// Plays the games of `r` (its start against its opponents and itself, one round as
/// Texel's first generation plays it) and keeps the positions `filter` passes, labelled
/// with their games' results; on this machine's threads.
pub fn play<G: Features>(
    r: &Resolved,
    filter: &Filter,
    on_game: &(dyn Fn() + Sync),
) -> Result<(JobResult, Vec<Labelled>), TuneError> {
    let exec = Threads::default();
    let (result, _, positions) = fitness::evaluate_collecting::<G>(
        &exec,
        r,
        &job(r),
        (filter, Label::Result, Rows::Both),
        on_game,
    )?;
    Ok((result, positions))
}

/// The games [`play`] plays.
fn job(r: &Resolved) -> Job {
    Job {
        round: Round::Training(1),
        candidates: vec![r.start.weights.clone()],
        hall_of_fame: Vec::new(),
        pairings: Plan::Positions.pairings(r, 1, 0),
    }
}

/// The experiment `r` names in `positions:`, read and resolved for game `G` (the same
/// game as `r`'s, or an error naming the field).
fn source<G: Features>(r: &Resolved, origin: &str, path: &str) -> Result<Resolved, TuneError> {
    let boxed = |e: ExperimentError| TuneError::Experiment(Box::new(e));
    let field = |m: String| boxed(FileError::field(origin, "positions", m).into());
    let exp = Experiment::load(Path::new(path)).map_err(boxed)?;
    if exp.game != r.exp.game {
        return Err(field(format!(
            "{path} is an experiment of {}, this run's game is {}",
            exp.game, r.exp.game
        )));
    }
    exp.resolve::<G>(path).map_err(boxed)
}

/// Before a Texel run whose experiment names `positions:`: plays that experiment's
/// games into `<dir>/positions.pos` (unless a resumed run made it already) and returns
/// the run with the file among the fit's files (`None`: nothing to do).
pub fn prepare<G: Features>(
    r: &Resolved,
    origin: &str,
    dir: &Path,
    obs: &dyn RunObserver,
) -> Result<Option<Resolved>, TuneError> {
    let Some(path) = &r.exp.positions else {
        return Ok(None);
    };
    let AlgorithmSpec::Texel(texel) = &r.exp.algorithm else {
        let m = "positions are fitted by the Texel algorithm only";
        let e = FileError::field(origin, "positions", m);
        return Err(TuneError::Experiment(Box::new(e.into())));
    };
    let out: PathBuf = dir.join(POSITIONS_FILE);
    if !out.exists() {
        let from = source::<G>(r, origin, path)?;
        let filter = from
            .exp
            .algorithm
            .position_source()
            .map(|s| s.filter)
            .unwrap_or_default();
        obs.phase("positions", job(&from).game_count());
        let (result, positions) = play::<G>(&from, &filter, &|| obs.game())?;
        positions_file::write::<G>(&out, &positions)?;
        obs.message(&format!(
            "positions: {} games of {path}, {} positions written to {}",
            result.game_count(),
            positions.len(),
            out.display()
        ));
    }
    Ok(Some(r.fitting_file(texel, out)))
}
