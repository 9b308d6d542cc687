//! Writing the run page: `index.html` (its sections top to bottom) and, beside it, the
//! training charts and `summary.json`.

use std::path::Path;

use super::data::{PageData, RunState};
use super::html::{self, escape};
use super::summary::{summary, SUMMARY};
use super::{budget, charts, tables, verdict};
use crate::tunables::PAGE_REFRESH_SECS;
use crate::tune::report::validation::{VALIDATION_GAMES, VALIDATION_TEXT};

/// The page file in a report folder.
pub const PAGE: &str = "index.html";

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

/// The page's sections, top to bottom: the answer first (status, time, verdict), then
/// training, the end of the run in detail, the weights (folded) and the files. A new
/// section is one function here.
const SECTIONS: &[fn(&PageData) -> String] = &[
    header,
    verdict::summary,
    verdict::gate,
    tables::section,
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
    let state = match d.state {
        RunState::Running => "running (this page reloads itself)",
        RunState::Stopped => "stopped; continue with evolve --resume",
        RunState::Finished => "finished",
    };
    let time = time(d, games, secs);
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
    let budget = d.time_budget.as_ref().map(|t| ("time budget", t.clone()));
    let cells: Vec<Vec<String>> = rows
        .iter()
        .cloned()
        .chain(budget)
        .map(|(k, v)| vec![k.to_string(), escape(&v)])
        .collect();
    format!(
        "<h1>{}</h1><p>Status: <span class=\"status\" id=\"status\">{state}</span> · \
         <span id=\"time\">{}</span></p>{}",
        escape(&e.name),
        escape(&time),
        html::table("experiment", &["setting", "value"], &cells)
    )
}

/// How long the run has taken (and, while training, about how long it will), with
/// its rate of training games.
fn time(d: &PageData, games: u64, secs: f64) -> String {
    let rate = if secs > 0.0 {
        games as f64 / secs
    } else {
        f64::NAN
    };
    match (&d.finished, d.state) {
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
    }
}

/// Links to the run's files, then the experiment as run.
fn files_and_experiment(d: &PageData) -> String {
    let charts = charts::training_charts(d);
    let mut links: Vec<(&str, &str)> = charts
        .iter()
        .map(|(file, _)| match *file {
            "score.svg" => (*file, "the training score chart above (SVG)"),
            "accuracy.svg" => (*file, "the accuracy chart above (SVG)"),
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
