//! The fit's data, packed for speed: for each role, the rows expressed in the tuned
//! coordinates θ (x = unit · feature, so that eval = θ · x + bias, where the bias holds
//! the untuned weights' part), stored column by column in blocks of
//! [`BLOCK`] rows so the evaluation and the gradient vectorise over rows. The
//! coordinates come as plain data ([`Column`]), so the fit does not depend on who chose
//! them (the tuner's search space, a benchmark, a test).
//!
//! [`Design::loss_grad`] splits the blocks into fixed groups of [`GROUP`] blocks and
//! sums the groups' results in order, so the figures do not depend on the thread count.

use rayon::prelude::*;

use super::samples::Samples;

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

/// One θ coordinate as the fit sees it: the feature it weighs, in which role, and the
/// raw weight one unit of θ stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Column {
    /// Role index.
    pub role: usize,
    /// The other role, when both roles share this weight.
    pub mirror: Option<usize>,
    /// Feature index.
    pub feature: usize,
    /// Raw weight per unit of θ.
    pub unit: f64,
    /// The weight's bounds in θ units (an engine's declared range), kept by the fit at
    /// every step; `None`: unbounded.
    pub bounds: Option<(f64, f64)>,
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
    /// Per row: the label the loss compares with (the result, or the blend of the
    /// result and the search score once [`Design::relabel`] has run).
    pub label: Vec<f32>,
    /// Per row: the game's result from this role's view.
    pub result: Vec<f32>,
    /// Per row: the search score for this role (NaN when none).
    pub score: Vec<f32>,
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
    /// Per θ coordinate: its bounds ([`Column::bounds`]).
    pub bounds: Vec<Option<(f64, f64)>>,
}

impl RoleDesign {
    fn new(s: &Samples, role: usize, columns: &[Column], base: &[Vec<f64>; 2]) -> Self {
        let touches = |c: &Column| c.role == role || c.mirror == Some(role);
        let cols: Vec<usize> = (0..columns.len())
            .filter(|&i| touches(&columns[i]))
            .collect();
        let mut tuned = vec![false; s.width];
        for &c in &cols {
            tuned[columns[c].feature] = true;
        }
        let rows = s.rows(role);
        let padded = rows.div_ceil(BLOCK) * BLOCK;
        let w = cols.len();
        let mut d = RoleDesign {
            x: vec![0.0; padded * w],
            bias: vec![0.0; padded],
            label: vec![0.0; padded],
            result: vec![0.0; padded],
            score: vec![f32::NAN; padded],
            mask: vec![0.0; padded],
            cols,
            rows,
        };
        for (i, f) in s.features[role].chunks_exact(s.width).enumerate() {
            let (b, k) = (i / BLOCK, i % BLOCK);
            for (j, &c) in d.cols.iter().enumerate() {
                let col = &columns[c];
                d.x[(b * w + j) * BLOCK + k] = (col.unit * f[col.feature] as f64) as f32;
            }
            let bias: f64 = (0..s.width)
                .filter(|&k| !tuned[k])
                .map(|k| base[role][k] * f[k] as f64)
                .sum();
            d.bias[i] = bias as f32;
            let result = s.labels[role][i];
            d.result[i] = result;
            d.score[i] = s.scores[role].get(i).copied().unwrap_or(f32::NAN);
            // A row without a result (a detour) counts once relabelled by its search.
            d.label[i] = if result.is_nan() { 0.0 } else { result };
            d.mask[i] = if result.is_nan() { 0.0 } else { 1.0 };
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
        let (total, acc) = (0..blocks.div_ceil(GROUP))
            .into_par_iter()
            .map(|gi| {
                let mut lanes = Lanes::new(w);
                for b in gi * GROUP..((gi + 1) * GROUP).min(blocks) {
                    block(self, b, &t, k as f32, loss, want_grad, &mut lanes);
                }
                lanes.sum()
            })
            .collect::<Vec<_>>()
            .into_iter()
            .fold((0.0, vec![0.0f64; w]), |(l, mut g), (pl, pg)| {
                g.iter_mut().zip(&pg).for_each(|(a, v)| *a += v);
                (l + pl, g)
            });
        if let Some(grad) = grad {
            for (j, &c) in self.cols.iter().enumerate() {
                grad[c] += acc[j];
            }
        }
        total
    }
}

/// Independent partial sums per column: wide enough for 8-float vectors and to hide the
/// latency of the additions, and a fixed order, so the sums do not depend on the machine.
const LANES: usize = 8;

/// A task's partial sums: the loss and each column's gradient, `LANES` wide.
struct Lanes {
    loss: [f32; LANES],
    grad: Vec<[f32; LANES]>,
}

impl Lanes {
    fn new(w: usize) -> Self {
        Lanes {
            loss: [0.0; LANES],
            grad: vec![[0.0; LANES]; w],
        }
    }

    /// The lanes summed in order, in f64.
    fn sum(&self) -> (f64, Vec<f64>) {
        let add = |v: &[f32; LANES]| v.iter().map(|&a| a as f64).sum::<f64>();
        (add(&self.loss), self.grad.iter().map(add).collect())
    }
}

/// e^x for |x| ≤ 87, to about 2 ulp, in plain arithmetic the compiler vectorises
/// (the polynomial of Cephes' expf); the same bits on every machine.
#[inline(always)]
fn exp_f32(x: f32) -> f32 {
    let x = x.clamp(-87.0, 87.0);
    let n = (x * std::f32::consts::LOG2_E + 0.5).floor();
    let r = x - n * 0.693_359_4 + n * 2.121_944_4e-4;
    let p = ((((1.987_569_1e-4 * r + 1.398_199_9e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r
        + 1.666_666_5e-1)
        * r
        + 0.5;
    let y = p * r * r + r + 1.0;
    y * f32::from_bits(((n as i32 + 127) as u32) << 23)
}

/// Adds block `b`'s loss (summed over its rows) and, when asked, its gradient with
/// respect to the role's columns into `acc`.
#[inline]
fn block(d: &RoleDesign, b: usize, t: &[f32], k: f32, loss: Loss, grad: bool, acc: &mut Lanes) {
    let w = t.len();
    let r = b * BLOCK..(b + 1) * BLOCK;
    let x = &d.x[b * w * BLOCK..(b + 1) * w * BLOCK];
    let mut e = [0.0f32; BLOCK];
    e.copy_from_slice(&d.bias[r.clone()]);
    for (&tj, col) in t.iter().zip(x.chunks_exact(BLOCK)) {
        for (ei, &c) in e.iter_mut().zip(col) {
            *ei += tj * c;
        }
    }
    let (y, m) = (&d.label[r.clone()], &d.mask[r]);
    let mut dl = [0.0f32; BLOCK];
    let mut l = [0.0f32; BLOCK];
    match loss {
        Loss::Mse => {
            for i in 0..BLOCK {
                let s = 1.0 / (1.0 + exp_f32(-k * e[i]));
                let err = s - y[i];
                l[i] = m[i] * err * err;
                dl[i] = m[i] * 2.0 * err * s * (1.0 - s) * k;
            }
        }
        Loss::LogLoss => {
            for i in 0..BLOCK {
                let s = 1.0 / (1.0 + exp_f32(-k * e[i]));
                let c = s.clamp(1e-6, 1.0 - 1e-6);
                l[i] = -m[i] * (y[i] * c.ln() + (1.0 - y[i]) * (1.0 - c).ln());
                dl[i] = m[i] * (s - y[i]) * k;
            }
        }
    }
    for chunk in l.chunks_exact(LANES) {
        for (a, &v) in acc.loss.iter_mut().zip(chunk) {
            *a += v;
        }
    }
    if grad {
        for (gj, col) in acc.grad.iter_mut().zip(x.chunks_exact(BLOCK)) {
            for (dc, xc) in dl.chunks_exact(LANES).zip(col.chunks_exact(LANES)) {
                for i in 0..LANES {
                    gj[i] += dc[i] * xc[i];
                }
            }
        }
    }
}

impl Design {
    /// Packs `s` in the coordinates `columns` (θ's order); `base` gives the untuned
    /// weights.
    pub fn new(s: &Samples, columns: &[Column], base: &[Vec<f64>; 2]) -> Self {
        Design {
            roles: [0, 1].map(|r| RoleDesign::new(s, r, columns, base)),
            dims: columns.len(),
            bounds: columns.iter().map(|c| c.bounds).collect(),
        }
    }

    /// Whether any row carries a search score.
    pub fn has_scores(&self) -> bool {
        self.roles
            .iter()
            .any(|d| d.score[..d.rows].iter().any(|v| !v.is_nan()))
    }

    /// Sets every row's label to its result blended with the logistic of its search
    /// score at role scale `k` ([`super::label::blend`]).
    pub fn relabel(&mut self, k: [f64; 2], weight: f64) {
        for (d, k) in self.roles.iter_mut().zip(k) {
            for i in 0..d.rows {
                d.label[i] = super::label::blend(d.result[i], d.score[i], k, weight);
                if !d.score[i].is_nan() {
                    d.mask[i] = 1.0;
                }
            }
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
