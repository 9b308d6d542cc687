//! CMA-ES (Hansen's covariance matrix adaptation): adapts a full covariance of the
//! mutation distribution as well as its step size, so correlated weights (a feature and
//! its near-complement) are searched along their valley rather than across it.
//! Formulas as in Hansen's tutorial (2016), with the default population parameters.

use rand_distr::{Distribution, StandardNormal};
use serde::{Deserialize, Serialize};

use super::linalg::{chi_n, identity, norm, recombination_weights, symmetric_eigen, Matrix};
use super::method::{positive, BadParam, Method};
use super::plan::Plan;
use crate::game::GameRng;

/// The experiment's `CmaEs(lambda: .., sigma: ..)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CmaEsSpec {
    /// Candidates per generation.
    pub lambda: u32,
    /// Initial step size in normalised weight units.
    pub sigma: f64,
}

/// The CMA-ES state (all a checkpoint needs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CmaEs {
    /// The mean.
    pub mean: Vec<f64>,
    /// The step size.
    pub sigma: f64,
    /// The covariance matrix.
    pub cov: Matrix,
    /// Its eigenvectors (columns).
    pub basis: Matrix,
    /// The square roots of its eigenvalues.
    pub scales: Vec<f64>,
    /// Evolution path of the covariance.
    pub path_c: Vec<f64>,
    /// Evolution path of the step size.
    pub path_s: Vec<f64>,
    /// Candidates per generation.
    pub lambda: usize,
    /// Generations told so far.
    pub generation: u64,
}

impl CmaEs {
    /// A new CMA-ES around `mean`.
    pub fn new(mean: Vec<f64>, sigma: f64, lambda: usize) -> Self {
        let n = mean.len();
        CmaEs {
            mean,
            sigma,
            cov: identity(n),
            basis: identity(n),
            scales: vec![1.0; n],
            path_c: vec![0.0; n],
            path_s: vec![0.0; n],
            lambda,
            generation: 0,
        }
    }

    /// The standard normal samples of a generation.
    pub fn sample(&self, rng: &mut GameRng) -> Vec<Vec<f64>> {
        let n = self.mean.len();
        (0..self.lambda)
            .map(|_| (0..n).map(|_| StandardNormal.sample(rng)).collect())
            .collect()
    }

    /// y = B·D·z, the step in weight space before σ.
    fn shaped(&self, z: &[f64]) -> Vec<f64> {
        let n = self.mean.len();
        (0..n)
            .map(|i| {
                (0..n)
                    .map(|k| self.basis[i][k] * self.scales[k] * z[k])
                    .sum()
            })
            .collect()
    }

    /// The candidate for sample `z`.
    pub fn candidate(&self, z: &[f64]) -> Vec<f64> {
        let y = self.shaped(z);
        self.mean
            .iter()
            .zip(&y)
            .map(|(m, y)| m + self.sigma * y)
            .collect()
    }

    /// Updates mean, paths, covariance and step size from the candidates' fitness.
    pub fn tell(&mut self, zs: &[Vec<f64>], fitness: &[f64]) {
        let n = self.mean.len();
        let nf = n as f64;
        let mu = self.lambda / 2;
        let (w, mu_eff) = recombination_weights(mu);
        let c_c = (4.0 + mu_eff / nf) / (nf + 4.0 + 2.0 * mu_eff / nf);
        let c_s = (mu_eff + 2.0) / (nf + mu_eff + 5.0);
        let c_1 = 2.0 / ((nf + 1.3).powi(2) + mu_eff);
        let c_mu =
            (1.0 - c_1).min(2.0 * (mu_eff - 2.0 + 1.0 / mu_eff) / ((nf + 2.0).powi(2) + mu_eff));
        let d_s = 1.0 + 2.0 * (((mu_eff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + c_s;

        let mut order: Vec<usize> = (0..zs.len()).collect();
        order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
        let ys: Vec<Vec<f64>> = order[..mu].iter().map(|&k| self.shaped(&zs[k])).collect();
        let zw: Vec<f64> = (0..n)
            .map(|i| w.iter().zip(&order).map(|(wi, &k)| wi * zs[k][i]).sum())
            .collect();
        let yw: Vec<f64> = (0..n)
            .map(|i| w.iter().zip(&ys).map(|(wi, y)| wi * y[i]).sum())
            .collect();
        for (m, y) in self.mean.iter_mut().zip(&yw) {
            *m += self.sigma * y;
        }
        // C^{-1/2}·y_w = B·z_w (z are in the eigenbasis already scaled by D).
        let bz: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|k| self.basis[i][k] * zw[k]).sum())
            .collect();
        let ks = (c_s * (2.0 - c_s) * mu_eff).sqrt();
        for (p, v) in self.path_s.iter_mut().zip(&bz) {
            *p = (1.0 - c_s) * *p + ks * v;
        }
        self.generation += 1;
        let ps_norm = norm(&self.path_s);
        let h_sig =
            ps_norm / (1.0 - (1.0 - c_s).powi(2 * self.generation as i32)).sqrt() / chi_n(n)
                < 1.4 + 2.0 / (nf + 1.0);
        let h = if h_sig { 1.0 } else { 0.0 };
        let kc = (c_c * (2.0 - c_c) * mu_eff).sqrt();
        for (p, y) in self.path_c.iter_mut().zip(&yw) {
            *p = (1.0 - c_c) * *p + h * kc * y;
        }
        let delta = (1.0 - h) * c_c * (2.0 - c_c);
        for i in 0..n {
            for j in 0..n {
                let rank_mu: f64 = w.iter().zip(&ys).map(|(wi, y)| wi * y[i] * y[j]).sum();
                self.cov[i][j] = (1.0 - c_1 - c_mu) * self.cov[i][j]
                    + c_1 * (self.path_c[i] * self.path_c[j] + delta * self.cov[i][j])
                    + c_mu * rank_mu;
            }
        }
        self.sigma *= ((c_s / d_s) * (ps_norm / chi_n(n) - 1.0)).exp();
        // Keep C symmetric against rounding, then refresh B and D.
        for i in 0..n {
            for j in 0..i {
                let v = 0.5 * (self.cov[i][j] + self.cov[j][i]);
                self.cov[i][j] = v;
                self.cov[j][i] = v;
            }
        }
        let (eig, basis) = symmetric_eigen(&self.cov);
        self.scales = eig.iter().map(|e| e.max(1e-20).sqrt()).collect();
        self.basis = basis;
    }
}

impl Method for CmaEs {
    type Spec = CmaEsSpec;
    const NAME: &'static str = "cmaes";
    const PLAN: Plan = Plan::AgainstPool;

    fn check(spec: &CmaEsSpec) -> Result<(), BadParam> {
        if spec.lambda < 4 {
            return Err(BadParam {
                field: "lambda",
                message: format!("{}: must be at least 4", spec.lambda),
            });
        }
        positive("sigma", spec.sigma)
    }

    fn candidates(spec: &CmaEsSpec) -> u64 {
        spec.lambda as u64
    }

    fn start(spec: &CmaEsSpec, theta0: Vec<f64>, _generations: u32) -> Self {
        CmaEs::new(theta0, spec.sigma, spec.lambda as usize)
    }

    fn ask(&self, rng: &mut GameRng) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let steps = self.sample(rng);
        (steps.iter().map(|z| self.candidate(z)).collect(), steps)
    }

    fn tell(&mut self, steps: &[Vec<f64>], fitness: &[f64]) {
        CmaEs::tell(self, steps, fitness);
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
    fn solves_an_ill_conditioned_ellipsoid() {
        // Maximise -Σ 10^(3i/(n-1)) (x_i - 1)²: CMA-ES learns the scaling.
        let n = 6;
        let f = |x: &[f64]| -> f64 {
            -(0..n)
                .map(|i| 10f64.powf(3.0 * i as f64 / (n - 1) as f64) * (x[i] - 1.0).powi(2))
                .sum::<f64>()
        };
        let mut cma = CmaEs::new(vec![0.0; n], 0.5, 10);
        let mut rng = GameRng::seed_from_u64(5);
        for _ in 0..300 {
            let zs = cma.sample(&mut rng);
            let fit: Vec<f64> = zs.iter().map(|z| f(&cma.candidate(z))).collect();
            cma.tell(&zs, &fit);
        }
        assert!(f(&cma.mean) > -1e-6, "{:?} {}", cma.mean, f(&cma.mean));
    }
}
