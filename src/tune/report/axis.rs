//! Axis ranges for the report charts that hold for any finite data: huge (±1e308, whose
//! span overflows to infinity), tiny, constant, or none at all. Plotters computes key
//! points from the range's span and loops forever on an infinite one, so the range is
//! always finite, non-empty and at most [`LIMIT`] away from zero.

/// The largest magnitude an axis reaches: far above any real weight or score, far
/// enough below `f64::MAX` that spans and paddings stay finite.
pub const LIMIT: f64 = 1e300;

/// Fraction of the span added above and below the data.
const PAD: f64 = 0.05;

/// The smallest half-span, relative to the data's magnitude (and absolutely), so a
/// constant series gets a band around it whose ticks read as different numbers (a
/// score of 0.5 in every generation: 0.48, 0.49, … 0.52, not 0.5 eleven times).
const MIN_HALF_RELATIVE: f64 = 0.05;
const MIN_HALF_ABSOLUTE: f64 = 1e-3;

/// The y range showing the finite `values` (clamped to ±[`LIMIT`]), padded; `(0, 1)`
/// when there are none.
pub fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .map(|v| v.clamp(-LIMIT, LIMIT))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
            (l.min(v), h.max(v))
        });
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    let mid = lo / 2.0 + hi / 2.0;
    let floor = (mid.abs() * MIN_HALF_RELATIVE).max(MIN_HALF_ABSOLUTE);
    let half = (hi / 2.0 - lo / 2.0).max(floor) * (1.0 + PAD);
    (mid - half, mid + half)
}

/// The x range from the smallest finite value (the first generation; 0 without data)
/// to the largest, clamped to ±[`LIMIT`]; a few generations (less than three apart)
/// get half a generation of room on each side, so one generation sits in the middle
/// of its chart rather than on its edge.
pub fn x_range(xs: &[f64]) -> (f64, f64) {
    let finite = || {
        xs.iter()
            .filter(|x| x.is_finite())
            .map(|x| x.clamp(-LIMIT, LIMIT))
    };
    let Some(lo) = finite().reduce(f64::min) else {
        return (0.0, 1.0);
    };
    let hi = finite().fold(lo, f64::max);
    if hi - lo < 3.0 {
        let (a, b) = (lo - 0.5, hi + 0.5);
        // Half a generation is lost in a huge number's rounding: a relative margin then.
        if b > a {
            (a, b)
        } else {
            let margin = |v: f64| v.abs() * 1e-6;
            ((lo - margin(lo)).max(-LIMIT), (hi + margin(hi)).min(LIMIT))
        }
    } else {
        (lo, hi)
    }
}

/// A generation tick: whole numbers only (a short run's axis reads 1 2 3, not
/// 1 1 2 2 2 3).
pub fn generation_tick(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        String::new()
    }
}

/// How many x labels to ask plotters for on a category axis of `n` categories at
/// 0, 1, … n-1 (range -0.5 to n-0.5): a label every half step, so that each whole
/// position gets one.
pub fn category_ticks(n: usize) -> usize {
    n.max(1) * 2 + 1
}

/// A category axis' tick: the name at a whole position, nothing between.
pub fn category(names: &[String], x: f64) -> String {
    let k = x.round();
    let whole = (x - k).abs() < 1e-6 && k >= 0.0;
    whole
        .then(|| names.get(k as usize).cloned())
        .flatten()
        .unwrap_or_default()
}

/// `v` clamped to ±[`LIMIT`], as the axis shows it.
pub fn clamp(v: f64) -> f64 {
    v.clamp(-LIMIT, LIMIT)
}

/// A tick label: plain for everyday magnitudes, `1.5e300` style beyond them, so a
/// label never runs off the chart.
pub fn label(y: f64) -> String {
    let a = y.abs();
    if a != 0.0 && !(1e-3..1e6).contains(&a) {
        format!("{y:.2e}")
    } else {
        let s = format!("{y:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A tick label of an axis from `lo` to `hi`: one notation for every tick of the axis,
/// chosen by its largest magnitude (so that 0.0022 is not labelled beside 8.00e-4).
pub fn label_on(y: f64, lo: f64, hi: f64) -> String {
    let top = lo.abs().max(hi.abs());
    if top != 0.0 && !(1e-3..1e6).contains(&top) {
        format!("{y:.2e}")
    } else if y.abs() < top * 1e-9 {
        "0".into()
    } else {
        let s = format!("{y:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Values a chart leaves out: non-finite points of the series, or points whose x is
/// not finite.
pub fn skipped<'a>(xs: &[f64], series: impl IntoIterator<Item = &'a [f64]>) -> usize {
    series
        .into_iter()
        .flat_map(|ys| xs.iter().zip(ys))
        .filter(|(x, y)| !x.is_finite() || !y.is_finite())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_axis_labels_every_tick_in_one_notation() {
        let ticks = [0.0004, 0.0008, 0.0012, 0.0022];
        let labels: Vec<String> = ticks.iter().map(|&y| label_on(y, 0.0002, 0.0023)).collect();
        assert_eq!(labels, ["0.0004", "0.0008", "0.0012", "0.0022"]);
        assert_eq!(label_on(0.0, -0.5, 0.5), "0");
        assert_eq!(label_on(2e-5, 1e-5, 9e-5), "2.00e-5");
        assert_eq!(label_on(3e6, 0.0, 4e6), "3.00e6");
    }

    #[test]
    fn ranges_are_finite_and_non_empty() {
        let cases: &[&[f64]] = &[
            &[],
            &[f64::NAN, f64::INFINITY],
            &[1e308, -1e308],
            &[f64::MAX, f64::MIN],
            &[5e-324],
            &[7.0, 7.0, 7.0],
            &[1e-300, 2e-300],
            &[-3.0, f64::NAN, 4.0],
        ];
        for c in cases {
            let (lo, hi) = range(c.iter().copied());
            assert!(
                lo.is_finite() && hi.is_finite() && hi > lo,
                "{c:?}: {lo} {hi}"
            );
            assert!((hi - lo).is_finite(), "{c:?}");
            for v in c.iter().filter(|v| v.is_finite() && v.abs() <= LIMIT) {
                assert!(lo <= *v && *v <= hi, "{c:?}: {v} outside {lo}..{hi}");
            }
        }
        let (lo, hi) = x_range(&[f64::NAN, 1e308, -5.0]);
        assert!(lo == -5.0 && hi == LIMIT);
        // A constant series: ticks that read as different numbers.
        let (lo, hi) = range([0.5, 0.5].into_iter());
        assert!(
            label(lo) != label(hi) && lo < 0.49 && hi > 0.51,
            "{lo} {hi}"
        );
        let (lo, hi) = range([0.0].into_iter());
        assert!(
            label(lo) != label(hi) && lo <= -1e-3 && hi >= 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(x_range(&[1.0, 2.0, 3.0, 4.0]), (1.0, 4.0));
        assert_eq!(x_range(&[1.0, 2.0, 3.0]), (0.5, 3.5));
        assert_eq!(x_range(&[1.0]), (0.5, 1.5));
        assert_eq!(x_range(&[1.0, 2.0]), (0.5, 2.5));
        assert_eq!(x_range(&[]), (0.0, 1.0));
        let (lo, hi) = x_range(&[1e300]);
        assert!(lo < hi && hi <= LIMIT, "{lo} {hi}");
        let ticks: Vec<String> = [1.0, 1.25, 2.0].iter().map(generation_tick).collect();
        assert_eq!(ticks, ["1", "", "2"]);
        let names = ["a".to_string(), "b".to_string()];
        let ticks: Vec<String> = [-0.5, 0.0, 0.5, 1.0, 1.5]
            .iter()
            .map(|x| category(&names, *x))
            .collect();
        assert_eq!(ticks, ["", "a", "", "b", ""]);
    }
}
