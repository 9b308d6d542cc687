//! The charts' look, shared by the run's charts and the algorithm comparison: the font
//! (DejaVu Sans compiled into the binary, so charts render the same on a machine with no
//! fonts installed) and the line colours.

use std::sync::Once;

use plotters::prelude::*;

/// DejaVu Sans, compiled in.
const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
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
