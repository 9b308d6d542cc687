//! A self-play learning run's curve (`weightforge learn`): above, the learned genome's
//! Elo against the reference genome at each point with its 95 % interval; below, where
//! the game is solved, its accuracy against perfect play at one ply per role. Games on
//! a log scale. Written as `<out>.curve.svg` and `<out>.curve.png` (plotters, the style
//! of the run's charts).

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis;
use super::error::ReportError;
use super::raster;
use super::style::{
    self, opponent_colour, role_colour, AXIS_TITLE_SIZE, FAMILY, LABEL_SIZE, TITLE_SIZE,
};

/// Chart size in pixels.
const SIZE: (u32, u32) = (1000, 760);

/// One point as the chart draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct CurveRow {
    /// Training games.
    pub games: u64,
    /// Elo against the reference: estimate, low, high.
    pub elo: [f64; 3],
    /// Per role: accuracy at one ply, 0 to 1 (empty if the game is not solved).
    pub accuracy: Vec<f64>,
}

/// What the chart says around its points.
pub struct CurveTitles<'a> {
    /// The game.
    pub game: &'a str,
    /// The reference genome and its budget, e.g. `tuned at 2000 nodes`.
    pub reference: &'a str,
    /// The roles' names.
    pub roles: [&'a str; 2],
}

/// Writes `<stem>.curve.svg` and `<stem>.curve.png`, each atomically.
pub fn write(stem: &Path, t: &CurveTitles, rows: &[CurveRow]) -> Result<(), ReportError> {
    let svg = stem.with_extension("curve.svg");
    let text =
        raster::svg(SIZE, |root| draw(root, t, rows)).map_err(|message| ReportError::Plot {
            path: svg.display().to_string(),
            message,
        })?;
    raster::save(&svg, text.as_bytes())?;
    raster::save_png(&stem.with_extension("curve.png"), &text)
}

/// log10 of a game count.
fn log_games(g: u64) -> f64 {
    (g.max(1) as f64).log10()
}

/// A tick's label: the game count at a whole power of ten, nothing between.
fn games_tick(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-6 {
        let n = 10f64.powf(x.round());
        if n >= 1e6 {
            format!("{}M", n / 1e6)
        } else if n >= 1e3 {
            format!("{}k", n / 1e3)
        } else {
            format!("{n}")
        }
    } else {
        String::new()
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    t: &CurveTitles,
    rows: &[CurveRow],
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let xs: Vec<f64> = rows.iter().map(|r| log_games(r.games)).collect();
    let (x0, x1) = (
        xs.iter()
            .copied()
            .fold(f64::INFINITY, f64::min)
            .min(3.0)
            .floor(),
        xs.iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max)
            .max(4.0)
            .ceil(),
    );
    if !rows.iter().any(|r| !r.accuracy.is_empty()) {
        return draw_elo(root, t, rows, (x0, x1));
    }
    let (top, bottom) = root.split_vertically(SIZE.1 * 11 / 20);
    draw_elo(&top, t, rows, (x0, x1))?;
    draw_accuracy(&bottom, t, rows, (x0, x1))
}

/// The Elo panel: the line, the dots and each point's interval.
fn draw_elo<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    t: &CurveTitles,
    rows: &[CurveRow],
    (x0, x1): (f64, f64),
) -> Result<(), String> {
    let ys = rows.iter().flat_map(|r| r.elo).chain([0.0]);
    let (lo, hi) = axis::range(ys.filter(|y| y.is_finite()));
    let title = format!("{}: learning by self-play, against {}", t.game, t.reference);
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FAMILY, TITLE_SIZE))
        .margin(16)
        .x_label_area_size(45)
        .y_label_area_size(70)
        .build_cartesian_2d(x0..x1, lo..hi)
        .map_err(|e| e.to_string())?;
    style::mesh(&mut chart.configure_mesh(), LABEL_SIZE, AXIS_TITLE_SIZE)
        .x_desc("training games (log scale)")
        .x_label_formatter(&games_tick)
        .y_desc("Elo (95 % interval)")
        .y_label_formatter(&|y| axis::label_on(*y, lo, hi))
        .draw()
        .map_err(|e| e.to_string())?;
    let zero = LineSeries::new([(x0, 0.0), (x1, 0.0)], BLACK.mix(0.4).stroke_width(1));
    chart.draw_series(zero).map_err(|e| e.to_string())?;
    let colour = opponent_colour(0).to_rgba();
    let line: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.elo[0].is_finite())
        .map(|r| (log_games(r.games), r.elo[0]))
        .collect();
    chart
        .draw_series(LineSeries::new(line.clone(), colour.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(line.iter().map(|&p| Circle::new(p, 4, colour.filled())))
        .map_err(|e| e.to_string())?;
    for r in rows {
        let x = log_games(r.games);
        let clamp = |y: f64| if y.is_nan() { lo } else { y.clamp(lo, hi) };
        let bar = vec![(x, clamp(r.elo[1])), (x, clamp(r.elo[2]))];
        chart
            .draw_series(std::iter::once(PathElement::new(
                bar,
                colour.stroke_width(2),
            )))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The accuracy panel: one line per role, in per cent.
fn draw_accuracy<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    t: &CurveTitles,
    rows: &[CurveRow],
    (x0, x1): (f64, f64),
) -> Result<(), String> {
    let ys = rows
        .iter()
        .flat_map(|r| r.accuracy.iter().map(|a| a * 100.0));
    let (lo, hi) = axis::range(ys.chain([100.0]));
    let mut chart = ChartBuilder::on(area)
        .caption(
            "accuracy against perfect play, one ply, on the solved sample",
            (FAMILY, AXIS_TITLE_SIZE),
        )
        .margin(16)
        .x_label_area_size(45)
        .y_label_area_size(70)
        .build_cartesian_2d(x0..x1, lo..hi)
        .map_err(|e| e.to_string())?;
    style::mesh(&mut chart.configure_mesh(), LABEL_SIZE, AXIS_TITLE_SIZE)
        .x_desc("training games (log scale)")
        .x_label_formatter(&games_tick)
        .y_desc("moves keeping the value (%)")
        .y_label_formatter(&|y| axis::label_on(*y, lo, hi))
        .draw()
        .map_err(|e| e.to_string())?;
    for (k, role) in t.roles.iter().enumerate() {
        let colour = role_colour(k).to_rgba();
        let line: Vec<(f64, f64)> = rows
            .iter()
            .filter_map(|r| r.accuracy.get(k).map(|a| (log_games(r.games), a * 100.0)))
            .collect();
        chart
            .draw_series(LineSeries::new(line.clone(), colour.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(role.to_string())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
            });
        chart
            .draw_series(line.iter().map(|&p| Circle::new(p, 4, colour.filled())))
            .map_err(|e| e.to_string())?;
    }
    style::legend(
        &mut chart.configure_series_labels(),
        SeriesLabelPosition::LowerRight,
    )
    .draw()
    .map_err(|e| e.to_string())
}
