//! A line search by games at the end of a run: points on the line from the start
//! through the run's result join the finalists, and selection's games at the final
//! budget choose among them. A fit of positions often finds a good direction with a
//! wrong length (its labels are not what the player's own search needs: measured in
//! docs/results/engine_fit.md); a few points along it, judged by games at the player's
//! own depth, choose the length cheaply and keep the start when no point beats it.

use super::select::Finalist;

/// `finalists` (the newest first) with, for each `t` of `line`, the point
/// start + t · (newest − start) added after them; a point equal to a finalist already
/// there is not added twice.
pub(super) fn with_line(
    mut finalists: Vec<Finalist>,
    start: &[f64],
    line: &[f64],
) -> Vec<Finalist> {
    let Some(newest) = finalists.first() else {
        return finalists;
    };
    let (generation, from) = (newest.generation, newest.label.clone());
    let direction: Vec<f64> = newest.theta.iter().zip(start).map(|(m, s)| m - s).collect();
    for &t in line {
        let theta: Vec<f64> = start
            .iter()
            .zip(&direction)
            .map(|(s, d)| s + t * d)
            .collect();
        if finalists.iter().any(|f| f.theta == theta) {
            continue;
        }
        finalists.push(Finalist {
            label: line_label(t, &from),
            generation,
            theta,
        });
    }
    finalists
}

/// A point of the line in words, its `t` after: `the start (line t = 0)`, `halfway
/// from the start to generation 4 (line t = 0.5)`, `2 × the step from the start to
/// generation 4 (line t = 2)`.
fn line_label(t: f64, from: &str) -> String {
    let words = if t == 0.0 {
        "the start".to_string()
    } else if t == 0.5 {
        format!("halfway from the start to {from}")
    } else if t > 0.0 && t < 1.0 {
        format!("{:.0} % of the way from the start to {from}", 100.0 * t)
    } else {
        format!("{t} × the step from the start to {from}")
    };
    format!("{words} (line t = {t})")
}
