//! The (μ/μ_w, λ) evolution strategy: mirrored Gaussian mutations around a mean,
//! log-rank weighted recombination of the best μ, and cumulative step-size adaptation
//! (CSA). Mirrored pairs (m + σz, m − σz) halve the sampling noise of the mean's step.
//! The mean, σ and the ranking are the shared [`Gaussian`] search's; this file is the
//! ES's [`Shape`].

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::gaussian::{standard_normal, Csa, Gaussian, Shape};
use super::linalg::recombination_weights;
use super::method::{positive, BadParam};
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

/// The ES state (all a checkpoint needs): mean, σ and [`Mirrored`].
pub type Es = Gaussian<Mirrored>;

/// The ES's own state besides the mean and σ.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mirrored {
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
        Gaussian {
            mean,
            sigma,
            shape: Mirrored {
                path: vec![0.0; n],
                lambda,
                mu,
            },
        }
    }
}

impl Shape for Mirrored {
    type Spec = EsSpec;
    const NAME: &'static str = "es";

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

    fn start(spec: &EsSpec, n: usize) -> (Self, f64) {
        let lambda = spec.lambda as usize;
        let mu = spec.mu.map_or(lambda / 2, |m| m as usize);
        let shape = Mirrored {
            path: vec![0.0; n],
            lambda,
            mu,
        };
        (shape, spec.sigma)
    }

    /// Mirrored pairs: z, then −z.
    fn sample(&self, n: usize, rng: &mut GameRng) -> Vec<Vec<f64>> {
        let mut zs = Vec::with_capacity(self.lambda);
        for _ in 0..self.lambda / 2 {
            let z = standard_normal(n, rng);
            zs.push(z.iter().map(|v| -v).collect());
            zs.insert(zs.len() - 1, z);
        }
        zs
    }

    /// The sample itself: the ES's steps are isotropic.
    fn step<'z>(&self, z: &'z [f64]) -> Cow<'z, [f64]> {
        Cow::Borrowed(z)
    }

    /// The best μ samples' weighted sum is the mean's step; it also drives the path.
    fn learn(&mut self, n: usize, zs: &[Vec<f64>], order: &[usize]) -> (Vec<f64>, f64) {
        let (w, mu_eff) = recombination_weights(self.mu);
        let mut step = vec![0.0; n];
        for (wi, &k) in w.iter().zip(order) {
            for (s, z) in step.iter_mut().zip(&zs[k]) {
                *s += wi * z;
            }
        }
        let csa = Csa::new(n, mu_eff);
        csa.advance(&mut self.path, &step);
        let factor = csa.factor(&self.path, n);
        (step, factor)
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
    fn checkpoint_text_is_unchanged() {
        // A checkpoint's ES state: the mean and σ, then the ES's own fields, as before
        // the shared Gaussian search was a type of its own.
        let text = r#"{"mean":[0.25,-1.5],"sigma":0.3,"path":[0.1,-0.2],"lambda":4,"mu":2}"#;
        let es: Es = serde_json::from_str(text).unwrap();
        assert_eq!(
            es,
            Es {
                mean: vec![0.25, -1.5],
                sigma: 0.3,
                shape: Mirrored {
                    path: vec![0.1, -0.2],
                    lambda: 4,
                    mu: 2
                }
            }
        );
        assert_eq!(serde_json::to_string(&es).unwrap(), text);
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
