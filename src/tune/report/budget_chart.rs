//! The Elo-against-budget chart: the run's best genome against each reference at
//! several search budgets (the training budget up to the target), each with its 95 %
//! interval, so a user sees whether the weights hold deeper. Written as
//! `elo_budget.csv` (one row per reference and budget), `elo_budget.png` and
//! `elo_budget.svg` (plotters, the style of the other charts); the run page inlines
//! the SVG ([`svg_text`]).

use std::path::Path;

use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis;
use super::error::ReportError;
use super::raster;
use super::style::{self, opponent_colour, AXIS_TITLE_SIZE, FAMILY, LABEL_SIZE, TITLE_SIZE};
use crate::matches::result::MatchResult;
use crate::stats::EloEstimate;

/// The files' stem in a report folder.
pub const STEM: &str = "elo_budget";

/// Chart size in pixels.
const SIZE: (u32, u32) = (1000, 560);

/// The best genome against one reference at one budget.
#[derive(Clone, Debug, PartialEq)]
pub struct BudgetPoint {
    /// The budget's place on the chart, from 0 (cheapest first as the experiment
    /// lists them).
    pub index: usize,
    /// The budget in words.
    pub budget: String,
    /// The reference.
    pub opponent: String,
    /// The games, the best genome as A.
    pub result: MatchResult,
    /// Its Elo with the 95 % interval.
    pub elo: EloEstimate,
}

/// Writes the CSV, PNG and SVG into `dir`, each atomically (a kill never leaves half a
/// chart).
pub fn write(dir: &Path, points: &[BudgetPoint]) -> Result<(), ReportError> {
    write_titled(dir, RUN_TITLE, points)
}

/// The run chart's title.
const RUN_TITLE: &str =
    "Elo of the best genome against each reference, by search budget (95 % interval)";

/// [`write`] with a title of its own (`weightforge match --budgets`: player A against B).
pub fn write_titled(dir: &Path, title: &str, points: &[BudgetPoint]) -> Result<(), ReportError> {
    raster::save(
        &dir.join(format!("{STEM}.csv")),
        csv_text(points).as_bytes(),
    )?;
    let svg = dir.join(format!("{STEM}.svg"));
    let text = raster::svg(SIZE, |root| draw(root, title, points)).map_err(|message| {
        ReportError::Plot {
            path: svg.display().to_string(),
            message,
        }
    })?;
    raster::save(&svg, text.as_bytes())?;
    raster::save_png(&dir.join(format!("{STEM}.png")), &text)
}

/// The chart as SVG text, for the run page.
pub fn svg_text(points: &[BudgetPoint]) -> Result<String, String> {
    raster::svg(SIZE, |root| draw(root, RUN_TITLE, points))
}

/// The CSV: one row per reference and budget, quoted by the `csv` crate (a reference's
/// name may hold a comma or a quote).
pub fn csv_text(points: &[BudgetPoint]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let header = [
        "budget_index",
        "budget",
        "opponent",
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "elo",
        "elo_low",
        "elo_high",
    ];
    // Writing to memory cannot fail.
    w.write_record(header).expect("in memory");
    for p in points {
        let x = &p.result.wdl;
        w.write_record([
            p.index.to_string(),
            p.budget.clone(),
            p.opponent.clone(),
            p.result.games().to_string(),
            x.wins.to_string(),
            x.draws.to_string(),
            x.losses.to_string(),
            p.elo.score.to_string(),
            p.elo.elo.to_string(),
            p.elo.elo_low.to_string(),
            p.elo.elo_high.to_string(),
        ])
        .expect("in memory");
    }
    String::from_utf8(w.into_inner().expect("in memory")).expect("the fields are UTF-8")
}

/// The budgets' names in chart order.
fn budgets(points: &[BudgetPoint]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for p in points {
        if names.len() <= p.index {
            names.resize(p.index + 1, String::new());
        }
        names[p.index] = p.budget.clone();
    }
    names
}

/// The references in order of first appearance.
fn opponents(points: &[BudgetPoint]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for p in points {
        if !names.contains(&p.opponent) {
            names.push(p.opponent.clone());
        }
    }
    names
}

/// One line per reference over the budgets, each point with its interval as a bar;
/// references sit a little apart so their bars do not hide each other.
fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    points: &[BudgetPoint],
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let names = budgets(points);
    let refs = opponents(points);
    let finite = points
        .iter()
        .flat_map(|p| [p.elo.elo, p.elo.elo_low, p.elo.elo_high]);
    let (lo, hi) = axis::range(finite.chain([0.0]).filter(|y| y.is_finite()));
    let n = names.len().max(1) as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(title, (FAMILY, TITLE_SIZE))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(65)
        .build_cartesian_2d(-0.5..n - 0.5, lo..hi)
        .map_err(|e| e.to_string())?;
    style::mesh(&mut chart.configure_mesh(), LABEL_SIZE, AXIS_TITLE_SIZE)
        .x_desc("search budget per move (both sides)")
        .x_labels(axis::category_ticks(names.len()))
        .x_label_formatter(&|x| axis::category(&names, *x))
        .y_desc("Elo")
        .y_label_formatter(&|y| axis::label_on(*y, lo, hi))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(
            [(-0.5, 0.0), (n - 0.5, 0.0)],
            BLACK.mix(0.4).stroke_width(1),
        ))
        .map_err(|e| e.to_string())?;
    let spread = 0.12 / refs.len().max(1) as f64;
    for (k, name) in refs.iter().enumerate() {
        let dx = (k as f64 - (refs.len() as f64 - 1.0) / 2.0) * spread;
        let mine: Vec<&BudgetPoint> = points.iter().filter(|p| &p.opponent == name).collect();
        let colour = opponent_colour(k).to_rgba();
        draw_reference(&mut chart, name, &mine, (colour, dx), (lo, hi))?;
    }
    style::legend(
        &mut chart.configure_series_labels(),
        SeriesLabelPosition::UpperLeft,
    )
    .draw()
    .map_err(|e| e.to_string())
}

/// One reference's points: its line (labelled for the legend) and dots, each with
/// its interval's bar, shifted by `dx` so references at one budget stay apart.
fn draw_reference<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    name: &str,
    mine: &[&BudgetPoint],
    (colour, dx): (RGBAColor, f64),
    (lo, hi): (f64, f64),
) -> Result<(), String> {
    let line: Vec<(f64, f64)> = mine
        .iter()
        .filter(|p| p.elo.elo.is_finite())
        .map(|p| (p.index as f64 + dx, axis::clamp(p.elo.elo)))
        .collect();
    chart
        .draw_series(LineSeries::new(line.clone(), colour.stroke_width(2)))
        .map_err(|e| e.to_string())?
        .label(format!("vs {name}"))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3)));
    chart
        .draw_series(line.iter().map(|&p| Circle::new(p, 4, colour.filled())))
        .map_err(|e| e.to_string())?;
    for p in mine {
        let x = p.index as f64 + dx;
        let (a, b) = (
            clamp_to(p.elo.elo_low, lo, hi),
            clamp_to(p.elo.elo_high, lo, hi),
        );
        let cap = 0.04;
        for seg in [
            vec![(x, a), (x, b)],
            vec![(x - cap, a), (x + cap, a)],
            vec![(x - cap, b), (x + cap, b)],
        ] {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    seg,
                    colour.stroke_width(2),
                )))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// An interval's end on the plot: infinite ends (a clean sweep) at the plot's edge.
fn clamp_to(y: f64, lo: f64, hi: f64) -> f64 {
    if y.is_nan() {
        lo
    } else {
        y.clamp(lo, hi)
    }
}
