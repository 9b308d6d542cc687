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
//! This module is the file's schema; [`super::experiment_check`] checks it against its game.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::algorithm::AlgorithmSpec;
use crate::player::PlayerError;
use crate::ronfile::{self, FileError};

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
    /// The roles whose weights are tuned (the others keep the start's). May be left out
    /// for an engine, whose constants serve both roles.
    #[serde(default)]
    pub tune_roles: Vec<String>,
    /// Features left at their start weight.
    #[serde(default)]
    pub frozen_features: Vec<String>,
    /// The two tuned roles share one weight vector, for games whose roles play alike
    /// (War of Life, Abalone, Vampires vs Werewolves): half the weights to tune, twice
    /// the games behind each. The first role of `tune_roles` gives the start weights.
    #[serde(default)]
    pub shared_weights: bool,
    /// Node budget per move for both sides of every game of the run (training, the
    /// final selection and validation): each search deepens until it is spent, the
    /// deterministic stand-in for a clock. Overrides the genomes' `search.nodes` and
    /// depths; cannot be combined with `opponents[i].depth` or `opponents[i].nodes`.
    /// (A move time would make a run depend on the machine's load, so experiments have
    /// none: `match --move-time` measures at a clock.)
    // Left out when unset, so the files and checkpoint hashes of earlier runs stay the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// The budget the tuned weights will play at, where a user's front end runs them:
    /// the final selection, the validation and the gate are measured there (both sides
    /// of every game), whatever budget training uses. Unset: the training budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Budget>,
    /// Positions generated at a budget before a Texel run and added to its fit
    /// (`weightforge datagen` does the same alone). Unset: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub datagen: Option<DatagenSpec>,
    /// Table families fitted before training (`weightforge fit` as a stage): on the
    /// `datagen:` positions and `tables.files`, from the start genome's hand weights;
    /// every player of the run then carries the fitted tables, the hand weights train
    /// on top of them, and the gate plays the start without tables. Unset: no tables.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<TablesSpec>,
    /// An experiment file whose games make positions for a Texel run before it trains
    /// (its start genome against its opponents and itself, as `weightforge positions`
    /// plays them), written to `<reports>/<name>/positions.pos` and added to the fit's
    /// files. Unset: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<String>,
    /// Staged tuning (ES, CMA-ES, SPSA): every few generations and at the end, the
    /// means of recent generations are re-measured at the target budget by successive
    /// halving, and training continues from the winner. Unset: no promotions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stages: Option<StageSpec>,
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
    /// After validation, an SPRT of the best genome against the start genome at the
    /// target budget, on openings no other round used: is the run's result proven
    /// better where it will play? Unset: no gate. `gate: ()` takes every default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gate: Option<GateSpec>,
    /// Where outputs go.
    #[serde(default)]
    pub output: OutputSpec,
}

/// A search budget per move: a node budget (the deterministic stand-in for a clock:
/// `weightforge calibrate` gives the nodes that match a move time on this machine) or
/// a depth per role. Exactly one of the two.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// Nodes per move, both sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Plies per move, per role name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<BTreeMap<String, u32>>,
}

/// The gate's test: H0 normalised Elo `elo0` against H1 `elo1` of the best genome
/// over the start, error rates `alpha` and `beta`, at most `max_pairs` game pairs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GateSpec {
    /// Normalised Elo under H0 (the result is no better than the start).
    #[serde(default = "default_gate_elo0")]
    pub elo0: f64,
    /// Normalised Elo under H1 (the result is better by at least this).
    #[serde(default = "default_gate_elo1")]
    pub elo1: f64,
    /// False positive rate.
    #[serde(default = "default_gate_alpha")]
    pub alpha: f64,
    /// False negative rate.
    #[serde(default = "default_gate_beta")]
    pub beta: f64,
    /// Pairs played at most; the gate is "not proven" when the test has not decided
    /// by then.
    #[serde(default = "default_gate_max_pairs")]
    pub max_pairs: u32,
}

fn default_gate_elo0() -> f64 {
    crate::tunables::GATE_ELO0
}
fn default_gate_elo1() -> f64 {
    crate::tunables::GATE_ELO1
}
fn default_gate_alpha() -> f64 {
    crate::tunables::GATE_ALPHA
}
fn default_gate_beta() -> f64 {
    crate::tunables::GATE_BETA
}
fn default_gate_max_pairs() -> u32 {
    crate::tunables::GATE_MAX_PAIRS
}

impl GateSpec {
    /// The test as [`crate::sprt`] runs it.
    pub fn sprt(&self) -> crate::sprt::SprtSpec {
        crate::sprt::SprtSpec {
            elo0: self.elo0,
            elo1: self.elo1,
            alpha: self.alpha,
            beta: self.beta,
        }
    }
}

/// The experiment's `datagen: (games: 200, nodes: 100000, skip_plies: 2)`: self-play
/// games of the start genome (or games against the opponents) at a budget, whose quiet
/// principal-variation leaves, labelled with the result and the search's score, are
/// written to `<reports>/<name>/datagen.positions` and fitted with every generation's
/// positions (docs/guide/budget.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatagenSpec {
    /// Games to play.
    pub games: u64,
    /// Nodes per move (default: the target's budget, else the run's `nodes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Plies of each game, after the opening's random plies, whose positions are not
    /// kept.
    #[serde(default = "default_datagen_skip")]
    pub skip_plies: u32,
    /// Play the experiment's opponents (keeping the start genome's moves only) instead
    /// of self-play.
    #[serde(default)]
    pub opponents: bool,
    /// The node budget is soft: a search deepens until an iteration ends past it
    /// ([`DatagenBudget::SoftNodes`](crate::datagen::DatagenBudget::SoftNodes)).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub soft: bool,
}

/// The experiment's `tables: (families: ["psqt", "blocks2x2"], l2: [1e-5, 1e-4])`: the
/// table fit of `weightforge fit`, with its defaults, as a stage of the run
/// (docs/guide/tables.md). Its tables and charts go to the report folder
/// (`tables.ron`, `tables.heat.png`, `tables.l2.png`); a resumed run reads them back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesSpec {
    /// The families (`weightforge games --tables` lists them); empty: every one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub families: Vec<String>,
    /// The L2 strengths tried; the one with the lowest held-out loss is kept.
    #[serde(default = "default_tables_l2")]
    pub l2: Vec<f64>,
    /// Share of the positions held out to choose the L2 strength.
    #[serde(default = "default_tables_held_out")]
    pub held_out: f64,
    /// Weight of the search score in the labels, 0 to 1 (0: the results).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub score_weight: f64,
    /// How the scores become win chances: `Fitted` on the results, `Spread` (one over
    /// the scores' spread) or `Fixed(k)` (`fit --score-scale`).
    #[serde(default, skip_serializing_if = "is_fitted")]
    pub score_scale: crate::fit::table_fit::TableScoreScale,
    /// Which roles a position trains: `PerRole` (the side to move) or `Both`.
    #[serde(default = "default_tables_rows")]
    pub rows: crate::fit::samples::Rows,
    /// Adam steps per strength.
    #[serde(default = "default_tables_steps")]
    pub steps: u32,
    /// Adam's step size.
    #[serde(default = "default_tables_rate")]
    pub rate: f64,
    /// `Mse` or `LogLoss`.
    #[serde(default)]
    pub loss: crate::fit::design::Loss,
    /// Position files fitted besides the `datagen:` stage's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

fn is_fitted(scale: &crate::fit::table_fit::TableScoreScale) -> bool {
    *scale == crate::fit::table_fit::TableScoreScale::Fitted
}
fn default_tables_l2() -> Vec<f64> {
    crate::tunables::TABLE_FIT_L2.to_vec()
}
fn default_tables_held_out() -> f64 {
    crate::tunables::TABLE_FIT_HELD_OUT
}
fn default_tables_rows() -> crate::fit::samples::Rows {
    crate::fit::samples::Rows::PerRole
}
fn default_tables_steps() -> u32 {
    crate::tunables::TABLE_FIT_STEPS
}
fn default_tables_rate() -> f64 {
    crate::tunables::TABLE_FIT_RATE
}
fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

fn default_datagen_skip() -> u32 {
    crate::tunables::DATAGEN_SKIP_PLIES
}

/// Staged tuning: when and how the leading candidates are promoted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageSpec {
    /// A promotion after every this many generations (and one after the last).
    #[serde(default = "default_stage_every")]
    pub every: u32,
    /// Candidates entering a promotion: the means of this many recent generations.
    #[serde(default = "default_stage_keep")]
    pub keep: u32,
    /// Halving rounds: each plays the candidates still in, keeps the better half and
    /// doubles the pairs.
    #[serde(default = "default_stage_rounds")]
    pub rounds: u32,
    /// Pairs per candidate and opponent in the first round.
    #[serde(default = "default_stage_pairs")]
    pub pairs: u32,
}

fn default_stage_every() -> u32 {
    crate::tunables::STAGE_EVERY
}
fn default_stage_keep() -> u32 {
    crate::tunables::STAGE_KEEP
}
fn default_stage_rounds() -> u32 {
    crate::tunables::STAGE_ROUNDS
}
fn default_stage_pairs() -> u32 {
    crate::tunables::STAGE_PAIRS
}

/// A reference opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentSpec {
    /// Genome file, built-in genome name, or `random`.
    pub player: String,
    /// Search depth per role in training games, for both sides (default: the opponent
    /// genome's own depths). Selection and validation use the experiment's `target`
    /// when it has one, else the opponent's own depths.
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
    /// The budgets of the Elo-against-budget chart: after validation, the best genome
    /// plays each reference at each of them (both sides). Empty: the training budget,
    /// one between, and the target, when the run has a target; no chart otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub budgets: Vec<Budget>,
    /// Pairs per reference and budget of the chart (default
    /// [`crate::tunables::BUDGET_CHART_PAIRS`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_pairs: Option<u32>,
    /// A line search by games: each t adds the point start + t · (final mean − start)
    /// to the finalists (0 is the start, 1 the final mean), so that selection chooses
    /// how far to move along the run's direction by games at the final budget. Empty:
    /// no line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<f64>,
    /// Per-role selection: the validated genome takes each role's weights from the
    /// finalist that scored best in that role (`super::role_select`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub per_role: bool,
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
            budgets: Vec::new(),
            budget_pairs: None,
            line: Vec::new(),
            per_role: false,
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
    /// The file cannot be read or parsed, or a field has an impossible value.
    #[error(transparent)]
    File(#[from] FileError),
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
        Self::parse(&ronfile::read(path)?, &path.display().to_string())
    }

    /// Parses experiment text; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, ExperimentError> {
        Ok(ronfile::parse(text, origin)?)
    }

    /// The experiment as RON text.
    pub fn to_ron(&self) -> String {
        ronfile::to_string(self)
    }

    /// The run's result: the best genome's name, and its file's stem
    /// (`<genomes>/<game>/<name>-best.ron`).
    pub fn best_name(&self) -> String {
        format!("{}-best", self.name)
    }
}
