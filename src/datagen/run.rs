//! A datagen run: the plan's games in chunks on an executor, each chunk appended to the
//! checkpoint, then the rows of every game in game order, duplicates removed, written
//! as a version 2 position file.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::batch::DatagenBatch;
use super::checkpoint;
use super::play::DatagenGame;
use super::{DatagenError, DatagenPlan};
use crate::dist::{self, Executor};
use crate::fit::positions_file::{write_rows, PositionRow};
use crate::game::{Features, Role};
use crate::tunables::DATAGEN_CHUNK_GAMES;

/// What a run reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DatagenTick {
    /// A game finished (from any thread).
    Game,
    /// A chunk's games are checkpointed: games of the plan finished (by this run and
    /// the one it resumed) and rows kept by this run's games (before duplicates are
    /// removed).
    Chunk {
        /// Games finished.
        games: u64,
        /// Rows kept by this run.
        rows: u64,
    },
}

/// How a run goes beyond its plan; nothing here changes the file written.
pub struct DatagenRun<'a> {
    /// Continue from `<out>.partial` (an error if it belongs to another plan).
    pub resume: bool,
    /// Stop, checkpoint written, once this many games were played by this run (tests
    /// of resuming use it).
    pub stop_after: Option<u64>,
    /// What made the file, for its first comment (e.g. the command without its
    /// run-only flags).
    pub made_by: String,
    /// Told of every finished game and chunk.
    pub progress: &'a (dyn Fn(DatagenTick) + Sync),
}

/// What a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct DatagenSummary {
    /// Games of the plan finished (by this run or the one it resumed).
    pub games: u64,
    /// Games this run played.
    pub played: u64,
    /// Rows this run's games kept.
    pub rows_played: u64,
    /// This run's games that ended with a winner (by their rows' results; a game that
    /// kept no row counts as not decisive).
    pub decisive: u64,
    /// Rows written (duplicates removed); 0 when the run stopped early.
    pub positions: u64,
    /// Nodes this run's games searched.
    pub nodes: u64,
    /// Wall-clock seconds of this run's games.
    pub seconds: f64,
    /// Whether the run stopped before the end (`stop_after`); no file was written.
    pub stopped: bool,
}

impl DatagenSummary {
    /// Rows kept per wall-clock second by this run.
    pub fn positions_per_second(&self) -> f64 {
        self.rows_played as f64 / self.seconds.max(1e-9)
    }

    /// Share of this run's games that ended with a winner, 0 to 1 (NaN: none played).
    pub fn decisive_share(&self) -> f64 {
        if self.played == 0 {
            f64::NAN
        } else {
            self.decisive as f64 / self.played as f64
        }
    }
}

/// Plays `plan`'s games on `exec` and writes their rows to `out` (format v2), resuming
/// from `<out>.partial` when `run.resume` is set. The file is the same whatever the
/// executor, its threads or ranks, and however often the run was stopped and resumed.
pub fn generate<G: Features>(
    exec: &dyn Executor,
    plan: &DatagenPlan,
    out: &Path,
    run: &DatagenRun,
) -> Result<DatagenSummary, DatagenError> {
    let (cp, mut done) = begin::<G>(plan, out, run.resume)?;
    let todo: Vec<u64> = (0..plan.games).filter(|i| !done.contains_key(i)).collect();
    let chunk = run.stop_after.map_or(DATAGEN_CHUNK_GAMES, |s| {
        (s as usize).clamp(1, DATAGEN_CHUNK_GAMES)
    });
    let mut summary = DatagenSummary {
        games: done.len() as u64,
        played: 0,
        rows_played: 0,
        decisive: 0,
        positions: 0,
        nodes: 0,
        seconds: 0.0,
        stopped: false,
    };
    let t0 = Instant::now();
    for games in todo.chunks(chunk) {
        if run.stop_after.is_some_and(|s| summary.played >= s) {
            summary.stopped = true;
            break;
        }
        let new = play_chunk::<G>(exec, plan, games, run, &mut summary)?;
        if let Some(cp) = &cp {
            checkpoint::append(cp, new.clone())?;
        }
        done.extend(new);
        summary.seconds = t0.elapsed().as_secs_f64();
        (run.progress)(DatagenTick::Chunk {
            games: summary.games,
            rows: summary.rows_played,
        });
    }
    summary.seconds = t0.elapsed().as_secs_f64();
    if summary.stopped {
        return Ok(summary);
    }
    let kept = unique_rows(&done);
    summary.positions = kept.len() as u64;
    write_rows::<G>(out, &file_comments(plan, &run.made_by), &kept)?;
    // The file is whole: the checkpoint has served.
    if let Some(cp) = &cp {
        let _ = std::fs::remove_file(cp);
    }
    Ok(summary)
}

/// The checkpoint of a run writing `out` (none when `out` is a device or a FIFO, which
/// `--out /dev/null` writes in place, as `--record` writes one, with no `<out>.partial`
/// left in /dev), started afresh with the games it resumes (`resume`).
fn begin<G: Features>(
    plan: &DatagenPlan,
    out: &Path,
    resume: bool,
) -> Result<(Option<PathBuf>, BTreeMap<u64, DatagenGame>), DatagenError> {
    let special = std::fs::metadata(out).is_ok_and(|m| !m.is_file());
    let Some(cp) = (!special).then(|| checkpoint::path_of(out)) else {
        return Ok((None, BTreeMap::new()));
    };
    let hash = checkpoint::plan_hash(plan);
    let done = if resume {
        checkpoint::read::<G>(&cp, &hash, plan.games)?
    } else {
        BTreeMap::new()
    };
    checkpoint::start(&cp, &hash, &done)?;
    Ok((Some(cp), done))
}

/// Plays the games numbered `games` on `exec`, counting them into `summary`.
fn play_chunk<G: Features>(
    exec: &dyn Executor,
    plan: &DatagenPlan,
    games: &[u64],
    run: &DatagenRun,
    summary: &mut DatagenSummary,
) -> Result<BTreeMap<u64, DatagenGame>, DatagenError> {
    let batch = DatagenBatch::<G>::new(plan.clone(), games.to_vec());
    let outs = dist::execute(exec, &(), &batch, &|_| (run.progress)(DatagenTick::Game))?;
    let new: BTreeMap<u64, DatagenGame> = games.iter().copied().zip(outs).collect();
    for g in new.values() {
        summary.rows_played += g.rows.len() as u64;
        let won = |r: &PositionRow| r.result == 0.0 || r.result == 1.0;
        summary.decisive += u64::from(g.rows.first().is_some_and(won));
        summary.nodes += g.nodes;
    }
    summary.played += games.len() as u64;
    summary.games += games.len() as u64;
    Ok(new)
}

/// The rows of every game in game order, each (role, position) kept the first time only.
fn unique_rows(games: &BTreeMap<u64, DatagenGame>) -> Vec<PositionRow> {
    let mut seen: HashSet<(Role, &str)> = HashSet::new();
    let mut out = Vec::new();
    for row in games.values().flat_map(|g| &g.rows) {
        if seen.insert((row.role, row.text.as_str())) {
            out.push(row.clone());
        }
    }
    out
}

/// The file's comments: what made it (`made_by`), from what, and what a row is. A file
/// whose comments are these was made by this plan's games (a run's datagen stage reuses
/// it only then).
pub fn file_comments(plan: &DatagenPlan, made_by: &str) -> Vec<String> {
    let opponents = if plan.opponents.is_empty() {
        "itself (self-play)".to_string()
    } else {
        let names: Vec<&str> = plan.opponents.iter().map(|o| o.name.as_str()).collect();
        names.join(", ")
    };
    let s = &plan.settings;
    vec![
        format!("made by: {made_by}"),
        format!(
            "player {} against {opponents}, {}, {} games, seed {}, skip_plies {}",
            plan.player.name, plan.budget, plan.games, plan.seed, plan.skip_plies
        ),
        format!(
            "openings: starts {}, {} random plies; ply cap {}{}",
            s.starts.join(" "),
            s.opening_plies,
            s.ply_cap,
            if s.adjudicate { " (adjudicated)" } else { "" }
        ),
        "rows: the last quiet position of the mover's principal variation; result and score \
         (search score / EVAL_SCALE) from the row's role's view; duplicates (role and position) \
         removed, the first kept"
            .to_string(),
    ]
}
