//! A table genome's heat maps: one board per role and kind of piece, each cell coloured by
//! what that piece there is worth by the tables ([`crate::tables::heat::piece_values`]),
//! red for good for the role, blue for bad, with the value in score points written in the
//! cell. `weightforge fit` writes them beside the genome as `<out>.heat.svg` and
//! `<out>.heat.png`; one colour scale for all the boards, so they compare.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::error::ReportError;
use super::raster;
use super::style::{FAMILY, LABEL_SIZE, TITLE_SIZE};
use crate::game::{CellBoard, CellShape};
use crate::tunables::EVAL_SCALE;

/// One board of the picture: its title and a value per cell, in evaluation units.
pub struct HeatPanel {
    /// What the board shows (`wolves' tables: a wolf (W) on each cell`).
    pub title: String,
    /// Per cell, in the board's cell order.
    pub values: Vec<f64>,
}

/// Pixels per panel.
const PANEL: (u32, u32) = (620, 560);

/// Writes `<stem>.heat.svg` and `<stem>.heat.png`: `panels` in rows of `columns`.
pub fn write(
    stem: &Path,
    title: &str,
    board: &CellBoard,
    panels: &[HeatPanel],
    columns: usize,
) -> Result<(), ReportError> {
    let rows = panels.len().div_ceil(columns.max(1)) as u32;
    let size = (PANEL.0 * columns as u32, PANEL.1 * rows + 50);
    let svg = stem.with_extension("heat.svg");
    let text =
        raster::svg(size, |root| draw(root, title, board, panels, columns)).map_err(|message| {
            ReportError::Plot {
                path: svg.display().to_string(),
                message,
            }
        })?;
    raster::save(&svg, text.as_bytes())?;
    raster::save_png(&stem.with_extension("heat.png"), &text)
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    board: &CellBoard,
    panels: &[HeatPanel],
    columns: usize,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let root = root
        .titled(title, (FAMILY, TITLE_SIZE))
        .map_err(|e| e.to_string())?;
    let scale = panels
        .iter()
        .flat_map(|p| p.values.iter())
        .fold(0.0f64, |m, v| m.max(v.abs()))
        .max(1e-12);
    let rows = panels.len().div_ceil(columns.max(1));
    for (area, panel) in root.split_evenly((rows, columns)).iter().zip(panels) {
        draw_panel(area, board, panel, scale)?;
    }
    Ok(())
}

/// One board: the title above, the cells scaled to fit below it.
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    board: &CellBoard,
    panel: &HeatPanel,
    scale: f64,
) -> Result<(), String> {
    let (w, h) = area.dim_in_pixel();
    let centre = Pos::new(HPos::Center, VPos::Center);
    let caption = TextStyle::from((FAMILY, LABEL_SIZE + 2).into_font()).pos(centre);
    area.draw(&Text::new(panel.title.clone(), (w as i32 / 2, 18), caption))
        .map_err(|e| e.to_string())?;
    let (xs, ys) = (
        board.drawn_at.iter().map(|p| p.0),
        board.drawn_at.iter().map(|p| p.1),
    );
    let (x0, x1) = xs.fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (y0, y1) = ys.fold((f32::MAX, f32::MIN), |(a, b), y| (a.min(y), b.max(y)));
    let cell = ((w as f32 - 20.0) / (x1 - x0 + 1.0)).min((h as f32 - 50.0) / (y1 - y0 + 1.0));
    let left = (w as f32 - cell * (x1 - x0)) / 2.0;
    let top = 40.0 + cell / 2.0;
    let text =
        TextStyle::from((FAMILY, (cell / 4.0).clamp(9.0, 18.0) as u32).into_font()).pos(centre);
    for (&(x, y), &v) in board.drawn_at.iter().zip(&panel.values) {
        let (cx, cy) = (left + (x - x0) * cell, top + (y - y0) * cell);
        let outline = cell_outline(board.shape, cx, cy, cell * 0.98);
        area.draw(&Polygon::new(
            outline.clone(),
            heat_colour(v / scale).filled(),
        ))
        .map_err(|e| e.to_string())?;
        area.draw(&PathElement::new(
            [outline.clone(), vec![outline[0]]].concat(),
            BLACK.mix(0.25),
        ))
        .map_err(|e| e.to_string())?;
        let points = format!("{:+.0}", v * EVAL_SCALE);
        area.draw(&Text::new(points, (cx as i32, cy as i32), text.clone()))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The corners of a cell of width `size` centred at (`cx`, `cy`), in pixels.
fn cell_outline(shape: CellShape, cx: f32, cy: f32, size: f32) -> Vec<(i32, i32)> {
    let h = size / 2.0;
    let corners: Vec<(f32, f32)> = match shape {
        CellShape::Square => vec![(-h, -h), (h, -h), (h, h), (-h, h)],
        CellShape::Hexagon => (0..6)
            .map(|k| {
                let a = std::f32::consts::PI / 3.0 * k as f32 + std::f32::consts::PI / 6.0;
                (a.cos() * size / 3f32.sqrt(), a.sin() * size / 3f32.sqrt())
            })
            .collect(),
    };
    corners
        .iter()
        .map(|(dx, dy)| ((cx + dx).round() as i32, (cy + dy).round() as i32))
        .collect()
}

/// White at 0, deepening to red at +1 and to blue at −1.
fn heat_colour(t: f64) -> RGBColor {
    let t = t.clamp(-1.0, 1.0);
    let fade = |c: u8| (255.0 - (255.0 - f64::from(c)) * t.abs()).round() as u8;
    let (r, g, b) = if t >= 0.0 {
        (214, 39, 40)
    } else {
        (31, 119, 180)
    };
    RGBColor(fade(r), fade(g), fade(b))
}
