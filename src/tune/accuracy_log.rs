//! The accuracy line of a Wolves & Sheep run: when the solved game is at hand
//! (`WEIGHTFORGE_SOLUTION` names its file), each generation's mean genome is judged on
//! the built-in accuracy sample at the budget the weights will play at, and the run
//! page charts it beside the Elo. It only watches: the run's games and weights are the
//! same with it or without it.

use std::sync::Arc;

use super::resolved::Resolved;
use super::run_observer::RunObserver;
use super::session::Session;
use crate::accuracy::{built_in_sample, judge};
use crate::game::{Features, Game};
use crate::games::wolves_sheep::WolvesSheep;
use crate::genome::Genome;
use crate::player::{PlayerSpec, SearchBudget};
use crate::solve::perfect::{shared_solution, SOLUTION_ENV};
use crate::solve::Solution;

/// What judging a generation needs, read once per session.
pub(super) struct AccuracyLog {
    solution: Arc<Solution>,
    positions: Vec<WolvesSheep>,
}

impl AccuracyLog {
    /// The log of a run of game `G`: only for Wolves & Sheep weights (not an engine's
    /// constants) with `WEIGHTFORGE_SOLUTION` set; a file that cannot be read turns it
    /// off with a message, never the run.
    pub(super) fn for_run<G: Features>(r: &Resolved, obs: &dyn RunObserver) -> Option<Self> {
        if G::NAME != WolvesSheep::NAME || r.engine.is_some() {
            return None;
        }
        let path = std::path::PathBuf::from(std::env::var_os(SOLUTION_ENV)?);
        let opened = shared_solution(&path).map(|s| (s, built_in_sample().ok()));
        match opened {
            Ok((solution, Some(positions))) => {
                obs.message(&format!(
                    "accuracy per generation: on ({} sample positions, solution {})",
                    positions.len(),
                    crate::escape::escape_control(&path.to_string_lossy())
                ));
                Some(AccuracyLog {
                    solution,
                    positions,
                })
            }
            Ok((_, None)) => None,
            Err(e) => {
                obs.message(&format!("accuracy per generation: off ({e})"));
                None
            }
        }
    }

    /// The share of kept values (wolves, sheep, both) of the start genome with the
    /// weights of the point `theta` of the run's space, searched as the run's weights
    /// will play: the target's budget, else the run's training nodes, else the start's
    /// own settings.
    pub(super) fn measure(&self, run: &Session, theta: &[f64]) -> Option<[f64; 3]> {
        let r = run.r;
        let mut genome: Genome = r.start.clone();
        genome.weights = run.space.decode(theta, &r.start.weights);
        if let Some(t) = &r.target {
            genome.depth = t.depth;
        }
        genome.nodes = r
            .target
            .as_ref()
            .and_then(|t| t.nodes)
            .or(r.exp.nodes)
            .or(genome.nodes);
        let spec = PlayerSpec::Genome(Arc::new(genome));
        let threads = rayon::current_num_threads();
        let acc = judge(
            &self.solution,
            &spec,
            SearchBudget::default(),
            &self.positions,
            threads,
        )
        .ok()?;
        let [w, s] = acc.roles;
        Some([w.share(), s.share(), acc.total().share()])
    }
}
