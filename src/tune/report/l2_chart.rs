//! A table fit's held-out loss against its L2 strength, one line per role, with the
//! hand genome's held-out loss dashed in the same colour and the strength kept drawn
//! larger: `weightforge fit` writes it beside its `<out>.l2.csv` as `<out>.l2.svg` and
//! `<out>.l2.png` (plotters, the style of the run's charts).

use std::path::Path;

use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis;
use super::error::ReportError;
use super::raster;
use super::style::{self, role_colour, AXIS_TITLE_SIZE, FAMILY, LABEL_SIZE, TITLE_SIZE};
use crate::fit::table_fit::RoleFit;

/// Chart size in pixels.
const SIZE: (u32, u32) = (1000, 560);

/// Writes `<stem>.svg` and `<stem>.png` for the fits of `roles` (name, fit), each
/// atomically.
pub fn write(stem: &Path, roles: &[(&str, &RoleFit)]) -> Result<(), ReportError> {
    let svg = stem.with_extension("l2.svg");
    let text =
        raster::svg(SIZE, |root| draw(root, roles)).map_err(|message| ReportError::Plot {
            path: svg.display().to_string(),
            message,
        })?;
    raster::save(&svg, text.as_bytes())?;
    raster::save_png(&stem.with_extension("l2.png"), &text)
}

/// log10 of an L2 strength (strengths are positive; a 0 sits at −12).
fn log_l2(l2: f64) -> f64 {
    l2.max(1e-12).log10()
}

/// A tick's label: `1e-5` at a whole power of ten, nothing between them.
fn power_of_ten(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-6 {
        format!("1e{}", x.round() as i64)
    } else {
        String::new()
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    roles: &[(&str, &RoleFit)],
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let xs = || {
        roles
            .iter()
            .flat_map(|(_, f)| f.points.iter().map(|p| log_l2(p.l2)))
    };
    let (x0, x1) = axis::range(xs());
    let ys = roles
        .iter()
        .flat_map(|(_, f)| f.points.iter().map(|p| p.held).chain([f.held_hand]));
    let (lo, hi) = axis::range(ys);
    let mut chart = ChartBuilder::on(root)
        .caption(
            "Held-out loss against the L2 strength (dashed: the hand genome alone)",
            (FAMILY, TITLE_SIZE),
        )
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(75)
        .build_cartesian_2d(x0..x1, lo..hi)
        .map_err(|e| e.to_string())?;
    style::mesh(&mut chart.configure_mesh(), LABEL_SIZE, AXIS_TITLE_SIZE)
        .x_desc("L2 strength (logit units, log scale)")
        .x_label_formatter(&power_of_ten)
        .y_desc("held-out loss")
        .y_label_formatter(&|y| axis::label_on(*y, lo, hi))
        .draw()
        .map_err(|e| e.to_string())?;
    for (i, (name, fit)) in roles.iter().enumerate() {
        draw_role(&mut chart, name, fit, role_colour(i).to_rgba(), (x0, x1))?;
    }
    style::legend(
        &mut chart.configure_series_labels(),
        SeriesLabelPosition::MiddleRight,
    )
    .draw()
    .map_err(|e| e.to_string())
}

/// One role: its held-out loss at each strength (the kept one larger), and the hand
/// genome's held-out loss dashed across the chart.
fn draw_role<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    name: &str,
    fit: &RoleFit,
    colour: RGBAColor,
    (x0, x1): (f64, f64),
) -> Result<(), String> {
    let line: Vec<(f64, f64)> = fit.points.iter().map(|p| (log_l2(p.l2), p.held)).collect();
    chart
        .draw_series(LineSeries::new(line.clone(), colour.stroke_width(2)))
        .map_err(|e| e.to_string())?
        .label(format!("{name} (kept: the larger point)"))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3)));
    let size = |k: usize| if k == fit.chosen { 8 } else { 4 };
    chart
        .draw_series(
            line.iter()
                .enumerate()
                .map(|(k, &p)| Circle::new(p, size(k), colour.filled())),
        )
        .map_err(|e| e.to_string())?;
    let hand = [(x0, fit.held_hand), (x1, fit.held_hand)];
    chart
        .draw_series(DashedLineSeries::new(hand, 8, 5, colour.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    Ok(())
}
