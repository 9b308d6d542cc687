//! The algorithms a run can use, behind one interface ([`Method`]), and the registry that
//! names them: the experiment's `algorithm` field ([`AlgorithmSpec`], e.g.
//! `Es(lambda: 12, sigma: 0.5)`) and the state a checkpoint holds ([`Algorithm`]).
//!
//! Adding an algorithm: write its file (its parameters, their checks, its ask/tell) with
//! an implementation of [`Method`], and add one line to the `algorithms!` list below.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::cmaes::CmaEs;
use super::es::{Es, EsSpec};
use super::plan::Plan;
use super::spsa::Spsa;
use super::texel::Texel;
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

/// What a generation asks to be measured.
#[derive(Clone, Debug)]
pub struct Ask {
    /// Candidate parameter vectors.
    pub candidates: Vec<Vec<f64>>,
    /// The random steps behind them (what `tell` needs).
    pub steps: Vec<Vec<f64>>,
    /// How candidates are measured.
    pub plan: Plan,
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

/// Declares the registry: one line per algorithm, `Variant(Type)`, where the variant is
/// the name the experiment file writes.
macro_rules! algorithms {
    ($($(#[$doc:meta])* $variant:ident($ty:ty),)+) => {
        /// The tuning algorithm and its parameters, chosen by one field.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum AlgorithmSpec {
            $($(#[$doc])* $variant(<$ty as Method>::Spec),)+
        }

        /// An algorithm and its state.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum Algorithm {
            $($(#[$doc])* $variant($ty),)+
        }

        impl AlgorithmSpec {
            /// The algorithm's short name.
            pub fn name(&self) -> &'static str {
                match self { $(AlgorithmSpec::$variant(_) => <$ty as Method>::NAME,)+ }
            }

            /// Checks the parameters.
            pub fn check(&self) -> Result<(), BadParam> {
                match self { $(AlgorithmSpec::$variant(s) => <$ty as Method>::check(s),)+ }
            }

            /// Candidates per generation.
            pub fn candidates(&self) -> u64 {
                match self { $(AlgorithmSpec::$variant(s) => <$ty as Method>::candidates(s),)+ }
            }

            /// How candidates are measured.
            pub fn plan(&self) -> Plan {
                match self { $(AlgorithmSpec::$variant(_) => <$ty as Method>::PLAN,)+ }
            }

            /// Where the positions come from, for algorithms that learn from them.
            pub fn position_source(&self) -> Option<PositionSource> {
                match self {
                    $(AlgorithmSpec::$variant(s) => <$ty as Method>::position_source(s),)+
                }
            }
        }

        impl Algorithm {
            /// A new algorithm at θ₀; `generations` is how many the run plans.
            pub fn new(spec: &AlgorithmSpec, theta0: Vec<f64>, generations: u32) -> Self {
                match spec {
                    $(AlgorithmSpec::$variant(s) =>
                        Algorithm::$variant(<$ty as Method>::start(s, theta0, generations)),)+
                }
            }

            /// This generation's candidates, drawn from `rng`.
            pub fn ask(&self, rng: &mut GameRng) -> Ask {
                let (candidates, steps, plan) = match self {
                    $(Algorithm::$variant(a) => {
                        let (c, s) = a.ask(rng);
                        (c, s, <$ty as Method>::PLAN)
                    })+
                };
                Ask { candidates, steps, plan }
            }

            /// Takes the results of `ask`, read as its plan reads them.
            pub fn tell(&mut self, ask: &Ask, results: &[f64]) {
                match self { $(Algorithm::$variant(a) => a.tell(&ask.steps, results),)+ }
            }

            /// Takes the positions of a generation's games.
            pub fn tell_positions(&mut self, design: &Design) {
                match self { $(Algorithm::$variant(a) => a.tell_positions(design),)+ }
            }

            /// The current estimate of the best parameters.
            pub fn mean(&self) -> &[f64] {
                match self { $(Algorithm::$variant(a) => a.mean(),)+ }
            }

            /// Moves the estimate to `theta`, keeping the rest of the state.
            pub fn set_mean(&mut self, theta: &[f64]) {
                match self { $(Algorithm::$variant(a) => a.set_mean(theta),)+ }
            }

            /// The current step size.
            pub fn sigma(&self) -> f64 {
                match self { $(Algorithm::$variant(a) => a.sigma(),)+ }
            }
        }
    };
}

algorithms! {
    /// (μ/μ_w, λ) evolution strategy with mirrored Gaussian mutation and cumulative
    /// step-size adaptation.
    Es(Es),
    /// CMA-ES (Hansen) with rank-based weights.
    CmaEs(CmaEs),
    /// SPSA as fishtest runs it: θ+cΔ against θ−cΔ in game pairs.
    Spsa(Spsa),
    /// Texel tuning: fit the weights to the labelled quiet positions of the games.
    Texel(Texel),
}

impl Default for AlgorithmSpec {
    fn default() -> Self {
        AlgorithmSpec::Es(EsSpec {
            lambda: 8,
            mu: None,
            sigma: 0.3,
        })
    }
}
