//! The rows of a move-choice fit: each row is one position's moves, every move's child
//! held sparse (its active table entries and the start genome's hand evaluation of it,
//! both from the mover's view) with its target share, and the loss is the cross-entropy
//! of the target shares against the softmax of the children's evaluations.
//!
//! A search picks a move by comparing its children, so what an evaluation must get right
//! is their order, not their level: a fit to each position's value spends its weights on
//! the level (an error of 0.07 of a win chance) while the difference between a win two
//! plies nearer and one two plies farther is 0.01. This loss only sees the differences
//! between the children of one position (comparison training: Tesauro 1989; the Bonanza
//! method, Hoki 2006). A row may be a position the other side moves from (a fit on
//! both sides' positions): every label is still the fitted role's, and the other
//! side's best move is the role's worst. Rows are split into [`GROUPS`] fixed groups
//! whose gradients are summed in order, so the result does not depend on the thread
//! count.

use rayon::prelude::*;

use super::solver::golden_log;
use super::sparse::{grouped_grad, GROUPS};
use crate::tunables::{CHOICE_MIN_SPREAD, CHOICE_TEMPERATURE, TEXEL_K_RANGE};

/// The model a choice fit scores children with: the value logit of a child is
/// `k · hand + Σ u` (its win chance the sigmoid of it, as a table fit's), the moves'
/// shares the softmax of `beta` times the value logits; the loss is `(1 − weight)` times
/// the children's mean squared value error plus `weight` times the shares' cross-entropy,
/// so the evaluation keeps its level across positions (a search compares leaves of
/// different positions) while it learns the order of each position's moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChoiceModel {
    /// The value scale K.
    pub k: f64,
    /// The softmax's sharpness on value logits.
    pub beta: f64,
    /// The choice loss's weight, 0 to 1.
    pub weight: f64,
}

/// One role's choice rows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChoiceRows {
    /// Active entries per child (the layout's tuple count).
    pub per_row: usize,
    /// Children × `per_row` stored weight indices.
    pub active: Vec<u32>,
    /// Per child: the start genome's hand evaluation from the mover's view.
    pub bias: Vec<f32>,
    /// Per child: its target share; a row's shares sum to 1.
    pub target: Vec<f32>,
    /// Per child: its label, the mover's win chance after the move (0 to 1).
    pub label: Vec<f32>,
    /// Per row: the index of its first child; one more entry closes the last row.
    pub start: Vec<u32>,
    /// Per row: whether the other side moves (its best move is the lowest-labelled
    /// child, and its shares the softmax of the negated logits).
    pub theirs: Vec<bool>,
}

/// One child as [`ChoiceRows::push`] takes it: its active entries, hand evaluation and
/// label (the mover's win chance after the move).
pub struct Child<'a> {
    /// The stored weight of each tuple's active entry.
    pub active: &'a [u32],
    /// The hand evaluation from the mover's view.
    pub bias: f32,
    /// The label from the mover's view, 0 to 1.
    pub label: f32,
}

impl ChoiceRows {
    /// No rows, `per_row` active entries a child.
    pub fn new(per_row: usize) -> Self {
        ChoiceRows {
            per_row,
            start: vec![0],
            ..Default::default()
        }
    }

    /// Adds the row of one position's `children` unless their labels all lie within
    /// [`CHOICE_MIN_SPREAD`] (nothing to learn); returns whether it was added. The labels
    /// are the fitted role's; when `theirs`, the other side moves and its best move is
    /// the role's worst. Target shares: `exp(−d / CHOICE_TEMPERATURE)` of each child's
    /// distance `d` in label from the mover's best, normalised.
    ///
    /// # Panics
    /// If a child does not hold `per_row` active entries.
    pub fn push(&mut self, children: &[Child<'_>], theirs: bool) -> bool {
        let sign = if theirs { -1.0 } else { 1.0 };
        let key = |c: &Child<'_>| sign * f64::from(c.label);
        let best = children.iter().map(key).fold(f64::MIN, f64::max);
        let worst = children.iter().map(key).fold(f64::MAX, f64::min);
        if children.len() < 2 || best - worst < CHOICE_MIN_SPREAD {
            return false;
        }
        let shares: Vec<f64> = children
            .iter()
            .map(|c| (-(best - key(c)) / CHOICE_TEMPERATURE).exp())
            .collect();
        let total: f64 = shares.iter().sum();
        for (c, s) in children.iter().zip(&shares) {
            assert_eq!(c.active.len(), self.per_row, "one active entry per tuple");
            self.active.extend_from_slice(c.active);
            self.bias.push(c.bias);
            self.target.push((s / total) as f32);
            self.label.push(c.label);
        }
        self.start.push(self.bias.len() as u32);
        self.theirs.push(theirs);
        true
    }

    /// Number of rows (positions).
    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of children over every row.
    pub fn children(&self) -> usize {
        self.bias.len()
    }

    /// Bytes the rows hold.
    pub fn bytes(&self) -> usize {
        4 * (self.active.len() + 3 * self.bias.len() + self.start.len()) + self.theirs.len()
    }

    /// The row range of group `g` of [`GROUPS`].
    fn group(&self, g: usize) -> std::ops::Range<usize> {
        let n = self.len();
        n * g / GROUPS..n * (g + 1) / GROUPS
    }

    /// 1 when the fitted role moves in row `r`, −1 when the other side does.
    fn sign(&self, r: usize) -> f64 {
        if self.theirs[r] {
            -1.0
        } else {
            1.0
        }
    }

    /// The number of rows where the other side moves.
    pub fn theirs_count(&self) -> usize {
        self.theirs.iter().filter(|&&t| t).count()
    }

    /// The children of row `r`.
    fn row(&self, r: usize) -> std::ops::Range<usize> {
        self.start[r] as usize..self.start[r + 1] as usize
    }

    /// The logit of child `i` at scale `k` and table weights `u` (logit units; empty:
    /// the hand evaluation alone).
    #[inline]
    fn logit(&self, i: usize, k: f64, u: &[f64]) -> f64 {
        let hand = k * f64::from(self.bias[i]);
        if u.is_empty() {
            return hand;
        }
        let active = &self.active[i * self.per_row..(i + 1) * self.per_row];
        hand + active.iter().map(|&j| u[j as usize]).sum::<f64>()
    }

    /// Row `r`'s loss under `m`; writes each child's slope (the loss's derivative in its
    /// value logit) into `slope`.
    fn row_loss(&self, r: usize, m: &ChoiceModel, u: &[f64], slope: &mut Vec<f64>) -> f64 {
        let range = self.row(r);
        let sign = self.sign(r);
        slope.clear();
        slope.extend(range.clone().map(|i| self.logit(i, m.k, u)));
        let top = slope.iter().map(|z| sign * z).fold(f64::MIN, f64::max);
        let sum: f64 = slope
            .iter()
            .map(|z| (m.beta * (sign * z - top)).exp())
            .sum();
        let lse = sum.ln();
        let n = range.len() as f64;
        let mut loss = 0.0;
        for (z, i) in slope.iter_mut().zip(range) {
            let (q, y) = (f64::from(self.target[i]), f64::from(self.label[i]));
            let log_share = m.beta * (sign * *z - top) - lse;
            let p = 1.0 / (1.0 + (-*z).exp());
            loss += (1.0 - m.weight) * (p - y).powi(2) / n - m.weight * q * log_share;
            let value_slope = 2.0 * (p - y) * p * (1.0 - p) / n;
            // (weight · beta · sign) first: with sign 1 the products are a per-role
            // fit's to the last bit.
            let choice_slope = m.weight * m.beta * sign * (log_share.exp() - q);
            *z = (1.0 - m.weight) * value_slope + choice_slope;
        }
        loss
    }

    /// Whether row `r`'s highest-scored child is one of its best (largest target).
    fn agrees(&self, r: usize, k: f64, u: &[f64]) -> bool {
        let range = self.row(r);
        let best = range
            .clone()
            .map(|i| self.target[i])
            .fold(f32::MIN, f32::max);
        let sign = self.sign(r);
        let score = |i: usize| sign * self.logit(i, k, u);
        let chosen = range.clone().max_by(|&a, &b| score(a).total_cmp(&score(b)));
        chosen.is_some_and(|i| self.target[i] >= best)
    }
}

/// The mean loss of `rows` under `m` at weights `u` (no L2 term).
pub fn mean_loss(rows: &ChoiceRows, m: &ChoiceModel, u: &[f64]) -> f64 {
    let sums: Vec<f64> = (0..GROUPS)
        .into_par_iter()
        .map(|g| {
            let mut slope = Vec::new();
            rows.group(g)
                .map(|r| rows.row_loss(r, m, u, &mut slope))
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / rows.len().max(1) as f64
}

/// The share of rows whose highest-scored move is a best move.
pub fn agreement(rows: &ChoiceRows, k: f64, u: &[f64]) -> f64 {
    let hits: usize = (0..GROUPS)
        .into_par_iter()
        .map(|g| rows.group(g).filter(|&r| rows.agrees(r, k, u)).count())
        .sum();
    hits as f64 / rows.len().max(1) as f64
}

/// The mean loss under `m` and writes its gradient in `u` into `grad` (no L2 term).
pub fn loss_grad(rows: &ChoiceRows, m: &ChoiceModel, u: &[f64], grad: &mut [f64]) -> f64 {
    grouped_grad(rows.len(), grad, |g, part| {
        let (mut slopes, mut sum) = (Vec::new(), 0.0);
        for r in rows.group(g) {
            sum += rows.row_loss(r, m, u, &mut slopes);
            for (slope, i) in slopes.iter().zip(rows.row(r)) {
                for &j in &rows.active[i * rows.per_row..(i + 1) * rows.per_row] {
                    part[j as usize] += slope;
                }
            }
        }
        sum
    })
}

/// The model of `rows` with choice weight `weight`: K where the sigmoid of the hand
/// evaluations best predicts the children's labels, then the sharpness where their
/// softmax best predicts the target shares (each 1 when the hand evaluation never
/// varies).
pub fn fit_model(rows: &ChoiceRows, weight: f64) -> ChoiceModel {
    let n = rows.children().max(1) as f64;
    let mean = rows.bias.iter().map(|&b| f64::from(b)).sum::<f64>() / n;
    let var = rows
        .bias
        .iter()
        .map(|&b| (f64::from(b) - mean).powi(2))
        .sum::<f64>()
        / n;
    if var.is_nan() || var <= 0.0 {
        return ChoiceModel {
            k: 1.0,
            beta: 1.0,
            weight,
        };
    }
    let spread = var.sqrt();
    let (lo, hi) = (TEXEL_K_RANGE.0 / spread, TEXEL_K_RANGE.1 / spread);
    let only = |k, beta, weight| ChoiceModel { k, beta, weight };
    let k = golden_log(lo, hi, |k| mean_loss(rows, &only(k, 1.0, 0.0), &[]));
    let beta = golden_log(lo / k, hi / k, |b| mean_loss(rows, &only(k, b, 1.0), &[]));
    ChoiceModel { k, beta, weight }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of random children: 3 to 6 a row, 4 active entries each among 12 weights.
    fn random_rows() -> ChoiceRows {
        let mut rows = ChoiceRows::new(4);
        let mut seed = 17u64;
        let mut next = move |m: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % m
        };
        for _ in 0..40 {
            let actives: Vec<Vec<u32>> = (0..3 + next(4))
                .map(|_| (0..4).map(|_| next(12) as u32).collect())
                .collect();
            let children: Vec<Child<'_>> = actives
                .iter()
                .map(|a| Child {
                    active: a,
                    bias: next(100) as f32 - 50.0,
                    label: next(1000) as f32 / 1000.0,
                })
                .collect();
            rows.push(&children, next(3) == 0);
        }
        rows
    }

    #[test]
    fn the_gradient_is_the_losss_slope() {
        let rows = random_rows();
        assert!(rows.len() > 30);
        let m = ChoiceModel {
            k: 0.03,
            beta: 2.0,
            weight: 0.3,
        };
        let u: Vec<f64> = (0..12).map(|j| (j as f64 * 0.37).sin()).collect();
        let mut grad = vec![0.0; 12];
        let loss = loss_grad(&rows, &m, &u, &mut grad);
        assert!((loss - mean_loss(&rows, &m, &u)).abs() < 1e-12);
        for j in 0..12 {
            let h = 1e-6;
            let (mut up, mut down) = (u.clone(), u.clone());
            up[j] += h;
            down[j] -= h;
            let slope = (mean_loss(&rows, &m, &up) - mean_loss(&rows, &m, &down)) / (2.0 * h);
            assert!(
                (slope - grad[j]).abs() < 1e-6,
                "weight {j}: {slope} vs {}",
                grad[j]
            );
        }
    }

    #[test]
    fn shares_follow_the_labels_and_flat_rows_are_left_out() {
        let active = [0u32];
        let child = |label| Child {
            active: &active,
            bias: 0.0,
            label,
        };
        let mut rows = ChoiceRows::new(1);
        assert!(!rows.push(&[child(0.5), child(0.5)], false));
        assert!(rows.push(&[child(0.7), child(0.69), child(0.5)], false));
        let t = &rows.target;
        assert!((t.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(t[0] > t[1] && t[1] > 1e4 * t[2], "{t:?}");
        // The other side to move: its best move is the role's lowest label.
        assert!(rows.push(&[child(0.7), child(0.31), child(0.3)], true));
        let t = &rows.target[3..];
        assert!((t.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(t[2] > t[1] && t[1] > 1e4 * t[0], "{t:?}");
        assert_eq!((rows.len(), rows.theirs_count()), (2, 1));
    }

    #[test]
    fn the_other_sides_row_agrees_when_its_lowest_child_is_its_best() {
        let (a, b) = ([0u32], [1u32]);
        let mut rows = ChoiceRows::new(1);
        let child = |active, label| Child {
            active,
            bias: 0.0,
            label,
        };
        rows.push(&[child(&a, 0.9), child(&b, 0.2)], true);
        assert!(rows.agrees(0, 1.0, &[1.0, -1.0]) && !rows.agrees(0, 1.0, &[-1.0, 1.0]));
    }
}
