//! `generations.csv`, the log of a run: one row per generation (games, time, step size,
//! scores, and each tuned weight in θ and raw), written after every generation and read
//! back to redraw the charts (`weightforge chart`).

use std::path::Path;

use super::error::ReportError;
use crate::tune::checkpoint::GenerationRow;

/// The CSV file name in a report folder.
pub const CSV: &str = "generations.csv";

/// A CSV table of numbers with named columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Column names.
    pub columns: Vec<String>,
    /// Rows of values.
    pub rows: Vec<Vec<f64>>,
}

impl Table {
    /// The column named `name`, if any.
    pub(super) fn column(&self, name: &str) -> Option<Vec<f64>> {
        let i = self.columns.iter().position(|c| c == name)?;
        Some(self.rows.iter().map(|r| r[i]).collect())
    }

    /// Every column whose name starts with `prefix`, named by the rest.
    pub(super) fn with_prefix(&self, prefix: &str) -> Vec<(String, Vec<f64>)> {
        self.columns
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                c.strip_prefix(prefix)
                    .map(|name| (name.to_string(), self.rows.iter().map(|r| r[i]).collect()))
            })
            .collect()
    }
}

/// The rows of a run as a table.
pub fn table(rows: &[GenerationRow], opponents: &[String], labels: &[String]) -> Table {
    let mut columns: Vec<String> = [
        "generation",
        "games",
        "seconds",
        "sigma",
        "best_fitness",
        "mean_fitness",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let has_scores = rows.iter().any(|r| !r.opponent_scores.is_empty());
    if has_scores {
        columns.extend(opponents.iter().map(|o| format!("score:{o}")));
    }
    let staged = rows.iter().any(|r| r.promotion.is_some());
    if staged {
        columns.extend(PROMOTION_COLUMNS.iter().map(|c| c.to_string()));
    }
    columns.extend(labels.iter().map(|l| format!("theta:{l}")));
    columns.extend(labels.iter().map(|l| format!("weight:{l}")));
    let rows = rows
        .iter()
        .map(|r| {
            let mut v = vec![
                r.generation as f64,
                r.games as f64,
                r.seconds,
                r.sigma,
                r.best,
                r.mean,
            ];
            if has_scores {
                v.extend(
                    opponents
                        .iter()
                        .enumerate()
                        .map(|(i, _)| r.opponent_scores.get(i).copied().unwrap_or(f64::NAN)),
                );
            }
            if staged {
                v.extend(promotion_cells(r));
            }
            v.extend(&r.theta);
            v.extend(&r.weights);
            v
        })
        .collect();
    Table { columns, rows }
}

/// The columns of a staged run's promotions: games played, the generation whose mean
/// won (training continues from it) and its score at the target budget; `NaN` cells
/// after a generation with no promotion.
const PROMOTION_COLUMNS: [&str; 3] = ["promotion_games", "promoted_generation", "promotion_score"];

fn promotion_cells(r: &GenerationRow) -> [f64; 3] {
    match &r.promotion {
        Some(p) => [
            p.games as f64,
            f64::from(p.candidates[p.winner]),
            p.scores[p.winner],
        ],
        None => [f64::NAN; 3],
    }
}

/// Writes `generations.csv` into `dir` (atomically), quoted by the `csv` crate (a column
/// named after an engine's weight may hold a comma or a quote).
pub fn write_generations_csv(
    dir: &Path,
    rows: &[GenerationRow],
    opponents: &[String],
    labels: &[String],
) -> Result<(), ReportError> {
    let t = table(rows, opponents, labels);
    let path = dir.join(CSV);
    let io = |source: std::io::Error| ReportError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&t.columns).map_err(|e| io(e.into()))?;
    for r in &t.rows {
        w.write_record(r.iter().map(|v| v.to_string()))
            .map_err(|e| io(e.into()))?;
    }
    let bytes = w.into_inner().map_err(|e| io(e.into_error()))?;
    crate::fsutil::write_atomic(&path, &bytes).map_err(io)
}

/// Reads a `generations.csv`.
pub fn read_generations_csv(path: &Path) -> Result<Table, ReportError> {
    let shown = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|source| ReportError::Io {
        path: shown.clone(),
        source,
    })?;
    let bad = |line: u64, message: String| ReportError::Io {
        path: format!("{shown}:{line}"),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, message),
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(file);
    let mut records = reader.records();
    let header = match records.next() {
        Some(h) => h.map_err(|e| bad(1, e.to_string()))?,
        None => return Err(bad(1, "empty file; expected a header".into())),
    };
    let columns: Vec<String> = header.iter().map(str::to_string).collect();
    for needed in ["generation", "best_fitness", "mean_fitness"] {
        if !columns.iter().any(|c| c == needed) {
            return Err(bad(1, format!("no column {needed:?} in the header")));
        }
    }
    let mut rows = Vec::new();
    for record in records {
        let line = |r: &csv::StringRecord| r.position().map_or(0, |p| p.line());
        let record =
            record.map_err(|e| bad(e.position().map_or(0, |p| p.line()), e.to_string()))?;
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if record.len() != columns.len() {
            let why = format!("{} cells, expected {}", record.len(), columns.len());
            return Err(bad(line(&record), why));
        }
        let row = record
            .iter()
            .zip(&columns)
            .map(|(c, name)| {
                c.trim().parse::<f64>().map_err(|_| {
                    bad(
                        line(&record),
                        format!("column {name:?}: {c:?} is not a number"),
                    )
                })
            })
            .collect::<Result<Vec<f64>, _>>()?;
        rows.push(row);
    }
    Ok(Table { columns, rows })
}
