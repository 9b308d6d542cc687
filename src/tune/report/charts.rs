//! The charts of a run, drawn with plotters from its generations table as SVG and PNG:
//! fitness per generation (best, mean, and the score against each reference) and each
//! tuned weight's trajectory.

use std::path::Path;

use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis;
use super::error::ReportError;
use super::generations::{table, Table};
use super::raster;
use super::style::{
    self, best_colour, mean_colour, opponent_colour, role_colour, AXIS_TITLE_SIZE, FAMILY,
    LABEL_SIZE, LEGEND_SIZE, TITLE_SIZE,
};
use crate::tune::checkpoint::GenerationRow;

/// Chart size in pixels, and the width of the legend column at its right.
const SIZE: (u32, u32) = (1200, 700);
const LEGEND_WIDTH: u32 = 300;

/// Draws the charts of a run from its rows; `exported`: the written genome's value of
/// each tuned weight (as `labels`), drawn dashed on the weights' panels.
pub fn draw_charts(
    dir: &Path,
    rows: &[GenerationRow],
    opponents: &[String],
    labels: &[String],
    exported: Option<&[f64]>,
) -> Result<(), ReportError> {
    draw_from_table(dir, &table(rows, opponents, labels), exported)
}

/// Draws `fitness.{svg,png}` and `weights.{svg,png}` into `dir` from a table (and the
/// exported values, when known: see [`draw_charts`]).
pub fn draw_from_table(dir: &Path, t: &Table, exported: Option<&[f64]>) -> Result<(), ReportError> {
    let gens = t.column("generation").unwrap_or_default();
    let mut fitness: Vec<(String, RGBColor, Vec<f64>)> = Vec::new();
    if let Some(m) = t.column("mean_fitness") {
        fitness.push(("mean of candidates".into(), mean_colour(), m));
    }
    if let Some(b) = t.column("best_fitness") {
        fitness.push(("best candidate".into(), best_colour(), b));
    }
    for (i, (name, v)) in t.with_prefix("score:").into_iter().enumerate() {
        fitness.push((format!("vs {name}"), opponent_colour(i), v));
    }
    // Raw weights when the CSV has them (older logs only had θ).
    let mut weights = t.with_prefix("weight:");
    if weights.is_empty() {
        weights = t.with_prefix("theta:");
    }
    // A fit on positions alone (Texel with `games: false`) has no training score.
    let no_games = t
        .column("games")
        .is_some_and(|g| !g.is_empty() && g.iter().all(|&n| n == 0.0));
    let title = if no_games {
        "Training score per generation: none (no games in training, a fit on positions)"
    } else {
        "Training score per generation"
    };
    // Its rows' scores are placeholders (0.5), not measurements: draw none of them.
    if no_games {
        fitness.clear();
    }
    let fit = Drawing::Lines(title, "score (0 to 1)", &fitness);
    draw_both(dir, "fitness", SIZE, &gens, &fit)?;
    let size = grid_size(weights.len());
    draw_both(
        dir,
        "weights",
        size,
        &gens,
        &Drawing::Grid(&weights, exported),
    )
}

/// What a chart file shows.
enum Drawing<'a> {
    /// Lines on one plot: title, y label, series.
    Lines(&'a str, &'a str, &'a [(String, RGBColor, Vec<f64>)]),
    /// One small panel per series, with the exported value of each when known.
    Grid(&'a [(String, Vec<f64>)], Option<&'a [f64]>),
}

fn draw_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    xs: &[f64],
    d: &Drawing,
) -> Result<(), String> {
    match d {
        Drawing::Lines(title, ylabel, series) => line_chart(root, title, ylabel, xs, series),
        Drawing::Grid(series, exported) => weights_grid(root, xs, series, *exported),
    }
}

/// Draws one chart as `<stem>.svg` and `<stem>.png` (rendered from the SVG), each
/// written atomically.
fn draw_both(
    dir: &Path,
    stem: &str,
    size: (u32, u32),
    xs: &[f64],
    d: &Drawing,
) -> Result<(), ReportError> {
    let svg_path = dir.join(format!("{stem}.svg"));
    let svg =
        raster::svg(size, |root| draw_on(root, xs, d)).map_err(|message| ReportError::Plot {
            path: svg_path.display().to_string(),
            message,
        })?;
    raster::save(&svg_path, svg.as_bytes())?;
    raster::save_png(&dir.join(format!("{stem}.png")), &svg)
}

/// Panels per row of the weights grid, each panel's height, and its text sizes.
const GRID_COLUMNS: usize = 4;
const PANEL_HEIGHT: u32 = 210;
const PANEL_LABEL_SIZE: u32 = 14;
const PANEL_CAPTION_SIZE: u32 = 17;

fn grid_size(panels: usize) -> (u32, u32) {
    let rows = panels.div_ceil(GRID_COLUMNS).max(1) as u32;
    (SIZE.0, 50 + rows * PANEL_HEIGHT)
}

/// Small multiples: one panel per weight (its own scale), coloured by role; the
/// exported value dashed across each panel when known.
fn weights_grid<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    xs: &[f64],
    series: &[(String, Vec<f64>)],
    exported: Option<&[f64]>,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let title = match exported {
        Some(_) => "Tuned weights: each generation's (line), the exported value (dashed)",
        None => "Tuned weights per generation (one panel each; colour = role)",
    };
    let root = root
        .titled(title, (FAMILY, TITLE_SIZE))
        .map_err(|e| e.to_string())?;
    let rows = series.len().div_ceil(GRID_COLUMNS).max(1);
    let panels = root.split_evenly((rows, GRID_COLUMNS));
    let mut roles: Vec<&str> = Vec::new();
    for (k, ((name, ys), panel)) in series.iter().zip(&panels).enumerate() {
        let (role, feature) = name.split_once(':').unwrap_or(("", name.as_str()));
        if !roles.contains(&role) {
            roles.push(role);
        }
        let ri = roles.iter().position(|r| *r == role).unwrap_or(0);
        let caption = if role.is_empty() {
            feature.to_string()
        } else {
            format!("{role}: {feature}")
        };
        let exported = exported
            .and_then(|e| e.get(k))
            .copied()
            .filter(|v| v.is_finite());
        let panel_data = Panel {
            caption,
            xs,
            ys,
            colour: role_colour(ri).to_rgba(),
            exported,
        };
        weight_panel(panel, &panel_data)?;
    }
    Ok(())
}

/// One weight's panel of the grid.
struct Panel<'a> {
    caption: String,
    xs: &'a [f64],
    ys: &'a [f64],
    colour: RGBAColor,
    exported: Option<f64>,
}

fn weight_panel<DB: DrawingBackend>(
    panel: &DrawingArea<DB, Shift>,
    p: &Panel,
) -> Result<(), String> {
    let (x_min, x_max) = axis::x_range(p.xs);
    let (lo, hi) = axis::range(p.ys.iter().copied().chain(p.exported));
    let mut chart = ChartBuilder::on(panel)
        .caption(&p.caption, (FAMILY, PANEL_CAPTION_SIZE))
        .margin(6)
        .x_label_area_size(22)
        .y_label_area_size(52)
        .build_cartesian_2d(x_min..x_max, lo..hi)
        .map_err(|e| e.to_string())?;
    style::mesh(
        &mut chart.configure_mesh(),
        PANEL_LABEL_SIZE,
        PANEL_LABEL_SIZE,
    )
    .x_labels(5)
    .y_labels(4)
    .x_label_formatter(&axis::generation_tick)
    .y_label_formatter(&|y| short_number(*y))
    .draw()
    .map_err(|e| e.to_string())?;
    if let Some(v) = p.exported {
        let dashed = DashedLineSeries::new([(x_min, v), (x_max, v)], 6, 4, BLACK.stroke_width(1));
        chart.draw_series(dashed).map_err(|e| e.to_string())?;
        let label = format!("exported {}", short_number(v));
        let text = Text::new(label, (x_min, v), (FAMILY, PANEL_LABEL_SIZE).into_font());
        chart
            .draw_series(std::iter::once(text))
            .map_err(|e| e.to_string())?;
    }
    draw_points(&mut chart, p.xs, p.ys, p.colour)
}

/// A series as a line, with a dot at each point when there are only a few (one or two
/// generations draw no visible line).
fn draw_points<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    xs: &[f64],
    ys: &[f64],
    colour: RGBAColor,
) -> Result<(), String> {
    let points: Vec<(f64, f64)> = xs
        .iter()
        .zip(ys)
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .map(|(x, y)| (*x, axis::clamp(*y)))
        .collect();
    if points.len() <= FEW_POINTS {
        let dots = points.iter().map(|&p| Circle::new(p, 6, colour.filled()));
        chart.draw_series(dots).map_err(|e| e.to_string())?;
    }
    chart
        .draw_series(LineSeries::new(points, colour.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Series of at most this many points are drawn with a dot at each.
const FEW_POINTS: usize = 3;

/// A narrow axis label: `12k` for thousands, whole numbers from 100, else up to two
/// decimals (so that ticks 10.0, 10.05 and 10.1 of a narrow range stay apart).
fn short_number(y: f64) -> String {
    if y.abs() >= 1e6 || (y != 0.0 && y.abs() < 1e-3) {
        axis::label(y)
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
    series: &[(String, RGBColor, Vec<f64>)],
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (plot_area, legend_area) = root.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    // Any finite data gets a finite, non-empty range (see `axis`).
    let (lo, hi) = axis::range(series.iter().flat_map(|(_, _, v)| v.iter().copied()));
    let (x_min, x_max) = axis::x_range(xs);
    let mut chart = ChartBuilder::on(&plot_area)
        .caption(title, (FAMILY, TITLE_SIZE))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(65)
        .build_cartesian_2d(x_min..x_max, lo..hi)
        .map_err(|e| e.to_string())?;
    style::mesh(&mut chart.configure_mesh(), LABEL_SIZE, AXIS_TITLE_SIZE)
        .x_desc("generation")
        .x_label_formatter(&axis::generation_tick)
        .y_desc(ylabel)
        .y_label_formatter(&|y| axis::label_on(*y, lo, hi))
        .draw()
        .map_err(|e| e.to_string())?;
    for (_, colour, ys) in series {
        draw_points(&mut chart, xs, ys, colour.to_rgba())?;
    }
    let skipped = axis::skipped(xs, series.iter().map(|(_, _, v)| v.as_slice()));
    legend(&legend_area, series, skipped)
}

/// The legend, in its own column so it never hides a line, and a note of the values
/// left out.
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &[(String, RGBColor, Vec<f64>)],
    skipped: usize,
) -> Result<(), String> {
    let text = TextStyle::from((FAMILY, LEGEND_SIZE).into_font()).color(&BLACK);
    for (i, (name, colour, _)) in series.iter().enumerate() {
        let y = 50 + 24 * i as i32;
        let line = PathElement::new(vec![(8, y), (36, y)], colour.to_rgba().stroke_width(3));
        area.draw(&line).map_err(|e| e.to_string())?;
        area.draw(&Text::new(name.clone(), (44, y - 8), text.clone()))
            .map_err(|e| e.to_string())?;
    }
    if skipped > 0 {
        let s = if skipped == 1 { "" } else { "s" };
        let note = format!("{skipped} value{s} not finite: left out");
        let y = 50 + 24 * series.len() as i32 + 10;
        area.draw(&Text::new(note, (8, y), text))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::generations::Table;
    use super::{draw_from_table, short_number};

    /// A fit on positions alone: its rows carry 0.5 where a score would be; the fitness
    /// chart draws none of it, while a run with games draws its points.
    #[test]
    fn a_run_without_games_draws_no_score() {
        let dir = tempfile::tempdir().unwrap();
        let columns = [
            "generation",
            "games",
            "best_fitness",
            "mean_fitness",
            "weight:x",
        ];
        let mut t = Table {
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: vec![vec![1.0, 0.0, 0.5, 0.5, 3.0]],
        };
        draw_from_table(dir.path(), &t, None).unwrap();
        let svg = std::fs::read_to_string(dir.path().join("fitness.svg")).unwrap();
        assert!(!svg.contains("<circle"), "{svg}");
        t.rows[0][1] = 40.0;
        draw_from_table(dir.path(), &t, None).unwrap();
        let svg = std::fs::read_to_string(dir.path().join("fitness.svg")).unwrap();
        assert!(svg.contains("<circle"), "a run with games draws its points");
    }

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
