//! The words every tuning algorithm and the registry ([`super::algorithm`]) share: the
//! interface an algorithm implements ([`Method`]), the check of its parameters
//! ([`BadParam`], [`positive`], [`within`]) and, for algorithms that learn from
//! positions, where they come from ([`PositionSource`]). It sits below both: the
//! algorithms' files use it and the registry names them.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::plan::Plan;
use crate::fit::design::Design;
use crate::fit::label::Label;
use crate::fit::samples::Filter;
use crate::game::GameRng;

/// A parameter an algorithm cannot run with.
#[derive(Clone, Debug, PartialEq)]
pub struct BadParam {
    /// The parameter (a field of the experiment's `algorithm`).
    pub field: &'static str,
    /// What is wrong and what was expected.
    pub message: String,
}

/// Checks that step size or rate `field` is a positive number within
/// [`crate::limits::STEP`].
pub fn positive(field: &'static str, v: f64) -> Result<(), BadParam> {
    within(field, v, &crate::limits::STEP)
}

/// Checks that parameter `field` is within `limit`.
pub fn within(field: &'static str, v: f64, limit: &crate::limits::Real) -> Result<(), BadParam> {
    limit.check(v).map_err(|e| BadParam {
        field,
        message: e.to_string(),
    })
}

/// A tuning algorithm: its parameters as an experiment gives them, and its state, which
/// is plain data so checkpoints can hold it.
pub trait Method: Sized + Serialize + DeserializeOwned {
    /// The parameters in the experiment file.
    type Spec: Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// The short name in logs and provenance.
    const NAME: &'static str;
    /// How its candidates are measured.
    const PLAN: Plan;

    /// Checks the parameters.
    fn check(spec: &Self::Spec) -> Result<(), BadParam>;
    /// Candidates per generation.
    fn candidates(spec: &Self::Spec) -> u64;
    /// A new state at θ₀; `generations` is how many the run plans.
    fn start(spec: &Self::Spec, theta0: Vec<f64>, generations: u32) -> Self;
    /// This generation's candidates and the steps behind them, drawn from `rng`.
    fn ask(&self, rng: &mut GameRng) -> (Vec<Vec<f64>>, Vec<Vec<f64>>);
    /// Takes the results of the steps of one `ask`, read as [`Self::PLAN`] reads them.
    fn tell(&mut self, steps: &[Vec<f64>], results: &[f64]);
    /// The current estimate of the best parameters.
    fn mean(&self) -> &[f64];
    /// Moves the estimate to `theta` (staged tuning continues from a promoted
    /// candidate); step size and other state stay.
    fn set_mean(&mut self, theta: &[f64]);
    /// The current step size.
    fn sigma(&self) -> f64;
    /// Which positions of the games to keep and which position files to add, for
    /// algorithms that learn from positions ([`Plan::Positions`]).
    fn position_source(_spec: &Self::Spec) -> Option<PositionSource> {
        None
    }
    /// Takes the kept positions of a generation's games (after `tell`), packed in θ
    /// coordinates.
    fn tell_positions(&mut self, _design: &Design) {}
}

/// Where an algorithm that learns from positions gets them.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionSource {
    /// Which positions of the games are kept.
    pub filter: Filter,
    /// What the kept positions are labelled with.
    pub label: Label,
    /// Position files added to every generation's positions.
    pub files: Vec<std::path::PathBuf>,
    /// Which roles a position trains (None: as the games and files give them).
    pub rows: Option<crate::fit::samples::Rows>,
    /// Whether each generation plays games for positions (false: it fits the files
    /// alone).
    pub games: bool,
}
