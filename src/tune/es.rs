//! The (μ/μ_w, λ) evolution strategy: mirrored Gaussian mutations around a mean,
//! log-rank weighted recombination of the best μ, and cumulative step-size adaptation
//! (CSA). Mirrored pairs (m + σz, m − σz) halve the sampling noise of the mean's step.

use rand_distr::{Distribution, StandardNormal};
use serde::{Deserialize, Serialize};

use super::linalg::{chi_n, norm, recombination_weights};
use super::method::{positive, BadParam, Method};
use super::plan::Plan;
use crate::game::GameRng;

/// The experiment's `Es(lambda: .., mu: .., sigma: ..)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EsSpec {
    /// Candidates per generation (even: mirrored pairs).
    pub lambda: u32,
    /// Parents recombined (default λ/2).
    #[serde(default)]
    pub mu: Option<u32>,
    /// Initial step size in normalised weight units.
    pub sigma: f64,
}

/// The ES state (all a checkpoint needs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Es {
    /// The mean.
    pub mean: Vec<f64>,
    /// The step size.
    pub sigma: f64,
    /// The evolution path of the step size.
    pub path: Vec<f64>,
    /// Candidates per generation (even).
    pub lambda: usize,
    /// Parents recombined.
    pub mu: usize,
}

impl Es {
    /// A new ES around `mean`.
    pub fn new(mean: Vec<f64>, sigma: f64, lambda: usize, mu: usize) -> Self {
        let n = mean.len();
        Es {
            mean,
            sigma,
            path: vec![0.0; n],
            lambda,
            mu,
        }
    }

    /// The standard normal steps of a generation (candidate = mean + σ·z).
    pub fn sample(&self, rng: &mut GameRng) -> Vec<Vec<f64>> {
        let n = self.mean.len();
        let mut zs = Vec::with_capacity(self.lambda);
        for _ in 0..self.lambda / 2 {
            let z: Vec<f64> = (0..n).map(|_| StandardNormal.sample(rng)).collect();
            zs.push(z.iter().map(|v| -v).collect());
            zs.insert(zs.len() - 1, z);
        }
        zs
    }

    /// The candidate for step `z`.
    pub fn candidate(&self, z: &[f64]) -> Vec<f64> {
        self.mean
            .iter()
            .zip(z)
            .map(|(m, z)| m + self.sigma * z)
            .collect()
    }

    /// Updates the mean and step size from the fitness of each step's candidate.
    pub fn tell(&mut self, zs: &[Vec<f64>], fitness: &[f64]) {
        let n = self.mean.len();
        let mut order: Vec<usize> = (0..zs.len()).collect();
        // Best first; ties keep sampling order so the update is deterministic.
        order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
        let (w, mu_eff) = recombination_weights(self.mu);
        let mut step = vec![0.0; n];
        for (wi, &k) in w.iter().zip(&order) {
            for (s, z) in step.iter_mut().zip(&zs[k]) {
                *s += wi * z;
            }
        }
        for (m, s) in self.mean.iter_mut().zip(&step) {
            *m += self.sigma * s;
        }
        let nf = n as f64;
        let c_s = (mu_eff + 2.0) / (nf + mu_eff + 5.0);
        let d_s = 1.0 + 2.0 * (((mu_eff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + c_s;
        let k = (c_s * (2.0 - c_s) * mu_eff).sqrt();
        for (p, s) in self.path.iter_mut().zip(&step) {
            *p = (1.0 - c_s) * *p + k * s;
        }
        self.sigma *= ((c_s / d_s) * (norm(&self.path) / chi_n(n) - 1.0)).exp();
    }
}

impl Method for Es {
    type Spec = EsSpec;
    const NAME: &'static str = "es";
    const PLAN: Plan = Plan::AgainstPool;

    fn check(spec: &EsSpec) -> Result<(), BadParam> {
        let lambda = spec.lambda;
        if lambda < 2 || lambda % 2 != 0 {
            return Err(BadParam {
                field: "lambda",
                message: format!("{lambda}: must be even and at least 2 (mirrored pairs)"),
            });
        }
        if let Some(mu) = spec.mu {
            if mu == 0 || mu > lambda {
                return Err(BadParam {
                    field: "mu",
                    message: format!("{mu}: must be 1 to lambda"),
                });
            }
        }
        positive("sigma", spec.sigma)
    }

    fn candidates(spec: &EsSpec) -> u64 {
        spec.lambda as u64
    }

    fn start(spec: &EsSpec, theta0: Vec<f64>, _generations: u32) -> Self {
        let lambda = spec.lambda as usize;
        let mu = spec.mu.map_or(lambda / 2, |m| m as usize);
        Es::new(theta0, spec.sigma, lambda, mu)
    }

    fn ask(&self, rng: &mut GameRng) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let steps = self.sample(rng);
        (steps.iter().map(|z| self.candidate(z)).collect(), steps)
    }

    fn tell(&mut self, steps: &[Vec<f64>], fitness: &[f64]) {
        Es::tell(self, steps, fitness);
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn minimises_a_sphere_and_adapts_sigma() {
        // Maximise -|x - 3|²: the mean must reach 3 and σ must shrink.
        let mut es = Es::new(vec![0.0; 5], 1.0, 10, 5);
        let mut rng = GameRng::seed_from_u64(3);
        for _ in 0..200 {
            let zs = es.sample(&mut rng);
            let fit: Vec<f64> = zs
                .iter()
                .map(|z| {
                    -es.candidate(z)
                        .iter()
                        .map(|x| (x - 3.0).powi(2))
                        .sum::<f64>()
                })
                .collect();
            es.tell(&zs, &fit);
        }
        assert!(
            es.mean.iter().all(|m| (m - 3.0).abs() < 0.01),
            "{:?}",
            es.mean
        );
        assert!(es.sigma < 0.05, "{}", es.sigma);
    }

    #[test]
    fn samples_are_mirrored() {
        let es = Es::new(vec![0.0; 3], 1.0, 4, 2);
        let zs = es.sample(&mut GameRng::seed_from_u64(1));
        assert_eq!(zs.len(), 4);
        for pair in zs.chunks(2) {
            for (a, b) in pair[0].iter().zip(&pair[1]) {
                assert_eq!(*a, -*b);
            }
        }
    }
}
