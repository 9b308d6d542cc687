//! Chart files: each chart is drawn once, as SVG, by plotters, and its PNG is rendered
//! from that SVG with resvg, so the PNG and the SVG are one drawing. Plotters' own bitmap
//! path places each glyph at a whole pixel without its
//! side bearing ("best cand idate") and fills wide lines as integer polygons without
//! anti-aliasing (a line's width jumps between 1 and 3 pixels); resvg lays text out with
//! the font's advances and kerning and strokes lines at their exact width.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use plotters::coord::Shift;
use plotters::prelude::*;
use resvg::{tiny_skia, usvg};

use super::error::ReportError;
use super::style::{register_font, FONT};

/// The font database holding only the compiled-in font, which every family the charts
/// name resolves to (a machine's own fonts never change a chart).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        let family = db
            .faces()
            .next()
            .and_then(|f| f.families.first())
            .map(|(name, _)| name.clone())
            .unwrap_or_default();
        db.set_sans_serif_family(family.clone());
        db.set_serif_family(family.clone());
        db.set_monospace_family(family);
        Arc::new(db)
    })
    .clone()
}

/// `svg` (a chart plotters drew) as PNG bytes of the same size, on white.
pub(super) fn png_from_svg(svg: &str) -> Result<Vec<u8>, String> {
    let opt = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot draw a {}x{} chart", size.width(), size.height()))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// A chart of `size` drawn by `draw` as SVG text (the font registered first).
pub(super) fn svg(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), String>,
) -> Result<String, String> {
    register_font();
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        draw(&root)?;
        root.present().map_err(|e| e.to_string())?;
    }
    // Round joins: a zigzag line keeps its width at sharp turns (plotters writes none,
    // and SVG's default mitre juts out past the data point).
    if let Some(end) = text.find('>') {
        text.insert_str(end + 1, LINE_STYLE);
    }
    Ok(text)
}

/// The lines' joins and ends, for every polyline and path of a chart.
const LINE_STYLE: &str = "<style>polyline,path{stroke-linejoin:round;stroke-linecap:round}</style>";

/// Writes `svg` rendered as PNG to `path`, atomically (a kill never leaves a half-drawn
/// or empty chart).
pub(super) fn save_png(path: &Path, svg: &str) -> Result<(), ReportError> {
    let png = png_from_svg(svg).map_err(|message| ReportError::Plot {
        path: path.display().to_string(),
        message,
    })?;
    save(path, &png)
}

/// Writes `bytes` to `path` atomically.
pub(super) fn save(path: &Path, bytes: &[u8]) -> Result<(), ReportError> {
    crate::fsutil::write_atomic(path, bytes).map_err(|source| ReportError::Io {
        path: path.display().to_string(),
        source,
    })
}
