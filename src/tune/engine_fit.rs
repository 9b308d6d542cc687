//! Texel for an engine: the positions (from the experiment's position files, read once,
//! and from each generation's games) become fit rows through the engine's own `eval`
//! ([`crate::engine::probe`]): one column per declared constant, one for the base. A
//! constant serves both roles (the engine plays either with the same values), so each
//! column is shared by the roles' rows; a constant that only one role's evaluation
//! uses has zero terms in the other role's rows and is fitted on that role's rows only.

use std::sync::Arc;

use super::error::TuneError;
use super::resolve::Resolved;
use super::space::Space;
use crate::engine::probe::{ProbeStats, Prober};
use crate::engine::EngineSpec;
use crate::fit::design::{Column, Design};
use crate::fit::file::{Labelled, PositionRow};
use crate::fit::samples::Samples;
use crate::game::Features;

/// The rows of an engine's position fit.
pub(super) struct EngineRows<G: Features> {
    prober: Prober<G>,
    /// The position files' rows (probed once).
    files: Samples,
    columns: Vec<Column>,
    /// Per role: the start's constants, then 1 for the base column.
    base: [Vec<f64>; 2],
}

impl<G: Features> EngineRows<G> {
    /// Probes the rows of `r`'s position files through engine `e`.
    pub fn new(r: &Resolved, e: &Arc<EngineSpec>, space: &Space) -> Result<Self, TuneError> {
        let mut prober = Prober::<G>::new(Arc::clone(e));
        let mut rows = Vec::new();
        let files = r
            .exp
            .algorithm
            .position_source()
            .map(|s| s.files)
            .unwrap_or_default();
        for path in &files {
            let file = crate::fit::file::read_rows::<G>(path)?;
            rows.extend(file.rows.into_iter().map(|(_, row)| row));
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
        base.push(1.0);
        Ok(EngineRows {
            prober,
            files,
            columns,
            base: [base.clone(), base],
        })
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
        Ok(Design::new(&samples, &self.columns, &self.base))
    }

    /// What probing has cost so far.
    pub fn stats(&self) -> ProbeStats {
        self.prober.stats
    }
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
