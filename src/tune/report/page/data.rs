//! What the run page shows: the run as it stands ([`PageData`]), its state
//! ([`RunState`]) and, once there, the end of the run ([`Finished`]).

use serde::{Deserialize, Serialize};

use crate::genome::Provenance;
use crate::record::GameLog;
use crate::tune::checkpoint::GenerationRow;
use crate::tune::experiment::Experiment;
use crate::tune::report::budget_chart::BudgetPoint;
use crate::tune::report::standing::Standing;
use crate::tune::report::validation::{GateVerdict, OpponentValidation};
use crate::tune::resolved::TablesFit;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunState {
    /// Training or finishing; the page reloads itself.
    Running,
    /// Stopped after a generation; `evolve --resume` continues it.
    Stopped,
    /// Done: the genome is chosen and validated.
    Finished,
}

/// What the end of a run adds to the page.
pub struct Finished<'a> {
    /// Each finalist's label and its selection score.
    pub finalists: Vec<(String, f64)>,
    /// The chosen finalist's index.
    pub chosen: usize,
    /// Validation against each opponent.
    pub validation: &'a [OpponentValidation],
    /// The best genome as written (with its provenance).
    pub genome_text: String,
    /// The written genome's value of each tuned weight (as `PageData::labels`): the
    /// chosen finalist's, which may be a point between the start and the fit.
    pub exported: Vec<f64>,
    /// Its provenance (shown field by field).
    pub provenance: &'a Provenance,
    /// Where the genome was written.
    pub genome_path: String,
    /// The validation games.
    pub games: &'a [GameLog],
    /// Where selection, validation and the gate were measured, in words.
    pub budget: String,
    /// The gate against the start, when the run has one.
    pub gate: Option<&'a GateVerdict>,
    /// Whether the result is better than the start.
    pub standing: &'a Standing,
    /// The best genome's Elo against each reference at each budget of the chart.
    pub budgets: &'a [BudgetPoint],
    /// Wall-clock seconds of the whole run: training, selection and validation.
    pub seconds: f64,
    /// Games of the whole run.
    pub total_games: u64,
}

/// Everything the page shows.
pub struct PageData<'a> {
    /// The experiment.
    pub exp: &'a Experiment,
    /// Where it came from.
    pub origin: &'a str,
    /// The generations so far.
    pub rows: &'a [GenerationRow],
    /// Reference opponents' names.
    pub names: &'a [String],
    /// Tuned weights' labels (`role:feature`).
    pub labels: &'a [String],
    /// Each tuned weight's start value.
    pub start_weights: Vec<f64>,
    /// Generations the run will train.
    pub planned_generations: u32,
    /// Training games the run will play.
    pub planned_games: u64,
    /// Where it stands.
    pub state: RunState,
    /// The end of the run, once there.
    pub finished: Option<Finished<'a>>,
    /// The concepts page's address from the page (`None`: the run's working directory
    /// has no weightforge docs; the page then names the page).
    pub concepts: Option<String>,
    /// What a time budget (`evolve --time`) chose, in words.
    pub time_budget: Option<String>,
    /// The table fit of a run with `tables:`, once made.
    pub tables: Option<&'a TablesFit>,
}
