//! A tuning run, start to end: [`evolve`] trains ([`super::train`]: ask the algorithm for
//! candidates, measure them by self-play, tell it the results, log and checkpoint), then
//! finishes ([`super::finish`]: choose the best on fresh openings, validate it on other
//! fresh openings, write genome and charts). This module holds what both stages share.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::checkpoint::{Checkpoint, CheckpointError, GenerationRow};
use super::checkpoint_check;
use super::finish::{self, OpponentValidation};
use super::lock::{LockError, RunLock};
use super::page::{self, Finished, PageData, RunState};
use super::report::ReportError;
use super::resolve::Resolved;
use super::space::Space;
use super::train;
use crate::dist::{DistError, Executor, Threads};
use crate::game::Game;
use crate::genome::{Genome, GenomeError};
use crate::played_game::SetupError;

pub use super::train::training_job;

/// A run that could not go on.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// Games could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Games could not be played (another process failed).
    #[error(transparent)]
    Dist(#[from] DistError),
    /// A checkpoint could not be read or written.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The result genome could not be written.
    #[error(transparent)]
    Genome(#[from] GenomeError),
    /// Another run holds the report folder.
    #[error(transparent)]
    Lock(#[from] LockError),
    /// The log or the charts could not be written.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The run page could not be written.
    #[error(transparent)]
    Page(page::PageError),
    /// The validation games could not be written.
    #[error(transparent)]
    Record(crate::record::RecordError),
    /// A position file could not be read.
    #[error(transparent)]
    Positions(#[from] crate::texel::file::PositionFileError),
    /// A report could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
}

/// What a run reports as it goes (a progress bar, a log).
pub trait Observer: Sync {
    /// A phase starts: `games` games will be played in it.
    fn phase(&self, name: &str, games: u64);
    /// A game has finished.
    fn game(&self);
    /// A generation has finished.
    fn generation(&self, row: &GenerationRow, opponents: &[String]);
    /// Free text for the log.
    fn message(&self, text: &str);
}

/// An observer that ignores everything (tests, quiet runs).
pub struct Silent;

impl Observer for Silent {
    fn phase(&self, _: &str, _: u64) {}
    fn game(&self) {}
    fn generation(&self, _: &GenerationRow, _: &[String]) {}
    fn message(&self, _: &str) {}
}

/// How a run ended.
#[derive(Clone, Debug)]
pub enum RunEnd {
    /// Stopped on request after a generation; `--resume` continues it.
    Interrupted {
        /// Generations completed.
        completed: u32,
    },
    /// Finished.
    Finished(Box<RunSummary>),
}

/// The results of a finished run.
#[derive(Clone, Debug)]
pub struct RunSummary {
    /// The best genome.
    pub best: Genome,
    /// Where it was written.
    pub genome_path: PathBuf,
    /// The report folder.
    pub report_dir: PathBuf,
    /// Validation against each opponent.
    pub validation: Vec<OpponentValidation>,
    /// Training games.
    pub training_games: u64,
    /// All games, including selection and validation.
    pub total_games: u64,
    /// Wall-clock seconds of the whole run (over all sessions).
    pub seconds: f64,
}

/// Options that do not change the result.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Where the games are played (default: this process's threads).
    pub executor: Option<Arc<dyn Executor>>,
    /// Stop after this generation (as if interrupted).
    pub stop_after: Option<u32>,
    /// Stop after the generation under way once this is set (Ctrl-C).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Continue in this report folder (a run folder copied or moved elsewhere) instead
    /// of the experiment's: its reports and best genome go there.
    pub dir: Option<PathBuf>,
}

impl RunOptions {
    /// Whether the run should stop after generation `g`.
    pub fn stops_after(&self, g: u32) -> bool {
        let interrupted = self
            .interrupt
            .as_ref()
            .is_some_and(|i| i.load(Ordering::SeqCst));
        self.stop_after == Some(g) || interrupted
    }
}

/// The report folder of a run.
pub fn report_dir(r: &Resolved) -> PathBuf {
    r.exp.output.reports.join(&r.exp.name)
}

/// Games training generation `g` (from 1) plays: the hall of fame fills up over the
/// first generations.
pub fn games_in_generation(r: &Resolved, g: u32) -> u64 {
    let algorithm = &r.exp.algorithm;
    algorithm.plan().games(r, algorithm.candidates(), g)
}

/// Generations the run will play: all of them, or fewer when the game budget ends it
/// first (SPSA sizes its schedules by this).
pub fn planned_generations(r: &Resolved) -> u32 {
    let Some(budget) = r.exp.max_games else {
        return r.exp.generations;
    };
    let mut games = 0;
    for g in 1..=r.exp.generations {
        games += games_in_generation(r, g);
        if games >= budget {
            return g;
        }
    }
    r.exp.generations
}

/// Games a training generation plays once the hall of fame is full.
pub fn games_per_generation(r: &Resolved) -> u64 {
    games_in_generation(r, r.exp.hall_of_fame + 1)
}

/// What the stages of one session of a run share.
pub(super) struct Run<'a> {
    /// The experiment.
    pub r: &'a Resolved,
    /// Where it came from.
    pub origin: &'a str,
    /// The tuned weights' space.
    pub space: Space,
    /// The report folder.
    pub dir: PathBuf,
    /// Where the best genome goes.
    pub genome_path: PathBuf,
    /// The opponents' names, for logs.
    pub names: Vec<String>,
    /// Where the games are played.
    pub exec: &'a dyn Executor,
    /// The tuned weights' labels, for logs.
    pub labels: Vec<String>,
    started: Instant,
    prior_seconds: f64,
}

impl Run<'_> {
    /// Wall-clock seconds of the run over all its sessions.
    pub fn seconds(&self) -> f64 {
        self.prior_seconds + self.started.elapsed().as_secs_f64()
    }

    /// Writes the run page (and its summary) as the run stands.
    pub fn write_page(
        &self,
        cp: &Checkpoint,
        state: RunState,
        finished: Option<Finished>,
    ) -> Result<(), TuneError> {
        let r = self.r;
        let generations = planned_generations(r);
        let games: u64 = (1..=generations).map(|g| games_in_generation(r, g)).sum();
        let data = PageData {
            exp: &r.exp,
            origin: self.origin,
            rows: &cp.rows,
            names: &self.names,
            labels: &self.labels,
            start_weights: self
                .space
                .dims
                .iter()
                .map(|d| r.start.weights[d.role][d.feature])
                .collect(),
            planned_generations: generations,
            planned_games: r.exp.max_games.map_or(games, |m| games.min(m)),
            state,
            finished,
        };
        page::write_page(&self.dir, &data).map_err(TuneError::Page)
    }
}

/// Runs (or resumes) an experiment for game `G`: train, then finish.
pub fn evolve<G: Game>(
    r: &Resolved,
    origin: &str,
    resume: Option<Checkpoint>,
    options: &RunOptions,
    obs: &dyn Observer,
) -> Result<RunEnd, TuneError> {
    let started = Instant::now();
    let space = Space::new::<G>(r);
    let dir = options.dir.clone().unwrap_or_else(|| report_dir(r));
    let (_lock, stale) = RunLock::acquire(&dir)?;
    if let Some(pid) = stale {
        obs.message(&format!(
            "{}: took over the lock left by process {pid}, which is no longer running",
            dir.join(super::lock::FILE).display()
        ));
    }
    if let Some(cp) = &resume {
        let path = Checkpoint::path_in(&dir).display().to_string();
        checkpoint_check::check::<G>(cp, r, &space, &path)?;
    }
    let mut cp = resume.unwrap_or_else(|| train::first_checkpoint(r, origin, &space));
    let threads = Threads::default();
    let exec: &dyn Executor = options.executor.as_deref().unwrap_or(&threads);
    checkpoint_check::stamp::<G>(&mut cp);
    let run = Run {
        r,
        origin,
        genome_path: genome_path::<G>(r, options.dir.as_deref()),
        dir,
        names: r.opponents.iter().map(|o| o.name.clone()).collect(),
        exec,
        labels: space.dims.iter().map(|d| d.label.clone()).collect(),
        space,
        started,
        prior_seconds: cp.seconds,
    };
    write_text(&run.dir.join("experiment.ron"), &r.exp.to_ron())?;
    if let Some(completed) = train::train::<G>(&run, &mut cp, options, obs)? {
        return Ok(RunEnd::Interrupted { completed });
    }
    let summary = finish::finish::<G>(&run, &cp, obs)?;
    Ok(RunEnd::Finished(Box::new(summary)))
}

/// Where the best genome goes: `<genomes>/<game>/<name>-best.ron`, or into the report
/// folder of a run continued elsewhere, so it never writes over another run's genome.
pub fn genome_path<G: Game>(r: &Resolved, moved_to: Option<&Path>) -> PathBuf {
    let file = format!("{}-best.ron", r.exp.name);
    match moved_to {
        Some(dir) => dir.join(file),
        None => r.exp.output.genomes.join(G::NAME).join(file),
    }
}

/// Writes a report file atomically.
pub(super) fn write_text(path: &Path, text: &str) -> Result<(), TuneError> {
    crate::fsutil::write_atomic(path, text.as_bytes()).map_err(|source| TuneError::Io {
        path: path.display().to_string(),
        source,
    })
}
