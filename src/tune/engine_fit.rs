//! Texel for an engine: the positions (from the experiment's position files, read once,
//! and from each generation's games) become fit rows through the engine's own `eval`
//! ([`crate::engine::probe`]): one column per declared constant, one for the base. A
//! constant serves both roles (the engine plays either with the same values), so each
//! column is shared by the roles' rows; a constant that only one role's evaluation
//! uses has zero terms in the other role's rows and is fitted on that role's rows only.
//! A version 2 file's search scores stay with their rows, so a score blend
//! (`score_weight`) works as for built-in features. When the evaluation is not
//! zero-sum (one heuristic per side, as course players write them), each role's rows
//! also get an intercept, fitted with the constants and then dropped: an engine's search
//! only compares one role's evaluations with each other, so a constant part of them
//! ("10 sheep × 50") is invisible to its play and must not pull the constants that
//! carry it. A zero-sum evaluation is fitted without (measured: the Python example
//! plays better without, docs/results/engine_fit.md).

use std::sync::Arc;

use super::error::TuneError;
use super::resolved::Resolved;
use super::space::Space;
use crate::engine::probe::{ProbeStats, Prober};
use crate::engine::EngineSpec;
use crate::fit::design::{Column, Design};
use crate::fit::positions_file::{self, Labelled, PositionRow};
use crate::fit::samples::{Rows, Samples};
use crate::game::Features;

/// The rows of an engine's position fit.
pub(super) struct EngineRows<G: Features> {
    prober: Prober<G>,
    /// The position files' rows (probed once).
    files: Samples,
    columns: Vec<Column>,
    /// Per role: the start's constants, then 1 for the base column and 0 for the
    /// intercept's.
    base: [Vec<f64>; 2],
}

impl<G: Features> EngineRows<G> {
    /// Probes the rows of `r`'s position files through engine `e`.
    pub fn new(r: &Resolved, e: &Arc<EngineSpec>, space: &Space) -> Result<Self, TuneError> {
        let mut prober = Prober::<G>::new(Arc::clone(e));
        let mut rows = Vec::new();
        let source = r.exp.algorithm.position_source();
        let want = source.as_ref().and_then(|s| s.rows);
        for path in source.map(|s| s.files).unwrap_or_default() {
            rows.extend(file_rows::<G>(&path, want)?);
        }
        let files = prober.samples(&rows)?;
        let columns = space
            .columns()
            .into_iter()
            .map(|c| Column {
                mirror: Some(1 - c.role),
                ..c
            })
            .collect();
        let mut base = r.start.weights[0].clone();
        base.extend([1.0, 0.0]);
        Ok(EngineRows {
            prober,
            files,
            columns,
            base: [base.clone(), base],
        })
    }

    /// The position files' rows, probed.
    pub fn file_rows(&self) -> &Samples {
        &self.files
    }

    /// The fit's rows: the files' and those of a generation's `positions` (each a row
    /// for both roles, its result from the side to move's view).
    pub fn design(&mut self, positions: &[Labelled]) -> Result<Design, TuneError> {
        let mut rows = Vec::with_capacity(2 * positions.len());
        for p in positions {
            let Ok(pos) = G::parse(&p.text) else { continue };
            let mover = pos.side_to_move();
            for role in 0..2 {
                let result = if role == mover {
                    p.label
                } else {
                    1.0 - p.label
                };
                rows.push(PositionRow {
                    role,
                    result: result as f32,
                    score: f32::NAN,
                    text: p.text.clone(),
                });
            }
        }
        let mut samples = self.prober.samples(&rows)?;
        samples.append(&self.files);
        let samples = with_ones(&samples);
        let mut columns = self.columns.clone();
        let intercepts = if self.prober.zero_sum() { 0 } else { 2 };
        for role in 0..intercepts {
            columns.push(Column {
                role,
                mirror: None,
                feature: samples.width - 1,
                unit: eval_spread(&samples, role, &self.base[role]),
                bounds: None,
            });
        }
        Ok(Design::new(&samples, &columns, &self.base))
    }

    /// Per declared constant, the one role whose evaluation it moves on every position
    /// probed so far ([`Prober::constant_roles`]).
    pub fn constant_roles(&self) -> Vec<Option<usize>> {
        self.prober.constant_roles()
    }

    /// What probing has cost so far.
    pub fn stats(&self) -> ProbeStats {
        self.prober.stats
    }
}

/// `s` with a last column of ones: the feature of each role's intercept.
fn with_ones(s: &Samples) -> Samples {
    let mut out = Samples::new(s.width + 1);
    let mut buf = vec![1.0f32; s.width + 1];
    for role in 0..2 {
        for (i, f) in s.features[role].chunks_exact(s.width).enumerate() {
            buf[..s.width].copy_from_slice(f);
            let score = s.scores[role].get(i).copied().unwrap_or(f32::NAN);
            out.push_row(role, &buf, s.labels[role][i], score);
        }
    }
    out
}

/// The spread (standard deviation, at least 1) of role `role`'s evaluation at weights
/// `w` over its rows of `s`: the intercept's unit, so that the fit's steps move it on
/// the evaluation's own scale.
fn eval_spread(s: &Samples, role: usize, w: &[f64]) -> f64 {
    let (mut n, mut sum, mut sq) = (0.0, 0.0, 0.0);
    for f in s.features[role].chunks_exact(s.width) {
        let e: f64 = f.iter().zip(w).map(|(&x, &c)| f64::from(x) * c).sum();
        n += 1.0;
        sum += e;
        sq += e * e;
    }
    if n == 0.0 {
        return 1.0;
    }
    (sq / n - (sum / n).powi(2)).max(0.0).sqrt().max(1.0)
}

/// A position file's rows as `rows` says ([`positions_file::fit_rows`], as
/// [`positions_file::read_as`] reads them for built-in features).
fn file_rows<G: Features>(
    path: &std::path::Path,
    rows: Option<Rows>,
) -> Result<Vec<PositionRow>, TuneError> {
    let file = positions_file::read_rows::<G>(path)?;
    Ok(positions_file::fit_rows(&file, rows)
        .map(|r| r.to_row())
        .collect())
}

/// One line on probing's cost, for the run's console.
pub(super) fn stats_line(s: &ProbeStats) -> String {
    let per_second = if s.seconds > 0.0 {
        s.probed as f64 / s.seconds
    } else {
        0.0
    };
    format!(
        "eval probing: {} positions probed ({} from the cache), {} evals in {} round trips, \
         {:.0} positions/s",
        s.probed, s.cached, s.evals, s.round_trips, per_second
    )
}
