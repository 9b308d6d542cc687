//! The fit: per role, the logistic scale K first (a golden-section search on log K with
//! the start weights), then θ by full-batch Adam on the mean loss plus an L2 pull toward
//! the start θ₀.
//!
//! Why Adam and not a crate's L-BFGS: the loss is smooth and the gradient exact, so
//! either converges; Adam is a dozen lines, needs no line search over a noisy f32 sum,
//! and adding argmin (with its math backend) would cost more compile time than the
//! whole fit on this project's 2-core build machines.

use serde::{Deserialize, Serialize};

use super::design::{Design, Loss};
use crate::tunables::{
    TEXEL_ADAM_BETA1, TEXEL_ADAM_BETA2, TEXEL_ADAM_EPS, TEXEL_K_ITERATIONS, TEXEL_K_RANGE,
};

/// How a fit runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FitSettings {
    /// The loss.
    pub loss: Loss,
    /// Adam steps.
    pub steps: u32,
    /// Adam's learning rate, in θ units.
    pub rate: f64,
    /// L2 strength toward θ₀.
    pub l2: f64,
    /// The search scores' share of the labels ([`super::label::Label::Search`]).
    #[serde(default)]
    pub search_weight: f64,
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fitted {
    /// The weights.
    pub theta: Vec<f64>,
    /// The scale per role.
    pub k: [f64; 2],
    /// The loss (without the L2 term) before and after.
    pub loss_before: f64,
    /// See `loss_before`.
    pub loss_after: f64,
}

/// The scale K of role `r` minimising its loss at θ (1 when the role has no rows or
/// its evaluation never varies).
pub fn fit_k(d: &Design, r: usize, theta: &[f64], loss: Loss) -> f64 {
    let spread = d.eval_spread(r, theta);
    if d.roles[r].rows == 0 || spread <= 0.0 {
        return 1.0;
    }
    // K·spread runs over TEXEL_K_RANGE; search in log space.
    let (mut a, mut b) = (
        (TEXEL_K_RANGE.0 / spread).ln(),
        (TEXEL_K_RANGE.1 / spread).ln(),
    );
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let f = |lk: f64| d.role_loss(r, theta, lk.exp(), loss);
    let (mut c, mut e) = (b - phi * (b - a), a + phi * (b - a));
    let (mut fc, mut fe) = (f(c), f(e));
    for _ in 0..TEXEL_K_ITERATIONS {
        if fc <= fe {
            b = e;
            (e, fe) = (c, fc);
            c = b - phi * (b - a);
            fc = f(c);
        } else {
            a = c;
            (c, fc) = (e, fe);
            e = a + phi * (b - a);
            fe = f(e);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Fits θ from `theta` (K per role first, on the results), pulled toward `theta0` by
/// L2; with search scores in the rows and a search weight, θ is fitted to the labels
/// blended at that K.
pub fn fit(d: &Design, theta: &[f64], theta0: &[f64], s: &FitSettings) -> Fitted {
    let k = [0, 1].map(|r| fit_k(d, r, theta, s.loss));
    let relabelled;
    let d = if s.search_weight > 0.0 && d.has_scores() {
        let mut r = d.clone();
        r.relabel(k, s.search_weight);
        relabelled = r;
        &relabelled
    } else {
        d
    };
    let n = theta.len();
    let mut t = theta.to_vec();
    let (mut m, mut v, mut g) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let loss_before = d.loss_grad(&t, k, s.loss, None);
    let (b1, b2) = (TEXEL_ADAM_BETA1, TEXEL_ADAM_BETA2);
    for step in 1..=s.steps {
        d.loss_grad(&t, k, s.loss, Some(&mut g));
        let (c1, c2) = (1.0 - b1.powi(step as i32), 1.0 - b2.powi(step as i32));
        for i in 0..n {
            let gi = g[i] + 2.0 * s.l2 * (t[i] - theta0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            t[i] -= s.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + TEXEL_ADAM_EPS);
        }
    }
    let loss_after = d.loss_grad(&t, k, s.loss, None);
    Fitted {
        theta: t,
        k,
        loss_before,
        loss_after,
    }
}
