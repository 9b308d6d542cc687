//! The run page's charts: training score per generation with its 95 % interval, Elo
//! against each reference with its interval, and the weights as small multiples.

use super::html::escape;
use super::svg::{chart, Chart, Series, PALETTE};
use super::PageData;
use crate::stats::{self, score_from_elo};

/// The training score and Elo charts.
pub fn training(d: &PageData) -> String {
    let mut mean = Series {
        name: "all candidates' games (95 % interval)".into(),
        colour: PALETTE[0].into(),
        ..Series::default()
    };
    let mut best = Series {
        name: "best candidate".into(),
        colour: PALETTE[1].into(),
        ..Series::default()
    };
    for r in d.rows {
        let x = r.generation as f64;
        best.points.push((x, r.best));
        if r.totals.games() == 0 {
            mean.points.push((x, r.mean));
            continue;
        }
        let e = stats::pentanomial(&r.totals.ptnml, &r.totals.wdl);
        mean.points.push((x, e.score));
        mean.band
            .push((x, score_from_elo(e.elo_low), score_from_elo(e.elo_high)));
    }
    let score = chart(&Chart {
        title: "Training score per generation".into(),
        y_label: "score".into(),
        size: (590.0, 330.0),
        series: vec![mean, best],
        marks: vec![(0.5, "even".into())],
        legend: true,
    });
    let series: Vec<Series> = d
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| elo_series(d, i, name))
        .collect();
    let elo = if series.iter().all(|s| s.points.is_empty()) {
        "<p class=\"muted\">No games against reference opponents in training (pairwise \
         algorithm): see the validation below.</p>"
            .to_string()
    } else {
        chart(&Chart {
            title: "Elo against each reference (candidates pooled, 95 % interval)".into(),
            y_label: "Elo".into(),
            size: (590.0, 330.0),
            series,
            marks: vec![(0.0, "equal".into())],
            legend: true,
        })
    };
    format!("<h2>Training</h2><div class=\"multiples\" id=\"training-charts\">{score}{elo}</div>")
}

/// Elo against opponent `i` per generation; infinite ends are left out.
fn elo_series(d: &PageData, i: usize, name: &str) -> Series {
    let mut s = Series {
        name: format!("vs {name}"),
        colour: PALETTE[(i + 2) % PALETTE.len()].into(),
        ..Series::default()
    };
    for r in d.rows {
        let Some(t) = r.opponent_totals.get(i).filter(|t| t.games() > 0) else {
            continue;
        };
        let e = stats::pentanomial(&t.ptnml, &t.wdl);
        let x = r.generation as f64;
        if e.elo.is_finite() {
            s.points.push((x, e.elo));
        }
        if e.elo_low.is_finite() && e.elo_high.is_finite() {
            s.band.push((x, e.elo_low, e.elo_high));
        }
    }
    s
}

/// One small chart per tuned weight, grouped by role, the start value dashed.
pub fn weights(d: &PageData) -> String {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (k, label) in d.labels.iter().enumerate() {
        let role = label.split_once(':').map_or("", |(r, _)| r).to_string();
        match groups.iter_mut().find(|g| g.0 == role) {
            Some(g) => g.1.push(k),
            None => groups.push((role, vec![k])),
        }
    }
    let mut s = String::from(
        "<h2>Weights</h2><p class=\"muted\">Raw weight per generation (the algorithm's \
         mean); dashed: the start genome's value.</p>",
    );
    for (gi, (role, dims)) in groups.iter().enumerate() {
        s.push_str(&format!(
            "<h3>{}</h3><div class=\"multiples weights\">",
            escape(role)
        ));
        for &k in dims {
            let start = d.start_weights.get(k).copied().unwrap_or(f64::NAN);
            let feature = d.labels[k]
                .split_once(':')
                .map_or(d.labels[k].as_str(), |(_, f)| f);
            let line = Series {
                name: String::new(),
                colour: PALETTE[gi % PALETTE.len()].into(),
                // From the start value at generation 0.
                points: std::iter::once((0.0, start))
                    .chain(d.rows.iter().map(|r| {
                        (
                            r.generation as f64,
                            r.weights.get(k).copied().unwrap_or(f64::NAN),
                        )
                    }))
                    .collect(),
                band: Vec::new(),
            };
            s.push_str(&chart(&Chart {
                title: feature.to_string(),
                y_label: "weight".into(),
                size: (300.0, 190.0),
                series: vec![line],
                marks: vec![(start, "start".into())],
                legend: false,
            }));
        }
        s.push_str("</div>");
    }
    s
}
