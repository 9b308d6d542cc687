//! The Gaussian search ES and CMA-ES share ([`Gaussian`]): a mean and a step size σ.
//! Each generation draws standard normal samples, shapes each into a step (the
//! algorithm's [`Shape`]: ES mirrors the samples, CMA-ES scales and rotates them by a
//! learned covariance), plays mean + σ·step, and learns from the samples ranked best
//! first: the mean moves by σ times the shape's recombined step and σ by the shape's
//! factor, which both take from cumulative step-size adaptation ([`Csa`]).

use std::borrow::Cow;

use rand_distr::{Distribution, StandardNormal};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::linalg::{chi_n, norm};
use super::method::{BadParam, Method};
use super::plan::Plan;
use crate::game::GameRng;

/// What a Gaussian algorithm adds to the shared search: its parameters, how it shapes
/// samples into steps and what it learns from a ranked generation.
pub trait Shape: Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned {
    /// The parameters in the experiment file.
    type Spec: Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// The short name in logs and provenance.
    const NAME: &'static str;

    /// Checks the parameters.
    fn check(spec: &Self::Spec) -> Result<(), BadParam>;
    /// Candidates per generation.
    fn candidates(spec: &Self::Spec) -> u64;
    /// A new shape for `n` weights, and the initial σ.
    fn start(spec: &Self::Spec, n: usize) -> (Self, f64);
    /// A generation's standard normal samples, `n` numbers each.
    fn sample(&self, n: usize, rng: &mut GameRng) -> Vec<Vec<f64>>;
    /// The step in weight space (before σ) of sample `z`.
    fn step<'z>(&self, z: &'z [f64]) -> Cow<'z, [f64]>;
    /// Learns from the samples `zs` of `n` numbers, `order` ranking them best first;
    /// returns the mean's step (before σ) and σ's factor.
    fn learn(&mut self, n: usize, zs: &[Vec<f64>], order: &[usize]) -> (Vec<f64>, f64);
}

/// A Gaussian algorithm's state (all a checkpoint needs): the mean and σ, and its
/// shape's own state, written beside them (`{"mean":…,"sigma":…,<the shape's fields>}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gaussian<S> {
    /// The mean.
    pub mean: Vec<f64>,
    /// The step size.
    pub sigma: f64,
    /// The algorithm's own state.
    #[serde(flatten)]
    pub shape: S,
}

impl<S: Shape> Gaussian<S> {
    /// The standard normal samples of a generation.
    pub fn sample(&self, rng: &mut GameRng) -> Vec<Vec<f64>> {
        self.shape.sample(self.mean.len(), rng)
    }

    /// The candidate for sample `z`: mean + σ·step.
    pub fn candidate(&self, z: &[f64]) -> Vec<f64> {
        let y = self.shape.step(z);
        self.mean
            .iter()
            .zip(y.iter())
            .map(|(m, y)| m + self.sigma * y)
            .collect()
    }

    /// Updates the mean, the shape and σ from the fitness of each sample's candidate.
    pub fn tell(&mut self, zs: &[Vec<f64>], fitness: &[f64]) {
        let order = best_first(zs.len(), fitness);
        let (step, factor) = self.shape.learn(self.mean.len(), zs, &order);
        for (m, s) in self.mean.iter_mut().zip(&step) {
            *m += self.sigma * s;
        }
        self.sigma *= factor;
    }
}

impl<S: Shape> Method for Gaussian<S> {
    type Spec = S::Spec;
    const NAME: &'static str = S::NAME;
    const PLAN: Plan = Plan::AgainstPool;

    fn check(spec: &S::Spec) -> Result<(), BadParam> {
        S::check(spec)
    }

    fn candidates(spec: &S::Spec) -> u64 {
        S::candidates(spec)
    }

    fn start(spec: &S::Spec, theta0: Vec<f64>, _generations: u32) -> Self {
        let (shape, sigma) = S::start(spec, theta0.len());
        Gaussian {
            mean: theta0,
            sigma,
            shape,
        }
    }

    fn ask(&self, rng: &mut GameRng) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let steps = self.sample(rng);
        (steps.iter().map(|z| self.candidate(z)).collect(), steps)
    }

    fn tell(&mut self, steps: &[Vec<f64>], fitness: &[f64]) {
        Gaussian::tell(self, steps, fitness);
    }

    fn mean(&self) -> &[f64] {
        &self.mean
    }

    fn set_mean(&mut self, theta: &[f64]) {
        self.mean = theta.to_vec();
    }

    fn sigma(&self) -> f64 {
        self.sigma
    }
}

/// `n` standard normal numbers.
pub fn standard_normal(n: usize, rng: &mut GameRng) -> Vec<f64> {
    (0..n).map(|_| StandardNormal.sample(rng)).collect()
}

/// The first `count` samples, best first by `fitness`; ties keep sampling order so the
/// update is deterministic.
pub fn best_first(count: usize, fitness: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
    order
}

/// Cumulative step-size adaptation (CSA): an evolution path of the recombined steps,
/// and σ's factor from its length against that of a random path.
#[derive(Clone, Copy, Debug)]
pub struct Csa {
    /// The path's learning rate c_σ.
    pub c_s: f64,
    /// σ's damping d_σ.
    pub d_s: f64,
    /// The recombination's variance-effective size μ_eff.
    pub mu_eff: f64,
}

impl Csa {
    /// The constants for `n` weights and μ_eff (Hansen's defaults).
    pub fn new(n: usize, mu_eff: f64) -> Self {
        let nf = n as f64;
        let c_s = (mu_eff + 2.0) / (nf + mu_eff + 5.0);
        let d_s = 1.0 + 2.0 * (((mu_eff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + c_s;
        Csa { c_s, d_s, mu_eff }
    }

    /// Moves `path` toward the recombined step `v` (in isotropic coordinates).
    pub fn advance(&self, path: &mut [f64], v: &[f64]) {
        let k = (self.c_s * (2.0 - self.c_s) * self.mu_eff).sqrt();
        for (p, v) in path.iter_mut().zip(v) {
            *p = (1.0 - self.c_s) * *p + k * v;
        }
    }

    /// σ's factor for `path` in `n` dimensions: above 1 when the path is longer than a
    /// random one (steps agree: lengthen them), below when shorter.
    pub fn factor(&self, path: &[f64], n: usize) -> f64 {
        ((self.c_s / self.d_s) * (norm(path) / chi_n(n) - 1.0)).exp()
    }
}
