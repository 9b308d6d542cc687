//! `evolve`'s flags resolved, as [`super::resolve`] does for the other commands: the
//! experiment to run (a file, the built-in default, or the one a checkpoint stores),
//! the checkpoint it resumes, its report folder, and how the run shows progress and
//! stops. `evolve` then only calls the library with the result and prints.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use weightforge::game::Features;
use weightforge::tune::checkpoint::trusted;
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::experiment::{self, Experiment};
use weightforge::tune::resolved::Resolved;
use weightforge::tune::schedule::games_in_generation;
use weightforge::tune::session::report_dir;
use weightforge::tune::time_budget;

use super::args::EvolveArgs;

/// The experiment `evolve` runs, before its game is known.
pub struct EvolveSource {
    /// The experiment.
    pub exp: Experiment,
    /// Where it was read (its errors name this).
    pub origin: String,
    /// The checkpoint of the run `--resume` continues.
    pub resume: Option<Checkpoint>,
}

/// Reads the experiment (the file given, the checkpoint of `--resume`, or the built-in
/// default) and checks `--stop-after` against it.
pub fn evolve_source(a: &EvolveArgs) -> Result<EvolveSource> {
    let (exp, origin, resume) = match (&a.experiment, &a.resume) {
        (Some(_), Some(_)) => {
            bail!("give an experiment file or --resume <report folder>, not both")
        }
        (None, Some(dir)) => {
            let cp = Checkpoint::load(dir)
                .with_context(|| format!("--resume {}: no run to resume there", dir.display()))?;
            // Before the stored experiment is resolved (which may start its engines).
            trusted::verify(&cp, dir)?;
            // Errors in the stored experiment are the checkpoint's, not the original file's.
            let origin = format!(
                "{} (the experiment stored in it)",
                Checkpoint::path_in(dir).display()
            );
            (cp.experiment.clone(), origin, Some(cp))
        }
        (Some(path), None) => (Experiment::load(path)?, path.display().to_string(), None),
        (None, None) => {
            let (name, text) = experiment::BUILTIN[0];
            let origin = format!("{name} (built in)");
            (Experiment::parse(text, &origin)?, origin, None)
        }
    };
    check_stop_after(a.stop_after, resume.as_ref())?;
    Ok(EvolveSource {
        exp,
        origin,
        resume,
    })
}

/// `--stop-after`: at least 1, and past the generations a resumed run has done.
fn check_stop_after(stop_after: Option<u32>, resume: Option<&Checkpoint>) -> Result<()> {
    if stop_after == Some(0) {
        bail!("--stop-after must be at least 1");
    }
    if let (Some(n), Some(cp)) = (stop_after, resume) {
        if n <= cp.completed {
            bail!(
                "--stop-after {n}: the checkpoint has {} generations done already; give a \
                 larger number, or leave it out to run to the end",
                cp.completed
            );
        }
    }
    Ok(())
}

/// `evolve`, resolved for its game.
pub struct Evolve {
    /// The experiment, resolved.
    pub r: Resolved,
    /// Where the experiment was read (sent with it to the other ranks of an MPI job).
    pub origin: String,
    /// Where the run says its experiment comes from: the checkpoint's record for a
    /// resumed run, else [`Evolve::origin`].
    pub run_origin: String,
    /// The checkpoint of the run `--resume` continues.
    pub resume: Option<Checkpoint>,
    /// The report folder.
    pub dir: PathBuf,
    /// The folder `--resume` continues in when it is not the experiment's (a run folder
    /// copied or moved).
    pub moved_to: Option<PathBuf>,
    /// Stop after this generation (`--stop-after`).
    pub stop_after: Option<u32>,
    /// No progress bar (`--quiet`).
    pub quiet: bool,
    /// Time between progress lines when no bar is drawn (`--progress-every`).
    pub progress_every: Duration,
    /// The time budget in seconds (`--time`).
    pub time: Option<f64>,
    /// Generations to train (`--train-generations`).
    pub train_generations: Option<u32>,
}

/// Resolves the experiment of `source` for game `G` (which may start its engines) and
/// the report folder, which must not hold another run unless `--force` is given.
pub fn evolve_flags<G: Features>(a: &EvolveArgs, source: EvolveSource) -> Result<Evolve> {
    let EvolveSource {
        exp,
        origin,
        resume,
    } = source;
    let r = exp.resolve::<G>(&origin)?;
    let moved_to = resumed_elsewhere(&r, a.resume.as_deref());
    let dir = moved_to.clone().unwrap_or_else(|| report_dir(&r));
    if resume.is_none() && Checkpoint::path_in(&dir).exists() && !a.force {
        bail!(
            "{} already holds a run; resume it with `weightforge evolve --resume {}` or start over with --force",
            dir.display(),
            dir.display()
        );
    }
    let run_origin = resume
        .as_ref()
        .map_or(origin.clone(), |cp| cp.origin.clone());
    let (time, train_generations) = generation_flags(a, &r)?;
    Ok(Evolve {
        r,
        origin,
        run_origin,
        resume,
        dir,
        moved_to,
        stop_after: a.stop_after,
        quiet: a.quiet,
        progress_every: Duration::from_secs(a.progress_every),
        time,
        train_generations,
    })
}

/// `--time` (its seconds; a run without training games has no pace to measure) and
/// `--train-generations` (1 to the experiment's generations).
fn generation_flags(a: &EvolveArgs, r: &Resolved) -> Result<(Option<f64>, Option<u32>)> {
    let time = match &a.time {
        Some(text) => {
            let secs =
                time_budget::parse_duration(text).map_err(|m| anyhow::anyhow!("--time {m}"))?;
            if games_in_generation(r, 1) == 0 {
                bail!(
                    "--time {text}: this run plays no games in training (a fit of positions \
                     alone), so a generation's pace cannot be measured; set `generations` instead"
                );
            }
            Some(secs)
        }
        None => None,
    };
    if let Some(n) = a.train_generations {
        if n == 0 || n > r.exp.generations {
            bail!(
                "--train-generations {n}: give 1 to the experiment's {} generations",
                r.exp.generations
            );
        }
    }
    Ok((time, a.train_generations))
}

/// The report folder `--resume DIR` continues in when DIR is not the folder the stored
/// experiment names (a run folder copied or moved): reports and genome then go to DIR,
/// never over the original run.
fn resumed_elsewhere(r: &Resolved, dir: Option<&Path>) -> Option<PathBuf> {
    let dir = dir?;
    let named = report_dir(r);
    let same = match (dir.canonicalize(), named.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    (!same).then(|| dir.to_path_buf())
}
