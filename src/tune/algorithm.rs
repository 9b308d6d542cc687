//! The registry of the algorithms a run can use, each behind one interface
//! ([`Method`], in [`super::method`]): the experiment's `algorithm` field
//! ([`AlgorithmSpec`], e.g. `Es(lambda: 12, sigma: 0.5)`) and the state a checkpoint
//! holds ([`Algorithm`]).
//!
//! Adding an algorithm: write its file (its parameters, their checks, its ask/tell) with
//! an implementation of [`Method`], and add one line to the `algorithms!` list below.

use serde::{Deserialize, Serialize};

use super::cmaes::CmaEs;
use super::es::{Es, EsSpec};
use super::method::{BadParam, Method, PositionSource};
use super::plan::Plan;
use super::spsa::Spsa;
use super::texel::Texel;
use crate::fit::design::Design;
use crate::game::GameRng;

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
