//! SPSA as fishtest runs it: each iteration draws a ±1 flip Δ per parameter, plays
//! θ + cₖΔ against θ − cₖΔ in a game pair, and moves θ += Rₖ·cₖ·(wins − losses)·Δ,
//! with cₖ = c_end·(N/k)^γ, Rₖ = a/(A+k)^α/cₖ², a = r_end·c_end²·(A+N)^α, A = N/10.
//! A generation runs several iterations in parallel from the same θ and applies their
//! updates together (as fishtest's concurrent workers do).

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::method::{positive, within, BadParam, Method};
use super::plan::Plan;
use crate::game::GameRng;

/// The experiment's `Spsa(perturbations: .., c_end: .., r_end: ..)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpsaSpec {
    /// Perturbations per generation (played in parallel, applied together).
    pub perturbations: u32,
    /// Final perturbation size c_end (normalised units).
    pub c_end: f64,
    /// Final learning rate r_end.
    pub r_end: f64,
    /// Step-size decay exponent α (default 0.602).
    #[serde(default)]
    pub alpha: Option<f64>,
    /// Perturbation decay exponent γ (default 0.101).
    #[serde(default)]
    pub gamma: Option<f64>,
}

/// The SPSA state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spsa {
    /// The current parameters.
    pub theta: Vec<f64>,
    /// Iterations done.
    pub k: u64,
    /// Planned iterations N.
    pub n_total: u64,
    /// Perturbations per generation.
    pub perturbations: usize,
    /// c_end.
    pub c_end: f64,
    /// r_end.
    pub r_end: f64,
    /// α.
    pub alpha: f64,
    /// γ.
    pub gamma: f64,
}

impl Spsa {
    /// A new SPSA from θ₀ planned for `n_total` iterations.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        theta: Vec<f64>,
        n_total: u64,
        perturbations: usize,
        c_end: f64,
        r_end: f64,
        alpha: f64,
        gamma: f64,
    ) -> Self {
        Spsa {
            theta,
            k: 0,
            n_total: n_total.max(1),
            perturbations,
            c_end,
            r_end,
            alpha,
            gamma,
        }
    }

    fn c_k(&self, k: u64) -> f64 {
        self.c_end * (self.n_total as f64 / k as f64).powf(self.gamma)
    }

    fn r_k(&self, k: u64) -> f64 {
        let big_a = 0.1 * self.n_total as f64;
        let a = self.r_end * self.c_end.powi(2) * (big_a + self.n_total as f64).powf(self.alpha);
        a / (big_a + k as f64).powf(self.alpha) / self.c_k(k).powi(2)
    }

    /// The current perturbation size (for logs).
    pub fn sigma(&self) -> f64 {
        self.c_k(self.k + 1)
    }

    /// The flips of a generation.
    pub fn sample(&self, rng: &mut GameRng) -> Vec<Vec<f64>> {
        (0..self.perturbations)
            .map(|_| {
                (0..self.theta.len())
                    .map(|_| if rng.random_bool(0.5) { 1.0 } else { -1.0 })
                    .collect()
            })
            .collect()
    }

    /// θ + cΔ and θ − cΔ for the `i`-th flip of the generation.
    pub fn candidates(&self, i: usize, delta: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let c = self.c_k(self.k + 1 + i as u64);
        let plus = self
            .theta
            .iter()
            .zip(delta)
            .map(|(t, d)| t + c * d)
            .collect();
        let minus = self
            .theta
            .iter()
            .zip(delta)
            .map(|(t, d)| t - c * d)
            .collect();
        (plus, minus)
    }

    /// Applies each flip's result: wins − losses of θ+ against θ−.
    pub fn tell(&mut self, deltas: &[Vec<f64>], wins_minus_losses: &[f64]) {
        let mut step = vec![0.0; self.theta.len()];
        for (i, (delta, &wl)) in deltas.iter().zip(wins_minus_losses).enumerate() {
            let k = self.k + 1 + i as u64;
            let g = self.r_k(k) * self.c_k(k) * wl;
            for (s, d) in step.iter_mut().zip(delta) {
                *s += g * d;
            }
        }
        for (t, s) in self.theta.iter_mut().zip(&step) {
            *t += s;
        }
        self.k += deltas.len() as u64;
    }
}

impl Method for Spsa {
    type Spec = SpsaSpec;
    const NAME: &'static str = "spsa";
    const PLAN: Plan = Plan::Pairwise;

    fn check(spec: &SpsaSpec) -> Result<(), BadParam> {
        if spec.perturbations == 0 {
            return Err(BadParam {
                field: "perturbations",
                message: "must be at least 1".into(),
            });
        }
        positive("c_end", spec.c_end)?;
        positive("r_end", spec.r_end)?;
        let exponent = &crate::limits::EXPONENT;
        spec.alpha
            .map_or(Ok(()), |v| within("alpha", v, exponent))?;
        spec.gamma.map_or(Ok(()), |v| within("gamma", v, exponent))
    }

    /// θ+ and θ− of each perturbation.
    fn candidates(spec: &SpsaSpec) -> u64 {
        2 * spec.perturbations as u64
    }

    /// Schedules sized for `generations` × `perturbations` iterations.
    fn start(spec: &SpsaSpec, theta0: Vec<f64>, generations: u32) -> Self {
        Spsa::new(
            theta0,
            generations as u64 * spec.perturbations as u64,
            spec.perturbations as usize,
            spec.c_end,
            spec.r_end,
            spec.alpha.unwrap_or(0.602),
            spec.gamma.unwrap_or(0.101),
        )
    }

    /// Candidates in pairs: θ+ of flip i at 2i, θ− at 2i+1.
    fn ask(&self, rng: &mut GameRng) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let steps = self.sample(rng);
        let mut candidates = Vec::with_capacity(2 * steps.len());
        for (i, d) in steps.iter().enumerate() {
            let (plus, minus) = self.candidates(i, d);
            candidates.push(plus);
            candidates.push(minus);
        }
        (candidates, steps)
    }

    fn tell(&mut self, steps: &[Vec<f64>], wins_minus_losses: &[f64]) {
        Spsa::tell(self, steps, wins_minus_losses);
    }

    fn mean(&self) -> &[f64] {
        &self.theta
    }

    fn set_mean(&mut self, theta: &[f64]) {
        self.theta = theta.to_vec();
    }

    fn sigma(&self) -> f64 {
        Spsa::sigma(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn schedules_end_at_their_final_values() {
        let s = Spsa::new(vec![0.0], 1000, 1, 0.1, 0.002, 0.602, 0.101);
        assert!((s.c_k(1000) - 0.1).abs() < 1e-12);
        // At k = N: R·c² = r_end·c_end², i.e. R = r_end.
        assert!((s.r_k(1000) * s.c_k(1000).powi(2) - 0.002 * 0.01).abs() < 1e-12);
        assert!(s.c_k(1) > s.c_k(1000));
    }

    #[test]
    fn climbs_a_noiseless_slope() {
        // θ+ wins when it is closer to 1 in every coordinate's sum: W−L = sign.
        let mut s = Spsa::new(vec![0.0; 3], 400, 4, 0.1, 0.05, 0.602, 0.101);
        let mut rng = GameRng::seed_from_u64(2);
        for _ in 0..100 {
            let deltas = s.sample(&mut rng);
            let wl: Vec<f64> = (0..deltas.len())
                .map(|i| {
                    let (p, m) = s.candidates(i, &deltas[i]);
                    let d = |x: &[f64]| x.iter().map(|v| (v - 1.0).powi(2)).sum::<f64>();
                    if d(&p) < d(&m) {
                        2.0
                    } else {
                        -2.0
                    }
                })
                .collect();
            s.tell(&deltas, &wl);
        }
        assert!(
            s.theta.iter().all(|t| (t - 1.0).abs() < 0.3),
            "{:?}",
            s.theta
        );
    }
}
