//! A learning run: batches of self-play games until its games are played (or its time
//! or a plateau of the curve stops it), the curve measured at its points, a checkpoint
//! saved between batches.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::batch::{learn_batch, BatchStats};
use super::checkpoint::{self, Progress};
use super::curve::{self, CurvePlan, CurvePoint};
use super::error::LearnError;
use super::genome::learned_genome;
use super::settings::LearnSettings;
use super::values::LearnedValues;
use crate::game::Features;
use crate::genome::Genome;
use crate::tunables::{LEARN_CHECKPOINT_SECONDS, LEARN_CURVE_FIRST};

/// What a run is given.
pub struct LearnPlan<G: Features> {
    /// The settings (the weights depend on these only).
    pub settings: LearnSettings,
    /// The position every training game starts from.
    pub start: G,
    /// The weights to start from.
    pub values: LearnedValues,
    /// The genome whose search settings the learned genome takes.
    pub template: Arc<Genome>,
    /// The checkpoint file.
    pub checkpoint: PathBuf,
    /// Continue from the checkpoint if there is one.
    pub resume: bool,
    /// Stop once this time has passed (between batches).
    pub deadline: Option<Instant>,
    /// Stop at the first batch's end at or after this many games (the schedule still
    /// runs over `settings.games`; a resumed run continues it).
    pub stop_at: Option<u64>,
    /// Stop once this many curve points in a row have not beaten the best Elo before
    /// them.
    pub plateau: Option<usize>,
    /// How the curve is measured (none: no curve).
    pub curve: Option<CurvePlan<G>>,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Its games were played.
    Games,
    /// Its time ran out.
    Time,
    /// It was asked to stop at a game count before the end.
    StopAt,
    /// The curve stopped rising.
    Plateau,
}

/// What a run gave.
pub struct LearnOutcome {
    /// The weights learned.
    pub values: LearnedValues,
    /// Games, moves, seconds and the curve.
    pub progress: Progress,
    /// Why it stopped.
    pub stop: Stop,
    /// Games the checkpoint had when the run resumed from it (0 when fresh).
    pub resumed_at: u64,
}

/// What a run tells as it goes.
pub trait LearnObserver {
    /// A batch was learned; `games` played in all.
    fn batch(&self, games: u64, stats: &BatchStats);
    /// A curve point was measured.
    fn point(&self, point: &CurvePoint);
}

/// Runs `plan`.
pub fn learn<G: Features>(
    plan: LearnPlan<G>,
    obs: &dyn LearnObserver,
) -> Result<LearnOutcome, LearnError> {
    let s = &plan.settings;
    s.check().map_err(LearnError::Setting)?;
    let fingerprint = s.fingerprint();
    let mut v = plan.values.clone();
    let mut p = Progress::default();
    if plan.resume && plan.checkpoint.exists() {
        p = checkpoint::load(&plan.checkpoint, fingerprint, &mut v)?;
    }
    let resumed_at = p.games;
    let mut next = curve::next_point(LEARN_CURVE_FIRST, p.games);
    let mut saved = Instant::now();
    let stop = loop {
        if p.games >= s.games {
            break Stop::Games;
        }
        if plan.deadline.is_some_and(|d| Instant::now() >= d) {
            break Stop::Time;
        }
        if plan.stop_at.is_some_and(|n| p.games >= n) {
            break Stop::StopAt;
        }
        // Batches start at multiples of the batch size whatever stops or measures
        // the run, so the frozen weights of every game are the same in any run.
        let count = s.batch.min(s.games - p.games);
        let began = Instant::now();
        let stats = learn_batch(&mut v, s, &plan.start, p.games, count);
        p.games += stats.games;
        p.moves += stats.moves;
        p.seconds += began.elapsed().as_secs_f64();
        obs.batch(p.games, &stats);
        if let Some(c) = plan.curve.as_ref().filter(|_| p.games >= next) {
            add_point(c, &plan, &v, &mut p, obs)?;
            next = curve::next_point(LEARN_CURVE_FIRST, p.games);
            if plan.plateau.is_some_and(|k| plateaued(&p.curve, k)) {
                break Stop::Plateau;
            }
        }
        if saved.elapsed() >= Duration::from_secs(LEARN_CHECKPOINT_SECONDS) {
            checkpoint::save(&plan.checkpoint, fingerprint, &v, &p)?;
            saved = Instant::now();
        }
    };
    let last = p.curve.last().map(|c| c.games);
    if let Some(c) = plan.curve.as_ref().filter(|_| last != Some(p.games)) {
        add_point(c, &plan, &v, &mut p, obs)?;
    }
    checkpoint::save(&plan.checkpoint, fingerprint, &v, &p)?;
    Ok(LearnOutcome {
        values: v,
        progress: p,
        stop,
        resumed_at,
    })
}

/// Measures the curve's point at the games played so far.
fn add_point<G: Features>(
    c: &CurvePlan<G>,
    plan: &LearnPlan<G>,
    v: &LearnedValues,
    p: &mut Progress,
    obs: &dyn LearnObserver,
) -> Result<(), LearnError> {
    let genome = Arc::new(learned_genome(v, &plan.template, &plan.settings, p.games));
    let (row, accuracy) = curve::measure(c, &genome)?;
    let point = CurvePoint {
        games: p.games,
        moves: p.moves,
        seconds: p.seconds,
        wdl: row.wdl,
        elo: row.elo,
        accuracy,
    };
    obs.point(&point);
    p.curve.push(point);
    Ok(())
}

/// Whether the last `k` points all fall short of the best Elo before them.
fn plateaued(curve: &[CurvePoint], k: usize) -> bool {
    if k == 0 || curve.len() <= k {
        return false;
    }
    let (before, last) = curve.split_at(curve.len() - k);
    let best = before
        .iter()
        .map(|c| c.elo[0])
        .fold(f64::NEG_INFINITY, f64::max);
    last.iter().all(|c| c.elo[0] <= best)
}
