//! The fit: per role, the logistic scale K first (a golden-section search on log K with
//! the start weights) and, when the labels blend in search scores, the score scale Ks
//! (the same search on the rows' own (score, result) pairs), then θ by full-batch Adam on the mean loss plus an L2 pull toward
//! the start θ₀, projected into the weights' bounds after every step (an engine's
//! declared ranges: a weight held at its bound lets the others adapt to it, where a
//! clamp after the fit would leave them fitted to a value it cannot have).
//!
//! Why Adam and not a crate's L-BFGS: the loss is smooth and the gradient exact, so
//! either converges; Adam is a dozen lines, needs no line search over a noisy f32 sum,
//! and adding argmin (with its math backend) would cost more compile time than the
//! whole fit on this project's 2-core build machines.

use serde::{Deserialize, Serialize};

use super::design::{Design, Loss};
use crate::tunables::{
    TEXEL_ADAM_BETA1, TEXEL_ADAM_BETA2, TEXEL_ADAM_EPS, TEXEL_BOUND_ROUNDS, TEXEL_K_ITERATIONS,
    TEXEL_K_RANGE,
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
    /// The search scores' share of the labels: label = (1 − w)·result +
    /// w·sigmoid(Ks·score), Ks the role's score scale ([`fit_score_scale`]).
    #[serde(default)]
    pub search_weight: f64,
}

/// Which scale turns a row's search score into the win chance blended into its label.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScoreScale {
    /// Ks fitted per role on the rows' own (score, result) pairs ([`fit_score_scale`]):
    /// for scores in another evaluation's units (a datagen search's, an engine's).
    #[default]
    Fitted,
    /// The model's own K per role: for scores of a search of the evaluation being
    /// fitted (Texel's `label: Search`), which are in the units K is fitted in. A
    /// fitted Ks does not fit them: a few forced results (±10⁷) set its search range
    /// (K·spread within TEXEL_K_RANGE) about 1,000 times too low, and every other
    /// score's win chance comes out ½ (issue #41).
    Model,
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fitted {
    /// The weights.
    pub theta: Vec<f64>,
    /// The scale per role.
    pub k: [f64; 2],
    /// The score scale per role (NaN when the labels had no scores).
    #[serde(default = "no_scale")]
    pub score_scale: [f64; 2],
    /// The loss (without the L2 term) before and after.
    pub loss_before: f64,
    /// See `loss_before`.
    pub loss_after: f64,
}

fn no_scale() -> [f64; 2] {
    [f64::NAN; 2]
}

/// The golden-section minimum of `f` over log x in `[lo, hi]` (x > 0).
pub(super) fn golden_log(lo: f64, hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (lo.ln(), hi.ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let g = |lk: f64| f(lk.exp());
    let (mut c, mut e) = (b - phi * (b - a), a + phi * (b - a));
    let (mut fc, mut fe) = (g(c), g(e));
    for _ in 0..TEXEL_K_ITERATIONS {
        if fc <= fe {
            b = e;
            (e, fe) = (c, fc);
            c = b - phi * (b - a);
            fc = g(c);
        } else {
            a = c;
            (c, fc) = (e, fe);
            e = a + phi * (b - a);
            fe = g(e);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Role `r`'s score scale: the Ks for which sigmoid(Ks·score) best predicts the result
/// on the role's rows that have both (a 1-D logistic fit under `loss`), so scores in
/// any evaluation's units (a datagen search's, an engine's) become win chances. NaN
/// when no row has both or the scores never vary.
pub fn fit_score_scale(d: &Design, r: usize, loss: Loss) -> f64 {
    let rd = &d.roles[r];
    let pairs: Vec<(f64, f64)> = (0..rd.rows)
        .filter(|&i| !rd.score[i].is_nan() && !rd.result[i].is_nan())
        .map(|i| (rd.score[i] as f64, rd.result[i] as f64))
        .collect();
    if pairs.is_empty() {
        return f64::NAN;
    }
    let n = pairs.len() as f64;
    let mean = pairs.iter().map(|p| p.0).sum::<f64>() / n;
    let spread = (pairs.iter().map(|p| (p.0 - mean).powi(2)).sum::<f64>() / n).sqrt();
    if spread.is_nan() || spread <= 0.0 {
        return f64::NAN;
    }
    let f = |ks: f64| {
        pairs
            .iter()
            .map(|&(score, y)| {
                let p = 1.0 / (1.0 + (-ks * score).exp());
                match loss {
                    Loss::Mse => (p - y).powi(2),
                    Loss::LogLoss => {
                        let p = p.clamp(1e-9, 1.0 - 1e-9);
                        -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
                    }
                }
            })
            .sum::<f64>()
    };
    golden_log(TEXEL_K_RANGE.0 / spread, TEXEL_K_RANGE.1 / spread, f)
}

/// The scale K of role `r` minimising its loss at θ (1 when the role has no rows or
/// its evaluation never varies).
pub fn fit_k(d: &Design, r: usize, theta: &[f64], loss: Loss) -> f64 {
    let spread = d.eval_spread(r, theta);
    if d.roles[r].rows == 0 || spread <= 0.0 {
        return 1.0;
    }
    // K·spread runs over TEXEL_K_RANGE; search in log space.
    golden_log(TEXEL_K_RANGE.0 / spread, TEXEL_K_RANGE.1 / spread, |k| {
        d.role_loss(r, theta, k, loss)
    })
}

/// Fits θ from `theta` (K per role first, on the results), pulled toward `theta0` by
/// L2; with search scores in the rows and a search weight, θ is fitted to the labels
/// blended at each role's score scale ([`fit_score_scale`]): [`fit_at`] with
/// [`ScoreScale::Fitted`].
pub fn fit(d: &Design, theta: &[f64], theta0: &[f64], s: &FitSettings) -> Fitted {
    fit_at(d, theta, theta0, s, ScoreScale::Fitted)
}

/// [`fit`], the search scores turned into win chances at `scale`. When the fit ends
/// with a weight at one of its bounds, θ is halved, K doubled and θ refitted (at most
/// [`TEXEL_BOUND_ROUNDS`] fits): a larger K lets the weights reach the same win
/// chances at a smaller scale, away from the bounds (what an engine's search sees is
/// the ratios of its constants, not their scale).
pub fn fit_at(
    d: &Design,
    theta: &[f64],
    theta0: &[f64],
    s: &FitSettings,
    scale: ScoreScale,
) -> Fitted {
    let mut k = [0, 1].map(|r| fit_k(d, r, theta, s.loss));
    let mut score_scale = no_scale();
    let relabelled;
    let d = if s.search_weight > 0.0 && d.has_scores() {
        let mut r = d.clone();
        let ks = match scale {
            ScoreScale::Model => k,
            ScoreScale::Fitted => {
                score_scale = [0, 1].map(|r| fit_score_scale(d, r, s.loss));
                // A role whose scores say nothing of its results (all draws, one
                // score) keeps the model's scale.
                [0, 1].map(|i| {
                    if score_scale[i].is_finite() {
                        score_scale[i]
                    } else {
                        k[i]
                    }
                })
            }
        };
        r.relabel(ks, s.search_weight);
        relabelled = r;
        &relabelled
    } else {
        d
    };
    let loss_before = d.loss_grad(theta, k, s.loss, None);
    let mut t = adam(d, theta, theta0, s, k);
    for _ in 1..TEXEL_BOUND_ROUNDS {
        if !at_a_bound(d, &t) {
            break;
        }
        // Half the weights at twice the scale: the same win chances (but for the
        // untuned part of the evaluation), with room to move away from the bound.
        t.iter_mut().for_each(|x| *x /= 2.0);
        k = k.map(|x| 2.0 * x);
        t = adam(d, &t, theta0, s, k);
    }
    let loss_after = d.loss_grad(&t, k, s.loss, None);
    Fitted {
        theta: t,
        k,
        score_scale,
        loss_before,
        loss_after,
    }
}

/// Full-batch Adam from `theta` at scales `k`, each step projected into the bounds.
fn adam(d: &Design, theta: &[f64], theta0: &[f64], s: &FitSettings, k: [f64; 2]) -> Vec<f64> {
    let n = theta.len();
    let mut t = theta.to_vec();
    let (mut m, mut v, mut g) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let (b1, b2) = (TEXEL_ADAM_BETA1, TEXEL_ADAM_BETA2);
    for step in 1..=s.steps {
        d.loss_grad(&t, k, s.loss, Some(&mut g));
        let (c1, c2) = (1.0 - b1.powi(step as i32), 1.0 - b2.powi(step as i32));
        for i in 0..n {
            let gi = g[i] + 2.0 * s.l2 * (t[i] - theta0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            t[i] -= s.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + TEXEL_ADAM_EPS);
            if let Some((lo, hi)) = d.bounds[i] {
                t[i] = t[i].clamp(lo, hi);
            }
        }
    }
    t
}

/// Whether a coordinate of θ sits at one of its bounds.
fn at_a_bound(d: &Design, t: &[f64]) -> bool {
    d.bounds
        .iter()
        .zip(t)
        .any(|(b, &x)| b.is_some_and(|(lo, hi)| x <= lo || x >= hi))
}
