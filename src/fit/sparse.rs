//! The sparse fit of table weights: each row holds the stored indices of the entries its
//! position activates (one per tuple) instead of a dense vector, so a million positions
//! against ten thousand weights fit in a few hundred megabytes.
//!
//! The model is the hand genome plus the tables: `eval = bias + Σ tⱼ` over the row's
//! active entries, where the bias is the start genome's hand evaluation (kept fixed: the
//! tables learn what the hand features miss). The fit works in logit units, `uⱼ = K·tⱼ`
//! with the scale K fitted first on the hand evaluation alone, minimising the mean loss
//! of sigmoid(K·bias + Σ uⱼ) against the label plus `l2 · Σ uⱼ²`, by full-batch Adam.
//! Rows are split into [`GROUPS`] fixed groups whose gradients are summed in order, so
//! the result does not depend on the thread count.

use rayon::prelude::*;

use super::design::Loss;
use super::solver::golden_log;
use crate::tunables::TEXEL_K_RANGE;

/// Fixed row groups of a loss-and-gradient pass (the parallel tasks).
pub const GROUPS: usize = 32;

/// One role's rows: per row its active entries, its hand evaluation and its label.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SparseRows {
    /// Active entries per row (the layout's tuple count).
    pub per_row: usize,
    /// Rows × `per_row` stored weight indices.
    pub active: Vec<u32>,
    /// Per row: the start genome's hand evaluation, in evaluation units.
    pub bias: Vec<f32>,
    /// Per row: the label, 0 to 1.
    pub label: Vec<f32>,
}

/// How the sparse fit runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SparseSettings {
    /// Adam steps.
    pub steps: u32,
    /// Adam's step size, in logit units.
    pub rate: f64,
    /// The loss.
    pub loss: Loss,
}

impl SparseRows {
    /// No rows, `per_row` active entries each.
    pub fn new(per_row: usize) -> Self {
        SparseRows {
            per_row,
            ..Default::default()
        }
    }

    /// Adds a row.
    ///
    /// # Panics
    /// If `active` does not hold `per_row` entries.
    pub fn push(&mut self, active: &[u32], bias: f32, label: f32) {
        assert_eq!(active.len(), self.per_row, "one active entry per tuple");
        self.active.extend_from_slice(active);
        self.bias.push(bias);
        self.label.push(label);
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.label.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.label.is_empty()
    }

    /// Bytes the rows hold.
    pub fn bytes(&self) -> usize {
        self.active.len() * 4 + self.bias.len() * 4 + self.label.len() * 4
    }

    /// The row range of group `g` of [`GROUPS`].
    fn group(&self, g: usize) -> std::ops::Range<usize> {
        let n = self.len();
        n * g / GROUPS..n * (g + 1) / GROUPS
    }

    /// The logit of row `i` at scale `k` and table weights `u` (logit units).
    #[inline]
    fn logit(&self, i: usize, k: f64, u: &[f64]) -> f64 {
        let active = &self.active[i * self.per_row..(i + 1) * self.per_row];
        k * f64::from(self.bias[i]) + active.iter().map(|&j| u[j as usize]).sum::<f64>()
    }
}

/// The loss of a logit `z` against label `y`, and its derivative in `z`.
#[inline]
fn loss_and_slope(z: f64, y: f64, loss: Loss) -> (f64, f64) {
    let p = 1.0 / (1.0 + (-z).exp());
    match loss {
        Loss::Mse => ((p - y).powi(2), 2.0 * (p - y) * p * (1.0 - p)),
        Loss::LogLoss => {
            let q = p.clamp(1e-12, 1.0 - 1e-12);
            (-(y * q.ln() + (1.0 - y) * (1.0 - q).ln()), p - y)
        }
    }
}

/// The mean loss of `rows` at scale `k` and weights `u` (no L2 term).
pub fn mean_loss(rows: &SparseRows, k: f64, u: &[f64], loss: Loss) -> f64 {
    let sums: Vec<f64> = (0..GROUPS)
        .into_par_iter()
        .map(|g| {
            rows.group(g)
                .map(|i| loss_and_slope(rows.logit(i, k, u), f64::from(rows.label[i]), loss).0)
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / rows.len().max(1) as f64
}

/// The mean loss and writes its gradient in `u` into `grad` (no L2 term).
pub fn loss_grad(rows: &SparseRows, k: f64, u: &[f64], loss: Loss, grad: &mut [f64]) -> f64 {
    grouped_grad(rows.len(), grad, |g, part| {
        let mut sum = 0.0;
        for i in rows.group(g) {
            let (l, slope) = loss_and_slope(rows.logit(i, k, u), f64::from(rows.label[i]), loss);
            sum += l;
            for &j in &rows.active[i * rows.per_row..(i + 1) * rows.per_row] {
                part[j as usize] += slope;
            }
        }
        sum
    })
}

/// The mean over `n` rows of a loss summed in [`GROUPS`] fixed groups: `group(g, part)`
/// adds group `g`'s gradient into `part` (zeroed, one entry per weight) and returns its
/// summed loss; the groups run in parallel and are summed in order (the same result
/// whatever the thread count). Writes the mean gradient into `grad`.
pub fn grouped_grad(
    n: usize,
    grad: &mut [f64],
    group: impl Fn(usize, &mut [f64]) -> f64 + Sync,
) -> f64 {
    let width = grad.len();
    let parts: Vec<(f64, Vec<f64>)> = (0..GROUPS)
        .into_par_iter()
        .map(|g| {
            let mut part = vec![0.0; width];
            let sum = group(g, &mut part);
            (sum, part)
        })
        .collect();
    let n = n.max(1) as f64;
    grad.fill(0.0);
    let mut total = 0.0;
    for (sum, part) in parts {
        total += sum;
        for (g, p) in grad.iter_mut().zip(part) {
            *g += p / n;
        }
    }
    total / n
}

/// The scale K for which sigmoid(K·bias) best predicts the labels (1 when the hand
/// evaluation never varies).
pub fn fit_scale(rows: &SparseRows, loss: Loss) -> f64 {
    let n = rows.len().max(1) as f64;
    let mean = rows.bias.iter().map(|&b| f64::from(b)).sum::<f64>() / n;
    let spread = (rows
        .bias
        .iter()
        .map(|&b| (f64::from(b) - mean).powi(2))
        .sum::<f64>()
        / n)
        .sqrt();
    if spread.is_nan() || spread <= 0.0 {
        return 1.0;
    }
    golden_log(TEXEL_K_RANGE.0 / spread, TEXEL_K_RANGE.1 / spread, |k| {
        let pairs = rows.bias.iter().zip(&rows.label);
        pairs
            .map(|(&b, &y)| loss_and_slope(k * f64::from(b), f64::from(y), loss).0)
            .sum::<f64>()
    })
}

/// The scale Ks for which sigmoid(Ks·score) best predicts the results of the
/// (score, result) `pairs` (1 when the scores never vary).
pub fn fit_scale_of(pairs: &[(f32, f32)], loss: Loss) -> f64 {
    let spread = score_spread(pairs);
    if spread <= 0.0 {
        return 1.0;
    }
    golden_log(TEXEL_K_RANGE.0 / spread, TEXEL_K_RANGE.1 / spread, |k| {
        pairs
            .iter()
            .map(|&(s, y)| loss_and_slope(k * f64::from(s), f64::from(y), loss).0)
            .sum::<f64>()
    })
}

/// The standard deviation of the (score, result) pairs' scores (0 for one score or none,
/// or when it is not finite).
pub fn score_spread(pairs: &[(f32, f32)]) -> f64 {
    let n = pairs.len().max(1) as f64;
    let mean = pairs.iter().map(|p| f64::from(p.0)).sum::<f64>() / n;
    let var = pairs
        .iter()
        .map(|p| (f64::from(p.0) - mean).powi(2))
        .sum::<f64>()
        / n;
    if var.is_finite() {
        var.sqrt()
    } else {
        0.0
    }
}

/// Fits the table weights `u` (logit units, `n` of them, from `start`) at scale `k`
/// with L2 `l2` toward zero; returns them.
pub fn fit(rows: &SparseRows, k: f64, start: &[f64], l2: f64, s: &SparseSettings) -> Vec<f64> {
    adam(start, l2, s, |u, grad| {
        loss_grad(rows, k, u, s.loss, grad);
    })
}

/// Full-batch Adam from `start` for `s.steps` steps of size `s.rate`, with L2 `l2`
/// toward zero: `loss_grad(u, grad)` writes the loss's gradient at `u` into `grad`.
pub fn adam(
    start: &[f64],
    l2: f64,
    s: &SparseSettings,
    mut loss_grad: impl FnMut(&[f64], &mut [f64]),
) -> Vec<f64> {
    let (b1, b2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let mut u = start.to_vec();
    let (mut m, mut v) = (vec![0.0; u.len()], vec![0.0; u.len()]);
    let mut grad = vec![0.0; u.len()];
    for step in 1..=s.steps {
        loss_grad(&u, &mut grad);
        let (c1, c2) = (1.0 - b1.powi(step as i32), 1.0 - b2.powi(step as i32));
        for j in 0..u.len() {
            let g = grad[j] + 2.0 * l2 * u[j];
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            u[j] -= s.rate * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
        }
    }
    u
}
