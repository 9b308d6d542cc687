//! The run page's charts: training score per generation with its 95 % interval, Elo
//! against each reference with its interval, and the weights as small multiples.

use super::data::PageData;
use super::html::escape;
use super::svg::{chart, Chart, Series};
use crate::stats::{self, score_from_elo};
use crate::tune::report::style::{best_colour, css, mean_colour, opponent_colour, role_colour};

/// The training section: the score chart and the Elo chart, each linked to its own file.
pub fn training(d: &PageData) -> String {
    if !d.rows.is_empty() && d.rows.iter().all(|r| r.totals.games() == 0) {
        // A fit on positions alone (Texel with `games: false`): a flat line at an even
        // score would say nothing.
        return "<h2>Training</h2><p class=\"muted\" id=\"training-charts\">No games were \
                played in training: the run fitted positions (Texel with <code>games: \
                false</code>), so there is no training score; selection and validation \
                below are the games that judge the fit.</p>"
            .into();
    }
    let charts = training_charts(d);
    let has_elo = charts.iter().any(|(file, _)| *file == "elo.svg");
    let mut html = String::new();
    for (file, svg) in charts {
        html.push_str(&format!(
            "<figure>{svg}<figcaption><a href=\"{file}\">{file}</a></figcaption></figure>"
        ));
    }
    if !has_elo {
        html.push_str(
            "<p class=\"muted\">No games against reference opponents in training (pairwise \
             algorithm): see the validation above.</p>",
        );
    }
    format!("<h2>Training</h2><div class=\"multiples\" id=\"training-charts\">{html}</div>")
}

/// The training charts as (file name, SVG): the page shows them and writes them
/// beside itself, so a chart's link opens the same chart.
pub fn training_charts(d: &PageData) -> Vec<(&'static str, String)> {
    let mut mean = Series {
        name: "all candidates' games (95 % interval)".into(),
        colour: css(mean_colour()),
        ..Series::default()
    };
    let mut best = Series {
        name: "best candidate".into(),
        colour: css(best_colour()),
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
    let mut out = vec![(
        "score.svg",
        chart(&Chart {
            title: "Training score per generation".into(),
            y_label: "score".into(),
            size: (590.0, 330.0),
            series: vec![mean, best],
            marks: vec![(0.5, "even".into())],
            legend: true,
        }),
    )];
    let series: Vec<Series> = d
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| elo_series(d, i, name))
        .collect();
    let elo_shown = series.iter().any(|s| !s.points.is_empty());
    if elo_shown {
        out.push((
            "elo.svg",
            chart(&Chart {
                title: "Elo against each reference (candidates pooled, 95 % interval)".into(),
                y_label: "Elo".into(),
                size: (590.0, 330.0),
                series,
                marks: vec![(0.0, "equal".into())],
                legend: true,
            }),
        ));
    }
    if let Some(c) = accuracy_chart(d) {
        out.push(("accuracy.svg", c));
    }
    out
}

/// Wolves & Sheep with the solved game at hand: the mean genome's share of moves that
/// keep the solved value per generation, by role (`None` when no row has one).
fn accuracy_chart(d: &PageData) -> Option<String> {
    let rows: Vec<_> = d
        .rows
        .iter()
        .filter_map(|r| Some((r.generation as f64, r.accuracy?)))
        .collect();
    if rows.is_empty() {
        return None;
    }
    let line = |k: usize, name: &str, colour: String| Series {
        name: name.into(),
        colour,
        points: rows.iter().map(|&(x, a)| (x, 100.0 * a[k])).collect(),
        ..Series::default()
    };
    Some(chart(&Chart {
        title: "Accuracy: moves that keep the solved value (mean genome, accuracy sample)".into(),
        y_label: "% of moves".into(),
        size: (590.0, 330.0),
        series: vec![
            line(0, "as wolves", css(role_colour(0))),
            line(1, "as sheep", css(role_colour(1))),
            line(2, "both", css(best_colour())),
        ],
        marks: Vec::new(),
        legend: true,
    }))
}

/// Elo against opponent `i` per generation: an infinite Elo is left out of the line; the
/// band keeps every generation, an unbounded end at the plot's edge, so it starts
/// where the line starts.
fn elo_series(d: &PageData, i: usize, name: &str) -> Series {
    let mut s = Series {
        name: format!("vs {name}"),
        colour: css(opponent_colour(i)),
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
        if !e.elo_low.is_nan() && !e.elo_high.is_nan() {
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
    let exported = d
        .finished
        .as_ref()
        .map(|f| (f.exported.as_slice(), f.finalists[f.chosen].0.as_str()));
    let mut s = format!(
        "<details id=\"weights\"><summary>Weights: {} tuned, one chart each (click to \
         open)</summary><p class=\"muted\">The line: the raw weight per generation (the \
         algorithm's mean, or the fit); dashed: the start genome's value{}.</p>",
        d.labels.len(),
        exported.map_or(String::new(), |(_, from)| format!(
            " and the value written to the genome (<b>exported</b>: {}, chosen by selection)",
            escape(from)
        ))
    );
    for (gi, (role, dims)) in groups.iter().enumerate() {
        s.push_str(&format!(
            "<h3>{}</h3><div class=\"multiples weights\">",
            escape(role)
        ));
        for &k in dims {
            let exported = exported.and_then(|(e, _)| e.get(k)).copied();
            s.push_str(&weight_chart(d, k, css(role_colour(gi)), exported));
        }
        s.push_str("</div>");
    }
    s.push_str("</details>");
    s
}

/// Tuned weight `k`'s chart: its value per generation from the start's at generation 0,
/// the start dashed, and the exported value dashed when the run has one.
fn weight_chart(d: &PageData, k: usize, colour: String, exported: Option<f64>) -> String {
    let start = d.start_weights.get(k).copied().unwrap_or(f64::NAN);
    let feature = d.labels[k]
        .split_once(':')
        .map_or(d.labels[k].as_str(), |(_, f)| f);
    let generations = d.rows.iter().map(|r| {
        let w = r.weights.get(k).copied().unwrap_or(f64::NAN);
        (r.generation as f64, w)
    });
    let line = Series {
        name: String::new(),
        colour,
        points: std::iter::once((0.0, start)).chain(generations).collect(),
        band: Vec::new(),
    };
    let exported = exported.map(|v| (v, "exported".to_string()));
    chart(&Chart {
        title: feature.to_string(),
        y_label: "weight".into(),
        size: (300.0, 190.0),
        series: vec![line],
        marks: std::iter::once((start, "start".to_string()))
            .chain(exported)
            .collect(),
        legend: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::checkpoint::GenerationRow;
    use crate::tune::experiment::{Experiment, BUILTIN};
    use crate::tune::report::page::data::RunState;

    fn row(generation: u32, accuracy: Option<[f64; 3]>) -> GenerationRow {
        GenerationRow {
            generation,
            games: 10,
            seconds: 1.0,
            sigma: 0.5,
            best: 0.5,
            mean: 0.5,
            opponent_scores: Vec::new(),
            theta: Vec::new(),
            weights: Vec::new(),
            totals: Default::default(),
            opponent_totals: Vec::new(),
            promotion: None,
            accuracy,
        }
    }

    fn charts_of(rows: &[GenerationRow]) -> Vec<(&'static str, String)> {
        let exp = Experiment::parse(BUILTIN[0].1, BUILTIN[0].0).unwrap();
        let d = PageData {
            exp: &exp,
            origin: "test",
            rows,
            names: &[],
            labels: &[],
            start_weights: Vec::new(),
            planned_generations: 2,
            planned_games: 20,
            state: RunState::Running,
            finished: None,
            concepts: None,
            time_budget: None,
            tables: None,
        };
        training_charts(&d)
    }

    #[test]
    fn the_accuracy_chart_appears_only_with_accuracy_and_draws_each_role_in_percent() {
        let without = charts_of(&[row(1, None), row(2, None)]);
        assert!(without.iter().all(|(f, _)| *f != "accuracy.svg"));
        let with = charts_of(&[
            row(1, Some([0.8, 0.9, 0.88])),
            row(2, Some([0.85, 0.95, 0.93])),
        ]);
        let (_, svg) = with.iter().find(|(f, _)| *f == "accuracy.svg").unwrap();
        for words in ["as wolves", "as sheep", "both", "% of moves"] {
            assert!(svg.contains(words), "{words} missing");
        }
    }
}
