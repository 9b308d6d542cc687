//! Datagen as a stage of a run: an experiment's `datagen:` section (or `weightforge
//! datagen`'s flags) turned into a [`DatagenPlan`], and, when a Texel run has the
//! section, the positions generated (or resumed) under the run's report folder before
//! training and added to the fit's files.

use std::path::{Path, PathBuf};

use super::algorithm::AlgorithmSpec;
use super::error::TuneError;
use super::experiment::ExperimentError;
use super::resolved::Resolved;
use super::run_observer::RunObserver;
use crate::datagen::{self, DatagenBudget, DatagenPlan, DatagenPlayer, DatagenRun, DatagenTick};
use crate::dist::Executor;
use crate::game::Features;
use crate::matches::settings::MatchSettings;
use crate::player::PlayerSpec;
use crate::ronfile::FileError;

/// The file the stage writes in a run's report folder.
pub const DATAGEN_FILE: &str = "datagen.positions";

/// What a datagen plan may change of the experiment's `datagen:` (command-line flags).
#[derive(Clone, Copy, Debug, Default)]
pub struct Overrides {
    /// Games.
    pub games: Option<u64>,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// The node budget is soft (whatever the experiment says).
    pub soft: bool,
}

/// The plan of `r`'s datagen: its `datagen:` section with `over` on top; the budget is
/// `nodes` there, else the target's, else the run's `nodes`. The section's numbers were
/// checked when the experiment was resolved ([`super::bounds`]); `over`'s are checked
/// by whoever gives them (the command's flags).
pub fn plan<G: Features>(
    r: &Resolved,
    origin: &str,
    over: Overrides,
) -> Result<DatagenPlan, ExperimentError> {
    let err = |field: &str, m: String| ExperimentError::from(FileError::field(origin, field, m));
    let spec = r.exp.datagen.as_ref();
    let games = over.games.or(spec.map(|s| s.games)).ok_or_else(|| {
        err(
            "datagen",
            "no games: add `datagen: (games: N, ..)` or give --games".into(),
        )
    })?;
    let skip_plies = spec.map_or(crate::tunables::DATAGEN_SKIP_PLIES, |s| s.skip_plies);
    let budget = budget::<G>(r, over.nodes.or(spec.and_then(|s| s.nodes))).ok_or_else(|| {
        err(
            "datagen",
            "no budget: give datagen.nodes, target or nodes".into(),
        )
    })?;
    let budget = match budget {
        _ if !(over.soft || spec.is_some_and(|s| s.soft)) => budget,
        DatagenBudget::Nodes(n) => DatagenBudget::SoftNodes(n),
        _ => {
            let m = "a soft limit is a node budget: this datagen plays at the target's depth; \
                     give datagen.nodes (or --nodes)";
            return Err(err("datagen.soft", m.into()));
        }
    };
    if r.engine.is_some() {
        return Err(err(
            "start",
            "datagen plays built-in genomes, not engines".into(),
        ));
    }
    let opponents = if spec.is_some_and(|s| s.opponents) {
        r.opponents
            .iter()
            .enumerate()
            .map(|(i, o)| match &o.spec {
                PlayerSpec::Genome(g) => Ok(DatagenPlayer::of::<G>(g)),
                _ => Err(err(
                    &format!("opponents[{i}]"),
                    "datagen plays genomes: this opponent is not one".into(),
                )),
            })
            .collect::<Result<_, _>>()?
    } else {
        Vec::new()
    };
    Ok(DatagenPlan {
        player: DatagenPlayer::of::<G>(&r.start),
        opponents,
        budget,
        settings: settings(r),
        games,
        skip_plies,
        seed: r.exp.seed,
    })
}

/// The budget: `nodes` if given, else the target's, else the run's node budget.
fn budget<G: Features>(r: &Resolved, nodes: Option<u64>) -> Option<DatagenBudget> {
    if let Some(n) = nodes {
        return Some(DatagenBudget::Nodes(n));
    }
    if let Some(t) = &r.exp.target {
        if let Some(n) = t.nodes {
            return Some(DatagenBudget::Nodes(n));
        }
        if let Some(d) = &t.depth {
            let per_role = [0, 1].map(|i| d.get(G::ROLES[i]).copied());
            if let [Some(a), Some(b)] = per_role {
                return Some(DatagenBudget::Depth([a, b]));
            }
        }
    }
    r.exp.nodes.map(DatagenBudget::Nodes)
}

/// The run's openings and game end.
fn settings(r: &Resolved) -> MatchSettings {
    MatchSettings {
        starts: r.starts.clone(),
        opening_plies: r.exp.openings.plies,
        ply_cap: r.ply_cap,
        depth: None,
        nodes: None,
        move_time_ms: None,
        adjudicate: r.exp.adjudicate,
    }
}

/// Before a run with `datagen:` (a Texel run, or one with `tables:`, whose stage reads
/// the file): generates (or resumes) `<dir>/datagen.positions` on the run's executor
/// (threads, or every rank under `mpirun`) and returns a Texel run with the file among
/// its fit's files (`None`: nothing to change). Run again on a resumed run, it finds the file made and the
/// experiment unchanged.
pub fn prepare<G: Features>(
    r: &Resolved,
    origin: &str,
    dir: &Path,
    exec: &dyn Executor,
    obs: &dyn RunObserver,
) -> Result<Option<Resolved>, TuneError> {
    if r.exp.datagen.is_none() {
        return Ok(None);
    }
    let texel = match &r.exp.algorithm {
        AlgorithmSpec::Texel(texel) => Some(texel),
        _ if r.exp.tables.is_some() => None,
        _ => {
            let m = "a run fits positions with the Texel algorithm or a `tables:` fit; for \
                     another algorithm write them with `weightforge datagen` and use them elsewhere";
            let e = crate::ronfile::FileError::field(origin, "datagen", m);
            return Err(TuneError::Experiment(Box::new(e.into())));
        }
    };
    let out: PathBuf = dir.join(DATAGEN_FILE);
    let plan = plan::<G>(r, origin, Overrides::default()).map_err(Box::new)?;
    let made_by = format!("the datagen stage of the experiment {:?}", r.exp.name);
    if out.exists() && !made_by_plan::<G>(&out, &plan, &made_by) {
        obs.message(&format!(
            "{} was made by another datagen plan (the experiment changed): generated again",
            out.display()
        ));
        clear(dir)?;
    }
    if !out.exists() {
        obs.phase("datagen", plan.games);
        let progress = |t: DatagenTick| {
            if t == DatagenTick::Game {
                obs.game();
            }
        };
        let run = DatagenRun {
            resume: true,
            stop_after: None,
            made_by,
            progress: &progress,
        };
        let s = datagen::generate::<G>(exec, &plan, &out, &run)?;
        obs.message(&format!(
            "datagen: {} games, {} positions written to {} ({:.0} positions/s)",
            s.games,
            s.positions,
            out.display(),
            s.positions_per_second()
        ));
    }
    Ok(texel.map(|t| r.fitting_file(t, out)))
}

/// Whether the finished file `out` is what `plan` writes: its comments (the plan's
/// player, opponents, budget, games, seed, openings and ply cap) are the plan's.
fn made_by_plan<G: Features>(out: &Path, plan: &DatagenPlan, made_by: &str) -> bool {
    crate::fit::positions_file::read_rows::<G>(out)
        .is_ok_and(|f| f.comments == datagen::file_comments(plan, made_by))
}

/// Removes the stage's file and its checkpoint from report folder `dir`: a run started
/// afresh (`--force`) never reuses the positions of the run it replaces.
pub(super) fn clear(dir: &Path) -> Result<(), TuneError> {
    let out = dir.join(DATAGEN_FILE);
    super::session::remove_files([datagen::partial_path(&out), out])
}
