//! The side-by-side comparison of tuning algorithms (scripts/compare_algorithms.sh):
//! its table is a CSV with one row per validation (algorithm, training budget, CPU
//! seconds its training took, opponent, Elo and its 95 % interval), and its chart shows Elo at each training
//! budget, one panel per opponent, the algorithms side by side with their intervals as
//! bars, and a last panel of the CPU seconds each run took.

use std::path::Path;

use plotters::prelude::*;

use super::error::ReportError;
use super::raster;
use super::style::{self, AXIS_TITLE_SIZE, FAMILY, LABEL_SIZE, LEGEND_SIZE, PALETTE, TITLE_SIZE};

/// A panel's caption size.
const CAPTION_SIZE: u32 = 20;

/// One validation of one algorithm's run.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRow {
    /// The algorithm.
    pub algorithm: String,
    /// The training budget in games (`max_games`).
    pub budget: u64,
    /// CPU seconds the run's training took (all threads).
    pub cpu_s: f64,
    /// The validation opponent.
    pub opponent: String,
    /// Elo difference against it.
    pub elo: f64,
    /// Half width of its 95 % interval.
    pub elo95: f64,
}

/// Reads a comparison CSV: a header naming at least `algorithm`, `budget_games`,
/// `train_cpu_s`, `opponent`, `elo` and `elo95` (in any order, other columns ignored),
/// then one row per line.
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
    let [a, b, c, o, e, i] = [
        "algorithm",
        "budget_games",
        "train_cpu_s",
        "opponent",
        "elo",
        "elo95",
    ]
    .map(col);
    let cols = [a?, b?, c?, o?, e?, i?];
    lines
        .map(|(n, line)| row(line, &names, cols).map_err(|m| bad(n + 1, m)))
        .collect()
}

/// One data line of the CSV, its fields found by `cols` (algorithm, budget_games,
/// train_cpu_s, opponent, elo, elo95); the message of what is wrong otherwise.
fn row(line: &str, names: &[&str], cols: [usize; 6]) -> Result<CompareRow, String> {
    let [a, b, c, o, e, i] = cols;
    let f: Vec<&str> = line.split(',').map(str::trim).collect();
    if f.len() != names.len() {
        return Err(format!(
            "{} fields, the header has {}",
            f.len(),
            names.len()
        ));
    }
    let num = |k: usize| {
        f[k].parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("{}: {:?} is not a number", names[k], f[k]))
    };
    let budget = f[b]
        .parse::<u64>()
        .map_err(|_| format!("{}: {:?} is not a whole number", names[b], f[b]))?;
    Ok(CompareRow {
        algorithm: f[a].to_string(),
        budget,
        cpu_s: num(c)?,
        opponent: f[o].to_string(),
        elo: num(e)?,
        elo95: num(i)?,
    })
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

/// Height of the figure, and the width of each panel.
const HEIGHT: u32 = 600;
const PANEL_WIDTH: u32 = 520;
/// Height of the legend strip under the title.
const LEGEND_HEIGHT: u32 = 34;
/// Width of the group of an algorithm's marks at one budget, in budget steps.
const GROUP_WIDTH: f64 = 0.7;

/// One mark: an algorithm's value at a budget, with its interval's half width.
struct Mark {
    budget: usize,
    algorithm: usize,
    y: f64,
    half: f64,
}

/// What every panel shares: the budgets (the x categories) and the algorithms (the
/// colours, side by side within each budget).
struct Axes {
    budgets: Vec<u64>,
    labels: Vec<String>,
    algorithms: Vec<String>,
}

impl Axes {
    /// The x position of algorithm `k`'s mark at budget `b`.
    fn x(&self, b: usize, k: usize) -> f64 {
        let n = self.algorithms.len().max(1) as f64;
        b as f64 + (k as f64 - (n - 1.0) / 2.0) * GROUP_WIDTH / n
    }
}

/// Draws `rows` as a PNG at `png`: one panel per opponent with each algorithm's Elo and
/// its interval at each training budget (algorithms side by side, so no interval hides
/// another), then a panel of the training CPU seconds each run took; one legend on top.
pub fn draw(png: &Path, title: &str, rows: &[CompareRow]) -> Result<(), ReportError> {
    let opponents = distinct(rows.iter().map(|r| r.opponent.as_str()));
    let mut budgets: Vec<u64> = rows.iter().map(|r| r.budget).collect();
    budgets.sort_unstable();
    budgets.dedup();
    let axes = Axes {
        labels: budgets
            .iter()
            .map(|b| format!("{} games", thousands(*b)))
            .collect(),
        budgets,
        algorithms: distinct(rows.iter().map(|r| r.algorithm.as_str())),
    };
    let width = PANEL_WIDTH * (opponents.len() as u32 + 1);
    let svg = raster::svg((width, HEIGHT), |root| {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(title, (FAMILY, TITLE_SIZE))
            .map_err(|e| e.to_string())?;
        let (strip, body) = root.split_vertically(LEGEND_HEIGHT);
        legend_strip(&strip, &axes.algorithms)?;
        let panels = body.split_evenly((1, opponents.len() + 1));
        for (panel, opponent) in panels.iter().zip(&opponents) {
            let marks = elo_marks(&axes, rows.iter().filter(|r| &r.opponent == opponent));
            let caption = format!("Elo vs {opponent} (95 % interval)");
            panel_chart(panel, &caption, "Elo", &axes, &marks)?;
        }
        let cpu = cpu_marks(&axes, rows);
        let caption = "training CPU seconds (all threads)";
        panel_chart(
            &panels[opponents.len()],
            caption,
            "CPU seconds",
            &axes,
            &cpu,
        )
    })
    .map_err(|message| ReportError::Plot {
        path: png.display().to_string(),
        message,
    })?;
    raster::save_png(png, &svg)
}

/// `12,345`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The Elo marks of `rows` (one opponent's).
fn elo_marks<'a>(axes: &Axes, rows: impl Iterator<Item = &'a CompareRow>) -> Vec<Mark> {
    rows.filter_map(|r| {
        Some(Mark {
            budget: axes.budgets.iter().position(|b| *b == r.budget)?,
            algorithm: axes.algorithms.iter().position(|a| *a == r.algorithm)?,
            y: r.elo,
            half: r.elo95,
        })
    })
    .collect()
}

/// The training CPU seconds of each run (an algorithm at a budget), once.
fn cpu_marks(axes: &Axes, rows: &[CompareRow]) -> Vec<Mark> {
    let mut marks: Vec<Mark> = Vec::new();
    for m in elo_marks(axes, rows.iter()) {
        if !marks
            .iter()
            .any(|o| o.budget == m.budget && o.algorithm == m.algorithm)
        {
            let row = rows.iter().find(|r| {
                r.budget == axes.budgets[m.budget] && r.algorithm == axes.algorithms[m.algorithm]
            });
            let y = row.map_or(0.0, |r| r.cpu_s);
            marks.push(Mark { y, half: 0.0, ..m });
        }
    }
    marks
}

/// The algorithms' colours and names in a row.
fn legend_strip<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    algorithms: &[String],
) -> Result<(), String> {
    let text = TextStyle::from((FAMILY, LEGEND_SIZE).into_font()).color(&BLACK);
    let mut x = 60;
    for (k, name) in algorithms.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let y = LEGEND_HEIGHT as i32 / 2;
        area.draw(&PathElement::new(
            vec![(x, y), (x + 28, y)],
            colour.stroke_width(4),
        ))
        .map_err(|e| e.to_string())?;
        area.draw(&Circle::new((x + 14, y), 4, colour.filled()))
            .map_err(|e| e.to_string())?;
        area.draw(&Text::new(name.clone(), (x + 36, y - 8), text.clone()))
            .map_err(|e| e.to_string())?;
        let (w, _) = area
            .estimate_text_size(name, &text)
            .map_err(|e| e.to_string())?;
        x += 36 + w as i32 + 30;
    }
    Ok(())
}

/// One panel: each algorithm's marks at each budget, side by side, joined across
/// budgets by a thin line, with the interval as a capped bar when there is one.
fn panel_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    y_desc: &str,
    axes: &Axes,
    marks: &[Mark],
) -> Result<(), String> {
    let (lo, hi) = super::axis::range(marks.iter().flat_map(|m| [m.y - m.half, m.y + m.half, 0.0]));
    let n = axes.budgets.len().max(1) as f64;
    let mut chart = ChartBuilder::on(area)
        .caption(caption, (FAMILY, CAPTION_SIZE))
        .margin(14)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(-0.5..n - 0.5, lo..hi)
        .map_err(|e| e.to_string())?;
    style::mesh(&mut chart.configure_mesh(), LABEL_SIZE, AXIS_TITLE_SIZE)
        .disable_x_mesh()
        .x_desc("training budget")
        .x_labels(super::axis::category_ticks(axes.labels.len()))
        .x_label_formatter(&|x| super::axis::category(&axes.labels, *x))
        .y_desc(y_desc)
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(
            [(-0.5, 0.0), (n - 0.5, 0.0)],
            BLACK.mix(0.4),
        ))
        .map_err(|e| e.to_string())?;
    let cap = GROUP_WIDTH / axes.algorithms.len().max(1) as f64 * 0.3;
    for (k, _) in axes.algorithms.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let mut mine: Vec<&Mark> = marks.iter().filter(|m| m.algorithm == k).collect();
        mine.sort_by_key(|m| m.budget);
        let at = |m: &Mark| (axes.x(m.budget, k), m.y);
        chart
            .draw_series(LineSeries::new(mine.iter().map(|m| at(m)), colour.mix(0.5)))
            .map_err(|e| e.to_string())?;
        let bars = mine.iter().filter(|m| m.half > 0.0).flat_map(|m| {
            let (x, a, b) = (axes.x(m.budget, k), m.y - m.half, m.y + m.half);
            [
                vec![(x, a), (x, b)],
                vec![(x - cap, a), (x + cap, a)],
                vec![(x - cap, b), (x + cap, b)],
            ]
        });
        chart
            .draw_series(bars.map(|p| PathElement::new(p, colour.stroke_width(2))))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(mine.iter().map(|m| Circle::new(at(m), 5, colour.filled())))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
