//! Reports of a tuning run: `generations.csv` (one row per generation) and charts drawn
//! from it with plotters, as SVG and PNG: fitness per generation (best, mean, and the
//! score against each reference) and each tuned weight's trajectory.
//!
//! Text is drawn with DejaVu Sans compiled into the binary, so charts render the same on
//! a machine with no fonts installed.

use std::path::Path;
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::checkpoint::GenerationRow;

/// A report that cannot be written, read or drawn.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A file cannot be read or written (or a CSV line cannot be understood).
    #[error("{path}: {source}")]
    Io {
        /// The file (and line).
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A chart cannot be drawn.
    #[error("drawing {path}: {message}")]
    Plot {
        /// The chart.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// The CSV file name in a report folder.
pub const CSV: &str = "generations.csv";

const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";

/// Line colours that stay apart on white (Tableau 20).
const PALETTE: [RGBColor; 20] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(174, 199, 232),
    RGBColor(255, 152, 150),
    RGBColor(152, 223, 138),
    RGBColor(255, 187, 120),
    RGBColor(197, 176, 213),
    RGBColor(196, 156, 148),
    RGBColor(247, 182, 210),
    RGBColor(199, 199, 199),
    RGBColor(219, 219, 141),
    RGBColor(158, 218, 229),
];

/// Chart size in pixels, and the width of the legend column at its right.
const SIZE: (u32, u32) = (1200, 700);
const LEGEND_WIDTH: u32 = 300;

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for style in [FontStyle::Normal, FontStyle::Bold] {
            // The font is compiled in and known to be valid.
            let _ = plotters::style::register_font(FAMILY, style, FONT);
        }
    });
}

/// A CSV table of numbers with named columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Column names.
    pub columns: Vec<String>,
    /// Rows of values.
    pub rows: Vec<Vec<f64>>,
}

impl Table {
    fn column(&self, name: &str) -> Option<Vec<f64>> {
        let i = self.columns.iter().position(|c| c == name)?;
        Some(self.rows.iter().map(|r| r[i]).collect())
    }

    fn with_prefix(&self, prefix: &str) -> Vec<(String, Vec<f64>)> {
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
            v.extend(&r.theta);
            v.extend(&r.weights);
            v
        })
        .collect();
    Table { columns, rows }
}

/// Writes `generations.csv` into `dir` (atomically).
pub fn write_generations_csv(
    dir: &Path,
    rows: &[GenerationRow],
    opponents: &[String],
    labels: &[String],
) -> Result<(), ReportError> {
    let t = table(rows, opponents, labels);
    let mut s = t.columns.join(",");
    s.push('\n');
    for r in &t.rows {
        let cells: Vec<String> = r.iter().map(|v| format!("{v}")).collect();
        s.push_str(&cells.join(","));
        s.push('\n');
    }
    let path = dir.join(CSV);
    crate::fsutil::write_atomic(&path, s.as_bytes()).map_err(|source| ReportError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Reads a `generations.csv`.
pub fn read_generations_csv(path: &Path) -> Result<Table, ReportError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| ReportError::Io {
        path: shown.clone(),
        source,
    })?;
    let bad = |line: usize, message: String| ReportError::Io {
        path: format!("{shown}:{line}"),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, message),
    };
    let mut lines = text.lines();
    let header = lines
        .next()
        .ok_or_else(|| bad(1, "empty file; expected a header".into()))?;
    let columns: Vec<String> = header.split(',').map(str::to_string).collect();
    for needed in ["generation", "best_fitness", "mean_fitness"] {
        if !columns.iter().any(|c| c == needed) {
            return Err(bad(1, format!("no column {needed:?} in the header")));
        }
    }
    let mut rows = Vec::new();
    for (i, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = line.split(',').collect();
        if cells.len() != columns.len() {
            return Err(bad(
                i + 2,
                format!("{} cells, expected {}", cells.len(), columns.len()),
            ));
        }
        let row = cells
            .iter()
            .enumerate()
            .map(|(k, c)| {
                c.trim().parse::<f64>().map_err(|_| {
                    bad(
                        i + 2,
                        format!("column {:?}: {c:?} is not a number", columns[k]),
                    )
                })
            })
            .collect::<Result<Vec<f64>, _>>()?;
        rows.push(row);
    }
    Ok(Table { columns, rows })
}

/// Draws the charts of a run from its rows.
pub fn draw_charts(
    dir: &Path,
    rows: &[GenerationRow],
    opponents: &[String],
    labels: &[String],
) -> Result<(), ReportError> {
    draw_from_table(dir, &table(rows, opponents, labels))
}

/// A chart to draw: file stem, title, y-axis label, named series.
type Chart<'a> = (&'a str, &'a str, &'a str, &'a [(String, Vec<f64>)]);

/// Draws `fitness.{svg,png}` and `weights.{svg,png}` into `dir` from a table.
pub fn draw_from_table(dir: &Path, t: &Table) -> Result<(), ReportError> {
    register_font();
    let gens = t.column("generation").unwrap_or_default();
    let mut fitness: Vec<(String, Vec<f64>)> = Vec::new();
    if let Some(b) = t.column("best_fitness") {
        fitness.push(("best candidate".into(), b));
    }
    if let Some(m) = t.column("mean_fitness") {
        fitness.push(("mean of candidates".into(), m));
    }
    for (name, v) in t.with_prefix("score:") {
        fitness.push((format!("vs {name}"), v));
    }
    let weights = t.with_prefix("theta:");
    let charts: [Chart; 2] = [
        (
            "fitness",
            "Training score per generation",
            "score (0 to 1)",
            &fitness,
        ),
        (
            "weights",
            "Tuned weights (normalised units) per generation",
            "weight / unit",
            &weights,
        ),
    ];
    for (stem, title, ylabel, series) in charts {
        let svg = dir.join(format!("{stem}.svg"));
        let png = dir.join(format!("{stem}.png"));
        let err = |path: &Path, e: String| ReportError::Plot {
            path: path.display().to_string(),
            message: e,
        };
        {
            let root = SVGBackend::new(&svg, SIZE).into_drawing_area();
            line_chart(&root, title, ylabel, &gens, series).map_err(|e| err(&svg, e))?;
            root.present().map_err(|e| err(&svg, e.to_string()))?;
        }
        {
            let root = BitMapBackend::new(&png, SIZE).into_drawing_area();
            line_chart(&root, title, ylabel, &gens, series).map_err(|e| err(&png, e))?;
            root.present().map_err(|e| err(&png, e.to_string()))?;
        }
    }
    Ok(())
}

fn line_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    ylabel: &str,
    xs: &[f64],
    series: &[(String, Vec<f64>)],
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (plot_area, legend_area) = root.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    // Any finite data gets a finite, non-empty range (see `axis`).
    let (lo, hi) = super::axis::range(series.iter().flat_map(|(_, v)| v.iter().copied()));
    let (x_min, x_max) = super::axis::x_range(xs);
    let mut chart = ChartBuilder::on(&plot_area)
        .caption(title, (FAMILY, 24))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(65)
        .build_cartesian_2d(x_min..x_max, lo..hi)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("generation")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc(ylabel)
        .y_label_formatter(&|y| super::axis::label(*y))
        .label_style((FAMILY, 15))
        .axis_desc_style((FAMILY, 17))
        .draw()
        .map_err(|e| e.to_string())?;
    let text = TextStyle::from((FAMILY, 14).into_font()).color(&BLACK);
    for (i, (name, ys)) in series.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()].to_rgba();
        let points: Vec<(f64, f64)> = xs
            .iter()
            .zip(ys)
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .map(|(x, y)| (*x, super::axis::clamp(*y)))
            .collect();
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))
            .map_err(|e| e.to_string())?;
        // The legend sits in its own column, so it never hides a line.
        let y = 50 + 20 * i as i32;
        legend_area
            .draw(&PathElement::new(
                vec![(8, y), (36, y)],
                color.stroke_width(3),
            ))
            .map_err(|e| e.to_string())?;
        legend_area
            .draw(&Text::new(name.clone(), (44, y - 8), text.clone()))
            .map_err(|e| e.to_string())?;
    }
    let skipped = super::axis::skipped(xs, series);
    if skipped > 0 {
        let s = if skipped == 1 { "" } else { "s" };
        let note = format!("{skipped} value{s} not finite: left out");
        let y = 50 + 20 * series.len() as i32 + 10;
        legend_area
            .draw(&Text::new(note, (8, y), text))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
