//! The side-by-side comparison of tuning algorithms (scripts/compare_algorithms.sh):
//! its table is a CSV with one row per validation (algorithm, CPU seconds its training
//! took, opponent, Elo and its 95 % interval), and its chart shows Elo against CPU seconds,
//! one panel per opponent, one line per algorithm, with the intervals as bars.

use std::path::Path;

use plotters::prelude::*;

use super::error::ReportError;
use super::style::{register_font, FAMILY, PALETTE};

/// One validation of one algorithm's run.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRow {
    /// The algorithm.
    pub algorithm: String,
    /// CPU seconds the run's training took (all threads).
    pub cpu_s: f64,
    /// The validation opponent.
    pub opponent: String,
    /// Elo difference against it.
    pub elo: f64,
    /// Half width of its 95 % interval.
    pub elo95: f64,
}

/// Reads a comparison CSV: a header naming at least `algorithm`, `train_cpu_s`, `opponent`,
/// `elo` and `elo95` (in any order, other columns ignored), then one row per line.
pub fn read_csv(path: &Path) -> Result<Vec<CompareRow>, ReportError> {
    let bad = |line: usize, message: String| ReportError::Io {
        path: format!("{}:{line}", path.display()),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, message),
    };
    let text = std::fs::read_to_string(path).map_err(|source| ReportError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines.next().ok_or_else(|| bad(1, "empty file".into()))?;
    let names: Vec<&str> = header.split(',').map(str::trim).collect();
    let col = |name: &str| {
        names
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| bad(1, format!("no column {name:?} in the header")))
    };
    let [a, c, o, e, i] = ["algorithm", "train_cpu_s", "opponent", "elo", "elo95"].map(col);
    let (a, c, o, e, i) = (a?, c?, o?, e?, i?);
    let mut rows = Vec::new();
    for (n, line) in lines {
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        if f.len() != names.len() {
            let msg = format!("{} fields, the header has {}", f.len(), names.len());
            return Err(bad(n + 1, msg));
        }
        let num = |k: usize| {
            f[k].parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| bad(n + 1, format!("{}: {:?} is not a number", names[k], f[k])))
        };
        rows.push(CompareRow {
            algorithm: f[a].to_string(),
            cpu_s: num(c)?,
            opponent: f[o].to_string(),
            elo: num(e)?,
            elo95: num(i)?,
        });
    }
    Ok(rows)
}

/// Names in order of first appearance.
fn distinct<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for n in names {
        if !out.iter().any(|o| o == n) {
            out.push(n.to_string());
        }
    }
    out
}

/// Draws `rows` as a PNG at `png`: one panel per opponent, Elo against CPU seconds.
pub fn draw(png: &Path, title: &str, rows: &[CompareRow]) -> Result<(), ReportError> {
    register_font();
    let opponents = distinct(rows.iter().map(|r| r.opponent.as_str()));
    let algorithms = distinct(rows.iter().map(|r| r.algorithm.as_str()));
    let width = 620 * opponents.len().max(1) as u32;
    super::charts::save_png(png, (width, 560), |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(title, (FAMILY, 24))
            .map_err(|e| e.to_string())?;
        let panels = root.split_evenly((1, opponents.len().max(1)));
        for (panel, opponent) in panels.iter().zip(&opponents) {
            let mine: Vec<&CompareRow> = rows.iter().filter(|r| &r.opponent == opponent).collect();
            panel_chart(panel, opponent, &algorithms, &mine)?;
        }
        Ok(())
    })
}

fn panel_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    opponent: &str,
    algorithms: &[String],
    rows: &[&CompareRow],
) -> Result<(), String> {
    let (lo, hi) = super::axis::range(
        rows.iter()
            .flat_map(|r| [r.elo - r.elo95, r.elo + r.elo95, 0.0]),
    );
    // A quarter of the axis past the last point: room for the legend in the lower right.
    let xmax = rows.iter().map(|r| r.cpu_s).fold(1.0, f64::max) * 1.3;
    let mut chart = ChartBuilder::on(area)
        .caption(format!("vs {opponent}"), (FAMILY, 20))
        .margin(14)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..xmax, lo..hi)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("training CPU seconds (all threads)")
        .y_desc("Elo (95 % interval)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .light_line_style(WHITE)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 15))
        .draw()
        .map_err(|e| e.to_string())?;
    for (k, name) in algorithms.iter().enumerate() {
        let color = PALETTE[k % PALETTE.len()];
        let mut pts: Vec<&&CompareRow> = rows.iter().filter(|r| &r.algorithm == name).collect();
        pts.sort_by(|a, b| a.cpu_s.total_cmp(&b.cpu_s));
        let line = pts.iter().map(|r| (r.cpu_s, r.elo));
        chart
            .draw_series(LineSeries::new(line, color.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], color.stroke_width(3))
            });
        // The interval as a bar with caps (the caps 1 % of the axis wide).
        let cap = xmax * 0.01;
        let bars = pts.iter().flat_map(|r| {
            let (x, lo, hi) = (r.cpu_s, r.elo - r.elo95, r.elo + r.elo95);
            [
                vec![(x, lo), (x, hi)],
                vec![(x - cap, lo), (x + cap, lo)],
                vec![(x - cap, hi), (x + cap, hi)],
            ]
        });
        chart
            .draw_series(bars.map(|p| PathElement::new(p, color.stroke_width(2))))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(
                pts.iter()
                    .map(|r| Circle::new((r.cpu_s, r.elo), 4, color.filled())),
            )
            .map_err(|e| e.to_string())?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font((FAMILY, 15))
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(())
}
