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
            label: format!("line t = {t} (start + {t} × ({from} − start))"),
            generation,
            theta,
        });
    }
    finalists
}
