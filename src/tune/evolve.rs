//! The top of the tuner: a tuning run, start to end. [`evolve`] sets a session up (the
//! space, the report folder's lock, the checkpoint to resume, checked; a Texel run's
//! positions generated first when it asks, [`super::datagen_stage`] and
//! [`super::positions_stage`], and a table run's tables fitted,
//! [`super::tables_stage`]), trains
//! ([`super::train`]: ask the algorithm for candidates, measure them by self-play, tell
//! it the results, log and checkpoint), then finishes: choose the best on fresh openings
//! (`select`), validate it on other fresh openings and write genome and charts
//! (`validate`), the gate against the start at the target budget
//! ([`super::gate`]), and the run page; the end is checkpointed per pair of games
//! ([`super::checkpoint::unit_journal`]). Only this module calls the stages.

use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

use super::checkpoint::unit_journal::{self, Journaled};
use super::checkpoint::Checkpoint;
use super::checkpoint::{fits_run, trusted};
use super::elo_by_budget;
use super::error::TuneError;
use super::gate::gate;
use super::job::JobResult;
use super::job::Weights;
use super::line_search;
use super::lock::{self, RunLock};
use super::options::RunOptions;
use super::outcome::{RunEnd, RunSummary};
use super::report::budget_chart;
use super::report::page::data::{Finished, RunState};
use super::report::standing::{standing, Standing};
use super::report::validation::VALIDATION_GAMES;
use super::report::validation::{GateVerdict, OpponentValidation};
use super::resolved::Resolved;
use super::run_observer::RunObserver;
use super::select::{finalists, select, Finalist};
use super::session::{genome_path, report_dir, write_text, Session};
use super::space::Space;
use super::train;
use super::validate::{best_genome, validate, write_outputs};
use crate::dist::{Executor, Threads};
use crate::game::Features;
use crate::genome::Genome;

/// Runs (or resumes) an experiment for game `G`: train, then finish.
pub fn evolve<G: Features>(
    r: &Resolved,
    origin: &str,
    resume: Option<Checkpoint>,
    options: &RunOptions,
    obs: &dyn RunObserver,
) -> Result<RunEnd, TuneError> {
    let started = Instant::now();
    let space = Space::new::<G>(r);
    let dir = options.dir.clone().unwrap_or_else(|| report_dir(r));
    let genome_path = genome_path::<G>(r, options.dir.as_deref());
    let _lock = take_folder(&dir, &genome_path, resume.as_ref(), obs)?;
    let threads = Threads::default();
    let exec: &dyn Executor = options.executor.as_deref().unwrap_or(&threads);
    let generated = super::datagen_stage::prepare::<G>(r, origin, &dir, exec, obs)?;
    let base = generated.as_ref().unwrap_or(r);
    let played = super::positions_stage::prepare::<G>(base, origin, &dir, obs)?;
    let base = played.as_ref().unwrap_or(base);
    let fitted = super::tables_stage::prepare::<G>(base, &dir, obs)?;
    if let Some(f) = &fitted {
        exec.share(super::tables_stage::shared::<G>(f));
    }
    let r = fitted.as_ref().unwrap_or(base);
    if let Some(cp) = &resume {
        let path = Checkpoint::path_in(&dir).display().to_string();
        fits_run::check::<G>(cp, r, &space, &path)?;
    }
    let mut cp = resume.unwrap_or_else(|| train::first_checkpoint(r, origin, &space));
    fits_run::stamp::<G>(&mut cp);
    let run = Session {
        r,
        origin,
        genome_path,
        dir,
        names: r.opponents.iter().map(|o| o.name.clone()).collect(),
        exec,
        labels: space.dims.iter().map(|d| d.label.clone()).collect(),
        space,
        started,
        prior_seconds: cp.seconds,
    };
    write_text(&run.dir.join(trusted::EXPERIMENT_FILE), &r.exp.to_ron())?;
    if let Some(completed) = train::train::<G>(&run, &mut cp, options, obs)? {
        return Ok(RunEnd::Interrupted { completed });
    }
    // The end of the run keeps every finished pair of games, so a kill there resumes
    // from the last one; the files go once the run has finished.
    let journaled = Journaled::new(exec, &run.dir, obs);
    let run = Session {
        exec: &journaled,
        ..run
    };
    let summary = finish::<G>(&run, &cp, obs)?;
    unit_journal::clear(&run.dir)?;
    Ok(RunEnd::Finished(Box::new(summary)))
}

/// Takes report folder `dir` for this session, before any game: its lock, its stale
/// temporaries removed, the checkpoint to resume verified against the experiment file
/// there ([`trusted`]), and the genome path checked writable (it is written
/// only at the end).
fn take_folder(
    dir: &Path,
    genome_path: &Path,
    resume: Option<&Checkpoint>,
    obs: &dyn RunObserver,
) -> Result<RunLock, TuneError> {
    let (lock, stale) = RunLock::acquire(dir)?;
    if let Some(pid) = stale {
        obs.message(&format!(
            "{}: took over the lock left by process {pid}, which is no longer running",
            dir.join(lock::FILE).display()
        ));
    }
    for tmp in crate::fsutil::remove_stale_temporaries(dir) {
        obs.message(&format!(
            "removed {}, left by a run that was killed while writing it",
            tmp.display()
        ));
    }
    match resume {
        Some(cp) => trusted::verify(cp, dir)?,
        None => {
            unit_journal::clear(dir)?;
            super::datagen_stage::clear(dir)?;
            super::tables_stage::clear(dir)?;
        }
    }
    crate::fsutil::check_writable(genome_path).map_err(|source| TuneError::Io {
        path: genome_path.display().to_string(),
        source,
    })?;
    Ok(lock)
}

/// The end of a trained run: chooses, validates and writes the best genome, then the
/// finished run page.
fn finish<G: Features>(
    run: &Session,
    cp: &Checkpoint,
    obs: &dyn RunObserver,
) -> Result<RunSummary, TuneError> {
    let seen: HashSet<u64> = cp.training_openings.iter().copied().collect();
    let (finalists, chosen, sel, scores) = choose::<G>(run, cp, &seen, obs)?;
    let mut excluded = seen;
    excluded.extend(sel.openings.iter().copied());
    let best_weights = run
        .space
        .decode(&finalists[chosen].theta, &run.r.start.weights);
    let (validation, val) = validate::<G>(run, &best_weights, &excluded, obs)?;
    excluded.extend(val.openings.iter().copied());
    let gate = gate::<G>(run.exec, run.r, &best_weights, &excluded, obs)?;
    crate::record::write(&run.dir.join(VALIDATION_GAMES), &val.logs).map_err(TuneError::Record)?;
    let (budgets, budget_games) = elo_by_budget::measure::<G>(run, &best_weights, &excluded, obs)?;
    let judged = (&validation[..], gate.as_ref());
    let (standing, best) = judge(run, cp, &finalists[chosen], best_weights, judged, obs);
    let (genome_path, genome_text) = write_outputs::<G>(run, cp, &best, &validation)?;
    if !budgets.is_empty() {
        budget_chart::write(&run.dir, &budgets)?;
    }
    let gate_games = gate.as_ref().map_or(0, |g| g.result.games());
    let played = [sel.game_count(), val.game_count(), gate_games, budget_games];
    let total_games = cp.games + promotion_games(cp) + played.iter().sum::<u64>();
    let finished = Finished {
        finalists: finalists
            .iter()
            .map(|f| f.label.clone())
            .zip(scores)
            .collect(),
        chosen,
        validation: &validation,
        genome_text,
        provenance: &best.provenance,
        exported: run.tuned_values(&best.weights),
        genome_path: genome_path.display().to_string(),
        games: &val.logs,
        budget: run.r.final_budget::<G>(),
        gate: gate.as_ref(),
        standing: &standing,
        budgets: &budgets,
        seconds: run.seconds(),
        total_games,
    };
    run.write_page(cp, RunState::Finished, Some(finished))?;
    Ok(RunSummary {
        best,
        genome_path,
        report_dir: run.dir.clone(),
        validation,
        budget: run.r.final_budget::<G>(),
        training_games: cp.games,
        total_games,
        gate,
        standing,
        seconds: run.seconds(),
    })
}

/// Whether the chosen `finalist` (its weights `best`) is better than the start, said
/// on the console, and the best genome with that verdict in its provenance.
fn judge(
    run: &Session,
    cp: &Checkpoint,
    finalist: &Finalist,
    best: Weights,
    (validation, gate): (&[OpponentValidation], Option<&GateVerdict>),
    obs: &dyn RunObserver,
) -> (Standing, Genome) {
    // A table run's start weights carry the fitted tables: keeping them keeps the fit.
    let kept_start = finalist.theta == run.space.encode(&run.r.start) && run.r.tables_fit.is_none();
    let standing = standing(&run.r.exp, validation, gate, kept_start);
    obs.message(&standing.line());
    let from = (finalist.label.as_str(), finalist.generation);
    let genome = best_genome(run, cp, best, from, validation, (gate, &standing));
    (standing, genome)
}

/// The finalists (the last generations' means, then the line search's points), the
/// chosen one's index, the selection's games and each finalist's selection score.
fn choose<G: Features>(
    run: &Session,
    cp: &Checkpoint,
    seen: &HashSet<u64>,
    obs: &dyn RunObserver,
) -> Result<(Vec<Finalist>, usize, JobResult, Vec<f64>), TuneError> {
    let mut finalists = line_search::with_line(
        finalists(cp, run.r.exp.validation.finalists as usize),
        &run.space.encode(&run.r.start),
        &run.r.exp.validation.line,
    );
    let (chosen, sel, scores) = select::<G>(run, &cp.engine_roles, &mut finalists, seen, obs)?;
    Ok((finalists, chosen, sel, scores))
}

/// Games the run's promotions played (staged tuning).
fn promotion_games(cp: &Checkpoint) -> u64 {
    cp.rows
        .iter()
        .filter_map(|r| r.promotion.as_ref())
        .map(|p| p.games)
        .sum()
}
