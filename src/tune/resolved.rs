//! An experiment checked against its game ([`Resolved`]): players loaded, roles and
//! features resolved, the opponents' search settings and the target budget. What the
//! stages read; [`super::experiment_check`] makes it.

use std::path::PathBuf;
use std::sync::Arc;

use super::algorithm::AlgorithmSpec;
use super::experiment::Experiment;
use super::texel::TexelSpec;
use crate::engine::EngineSpec;
use crate::game::Features;
use crate::genome::Genome;
use crate::player::PlayerSpec;

/// An experiment checked against its game: players loaded, roles and features resolved.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The experiment as written.
    pub exp: Experiment,
    /// The start genome.
    pub start: Genome,
    /// Roles tuned, by index.
    pub tuned_roles: Vec<usize>,
    /// Per role, per feature: is the weight tuned?
    pub tuned: [Vec<bool>; 2],
    /// The opponents, with their training search settings.
    pub opponents: Vec<Opponent>,
    /// The ply cap.
    pub ply_cap: u32,
    /// Opening starts.
    pub starts: Vec<String>,
    /// The engine whose declared weights are tuned, when the start is an engine: then
    /// `start.weights[0]` holds its values in declaration order (both roles play with
    /// them) and only role 0 is "tuned".
    pub engine: Option<Arc<EngineSpec>>,
    /// The budget the weights will play at (`target`), when the experiment names one.
    pub target: Option<Target>,
    /// What the run's tables stage fitted, once it has (src/tune/tables_stage.rs): then
    /// `start` carries the tables, and this holds the hand genome they came from.
    pub tables_fit: Option<Arc<TablesFit>>,
}

/// A run's table fit: the hand genome the tables were fitted from (the experiment's
/// start, the gate's rival) and the fit's report.
#[derive(Clone, Debug)]
pub struct TablesFit {
    /// The start genome without tables.
    pub hand: Genome,
    /// The families fitted.
    pub families: Vec<String>,
    /// The fit in lines: rows, held-out losses per L2 strength, the strength kept.
    pub report: String,
}

/// The experiment's `target`, resolved: the search settings of both sides of every
/// final game (selection, validation, gate).
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// Depth per role (used when `nodes` is unset; unnamed roles keep the start's).
    pub depth: [u32; 2],
    /// Nodes per move, both sides (the search deepens until they are spent).
    pub nodes: Option<u64>,
}

impl Target {
    /// The budget in words, for logs and the run page: `100000 nodes`, `depth 4
    /// (wolves), 6 (sheep)`.
    pub fn describe<G: Features>(&self) -> String {
        match self.nodes {
            Some(n) => format!("{n} nodes"),
            None => format!(
                "depth {} ({}), {} ({})",
                self.depth[0],
                G::ROLES[0],
                self.depth[1],
                G::ROLES[1]
            ),
        }
    }
}

impl Resolved {
    /// This run with `texel` as its algorithm, fitting the positions of `file` besides
    /// its own (a stage that wrote them: datagen, positions).
    pub fn fitting_file(&self, texel: &TexelSpec, file: PathBuf) -> Resolved {
        let mut texel = texel.clone();
        if !texel.files.contains(&file) {
            texel.files.push(file);
        }
        let mut staged = self.clone();
        staged.exp.algorithm = AlgorithmSpec::Texel(texel);
        staged
    }

    /// The node budget that overrides both players' searches in the games of a final
    /// round (selection, validation, gate): the target's, else the run's `nodes`.
    pub fn final_nodes(&self) -> Option<u64> {
        match &self.target {
            Some(t) => t.nodes,
            None => self.exp.nodes,
        }
    }

    /// Where the final rounds are measured, in words: the target budget, else each
    /// opponent's own search settings (or the run's node budget).
    pub fn final_budget<G: Features>(&self) -> String {
        match (&self.target, self.exp.nodes) {
            (Some(t), _) => t.describe::<G>(),
            (None, Some(n)) => format!("{n} nodes"),
            (None, None) => "each opponent's own search settings".into(),
        }
    }

    /// The tuned player with `weights` (the start's other settings, `depth` and
    /// `nodes`): a genome, or the engine with its constants set to `weights[0]`.
    pub fn player(
        &self,
        weights: &[Vec<f64>; 2],
        depth: [u32; 2],
        nodes: Option<u64>,
    ) -> PlayerSpec {
        match &self.engine {
            Some(e) => PlayerSpec::Engine(Arc::new(EngineSpec {
                values: weights[0].clone(),
                go_depth: self.opponents.first().and_then(|o| o.engine_depth),
                go_nodes: nodes,
                ..(**e).clone()
            })),
            None => PlayerSpec::Genome(Arc::new(Genome {
                weights: weights.clone(),
                depth,
                nodes,
                ..self.start.clone()
            })),
        }
    }
}

/// A reference opponent, loaded.
#[derive(Clone, Debug)]
pub struct Opponent {
    /// Its name in tables.
    pub name: String,
    /// The player.
    pub spec: PlayerSpec,
    /// Search depth per role for both sides in training (None: the opponent's own, or
    /// the start genome's for a built-in player without search).
    pub depth: [u32; 2],
    /// Node budget per move in training.
    pub nodes: Option<u64>,
    /// Search depth per role for both sides in validation: the opponent's own.
    pub own_depth: [u32; 2],
    /// Node budget in validation.
    pub own_nodes: Option<u64>,
    /// The depth per role sent to engines with `go` (only when the experiment names
    /// the opponent's `depth`: an engine otherwise searches as it likes).
    pub engine_depth: Option<[u32; 2]>,
    /// Game pairs per candidate per generation in training.
    pub pairs: u32,
    /// Weight of its score in the fitness.
    pub weight: f64,
}
