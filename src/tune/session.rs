//! One session of a tuning run (from start or resume to stop or end): what its stages
//! share (`Session`), and where the run writes (the report folder, the best genome,
//! the run page as it stands).

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::checkpoint::Checkpoint;
use super::error::TuneError;
use super::job::Weights;
use super::report::page::data::{Finished, PageData, RunState};
use super::report::page::html::concepts_href;
use super::report::page::write::write_page;
use super::resolved::Resolved;
use super::schedule::{games_in_generation, planned_generations};
use super::space::Space;
use crate::dist::Executor;
use crate::game::Features;

/// What the stages of one session of a run share.
pub(super) struct Session<'a> {
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
    /// When this session started.
    pub started: Instant,
    /// Wall-clock seconds of the sessions before this one.
    pub prior_seconds: f64,
}

impl Session<'_> {
    /// Wall-clock seconds of the run over all its sessions.
    pub fn seconds(&self) -> f64 {
        self.prior_seconds + self.started.elapsed().as_secs_f64()
    }

    /// The tuned weights' values in `weights`, in the order of the space's dimensions
    /// (the labels').
    pub fn tuned_values(&self, weights: &Weights) -> Vec<f64> {
        self.space
            .dims
            .iter()
            .map(|d| weights[d.role][d.feature])
            .collect()
    }

    /// Writes the run page (and its summary) as the run stands.
    pub fn write_page(
        &self,
        cp: &Checkpoint,
        state: RunState,
        finished: Option<Finished>,
    ) -> Result<(), TuneError> {
        let r = self.r;
        let generations = planned_generations(r).min(cp.last_generation());
        let games: u64 = (1..=generations).map(|g| games_in_generation(r, g)).sum();
        let data = PageData {
            exp: &r.exp,
            origin: self.origin,
            rows: &cp.rows,
            names: &self.names,
            labels: &self.labels,
            start_weights: self.tuned_values(&r.start.weights),
            planned_generations: generations,
            planned_games: r.exp.max_games.map_or(games, |m| games.min(m)),
            state,
            finished,
            concepts: concepts_href(&self.dir),
            time_budget: cp.time_budget.as_ref().map(|t| t.words(r.exp.generations)),
            tables: r.tables_fit.as_deref(),
        };
        write_page(&self.dir, &data).map_err(TuneError::Page)
    }
}

/// The report folder of a run.
pub fn report_dir(r: &Resolved) -> PathBuf {
    r.exp.output.reports.join(&r.exp.name)
}

/// Where the best genome goes: `<genomes>/<game>/<name>-best.ron`, or into the report
/// folder of a run continued elsewhere, so it never writes over another run's genome.
pub(super) fn genome_path<G: Features>(r: &Resolved, moved_to: Option<&Path>) -> PathBuf {
    let file = format!("{}.ron", r.exp.best_name());
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

/// Removes the report files `paths` (those absent are fine): a run started afresh never
/// reuses what the run it replaces left.
pub(super) fn remove_files(paths: impl IntoIterator<Item = PathBuf>) -> Result<(), TuneError> {
    for path in paths {
        match std::fs::remove_file(&path) {
            Err(source) if source.kind() != std::io::ErrorKind::NotFound => {
                return Err(TuneError::Io {
                    path: path.display().to_string(),
                    source,
                })
            }
            _ => {}
        }
    }
    Ok(())
}
