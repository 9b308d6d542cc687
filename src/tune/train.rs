//! The training stage of a run: each generation asks the algorithm for candidates,
//! measures them by self-play in parallel, tells the algorithm what the games say, logs
//! the generation and writes a checkpoint, so an interrupted run resumes exactly.

use std::collections::HashSet;

use super::accuracy_log::AccuracyLog;
use super::algorithm::{Algorithm, Ask};
use super::checkpoint::{Checkpoint, GenerationRow, FORMAT};
use super::engine_fit::{self, EngineRows};
use super::error::TuneError;
use super::fitness;
use super::job::{Job, JobResult, Rival, Round, Weights};
use super::method::PositionSource;
use super::options::RunOptions;
use super::promote;
use super::report::generations;
use super::report::page::data::RunState;
use super::resolved::Resolved;
use super::run_observer::RunObserver;
use super::schedule::{games_in_generation, planned_generations};
use super::session::Session;
use super::space::Space;
use super::time_budget::{self, TimeBudget};
use crate::fit::design::Design;
use crate::fit::samples::{Rows, Samples};
use crate::game::Features;
use crate::matches::result::MatchResult;
use crate::seeds;
use crate::tunables::FAULT_SHARE_STOP;

/// The checkpoint of a run that has not played yet: the algorithm at the start genome.
pub(super) fn first_checkpoint(r: &Resolved, origin: &str, space: &Space) -> Checkpoint {
    Checkpoint {
        format: FORMAT,
        game: String::new(),
        features: Vec::new(),
        experiment_hash: String::new(),
        experiment: r.exp.clone(),
        origin: origin.to_string(),
        completed: 0,
        algorithm: Algorithm::new(
            &r.exp.algorithm,
            space.encode(&r.start),
            planned_generations(r),
        ),
        rows: Vec::new(),
        hall_of_fame: Vec::new(),
        training_openings: Vec::new(),
        games: 0,
        seconds: 0.0,
        engine_roles: Vec::new(),
        last_generation: None,
        time_budget: None,
    }
}

/// The candidates of training generation `g` and the games that measure them: a pure
/// function of the experiment, the algorithm's state and the hall of fame.
pub fn training_job(
    r: &Resolved,
    space: &Space,
    algorithm: &Algorithm,
    hall_of_fame: &[Vec<f64>],
    g: u32,
) -> (Ask, Job) {
    let mut rng = seeds::tuner_generation(r.exp.seed, g);
    let ask = algorithm.ask(&mut rng);
    let decode = |t: &Vec<f64>| space.decode(t, &r.start.weights);
    let candidates: Vec<Weights> = ask.candidates.iter().map(decode).collect();
    let hof: Vec<Weights> = hall_of_fame.iter().map(decode).collect();
    let pairings = ask.plan.pairings(r, candidates.len(), hof.len());
    let job = Job {
        round: Round::Training(g),
        candidates,
        hall_of_fame: hof,
        pairings,
    };
    (ask, job)
}

/// Plays the generations `cp` has not played yet, updating it after each. Returns the
/// generation it stopped after when `options` asked to stop before the end.
pub(super) fn train<G: Features>(
    run: &Session,
    cp: &mut Checkpoint,
    options: &RunOptions,
    obs: &dyn RunObserver,
) -> Result<Option<u32>, TuneError> {
    let r = run.r;
    begin_training(r, cp, options, obs);
    let mut seen: HashSet<u64> = cp.training_openings.iter().copied().collect();
    let mut source = position_source::<G>(run)?;
    let accuracy = AccuracyLog::<G>::for_run(r, obs);
    if let Source::Engine(_, rows) = &source {
        obs.message(&engine_fit::stats_line(&rows.stats()));
        same_roles(run, &cp.engine_roles, &rows.constant_roles())?;
    }
    // Not a range to last_generation(): a time budget chooses it after generation 1.
    for g in cp.completed + 1..=r.exp.generations {
        if g > cp.last_generation() || games_spent(r, cp, obs) {
            break;
        }
        let (ask, job) = training_job(r, &run.space, &cp.algorithm, &cp.hall_of_fame, g);
        let began = run.seconds();
        let (result, design) = play_generation::<G>(run, &job, &mut source, obs)?;
        if let (1, Some(seconds)) = (g, options.time) {
            let took = (run.seconds() - began, result.game_count());
            choose_generations::<G>(run, cp, (seconds, took), obs);
        }
        if let Source::Engine(_, rows) = &source {
            cp.engine_roles = rows.constant_roles();
        }
        let mut row = learn(run, cp, &ask, &job, (&result, design.as_ref()), g);
        row.accuracy = accuracy
            .as_ref()
            .and_then(|log| log.measure(run, &row.theta));
        let fresh = result.openings.iter().filter(|h| seen.insert(**h));
        cp.training_openings.extend(fresh);
        obs.generation(&row, &run.names);
        check_faults(&row)?;
        cp.rows.push(row);
        if promote::due(r, g, cp.last_generation()) {
            stage::<G>(run, cp, g, obs)?;
            seen = cp.training_openings.iter().copied().collect();
        }
        cp.completed = g;
        cp.seconds = run.seconds();
        cp.save(&run.dir)?;
        generations::write_generations_csv(&run.dir, &cp.rows, &run.names, &run.labels)?;
        if options.stops_after(g) && g < cp.last_generation() {
            run.write_page(cp, RunState::Stopped, None)?;
            return Ok(Some(g));
        }
        run.write_page(cp, RunState::Running, None)?;
    }
    Ok(None)
}

/// Fixes the generations a fresh run trains (`--train-generations`) and announces the
/// training phase with the games left in it.
fn begin_training(r: &Resolved, cp: &mut Checkpoint, options: &RunOptions, obs: &dyn RunObserver) {
    if cp.completed == 0 {
        cp.last_generation = options.train_generations;
    }
    let remaining: u64 = (cp.completed + 1..=cp.last_generation())
        .map(|g| games_in_generation(r, g))
        .sum();
    obs.phase("training", remaining);
}

/// Whether the experiment's game budget (`max_games`) is spent; says so when it is.
fn games_spent(r: &Resolved, cp: &Checkpoint, obs: &dyn RunObserver) -> bool {
    let spent = r.exp.max_games.is_some_and(|m| cp.games >= m);
    if spent {
        obs.message(&format!("game budget reached after {} games", cp.games));
    }
    spent
}

/// After generation 1 of a run with a time budget: chooses how many generations fit
/// and records it in `cp` (saved with generation 1), with the end of the run at
/// generation 1's pace per game; says what it chose.
fn choose_generations<G: Features>(
    run: &Session,
    cp: &mut Checkpoint,
    (seconds, generation): (f64, (f64, u64)),
    obs: &dyn RunObserver,
) {
    let r = run.r;
    let chart = super::search_budget::chart(r, G::ROLES).len();
    let end = time_budget::end_games(r, chart);
    let spent = run.seconds();
    let choice = TimeBudget::choose(r, seconds, spent, generation, end);
    obs.message(&choice.words(r.exp.generations));
    cp.last_generation = Some(choice.generations);
    cp.time_budget = Some(choice);
    let remaining = (2..=cp.last_generation())
        .map(|k| games_in_generation(r, k))
        .sum();
    obs.phase("training", remaining);
}

/// The promotion after generation `g`, logged in its row; then training's progress
/// again.
fn stage<G: Features>(
    run: &Session,
    cp: &mut Checkpoint,
    g: u32,
    obs: &dyn RunObserver,
) -> Result<(), TuneError> {
    let promotion = promote::promote::<G>(run, cp, g, obs)?;
    if let Some(row) = cp.rows.last_mut() {
        row.promotion = promotion;
    }
    let r = run.r;
    if g < cp.last_generation() {
        let remaining = (g + 1..=cp.last_generation())
            .map(|k| games_in_generation(r, k))
            .sum();
        obs.phase("training", remaining);
    }
    Ok(())
}

/// Where an algorithm's positions come from, and how they become fit rows.
enum Source<G: Features> {
    /// The algorithm learns from games only.
    Games,
    /// Built-in features: the filter, and the rows of the position files (read once).
    Features(PositionSource, Samples),
    /// An engine's `eval`, probed.
    Engine(PositionSource, Box<EngineRows<G>>),
}

/// The position source of an algorithm that learns from positions.
fn position_source<G: Features>(run: &Session) -> Result<Source<G>, TuneError> {
    let r = run.r;
    let Some(src) = r.exp.algorithm.position_source() else {
        return Ok(Source::Games);
    };
    if let Some(e) = &r.engine {
        let rows = EngineRows::<G>::new(r, e, &run.space)?;
        // A constant serves both roles: rows of either role fit it.
        something_to_fit::<G>(&src, rows.file_rows(), &[])?;
        return Ok(Source::Engine(src, Box::new(rows)));
    }
    let mut extra = Samples::new(G::feature_info().len());
    for path in &src.files {
        extra.append(&crate::fit::positions_file::read_as::<G>(path, src.rows)?);
    }
    let roles: Vec<usize> = run.space.columns().iter().map(|c| c.role).collect();
    something_to_fit::<G>(&src, &extra, &roles)?;
    Ok(Source::Features(src, extra))
}

/// A fit without games (`games: false`) learns from its files' rows only: it refuses
/// to run when they hold none it can use, or none for a role in `roles` (the roles
/// whose weights it tunes), instead of reporting the start weights as tuned.
fn something_to_fit<G: Features>(
    src: &PositionSource,
    rows: &Samples,
    roles: &[usize],
) -> Result<(), TuneError> {
    if src.games {
        return Ok(());
    }
    let files = || {
        let names: Vec<String> = src.files.iter().map(|f| f.display().to_string()).collect();
        if names.is_empty() {
            "no position files".to_string()
        } else {
            names.join(", ")
        }
    };
    let usable = [0, 1].map(|r| rows.usable_rows(r));
    if usable == [0, 0] {
        let all = rows.rows(0) + rows.rows(1);
        let why = format!("{} hold {all} rows, none with a result or a score", files());
        return Err(TuneError::NothingToFit { why });
    }
    match roles.iter().find(|&&r| usable[r] == 0) {
        Some(&r) => {
            let why = format!(
                "{} hold no usable row for {}, whose weights the run tunes",
                files(),
                G::ROLES[r]
            );
            Err(TuneError::NothingToFit { why })
        }
        None => Ok(()),
    }
}

/// A resumed checkpoint's `engine_roles` agree with what probing the fit's positions
/// finds again: a constant found to move one role's evaluation cannot serve the other
/// (more positions can only make a constant serve both, `None`).
fn same_roles(
    run: &Session,
    stored: &[Option<usize>],
    found: &[Option<usize>],
) -> Result<(), TuneError> {
    let clash = stored
        .iter()
        .zip(found)
        .position(|(s, f)| matches!((s, f), (Some(a), Some(b)) if a != b));
    let Some(i) = clash else {
        return Ok(());
    };
    let message = format!(
        "constant {i} is given role {:?}, but probing finds it moves role {:?} only",
        stored[i], found[i]
    );
    Err(super::checkpoint::CheckpointError::Invalid {
        path: run
            .dir
            .join(super::checkpoint::state::FILE)
            .display()
            .to_string(),
        field: format!("engine_roles[{i}]"),
        message,
    }
    .into())
}

/// Plays a generation's games and, for a position fit, builds its rows.
fn play_generation<G: Features>(
    run: &Session,
    job: &Job,
    source: &mut Source<G>,
    obs: &dyn RunObserver,
) -> Result<(JobResult, Option<Design>), TuneError> {
    let r = run.r;
    let on_game = || obs.game();
    match source {
        Source::Games => Ok((
            fitness::evaluate_on::<G>(run.exec, r, job, None, &on_game)?,
            None,
        )),
        Source::Features(src, extra) => {
            let (result, mut samples, _) = fitness::evaluate_collecting::<G>(
                run.exec,
                r,
                job,
                (&src.filter, src.label, src.rows.unwrap_or(Rows::Both)),
                &on_game,
            )?;
            samples.append(extra);
            let design = Design::new(&samples, &run.space.columns(), &r.start.weights);
            Ok((result, Some(design)))
        }
        Source::Engine(src, rows) => {
            let (result, _, positions) = fitness::evaluate_collecting::<G>(
                run.exec,
                r,
                job,
                (&src.filter, src.label, src.rows.unwrap_or(Rows::Both)),
                &on_game,
            )?;
            let design = rows.design(&positions)?;
            obs.message(&engine_fit::stats_line(&rows.stats()));
            Ok((result, Some(design)))
        }
    }
}

/// Tells the algorithm what generation `g`'s games say, keeps the hall of fame, and
/// returns the generation's log row.
fn learn(
    run: &Session,
    cp: &mut Checkpoint,
    ask: &Ask,
    job: &Job,
    (result, design): (&JobResult, Option<&Design>),
    g: u32,
) -> GenerationRow {
    let r = run.r;
    let scores = fitness::candidate_scores(job, result);
    let reading = ask.plan.read(r, job, result, &scores);
    cp.algorithm.tell(ask, &reading.feedback);
    if let Some(design) = design {
        cp.algorithm.tell_positions(design);
    }
    cp.games += result.game_count();
    if r.exp.hall_of_fame > 0 {
        cp.hall_of_fame.push(cp.algorithm.mean().to_vec());
        let excess = cp
            .hall_of_fame
            .len()
            .saturating_sub(r.exp.hall_of_fame as usize);
        cp.hall_of_fame.drain(..excess);
    }
    let theta = cp.algorithm.mean().to_vec();
    let w = run.space.decode(&theta, &r.start.weights);
    GenerationRow {
        generation: g,
        games: cp.games,
        seconds: run.seconds(),
        sigma: cp.algorithm.sigma(),
        best: scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        mean: scores.iter().sum::<f64>() / scores.len().max(1) as f64,
        opponent_scores: reading.opponent_scores.clone(),
        weights: run
            .space
            .dims
            .iter()
            .map(|d| w[d.role][d.feature])
            .collect(),
        theta,
        totals: pooled(job, result, |_| true),
        opponent_totals: if reading.opponent_scores.is_empty() {
            Vec::new()
        } else {
            (0..r.opponents.len())
                .map(|i| pooled(job, result, |rival| rival == Rival::Pool(i)))
                .collect()
        },
        promotion: None,
        accuracy: None,
    }
}

/// The games of the pairings whose rival `keep` accepts, added up.
fn pooled(job: &Job, result: &JobResult, keep: impl Fn(Rival) -> bool) -> MatchResult {
    let mut m = MatchResult::default();
    for (k, p) in job.pairings.iter().enumerate() {
        if keep(p.rival) {
            for pair in &result.games[k] {
                m.add_pair(pair);
            }
        }
    }
    m
}

/// Stops the run when more than [`FAULT_SHARE_STOP`] of a generation's games were lost
/// by a fault.
fn check_faults(row: &GenerationRow) -> Result<(), TuneError> {
    let t = &row.totals;
    let faults = t.faults[0].total() + t.faults[1].total();
    let games = t.games();
    if games == 0 || (faults as f64) <= FAULT_SHARE_STOP * games as f64 {
        return Ok(());
    }
    let detail =
        crate::played_game::faults_line(["candidates", "opponents"], &t.faults).unwrap_or_default();
    Err(TuneError::Faults {
        generation: row.generation,
        faults,
        games,
        detail: detail.trim_start_matches("faults: ").to_string(),
    })
}
