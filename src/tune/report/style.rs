//! The charts' look, shared by the run's charts, the Elo-by-budget chart and the
//! algorithm comparison: the font (DejaVu Sans compiled into the binary, so charts
//! render the same on a machine with no fonts installed), the text sizes, the mesh and
//! legend styling, and the colours, which the run page uses too.

use std::sync::Once;

use plotters::chart::{MeshStyle, SeriesLabelStyle};
use plotters::coord::CoordTranslate;
use plotters::prelude::*;

/// DejaVu Sans, compiled in.
pub(super) const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
/// The font family the charts name (the compiled-in font).
pub(super) const FAMILY: &str = "sans-serif";

/// Line colours that stay apart on white (Tableau 20).
pub(super) const PALETTE: [RGBColor; 20] = [
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

/// The one colour scheme of the run page and the PNG/SVG charts: the mean of the
/// candidates, the best candidate, each reference opponent, each role's weights.
pub(super) fn mean_colour() -> RGBColor {
    PALETTE[0]
}

/// The best candidate's colour.
pub(super) fn best_colour() -> RGBColor {
    PALETTE[1]
}

/// Reference opponent `i`'s colour.
pub(super) fn opponent_colour(i: usize) -> RGBColor {
    PALETTE[(2 + i) % PALETTE.len()]
}

/// Role `i`'s colour in the weight charts.
pub(super) fn role_colour(i: usize) -> RGBColor {
    PALETTE[(4 + i) % PALETTE.len()]
}

/// A colour as CSS (`#rrggbb`), for the run page.
pub(super) fn css(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// Registers the compiled-in font under [`FAMILY`] (once).
pub(super) fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for style in [FontStyle::Normal, FontStyle::Bold] {
            // The font is compiled in and known to be valid.
            let _ = plotters::style::register_font(FAMILY, style, FONT);
        }
    });
}

/// Text sizes of the full-size charts (plotters' sizes: the SVG's font size is
/// 1/1.24 of them): tick labels, axis titles, legend entries, chart titles.
pub(super) const LABEL_SIZE: u32 = 17;
pub(super) const AXIS_TITLE_SIZE: u32 = 19;
pub(super) const LEGEND_SIZE: u32 = 17;
pub(super) const TITLE_SIZE: u32 = 26;

/// The mesh every chart shares: major grid lines only, tick labels and axis titles in
/// the chart font at `label` and `title` sizes.
pub(super) fn mesh<'m, 'a, 'b, X, Y, DB>(
    m: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
    label: u32,
    title: u32,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB>
where
    X: Ranged,
    Y: Ranged,
    DB: DrawingBackend,
{
    m.light_line_style(WHITE)
        .label_style((FAMILY, label))
        .axis_desc_style((FAMILY, title))
}

/// The legend box every chart shares, at `position` inside the plot.
pub(super) fn legend<'m, 'a, 'b, DB, CT>(
    l: &'m mut SeriesLabelStyle<'a, 'b, DB, CT>,
    position: SeriesLabelPosition,
) -> &'m mut SeriesLabelStyle<'a, 'b, DB, CT>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate,
{
    l.position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font((FAMILY, LEGEND_SIZE))
}
