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
pub(crate) const FAMILY: &str = "sans-serif";

/// Line colours that stay apart on white (Tableau 20).
pub(crate) const PALETTE: [RGBColor; 20] = [
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

pub(crate) fn register_font() {
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
    // Raw weights when the CSV has them (older logs only had θ).
    let mut weights = t.with_prefix("weight:");
    if weights.is_empty() {
        weights = t.with_prefix("theta:");
    }
    let fit = Drawing::Lines("Training score per generation", "score (0 to 1)", &fitness);
    draw_both(dir, "fitness", SIZE, &gens, &fit)?;
    let size = grid_size(weights.len());
    draw_both(dir, "weights", size, &gens, &Drawing::Grid(&weights))
}

/// What a chart file shows.
enum Drawing<'a> {
    /// Lines on one plot: title, y label, series.
    Lines(&'a str, &'a str, &'a [(String, Vec<f64>)]),
    /// One small panel per series.
    Grid(&'a [(String, Vec<f64>)]),
}

fn draw_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    xs: &[f64],
    d: &Drawing,
) -> Result<(), String> {
    match d {
        Drawing::Lines(title, ylabel, series) => line_chart(root, title, ylabel, xs, series),
        Drawing::Grid(series) => weights_grid(root, xs, series),
    }
}

/// Draws one chart as `<stem>.svg` and `<stem>.png`.
fn draw_both(
    dir: &Path,
    stem: &str,
    size: (u32, u32),
    xs: &[f64],
    d: &Drawing,
) -> Result<(), ReportError> {
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    let err = |path: &Path, e: String| ReportError::Plot {
        path: path.display().to_string(),
        message: e,
    };
    {
        let root = SVGBackend::new(&svg, size).into_drawing_area();
        draw_on(&root, xs, d).map_err(|e| err(&svg, e))?;
        root.present().map_err(|e| err(&svg, e.to_string()))?;
    }
    let root = BitMapBackend::new(&png, size).into_drawing_area();
    draw_on(&root, xs, d).map_err(|e| err(&png, e))?;
    root.present().map_err(|e| err(&png, e.to_string()))
}

/// Panels per row of the weights grid, and each panel's height.
const GRID_COLUMNS: usize = 4;
const PANEL_HEIGHT: u32 = 210;

fn grid_size(panels: usize) -> (u32, u32) {
    let rows = panels.div_ceil(GRID_COLUMNS).max(1) as u32;
    (SIZE.0, 50 + rows * PANEL_HEIGHT)
}

/// Small multiples: one panel per weight (its own scale), coloured by role.
fn weights_grid<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    xs: &[f64],
    series: &[(String, Vec<f64>)],
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let root = root
        .titled(
            "Tuned weights per generation (one panel each; colour = role)",
            (FAMILY, 22),
        )
        .map_err(|e| e.to_string())?;
    let rows = series.len().div_ceil(GRID_COLUMNS).max(1);
    let panels = root.split_evenly((rows, GRID_COLUMNS));
    let mut roles: Vec<&str> = Vec::new();
    let (x_min, x_max) = super::axis::x_range(xs);
    for ((name, ys), panel) in series.iter().zip(&panels) {
        let (role, feature) = name.split_once(':').unwrap_or(("", name.as_str()));
        if !roles.contains(&role) {
            roles.push(role);
        }
        let ri = roles.iter().position(|r| *r == role).unwrap_or(0);
        let color = PALETTE[ri * 2 % PALETTE.len()].to_rgba();
        let (lo, hi) = super::axis::range(ys.iter().copied());
        let mut chart = ChartBuilder::on(panel)
            .caption(
                if role.is_empty() {
                    feature.to_string()
                } else {
                    format!("{role}: {feature}")
                },
                (FAMILY, 14),
            )
            .margin(6)
            .x_label_area_size(22)
            .y_label_area_size(52)
            .build_cartesian_2d(x_min..x_max, lo..hi)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_labels(5)
            .y_labels(4)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| short_number(*y))
            .light_line_style(WHITE)
            .label_style((FAMILY, 11))
            .draw()
            .map_err(|e| e.to_string())?;
        let points = xs
            .iter()
            .zip(ys)
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .map(|(x, y)| (*x, super::axis::clamp(*y)));
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A narrow axis label: `12k` for thousands, whole numbers from 100, else up to two
/// decimals (so that ticks 10.0, 10.05 and 10.1 of a narrow range stay apart).
fn short_number(y: f64) -> String {
    if y.abs() >= 1e6 || (y != 0.0 && y.abs() < 1e-3) {
        super::axis::label(y)
    } else if y.abs() < 1e-9 {
        "0".into()
    } else if y.abs() >= 10_000.0 {
        format!("{:.0}k", y / 1000.0)
    } else if y.abs() >= 100.0 {
        format!("{y:.0}")
    } else {
        let s = format!("{y:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
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
        .light_line_style(WHITE)
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

#[cfg(test)]
mod tests {
    use super::short_number;

    #[test]
    fn narrow_ranges_keep_their_ticks_apart() {
        let ticks: Vec<String> = [9.95, 10.0, 10.05, 10.1].map(short_number).to_vec();
        assert_eq!(ticks, ["9.95", "10", "10.05", "10.1"]);
        assert_eq!(short_number(-12.5), "-12.5");
        assert_eq!(short_number(150.4), "150");
        assert_eq!(short_number(12_000.0), "12k");
        assert_eq!(short_number(0.0), "0");
    }
}
