//! The fit's data, packed for speed: for each role, the rows expressed in the tuned
//! coordinates θ (x = unit · feature, so that eval = θ · x + bias, where the bias holds
//! the untuned weights' part), stored column by column in blocks of
//! [`BLOCK`] rows so the evaluation and the gradient vectorise over rows.
//!
//! [`Design::loss_grad`] splits the blocks into fixed groups of [`GROUP`] blocks and
//! sums the groups' results in order, so the figures do not depend on the thread count.

use rayon::prelude::*;

use super::samples::Samples;
use crate::tune::space::Space;

/// Rows per block.
pub const BLOCK: usize = 64;
/// Blocks per parallel task.
pub const GROUP: usize = 64;

/// The loss the fit minimises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Loss {
    /// Mean squared error between sigmoid(K·eval) and the label (Texel's original).
    #[default]
    Mse,
    /// Cross-entropy (log-loss) of sigmoid(K·eval) against the label.
    LogLoss,
}

/// One role's rows in θ coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct RoleDesign {
    /// The θ coordinates this role's evaluation uses, in column order.
    pub cols: Vec<usize>,
    /// Per block: `cols.len()` columns of [`BLOCK`] values.
    pub x: Vec<f32>,
    /// Per row: the untuned weights' part of the evaluation.
    pub bias: Vec<f32>,
    /// Per row: the label.
    pub label: Vec<f32>,
    /// Per row: 1 for a real row, 0 for padding.
    pub mask: Vec<f32>,
    /// Real rows.
    pub rows: usize,
}

/// Both roles' rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Design {
    /// Per role.
    pub roles: [RoleDesign; 2],
    /// Number of θ coordinates.
    pub dims: usize,
}

impl RoleDesign {
    fn new(s: &Samples, role: usize, space: &Space, base: &[Vec<f64>; 2]) -> Self {
        let touches = |d: &crate::tune::space::Dim| d.role == role || d.mirror == Some(role);
        let cols: Vec<usize> = (0..space.len())
            .filter(|&i| touches(&space.dims[i]))
            .collect();
        let mut tuned = vec![false; s.width];
        for &c in &cols {
            tuned[space.dims[c].feature] = true;
        }
        let rows = s.rows(role);
        let padded = rows.div_ceil(BLOCK) * BLOCK;
        let w = cols.len();
        let mut d = RoleDesign {
            x: vec![0.0; padded * w],
            bias: vec![0.0; padded],
            label: vec![0.0; padded],
            mask: vec![0.0; padded],
            cols,
            rows,
        };
        for (i, f) in s.features[role].chunks_exact(s.width).enumerate() {
            let (b, k) = (i / BLOCK, i % BLOCK);
            for (j, &c) in d.cols.iter().enumerate() {
                let dim = &space.dims[c];
                d.x[(b * w + j) * BLOCK + k] = (dim.unit * f[dim.feature] as f64) as f32;
            }
            let bias: f64 = (0..s.width)
                .filter(|&k| !tuned[k])
                .map(|k| base[role][k] * f[k] as f64)
                .sum();
            d.bias[i] = bias as f32;
            d.label[i] = s.labels[role][i];
            d.mask[i] = 1.0;
        }
        d
    }

    /// Sum over this role's rows of the loss, and its gradient added into `grad`
    /// (indexed by θ coordinate), at θ and scale `k`.
    fn loss_grad(&self, theta: &[f64], k: f64, loss: Loss, grad: Option<&mut [f64]>) -> f64 {
        let w = self.cols.len();
        let t: Vec<f32> = self.cols.iter().map(|&c| theta[c] as f32).collect();
        let want_grad = grad.is_some();
        let blocks = self.bias.len() / BLOCK;
        let parts: Vec<(f64, Vec<f64>)> = (0..blocks.div_ceil(GROUP))
            .into_par_iter()
            .map(|gi| {
                let mut g = vec![0.0f32; w];
                let mut l = 0.0f64;
                for b in gi * GROUP..((gi + 1) * GROUP).min(blocks) {
                    l += block(self, b, &t, k as f32, loss, want_grad.then_some(&mut g[..])) as f64;
                }
                (l, g.iter().map(|&v| v as f64).collect())
            })
            .collect();
        let mut total = 0.0;
        let mut acc = vec![0.0; w];
        for (l, g) in parts {
            total += l;
            for (a, v) in acc.iter_mut().zip(&g) {
                *a += v;
            }
        }
        if let Some(grad) = grad {
            for (j, &c) in self.cols.iter().enumerate() {
                grad[c] += acc[j];
            }
        }
        total
    }
}

/// The loss of block `b` (summed over its rows) and, when asked, its gradient with
/// respect to the role's columns added into `g`.
#[inline]
fn block(d: &RoleDesign, b: usize, t: &[f32], k: f32, loss: Loss, g: Option<&mut [f32]>) -> f32 {
    let w = t.len();
    let r = b * BLOCK..(b + 1) * BLOCK;
    let x = &d.x[b * w * BLOCK..(b + 1) * w * BLOCK];
    let mut e = [0.0f32; BLOCK];
    e.copy_from_slice(&d.bias[r.clone()]);
    for (j, &tj) in t.iter().enumerate() {
        let col = &x[j * BLOCK..(j + 1) * BLOCK];
        for i in 0..BLOCK {
            e[i] += tj * col[i];
        }
    }
    let (y, m) = (&d.label[r.clone()], &d.mask[r]);
    let mut l = 0.0f32;
    let mut dl = [0.0f32; BLOCK];
    for i in 0..BLOCK {
        let s = 1.0 / (1.0 + (-k * e[i]).exp());
        let err = s - y[i];
        match loss {
            Loss::Mse => {
                l += m[i] * err * err;
                dl[i] = m[i] * 2.0 * err * s * (1.0 - s) * k;
            }
            Loss::LogLoss => {
                let s = s.clamp(1e-6, 1.0 - 1e-6);
                l -= m[i] * (y[i] * s.ln() + (1.0 - y[i]) * (1.0 - s).ln());
                dl[i] = m[i] * err * k;
            }
        }
    }
    if let Some(g) = g {
        for (j, gj) in g.iter_mut().enumerate() {
            let col = &x[j * BLOCK..(j + 1) * BLOCK];
            let mut a = 0.0f32;
            for i in 0..BLOCK {
                a += dl[i] * col[i];
            }
            *gj += a;
        }
    }
    l
}

impl Design {
    /// Packs `s` in the coordinates of `space`; `base` gives the untuned weights.
    pub fn new(s: &Samples, space: &Space, base: &[Vec<f64>; 2]) -> Self {
        Design {
            roles: [0, 1].map(|r| RoleDesign::new(s, r, space, base)),
            dims: space.len(),
        }
    }

    /// Rows of both roles.
    pub fn rows(&self) -> usize {
        self.roles[0].rows + self.roles[1].rows
    }

    /// Mean loss over the rows of both roles (role `r` scaled by `k[r]`) and, when asked,
    /// its gradient in `grad` (overwritten).
    pub fn loss_grad(
        &self,
        theta: &[f64],
        k: [f64; 2],
        loss: Loss,
        mut grad: Option<&mut [f64]>,
    ) -> f64 {
        if let Some(g) = grad.as_deref_mut() {
            g.fill(0.0);
        }
        let n = self.rows().max(1) as f64;
        let mut total = 0.0;
        for (r, d) in self.roles.iter().enumerate() {
            total += d.loss_grad(theta, k[r], loss, grad.as_deref_mut());
        }
        if let Some(g) = grad {
            g.iter_mut().for_each(|v| *v /= n);
        }
        total / n
    }

    /// Role `r`'s mean loss at θ and scale `k` (for the search of K).
    pub fn role_loss(&self, r: usize, theta: &[f64], k: f64, loss: Loss) -> f64 {
        self.roles[r].loss_grad(theta, k, loss, None) / self.roles[r].rows.max(1) as f64
    }

    /// Role `r`'s evaluations' standard deviation at θ (the scale K is searched around).
    pub fn eval_spread(&self, r: usize, theta: &[f64]) -> f64 {
        let d = &self.roles[r];
        let w = d.cols.len();
        let (mut s, mut sq) = (0.0f64, 0.0f64);
        for i in 0..d.rows {
            let (b, k) = (i / BLOCK, i % BLOCK);
            let e: f64 = d.bias[i] as f64
                + (0..w)
                    .map(|j| theta[d.cols[j]] * d.x[(b * w + j) * BLOCK + k] as f64)
                    .sum::<f64>();
            s += e;
            sq += e * e;
        }
        let n = d.rows.max(1) as f64;
        (sq / n - (s / n).powi(2)).max(0.0).sqrt()
    }
}
