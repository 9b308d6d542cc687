//! The run page: `reports/<run>/index.html`, one self-contained file (inline SVG, no
//! script, no network) that a user keeps open in a browser while a run goes on. It is
//! rewritten atomically after every generation and reloads itself until the run ends.
//! Beside it, `summary.json` feeds the index of all runs (`weightforge report`).

mod budget;
mod charts;
mod from_files;
mod html;
mod index;
mod svg;
mod verdict;

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::budget_chart::BudgetPoint;
use super::validation::{GateVerdict, OpponentValidation, VALIDATION_GAMES, VALIDATION_TEXT};
use crate::record::GameLog;
use crate::tunables::PAGE_REFRESH_SECS;
use crate::tune::checkpoint::GenerationRow;
use crate::tune::experiment::Experiment;
use html::escape;

pub use index::write_index;

/// The page file in a report folder.
pub const PAGE: &str = "index.html";
/// The summary file in a report folder.
pub const SUMMARY: &str = "summary.json";

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunState {
    /// Training or finishing; the page reloads itself.
    Running,
    /// Stopped after a generation; `evolve --resume` continues it.
    Stopped,
    /// Done: the genome is chosen and validated.
    Finished,
}

/// What the end of a run adds to the page.
pub struct Finished<'a> {
    /// Each finalist's label and its selection score.
    pub finalists: Vec<(String, f64)>,
    /// The chosen finalist's index.
    pub chosen: usize,
    /// Validation against each opponent.
    pub validation: &'a [OpponentValidation],
    /// The best genome as written (with its provenance).
    pub genome_text: String,
    /// Where the genome was written.
    pub genome_path: String,
    /// The validation games.
    pub games: &'a [GameLog],
    /// Where selection, validation and the gate were measured, in words.
    pub budget: String,
    /// The gate against the start, when the run has one.
    pub gate: Option<&'a GateVerdict>,
    /// The best genome's Elo against each reference at each budget of the chart.
    pub budgets: &'a [BudgetPoint],
    /// Wall-clock seconds of the whole run: training, selection and validation.
    pub seconds: f64,
    /// Games of the whole run.
    pub total_games: u64,
}

/// Everything the page shows.
pub struct PageData<'a> {
    /// The experiment.
    pub exp: &'a Experiment,
    /// Where it came from.
    pub origin: &'a str,
    /// The generations so far.
    pub rows: &'a [GenerationRow],
    /// Reference opponents' names.
    pub names: &'a [String],
    /// Tuned weights' labels (`role:feature`).
    pub labels: &'a [String],
    /// Each tuned weight's start value.
    pub start_weights: Vec<f64>,
    /// Generations the run will train.
    pub planned_generations: u32,
    /// Training games the run will play.
    pub planned_games: u64,
    /// Where it stands.
    pub state: RunState,
    /// The end of the run, once there.
    pub finished: Option<Finished<'a>>,
}

/// The short form of a run for the index page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The run's name.
    pub name: String,
    /// Its game.
    pub game: String,
    /// Its algorithm.
    pub algorithm: String,
    /// Where it stands.
    pub state: RunState,
    /// Generations done and planned.
    pub generation: (u32, u32),
    /// Training games played.
    pub games: u64,
    /// Validation, one line per opponent: `Elo ± half interval vs opponent`.
    pub elo: Vec<String>,
    /// Seconds since the Unix epoch when the page was written.
    pub updated: u64,
}

/// A page that cannot be written.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}")]
pub struct PageError {
    /// The file.
    pub path: String,
    /// What the system said.
    pub source: std::io::Error,
}

/// Writes `index.html` and `summary.json` into `dir` (atomically).
pub fn write_page(dir: &Path, d: &PageData) -> Result<(), PageError> {
    let put = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        crate::fsutil::write_atomic(&path, bytes).map_err(|source| PageError {
            path: path.display().to_string(),
            source,
        })
    };
    put(PAGE, render(d).as_bytes())?;
    for (file, svg) in charts::training_charts(d) {
        put(file, svg.as_bytes())?;
    }
    let summary = summary(d);
    put(
        SUMMARY,
        serde_json::to_string_pretty(&summary)
            .unwrap_or_default()
            .as_bytes(),
    )
}

fn summary(d: &PageData) -> Summary {
    Summary {
        name: d.exp.name.clone(),
        game: d.exp.game.clone(),
        algorithm: d.exp.algorithm.name().to_string(),
        state: d.state,
        generation: (
            d.rows.last().map_or(0, |r| r.generation),
            d.planned_generations,
        ),
        games: d.rows.last().map_or(0, |r| r.games),
        elo: d
            .finished
            .iter()
            .flat_map(|f| f.validation.iter())
            .map(|v| format!("{:.1} ± {:.1} vs {}", v.elo.elo, v.elo.error(), v.opponent))
            .collect(),
        updated: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |t| t.as_secs()),
    }
}

/// The page's sections, top to bottom: the answer first (status, time, verdict), then
/// training, the end of the run in detail, the weights (folded) and the files. A new
/// section is one function here.
const SECTIONS: &[fn(&PageData) -> String] = &[
    header,
    verdict::summary,
    verdict::gate,
    charts::training,
    verdict::details,
    budget::page_section,
    charts::weights,
    files_and_experiment,
];

/// The whole page.
pub fn render(d: &PageData) -> String {
    let refresh = if d.state == RunState::Running {
        format!("<meta http-equiv=\"refresh\" content=\"{PAGE_REFRESH_SECS}\">")
    } else {
        String::new()
    };
    let body: String = SECTIONS.iter().map(|section| section(d)).collect();
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">{refresh}\
         <title>{} — weightforge</title><style>{}</style></head><body>{body}</body></html>\n",
        escape(&d.exp.name),
        html::STYLE
    )
}

/// Title, status, time and progress, then the experiment in short.
fn header(d: &PageData) -> String {
    let e = d.exp;
    let last = d.rows.last();
    let (games, secs) = last.map_or((0, 0.0), |r| (r.games, r.seconds));
    let rate = if secs > 0.0 {
        games as f64 / secs
    } else {
        f64::NAN
    };
    let state = match d.state {
        RunState::Running => "running (this page reloads itself)",
        RunState::Stopped => "stopped; continue with evolve --resume",
        RunState::Finished => "finished",
    };
    let time = match (&d.finished, d.state) {
        (Some(f), _) => format!(
            "{} in all ({} games); training {} ({games} games, {rate:.1} games/s)",
            html::duration(f.seconds),
            f.total_games,
            html::duration(secs)
        ),
        (None, RunState::Running) if games >= d.planned_games => format!(
            "training done in {} ({rate:.1} games/s); selection and validation under way",
            html::duration(secs)
        ),
        (None, RunState::Running) if rate > 0.0 => format!(
            "training {} so far ({rate:.1} games/s); about {} of training left, then \
             selection and validation",
            html::duration(secs),
            html::duration(d.planned_games.saturating_sub(games) as f64 / rate)
        ),
        _ => format!("training {}", html::duration(secs)),
    };
    let rows = [
        ("game", e.game.clone()),
        ("algorithm", e.algorithm.name().to_string()),
        ("seed", e.seed.to_string()),
        ("start genome", e.start.clone()),
        ("opponents", d.names.join(", ")),
        (
            "progress",
            format!(
                "generation {} of {}, {games} of {} training games{}",
                last.map_or(0, |r| r.generation),
                d.planned_generations,
                d.planned_games,
                e.max_games
                    .map_or(String::new(), |m| format!(" (at most {m})"))
            ),
        ),
    ];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|(k, v)| vec![k.to_string(), escape(v)])
        .collect();
    format!(
        "<h1>{}</h1><p>Status: <span class=\"status\" id=\"status\">{state}</span> · \
         <span id=\"time\">{}</span></p>{}",
        escape(&e.name),
        escape(&time),
        html::table("experiment", &["", ""], &cells)
    )
}

/// Links to the run's files, then the experiment as run.
fn files_and_experiment(d: &PageData) -> String {
    let charts = charts::training_charts(d);
    let mut links: Vec<(&str, &str)> = charts
        .iter()
        .map(|(file, _)| match *file {
            "score.svg" => (*file, "the training score chart above (SVG)"),
            _ => (*file, "the Elo chart above (SVG)"),
        })
        .collect();
    links.extend([
        ("generations.csv", "generations (CSV)"),
        ("experiment.ron", "experiment"),
        (
            "fitness.png",
            "scores for print: best, mean, each reference (PNG; also .svg)",
        ),
        ("weights.png", "weights for print (PNG; also .svg)"),
    ]);
    if d.finished.is_some() {
        links.extend([
            ("best.ron", "best genome"),
            (VALIDATION_TEXT, "validation (text)"),
            (VALIDATION_GAMES, "validation games (JSON Lines)"),
        ]);
    }
    let items: Vec<String> = links
        .iter()
        .map(|(f, t)| format!("<li><a href=\"{f}\">{t}</a></li>"))
        .collect();
    format!(
        "<h2>Files</h2><ul id=\"files\">{}</ul><h2>Experiment</h2><p>From {}</p><pre id=\"experiment-text\">{}</pre>",
        items.concat(),
        escape(d.origin),
        escape(&d.exp.to_ron())
    )
}
