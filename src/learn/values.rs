//! The weights a run learns: one table sum `T` over the layout's stored weights, its
//! value `tanh(T)` for the first role, and each weight's coherence (the sums TCL sets
//! its step from).

use std::sync::Arc;

use crate::tables::{GenomeTables, TableLayout};
use crate::tunables::{EVAL_SCALE, MAX_TABLE_WEIGHT, TABLE_QUANTUM};

use super::settings::StepSize;

/// The learned weights, in evaluation units (a genome's table weights for the first
/// role).
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedValues {
    /// The families learned.
    pub layout: Arc<TableLayout>,
    /// Per stored weight.
    pub weights: Vec<f32>,
    /// Per stored weight, TCL's sum of updates and sum of their sizes (empty for plain
    /// steps).
    pub coherence: Vec<[f32; 2]>,
}

impl LearnedValues {
    /// Zero weights for `layout`.
    pub fn zeros(layout: Arc<TableLayout>, step: StepSize) -> Self {
        let n = layout.len();
        let coherence = match step {
            StepSize::Coherent => vec![[0.0; 2]; n],
            StepSize::Plain => Vec::new(),
        };
        LearnedValues {
            layout,
            weights: vec![0.0; n],
            coherence,
        }
    }

    /// Starts from a genome's tables: the first role's value, `(T₀ − T₁) / 2`, so that
    /// a genome this command wrote continues unchanged.
    pub fn from_tables(tables: &GenomeTables, step: StepSize) -> Self {
        let mut v = Self::zeros(Arc::clone(&tables.layout), step);
        for (w, (a, b)) in v
            .weights
            .iter_mut()
            .zip(tables.weights[0].iter().zip(&tables.weights[1]))
        {
            *w = ((a - b) / 2.0) as f32;
        }
        v
    }

    /// The weight of a raw entry (a tuple's entry before tying).
    #[inline]
    pub fn raw(&self, raw: u32) -> f32 {
        self.weights[self.layout.raw_to_stored[raw as usize] as usize]
    }

    /// Moves stored weight `i` by `alpha × update`, scaled by its coherence under TCL.
    #[inline]
    pub fn update(&mut self, i: u32, alpha: f32, update: f32) {
        let i = i as usize;
        let step = match self.coherence.get_mut(i) {
            Some([sum, size]) => {
                let c = if *size > 0.0 { sum.abs() / *size } else { 1.0 };
                *sum += update;
                *size += update.abs();
                c
            }
            None => 1.0,
        };
        let w = &mut self.weights[i];
        *w = (*w + alpha * step * update).clamp(-MAX_TABLE_WEIGHT as f32, MAX_TABLE_WEIGHT as f32);
    }

    /// The genome tables: `T` for the first role, `−T` for the second, each weight
    /// rounded to the evaluation's quantum (the evaluation is unchanged, the file
    /// shorter, and a weight too small to count is left out).
    pub fn to_tables(&self) -> GenomeTables {
        let quantum = EVAL_SCALE * TABLE_QUANTUM;
        let first: Vec<f64> = (self.weights.iter())
            .map(|&w| (f64::from(w) * quantum).round() / quantum)
            .collect();
        let second = first.iter().map(|w| -w).collect();
        GenomeTables {
            layout: Arc::clone(&self.layout),
            weights: [first, second],
        }
    }

    /// The number of weights that are not zero.
    pub fn nonzero(&self) -> usize {
        self.weights.iter().filter(|&&w| w != 0.0).count()
    }
}
