//! The accuracy line of a run of a solvable game: when its oracle is at hand
//! (the game's variable, `WEIGHTFORGE_SOLUTION` for Wolves & Sheep, names its file), each generation's mean genome is judged on
//! the game's built-in accuracy sample at the budget the weights will play at, and the
//! run page charts it beside the Elo. It only watches: the run's games and weights are
//! the same with it or without it.

use std::sync::Arc;

use super::resolved::Resolved;
use super::run_observer::RunObserver;
use super::session::Session;
use crate::game::Features;
use crate::genome::Genome;
use crate::player::{PlayerSpec, SearchBudget};
use crate::solved::accuracy::{built_in_sample, judge};
use crate::solved::{Oracle, OracleSettings};

/// What judging a generation needs, read once per session.
pub(super) struct AccuracyLog<G: Features> {
    solution: Arc<dyn Oracle<G>>,
    positions: Vec<G>,
}

impl<G: Features> AccuracyLog<G> {
    /// The log of a run of game `G`: only for the weights of a solvable game (not an
    /// engine's constants) with the game's variable set; a file that cannot be read
    /// turns it off with a message, never the run.
    pub(super) fn for_run(r: &Resolved, obs: &dyn RunObserver) -> Option<Self> {
        let solvable = crate::registry::solvable::<G>()?;
        if r.engine.is_some() {
            return None;
        }
        let path = std::path::PathBuf::from(std::env::var_os(solvable.file_env)?);
        let settings = OracleSettings::default().with_file(Some(&path));
        let opened = crate::solved::open::oracle::<G>(&settings)
            .map(|s| (s, built_in_sample(&solvable).ok().filter(|p| !p.is_empty())));
        match opened {
            Ok((solution, Some(positions)))
                if solvable.file_needed && positions.iter().any(|p| solution.value(p).is_err()) =>
            {
                obs.message(&format!(
                    "accuracy per generation: off ({} does not cover the sample)",
                    crate::escape::escape_control(&path.to_string_lossy())
                ));
                None
            }
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
            self.solution.as_ref(),
            &[],
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
