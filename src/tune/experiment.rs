//! Experiment files: everything a tuning run depends on, in one RON file.
//!
//! ```ron
//! (
//!     name: "wolves_sheep_quick",
//!     game: "wolves_sheep",
//!     seed: 1,
//!     algorithm: Es(lambda: 8, sigma: 0.3),
//!     generations: 10,
//!     start: "luo2023",
//!     tune_roles: ["wolves", "sheep"],
//!     opponents: [(player: "luo2023"), (player: "li2023", depth: {"wolves": 3, "sheep": 3})],
//!     pairs_per_opponent: 4,
//!     openings: (plies: 6),
//! )
//! ```
//!
//! A run is a pure function of this file (and the genome files it names): the seed
//! drives every random choice. Paths are relative to the directory weightforge runs in.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::genome::Genome;
use crate::player::{PlayerError, PlayerSpec};
use crate::tunables::MAX_DEPTH;

/// The experiment file as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    /// Run name: outputs go to `<reports>/<name>/` and `<genomes>/<game>/<name>-best.ron`.
    pub name: String,
    /// The game.
    pub game: String,
    /// The run seed.
    pub seed: u64,
    /// The tuning algorithm and its parameters.
    #[serde(default)]
    pub algorithm: AlgorithmSpec,
    /// Generations (iterations) to run.
    pub generations: u32,
    /// Stop earlier once this many training games have been played.
    #[serde(default)]
    pub max_games: Option<u64>,
    /// The genome to start from (file or built-in name).
    pub start: String,
    /// The roles whose weights are tuned (the others keep the start's).
    pub tune_roles: Vec<String>,
    /// Features left at their start weight.
    #[serde(default)]
    pub frozen_features: Vec<String>,
    /// The two tuned roles share one weight vector, for games whose roles play alike
    /// (War of Life, Abalone, Vampires vs Werewolves): half the weights to tune, twice
    /// the games behind each. The first role of `tune_roles` gives the start weights.
    #[serde(default)]
    pub shared_weights: bool,
    /// The reference opponents every candidate plays.
    pub opponents: Vec<OpponentSpec>,
    /// Game pairs per candidate and opponent per generation.
    pub pairs_per_opponent: u32,
    /// Also play the best genomes of earlier generations (0: off).
    #[serde(default)]
    pub hall_of_fame: u32,
    /// How games open.
    #[serde(default)]
    pub openings: OpeningSpec,
    /// Ply cap of every game.
    #[serde(default)]
    pub ply_cap: Option<u32>,
    /// Adjudicate games that reach the ply cap by the game's rule (Abalone: fewer
    /// marbles lost wins) instead of scoring them as draws.
    #[serde(default)]
    pub adjudicate: bool,
    /// The final re-measurement and validation.
    #[serde(default)]
    pub validation: ValidationSpec,
    /// Where outputs go.
    #[serde(default)]
    pub output: OutputSpec,
}

/// The tuning algorithm, chosen by one field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum AlgorithmSpec {
    /// (μ/μ,λ) evolution strategy with mirrored Gaussian mutation and cumulative
    /// step-size adaptation.
    Es {
        /// Candidates per generation (even: mirrored pairs).
        lambda: u32,
        /// Parents recombined (default λ/2).
        #[serde(default)]
        mu: Option<u32>,
        /// Initial step size in normalised weight units.
        sigma: f64,
    },
    /// CMA-ES (Hansen) with rank-based weights.
    CmaEs {
        /// Candidates per generation.
        lambda: u32,
        /// Initial step size in normalised weight units.
        sigma: f64,
    },
    /// SPSA as fishtest runs it: θ+cΔ against θ−cΔ in game pairs.
    Spsa {
        /// Perturbations per generation (played in parallel, applied together).
        perturbations: u32,
        /// Final perturbation size c_end (normalised units).
        c_end: f64,
        /// Final learning rate r_end.
        r_end: f64,
        /// Step-size decay exponent α (default 0.602).
        #[serde(default)]
        alpha: Option<f64>,
        /// Perturbation decay exponent γ (default 0.101).
        #[serde(default)]
        gamma: Option<f64>,
    },
}

impl Default for AlgorithmSpec {
    fn default() -> Self {
        AlgorithmSpec::Es {
            lambda: 8,
            mu: None,
            sigma: 0.3,
        }
    }
}

impl AlgorithmSpec {
    /// The algorithm's short name.
    pub fn name(&self) -> &'static str {
        match self {
            AlgorithmSpec::Es { .. } => "es",
            AlgorithmSpec::CmaEs { .. } => "cmaes",
            AlgorithmSpec::Spsa { .. } => "spsa",
        }
    }
}

/// A reference opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentSpec {
    /// Genome file, built-in genome name, or `random`.
    pub player: String,
    /// Search depth per role in training games, for both sides (default: the opponent
    /// genome's own depths). Validation always uses the opponent's own depths.
    #[serde(default)]
    pub depth: Option<BTreeMap<String, u32>>,
    /// Node budget per move in training games, for both sides.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// Game pairs per candidate per generation against this opponent (default:
    /// `pairs_per_opponent`).
    #[serde(default)]
    pub pairs: Option<u32>,
    /// Weight of this opponent's score in a candidate's training fitness (default 1:
    /// every opponent counts the same, whatever its number of pairs). The final
    /// selection and validation always weigh every opponent the same.
    #[serde(default)]
    pub weight: Option<f64>,
}

/// How games open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningSpec {
    /// Random legal plies from the start.
    #[serde(default = "default_opening_plies")]
    pub plies: u32,
    /// Start names (or positions), used in turn (default: the game's first).
    #[serde(default)]
    pub starts: Vec<String>,
}

fn default_opening_plies() -> u32 {
    crate::tunables::DEFAULT_OPENING_PLIES
}

impl Default for OpeningSpec {
    fn default() -> Self {
        OpeningSpec {
            plies: default_opening_plies(),
            starts: Vec::new(),
        }
    }
}

/// The end of a run: choosing the best genome on fresh openings, then measuring it on
/// other fresh openings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidationSpec {
    /// Genomes re-measured to choose the best: the final mean and the means of the
    /// generations before it.
    #[serde(default = "default_finalists")]
    pub finalists: u32,
    /// Pairs per finalist and opponent in the re-measurement.
    #[serde(default = "default_selection_pairs")]
    pub selection_pairs: u32,
    /// Pairs per opponent in the final validation match.
    #[serde(default = "default_validation_pairs")]
    pub pairs: u32,
}

fn default_finalists() -> u32 {
    3
}
fn default_selection_pairs() -> u32 {
    20
}
fn default_validation_pairs() -> u32 {
    100
}

impl Default for ValidationSpec {
    fn default() -> Self {
        ValidationSpec {
            finalists: default_finalists(),
            selection_pairs: default_selection_pairs(),
            pairs: default_validation_pairs(),
        }
    }
}

/// Output folders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutputSpec {
    /// Reports go to `<reports>/<name>/`.
    #[serde(default = "default_reports")]
    pub reports: PathBuf,
    /// The best genome goes to `<genomes>/<game>/<name>-best.ron`.
    #[serde(default = "default_genomes")]
    pub genomes: PathBuf,
}

fn default_reports() -> PathBuf {
    PathBuf::from("reports")
}
fn default_genomes() -> PathBuf {
    PathBuf::from("genomes")
}

impl Default for OutputSpec {
    fn default() -> Self {
        OutputSpec {
            reports: default_reports(),
            genomes: default_genomes(),
        }
    }
}

/// An experiment that cannot run.
#[derive(Debug, thiserror::Error)]
pub enum ExperimentError {
    /// The file cannot be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Not valid RON for an experiment.
    #[error("{path}:{message}")]
    Syntax {
        /// The file.
        path: String,
        /// Line:column and what was expected.
        message: String,
    },
    /// A field has an impossible value.
    #[error("{path}: field `{field}`: {message}")]
    Field {
        /// The file.
        path: String,
        /// The field.
        field: String,
        /// What is wrong and what was expected.
        message: String,
    },
    /// A player named by the experiment cannot be loaded.
    #[error("{path}: field `{field}`: {source}")]
    Player {
        /// The file.
        path: String,
        /// The field.
        field: String,
        /// Why.
        source: PlayerError,
    },
}

/// The experiment's built into the binary: `evolve` with no file runs the first.
pub const BUILTIN: &[(&str, &str)] = &[(
    "experiments/wolves_sheep_quick.ron",
    include_str!("../../experiments/wolves_sheep_quick.ron"),
)];

impl Experiment {
    /// Reads an experiment file.
    pub fn load(path: &Path) -> Result<Self, ExperimentError> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ExperimentError::Io {
            path: origin.clone(),
            source,
        })?;
        Self::parse(&text, &origin)
    }

    /// Parses experiment text; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, ExperimentError> {
        crate::ronfile::from_str(text).map_err(|e| ExperimentError::Syntax {
            path: origin.to_string(),
            message: e.to_string(),
        })
    }

    /// The experiment as RON text.
    pub fn to_ron(&self) -> String {
        crate::ronfile::to_string(self)
    }
}

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
    /// Game pairs per candidate per generation in training.
    pub pairs: u32,
    /// Weight of its score in the fitness.
    pub weight: f64,
}

impl Experiment {
    /// Checks the experiment against game `G` and loads what it names.
    pub fn resolve<G: Game>(&self, origin: &str) -> Result<Resolved, ExperimentError> {
        let field = |field: &str, message: String| ExperimentError::Field {
            path: origin.to_string(),
            field: field.to_string(),
            message,
        };
        let player = |f: String, name: &str| {
            PlayerSpec::resolve::<G>(name).map_err(|source| ExperimentError::Player {
                path: origin.to_string(),
                field: f,
                source,
            })
        };
        if self.game != G::NAME {
            return Err(field("game", format!("expected {:?}", G::NAME)));
        }
        if self.name.is_empty()
            || !self
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(field(
                "name",
                format!(
                    "{:?} must be non-empty letters, digits, '_' or '-'",
                    self.name
                ),
            ));
        }
        if self.generations == 0 {
            return Err(field("generations", "must be at least 1".into()));
        }
        if self.max_games == Some(0) {
            return Err(field("max_games", "must be at least 1".into()));
        }
        if self.pairs_per_opponent == 0 {
            return Err(field(
                "pairs_per_opponent",
                "must be at least 1 (zero games measure nothing)".into(),
            ));
        }
        if self.opponents.is_empty() {
            return Err(field("opponents", "at least one opponent is needed".into()));
        }
        if self.validation.pairs == 0 || self.validation.selection_pairs == 0 {
            return Err(field(
                "validation",
                "pairs and selection_pairs must be at least 1".into(),
            ));
        }
        if self.validation.finalists == 0 {
            return Err(field("validation.finalists", "must be at least 1".into()));
        }
        match &self.algorithm {
            AlgorithmSpec::Es { lambda, mu, sigma } => {
                if *lambda < 2 || lambda % 2 != 0 {
                    return Err(field(
                        "algorithm.lambda",
                        format!("{lambda}: must be even and at least 2 (mirrored pairs)"),
                    ));
                }
                if let Some(mu) = mu {
                    if *mu == 0 || mu > lambda {
                        return Err(field("algorithm.mu", format!("{mu}: must be 1 to lambda")));
                    }
                }
                if !(sigma.is_finite() && *sigma > 0.0) {
                    return Err(field(
                        "algorithm.sigma",
                        format!("{sigma}: must be a positive number"),
                    ));
                }
            }
            AlgorithmSpec::CmaEs { lambda, sigma } => {
                if *lambda < 4 {
                    return Err(field(
                        "algorithm.lambda",
                        format!("{lambda}: must be at least 4"),
                    ));
                }
                if !(sigma.is_finite() && *sigma > 0.0) {
                    return Err(field(
                        "algorithm.sigma",
                        format!("{sigma}: must be a positive number"),
                    ));
                }
            }
            AlgorithmSpec::Spsa {
                perturbations,
                c_end,
                r_end,
                alpha,
                gamma,
            } => {
                if *perturbations == 0 {
                    return Err(field(
                        "algorithm.perturbations",
                        "must be at least 1".into(),
                    ));
                }
                for (name, v) in [
                    ("c_end", Some(*c_end)),
                    ("r_end", Some(*r_end)),
                    ("alpha", *alpha),
                    ("gamma", *gamma),
                ] {
                    if let Some(v) = v {
                        if !(v.is_finite() && v > 0.0) {
                            return Err(field(
                                &format!("algorithm.{name}"),
                                format!("{v}: must be a positive number"),
                            ));
                        }
                    }
                }
            }
        }

        let start_spec = player("start".into(), &self.start)?;
        let PlayerSpec::Genome(start) = start_spec else {
            return Err(field(
                "start",
                "the start must be a genome, not a built-in player".into(),
            ));
        };
        let start = (*start).clone();

        let mut tuned_roles = Vec::new();
        for r in &self.tune_roles {
            let Some(i) = G::ROLES.iter().position(|x| x == r) else {
                return Err(field(
                    "tune_roles",
                    format!(
                        "{} has no role {r:?}; its roles are {:?}",
                        G::NAME,
                        G::ROLES
                    ),
                ));
            };
            if !tuned_roles.contains(&i) {
                tuned_roles.push(i);
            }
        }
        if tuned_roles.is_empty() {
            return Err(field("tune_roles", "name at least one role to tune".into()));
        }
        if self.shared_weights && tuned_roles.len() != 2 {
            return Err(field(
                "shared_weights",
                "shared weights need both roles in tune_roles".into(),
            ));
        }
        let features = G::feature_info();
        for f in &self.frozen_features {
            if !features.iter().any(|x| x.name == f) {
                return Err(field(
                    "frozen_features",
                    format!("{} has no feature {f:?}", G::NAME),
                ));
            }
        }
        let mut tuned: [Vec<bool>; 2] = Default::default();
        for (r, t) in tuned.iter_mut().enumerate() {
            *t = features
                .iter()
                .map(|f| {
                    tuned_roles.contains(&r) && !self.frozen_features.iter().any(|x| x == f.name)
                })
                .collect();
        }
        if tuned.iter().all(|t| t.iter().all(|x| !x)) {
            return Err(field(
                "frozen_features",
                "every feature is frozen: nothing to tune".into(),
            ));
        }

        let mut opponents = Vec::new();
        for (i, o) in self.opponents.iter().enumerate() {
            let spec = player(format!("opponents[{i}].player"), &o.player)?;
            let (own_depth, own_nodes) = match &spec {
                PlayerSpec::Genome(g) => (g.depth, g.nodes),
                PlayerSpec::Random => (start.depth, start.nodes),
            };
            let mut depth = own_depth;
            if let Some(map) = &o.depth {
                for (role, d) in map {
                    let Some(r) = G::ROLES.iter().position(|x| x == role) else {
                        return Err(field(
                            &format!("opponents[{i}].depth.{role}"),
                            format!("{} has no role {role:?}", G::NAME),
                        ));
                    };
                    if *d == 0 || *d > MAX_DEPTH {
                        return Err(field(
                            &format!("opponents[{i}].depth.{role}"),
                            format!("{d}: expected 1 to {MAX_DEPTH}"),
                        ));
                    }
                    depth[r] = *d;
                }
            }
            if o.nodes == Some(0) {
                return Err(field(
                    &format!("opponents[{i}].nodes"),
                    "must be at least 1".into(),
                ));
            }
            opponents.push(Opponent {
                name: spec.name(),
                spec,
                depth,
                nodes: o.nodes.or(own_nodes),
                own_depth,
                own_nodes,
                pairs: o.pairs.unwrap_or(self.pairs_per_opponent),
                weight: o.weight.unwrap_or(1.0),
            });
        }

        let starts = if self.openings.starts.is_empty() {
            vec![G::start_names()[0].to_string()]
        } else {
            self.openings.starts.clone()
        };
        for (i, s) in starts.iter().enumerate() {
            G::resolve_start(s)
                .map_err(|e| field(&format!("openings.starts[{i}]"), e.to_string()))?;
        }
        let ply_cap = self.ply_cap.unwrap_or(G::DEFAULT_PLY_CAP);
        if ply_cap == 0 {
            return Err(field("ply_cap", "must be at least 1".into()));
        }
        Ok(Resolved {
            exp: self.clone(),
            start,
            tuned_roles,
            tuned,
            opponents,
            ply_cap,
            starts,
        })
    }
}
