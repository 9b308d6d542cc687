//! CMA-ES (Hansen's covariance matrix adaptation): adapts a full covariance of the
//! mutation distribution as well as its step size, so correlated weights (a feature and
//! its near-complement) are searched along their valley rather than across it.
//! Formulas as in Hansen's tutorial (2016), with the default population parameters.
//! The mean, σ and the ranking are the shared [`Gaussian`] search's; this file is
//! CMA-ES's [`Shape`].

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::gaussian::{standard_normal, Csa, Gaussian, Shape};
use super::linalg::{chi_n, identity, norm, recombination_weights, symmetric_eigen, Matrix};
use super::method::{positive, BadParam};
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

/// The CMA-ES state (all a checkpoint needs): mean, σ and [`Covariance`].
pub type CmaEs = Gaussian<Covariance>;

/// CMA-ES's own state besides the mean and σ.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Covariance {
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
        Gaussian {
            mean,
            sigma,
            shape: Covariance::new(n, lambda),
        }
    }
}

impl Covariance {
    /// The identity covariance in `n` dimensions, paths at rest.
    fn new(n: usize, lambda: usize) -> Self {
        Covariance {
            cov: identity(n),
            basis: identity(n),
            scales: vec![1.0; n],
            path_c: vec![0.0; n],
            path_s: vec![0.0; n],
            lambda,
            generation: 0,
        }
    }

    /// y = B·D·z, the step in weight space before σ.
    fn shaped(&self, z: &[f64]) -> Vec<f64> {
        let n = z.len();
        (0..n)
            .map(|i| {
                (0..n)
                    .map(|k| self.basis[i][k] * self.scales[k] * z[k])
                    .sum()
            })
            .collect()
    }

    /// Updates the covariance's path and the covariance from the best μ steps `ys`
    /// (weights `w`) and their weighted sum `yw`; `h_sig` stalls the path when σ's path
    /// is long (σ is growing fast).
    fn adapt_covariance(
        &mut self,
        (w, mu_eff): (&[f64], f64),
        ys: &[Vec<f64>],
        yw: &[f64],
        h_sig: bool,
    ) {
        let n = yw.len();
        let nf = n as f64;
        let c_c = (4.0 + mu_eff / nf) / (nf + 4.0 + 2.0 * mu_eff / nf);
        let c_1 = 2.0 / ((nf + 1.3).powi(2) + mu_eff);
        let c_mu =
            (1.0 - c_1).min(2.0 * (mu_eff - 2.0 + 1.0 / mu_eff) / ((nf + 2.0).powi(2) + mu_eff));
        let h = if h_sig { 1.0 } else { 0.0 };
        let kc = (c_c * (2.0 - c_c) * mu_eff).sqrt();
        for (p, y) in self.path_c.iter_mut().zip(yw) {
            *p = (1.0 - c_c) * *p + h * kc * y;
        }
        let delta = (1.0 - h) * c_c * (2.0 - c_c);
        for i in 0..n {
            for j in 0..n {
                let rank_mu: f64 = w.iter().zip(ys).map(|(wi, y)| wi * y[i] * y[j]).sum();
                self.cov[i][j] = (1.0 - c_1 - c_mu) * self.cov[i][j]
                    + c_1 * (self.path_c[i] * self.path_c[j] + delta * self.cov[i][j])
                    + c_mu * rank_mu;
            }
        }
    }

    /// Keeps C symmetric against rounding, then refreshes B and D.
    fn refresh_basis(&mut self) {
        let n = self.cov.len();
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

impl Shape for Covariance {
    type Spec = CmaEsSpec;
    const NAME: &'static str = "cmaes";

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

    fn start(spec: &CmaEsSpec, n: usize) -> (Self, f64) {
        (Covariance::new(n, spec.lambda as usize), spec.sigma)
    }

    fn sample(&self, n: usize, rng: &mut GameRng) -> Vec<Vec<f64>> {
        (0..self.lambda).map(|_| standard_normal(n, rng)).collect()
    }

    fn step<'z>(&self, z: &'z [f64]) -> Cow<'z, [f64]> {
        Cow::Owned(self.shaped(z))
    }

    /// The best μ steps' weighted sum is the mean's step; σ's path follows it in the
    /// covariance's own coordinates, and the covariance learns from both.
    fn learn(&mut self, n: usize, zs: &[Vec<f64>], order: &[usize]) -> (Vec<f64>, f64) {
        let nf = n as f64;
        let mu = self.lambda / 2;
        let (w, mu_eff) = recombination_weights(mu);
        let csa = Csa::new(n, mu_eff);
        let ys: Vec<Vec<f64>> = order[..mu].iter().map(|&k| self.shaped(&zs[k])).collect();
        let zw: Vec<f64> = (0..n)
            .map(|i| w.iter().zip(order).map(|(wi, &k)| wi * zs[k][i]).sum())
            .collect();
        let yw: Vec<f64> = (0..n)
            .map(|i| w.iter().zip(&ys).map(|(wi, y)| wi * y[i]).sum())
            .collect();
        // C^{-1/2}·y_w = B·z_w (z are in the eigenbasis already scaled by D).
        let bz: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|k| self.basis[i][k] * zw[k]).sum())
            .collect();
        csa.advance(&mut self.path_s, &bz);
        self.generation += 1;
        let c_s = csa.c_s;
        let h_sig = norm(&self.path_s)
            / (1.0 - (1.0 - c_s).powi(2 * self.generation as i32)).sqrt()
            / chi_n(n)
            < 1.4 + 2.0 / (nf + 1.0);
        self.adapt_covariance((&w, mu_eff), &ys, &yw, h_sig);
        let factor = csa.factor(&self.path_s, n);
        self.refresh_basis();
        (yw, factor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn checkpoint_text_is_unchanged() {
        // A checkpoint's CMA-ES state: the mean and σ, then CMA-ES's own fields, as
        // before the shared Gaussian search was a type of its own.
        let text = concat!(
            r#"{"mean":[0.5],"sigma":0.25,"cov":[[1.5]],"basis":[[1.0]],"scales":[1.2],"#,
            r#""path_c":[0.1],"path_s":[-0.3],"lambda":6,"generation":3}"#
        );
        let cma: CmaEs = serde_json::from_str(text).unwrap();
        assert_eq!(cma.shape.cov, vec![vec![1.5]]);
        assert_eq!(cma.shape.generation, 3);
        assert_eq!(serde_json::to_string(&cma).unwrap(), text);
    }

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
