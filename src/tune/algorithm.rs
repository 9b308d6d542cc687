//! The algorithm a run uses, chosen by the experiment's `algorithm` field, behind one
//! ask/tell interface: `ask` gives this generation's candidates (and what each plays),
//! `tell` takes the results. The state is plain data so checkpoints can hold it.

use serde::{Deserialize, Serialize};

use super::cmaes::CmaEs;
use super::es::Es;
use super::experiment::AlgorithmSpec;
use super::spsa::Spsa;
use crate::game::GameRng;

/// An algorithm and its state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Algorithm {
    /// (μ/μ_w, λ)-ES.
    Es(Es),
    /// CMA-ES.
    CmaEs(CmaEs),
    /// SPSA.
    Spsa(Spsa),
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

/// How a generation's candidates are measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Every candidate plays the opponent pool; fitness is its mean score.
    AgainstPool,
    /// Candidate 2i plays candidate 2i+1 (SPSA's θ+ against θ−).
    Pairwise,
}

impl Algorithm {
    /// A new algorithm at θ₀; `generations` sizes SPSA's schedules.
    pub fn new(spec: &AlgorithmSpec, theta0: Vec<f64>, generations: u32) -> Self {
        match *spec {
            AlgorithmSpec::Es { lambda, mu, sigma } => {
                let lambda = lambda as usize;
                Algorithm::Es(Es::new(
                    theta0,
                    sigma,
                    lambda,
                    mu.map_or(lambda / 2, |m| m as usize),
                ))
            }
            AlgorithmSpec::CmaEs { lambda, sigma } => {
                Algorithm::CmaEs(CmaEs::new(theta0, sigma, lambda as usize))
            }
            AlgorithmSpec::Spsa {
                perturbations,
                c_end,
                r_end,
                alpha,
                gamma,
            } => Algorithm::Spsa(Spsa::new(
                theta0,
                generations as u64 * perturbations as u64,
                perturbations as usize,
                c_end,
                r_end,
                alpha.unwrap_or(0.602),
                gamma.unwrap_or(0.101),
            )),
        }
    }

    /// This generation's candidates, drawn from `rng`.
    pub fn ask(&self, rng: &mut GameRng) -> Ask {
        match self {
            Algorithm::Es(es) => {
                let steps = es.sample(rng);
                let candidates = steps.iter().map(|z| es.candidate(z)).collect();
                Ask {
                    candidates,
                    steps,
                    plan: Plan::AgainstPool,
                }
            }
            Algorithm::CmaEs(cma) => {
                let steps = cma.sample(rng);
                let candidates = steps.iter().map(|z| cma.candidate(z)).collect();
                Ask {
                    candidates,
                    steps,
                    plan: Plan::AgainstPool,
                }
            }
            Algorithm::Spsa(spsa) => {
                let steps = spsa.sample(rng);
                let mut candidates = Vec::with_capacity(2 * steps.len());
                for (i, d) in steps.iter().enumerate() {
                    let (plus, minus) = spsa.candidates(i, d);
                    candidates.push(plus);
                    candidates.push(minus);
                }
                Ask {
                    candidates,
                    steps,
                    plan: Plan::Pairwise,
                }
            }
        }
    }

    /// Takes the results: fitness per candidate (pool plan) or wins − losses of each θ+
    /// against its θ− (pairwise plan).
    pub fn tell(&mut self, ask: &Ask, results: &[f64]) {
        match self {
            Algorithm::Es(es) => es.tell(&ask.steps, results),
            Algorithm::CmaEs(cma) => cma.tell(&ask.steps, results),
            Algorithm::Spsa(spsa) => spsa.tell(&ask.steps, results),
        }
    }

    /// The current estimate of the best parameters.
    pub fn mean(&self) -> &[f64] {
        match self {
            Algorithm::Es(es) => &es.mean,
            Algorithm::CmaEs(cma) => &cma.mean,
            Algorithm::Spsa(spsa) => &spsa.theta,
        }
    }

    /// The current step size.
    pub fn sigma(&self) -> f64 {
        match self {
            Algorithm::Es(es) => es.sigma,
            Algorithm::CmaEs(cma) => cma.sigma,
            Algorithm::Spsa(spsa) => spsa.sigma(),
        }
    }
}
