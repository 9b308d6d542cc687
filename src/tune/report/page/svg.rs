//! Line charts as inline SVG text, for the run page: lines, shaded 95 % bands,
//! horizontal reference lines, axes with round ticks and a legend below the plot. No
//! script and no external file, so the page opens anywhere.

use std::fmt::Write as _;

use super::html::escape;

/// One line, with an optional band around it.
#[derive(Clone, Debug, Default)]
pub struct Series {
    /// The legend's text (none: no legend entry).
    pub name: String,
    /// CSS colour.
    pub colour: String,
    /// (x, y) points; non-finite y are skipped.
    pub points: Vec<(f64, f64)>,
    /// (x, low, high): the band, drawn under the line.
    pub band: Vec<(f64, f64, f64)>,
}

/// A chart.
#[derive(Clone, Debug, Default)]
pub struct Chart {
    /// Title above the plot (may be empty).
    pub title: String,
    /// Label of the y axis.
    pub y_label: String,
    /// Size in pixels.
    pub size: (f64, f64),
    /// The lines.
    pub series: Vec<Series>,
    /// Dashed horizontal reference lines: (y, label).
    pub marks: Vec<(f64, String)>,
    /// Draw the legend.
    pub legend: bool,
}

/// A round step giving about `n` ticks over `span`.
fn tick_step(span: f64, n: f64) -> f64 {
    let raw = (span / n).max(1e-12);
    let mag = 10f64.powf(raw.log10().floor());
    let f = raw / mag;
    let nice = if f < 1.5 {
        1.0
    } else if f < 3.5 {
        2.0
    } else if f < 7.5 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

/// The y range: every finite line value and mark, and the bands as far as the lines'
/// own span again on each side (one wide early interval does not flatten the lines;
/// past that, and where an interval is unbounded, the band meets the plot's edge);
/// padded, never empty, finite and wide enough for its ticks to step (see
/// `report::axis`).
fn y_range(c: &Chart) -> (f64, f64) {
    let lines = c
        .marks
        .iter()
        .map(|m| m.0)
        .chain(c.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)))
        .filter(|y| y.is_finite());
    let (lo, hi) = lines
        .clone()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), y| {
            (l.min(y), h.max(y))
        });
    // The reach: the lines' span, at least their largest magnitude (a flat line).
    let reach = (hi - lo).max(hi.abs().max(lo.abs()));
    let reach = if lo <= hi && reach > 0.0 {
        reach
    } else {
        f64::INFINITY
    };
    let band = c
        .series
        .iter()
        .flat_map(|s| s.band.iter().flat_map(|b| [b.1, b.2]))
        .filter(|y| y.is_finite())
        .map(|y| {
            if reach.is_finite() {
                y.clamp(lo - reach, hi + reach)
            } else {
                y
            }
        });
    crate::tune::report::axis::range(lines.chain(band))
}

/// The charts' text style, inside each chart so that a chart saved on its own
/// (`score.svg`) looks as on the page.
const SVG_STYLE: &str = ".chart text{font:12px sans-serif}.chart .ctitle{font-weight:bold;font-size:13px}.chart .mark{fill:#444;font-size:11px}";

/// Most ticks an axis draws, whatever the data (a guard: ticks are a few per axis).
const MAX_TICKS: usize = 40;

/// Where a chart's plot sits in it and what it spans.
struct Frame {
    /// Plot's left edge, top edge, width and height, in pixels.
    left: f64,
    top: f64,
    pw: f64,
    ph: f64,
    /// The data's x and y ranges.
    xs: (f64, f64),
    ys: (f64, f64),
    /// Legend rows under the plot.
    legend_rows: usize,
}

impl Frame {
    fn of(c: &Chart) -> Frame {
        let (w, h) = c.size;
        let legend_rows = if c.legend {
            c.series
                .iter()
                .filter(|s| !s.name.is_empty())
                .count()
                .div_ceil(2)
        } else {
            0
        };
        let top = if c.title.is_empty() { 10.0 } else { 26.0 };
        // Reference lines are labelled in the right margin, clear of the data.
        let right = if c.marks.is_empty() { 12.0 } else { 48.0 };
        let (left, bottom) = (56.0, 34.0 + 18.0 * legend_rows as f64);
        Frame {
            left,
            top,
            pw: w - left - right,
            ph: h - top - bottom,
            xs: x_range(c),
            ys: y_range(c),
            legend_rows,
        }
    }

    fn sx(&self, x: f64) -> f64 {
        let (xmin, xmax) = self.xs;
        self.left + (x - xmin) / (xmax - xmin) * self.pw
    }

    fn sy(&self, y: f64) -> f64 {
        let (ylo, yhi) = self.ys;
        self.top + (yhi - y.clamp(ylo, yhi)) / (yhi - ylo) * self.ph
    }
}

/// The x range: the generations shown, with half a generation of room on each side
/// when there are only a few (a single generation sits in the middle, not on the edge).
fn x_range(c: &Chart) -> (f64, f64) {
    let xs = || c.series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let xmax = xs().fold(f64::NEG_INFINITY, f64::max);
    let xmin = xs().fold(f64::INFINITY, f64::min);
    if !(xmin.is_finite() && xmax.is_finite()) {
        return (0.0, 1.0);
    }
    if xmax - xmin < 3.0 {
        (xmin - 0.5, xmax + 0.5)
    } else {
        (xmin, xmax)
    }
}

/// The chart as an `<svg>` element.
pub fn chart(c: &Chart) -> String {
    let (w, h) = c.size;
    let f = Frame::of(c);
    let (sx, sy) = (|x| f.sx(x), |y| f.sy(y));
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img"><title>{}</title><style>{SVG_STYLE}</style>"#,
        escape(&c.title)
    );
    if !c.title.is_empty() {
        let _ = write!(
            s,
            r#"<text x="{}" y="17" class="ctitle">{}</text>"#,
            f.left,
            escape(&c.title)
        );
    }
    let (xmin, xmax) = f.xs;
    let (ylo, yhi) = f.ys;
    let frame = (f.left, f.top, f.pw, f.ph);
    axes(&mut s, (xmin, xmax, ylo, yhi), frame, &c.y_label, &sx, &sy);
    marks(&mut s, &c.marks, &f);
    for series in &c.series {
        draw_series(&mut s, series, &sx, &sy);
    }
    if c.legend {
        let top = h - 18.0 * f.legend_rows as f64 - 2.0;
        legend(&mut s, &c.series, f.left, top, f.pw);
    }
    s.push_str("</svg>");
    s
}

/// The dashed reference lines, each labelled in the right margin (a label that would
/// overlap the one above moves down).
fn marks(s: &mut String, marks: &[(f64, String)], f: &Frame) {
    let mut sorted: Vec<(f64, &str)> = marks.iter().map(|(y, l)| (f.sy(*y), l.as_str())).collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut last_label = f64::NEG_INFINITY;
    for (at, label) in sorted {
        let right = f.left + f.pw;
        let text_y = (at + 4.0).max(last_label + 11.0);
        last_label = text_y;
        let _ = write!(
            s,
            r##"<line x1="{}" x2="{right:.1}" y1="{at:.1}" y2="{at:.1}" stroke="#444" stroke-dasharray="5 4"/><text x="{:.1}" y="{text_y:.1}" class="mark">{}</text>"##,
            f.left,
            right + 3.0,
            escape(label)
        );
    }
}

/// Grid, ticks and labels.
fn axes(
    s: &mut String,
    (xmin, xmax, ylo, yhi): (f64, f64, f64, f64),
    (left, top, pw, ph): (f64, f64, f64, f64),
    y_label: &str,
    sx: &dyn Fn(f64) -> f64,
    sy: &dyn Fn(f64) -> f64,
) {
    let _ = write!(
        s,
        r##"<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="#fff" stroke="#999"/>"##
    );
    let step = tick_step(yhi - ylo, 4.0);
    let mut y = (ylo / step).ceil() * step;
    let mut ticks = 0;
    while y <= yhi && ticks < MAX_TICKS {
        ticks += 1;
        let _ = write!(
            s,
            r##"<line x1="{left}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#e4e4e4"/><text x="{:.1}" y="{:.1}" class="tick" text-anchor="end">{}</text>"##,
            left + pw,
            sy(y),
            sy(y),
            left - 4.0,
            sy(y) + 4.0,
            format_tick(y, step)
        );
        y += step;
    }
    let xstep = tick_step(xmax - xmin, 6.0).max(1.0);
    let mut x = (xmin / xstep).ceil() * xstep;
    let mut ticks = 0;
    while x <= xmax + 1e-9 && ticks < MAX_TICKS {
        ticks += 1;
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" class="tick" text-anchor="middle">{x}</text>"#,
            sx(x),
            top + ph + 14.0
        );
        x += xstep;
    }
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" class="tick" text-anchor="middle">generation</text><text transform="translate(12 {:.1}) rotate(-90)" class="tick" text-anchor="middle">{}</text>"#,
        left + pw / 2.0,
        top + ph + 28.0,
        top + ph / 2.0,
        escape(y_label)
    );
}

/// A tick label: as many decimals as the step needs; thousands as `k` when the step
/// is a round thousand, so labels stay narrow.
fn format_tick(y: f64, step: f64) -> String {
    let y = if y.abs() < step * 1e-6 { 0.0 } else { y };
    if step >= 1000.0 {
        return format!("{}k", y / 1000.0);
    }
    let decimals = (-step.log10().floor()).clamp(0.0, 6.0) as usize;
    format!("{y:.*}", decimals)
}

/// The band (a closed polygon) then the line and its points.
fn draw_series(s: &mut String, series: &Series, sx: &dyn Fn(f64) -> f64, sy: &dyn Fn(f64) -> f64) {
    // An unbounded end (±∞: a clean sweep's interval) is drawn at the plot's edge.
    let band: Vec<&(f64, f64, f64)> = series
        .band
        .iter()
        .filter(|b| b.0.is_finite() && !b.1.is_nan() && !b.2.is_nan())
        .collect();
    if !band.is_empty() {
        let mut pts: Vec<String> = band
            .iter()
            .map(|b| format!("{:.1},{:.1}", sx(b.0), sy(b.2)))
            .collect();
        pts.extend(
            band.iter()
                .rev()
                .map(|b| format!("{:.1},{:.1}", sx(b.0), sy(b.1))),
        );
        let _ = write!(
            s,
            r#"<polygon class="band" points="{}" fill="{}" fill-opacity="0.18"/>"#,
            pts.join(" "),
            series.colour
        );
    }
    let pts: Vec<String> = series
        .points
        .iter()
        .filter(|p| p.1.is_finite())
        .map(|p| format!("{:.1},{:.1}", sx(p.0), sy(p.1)))
        .collect();
    let _ = write!(
        s,
        r#"<polyline class="line" points="{}" fill="none" stroke="{}" stroke-width="2"/>"#,
        pts.join(" "),
        series.colour
    );
    if pts.len() <= 40 {
        // A short series is mostly its points: draw them large enough to see.
        let r = if pts.len() <= 3 { 4.5 } else { 2.5 };
        for p in &pts {
            let (x, y) = p.split_once(',').unwrap_or(("0", "0"));
            let _ = write!(
                s,
                r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{}"/>"#,
                series.colour
            );
        }
    }
}

fn legend(s: &mut String, series: &[Series], left: f64, top: f64, width: f64) {
    let col = width / 2.0;
    for (i, se) in series.iter().filter(|s| !s.name.is_empty()).enumerate() {
        let (x, y) = (
            left + col * (i % 2) as f64,
            top + 18.0 * (i / 2) as f64 + 10.0,
        );
        let _ = write!(
            s,
            r#"<line x1="{x:.1}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}" stroke="{}" stroke-width="3"/><text x="{:.1}" y="{:.1}" class="legend">{}</text>"#,
            x + 22.0,
            se.colour,
            x + 27.0,
            y + 4.0,
            escape(&se.name)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first point of the `attr="x,y ..."` list after `tag` in `svg`.
    fn first_point(svg: &str, tag: &str) -> (f64, f64) {
        let rest = &svg[svg.find(tag).unwrap()..];
        let list = &rest[rest.find("points=\"").unwrap() + 8..];
        let (x, y) = list.split(' ').next().unwrap().split_once(',').unwrap();
        (x.parse().unwrap(), y.trim_end_matches('"').parse().unwrap())
    }

    #[test]
    fn a_band_starts_with_its_line_and_a_wide_interval_does_not_flatten_it() {
        let s = Series {
            name: "vs x".into(),
            colour: "#000".into(),
            points: vec![(1.0, -100.0), (2.0, -50.0), (3.0, 0.0)],
            // Generation 1 unbounded below, generation 2 far wider than the line.
            band: vec![
                (1.0, f64::NEG_INFINITY, 50.0),
                (2.0, -900.0, 20.0),
                (3.0, -40.0, 40.0),
            ],
        };
        let c = Chart {
            size: (400.0, 300.0),
            series: vec![s],
            ..Chart::default()
        };
        let (lo, hi) = y_range(&c);
        assert!((-215.0..-200.0).contains(&lo), "{lo}");
        assert!((50.0..60.0).contains(&hi), "{hi}");
        let svg = chart(&c);
        let band = first_point(&svg, "<polygon class=\"band\"");
        let line = first_point(&svg, "<polyline class=\"line\"");
        assert_eq!(band.0, line.0, "{svg}");
    }
}
