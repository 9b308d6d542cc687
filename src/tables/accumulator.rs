//! The tables' part of an evaluation, kept up to date by the search's moves (the NNUE
//! accumulator idea): for each tuple the index of its active entry, and the sum of the
//! active entries' weights, one frame per ply. Before a move the search pushes a frame
//! with the cells the move changes ([`CellChanges`]); only the tuples through those
//! cells are touched, so a node costs the same whatever the size of the tables. After
//! the move is taken back the frame is popped.
//!
//! Weights are held as integers ([`TABLE_QUANTUM`] per score point) so the running sum
//! equals the from-scratch sum exactly.

use std::sync::Arc;

use super::layout::TableLayout;
use crate::game::CellChanges;
use crate::tunables::{EVAL_SCALE, MAX_DEPTH, MAX_QUIESCENCE, TABLE_QUANTUM};

/// Frames kept: one per ply of the deepest search, and the root.
const FRAMES: usize = (MAX_DEPTH + MAX_QUIESCENCE) as usize + 4;

/// One role's table weights, quantised per raw entry, and the search's frames.
#[derive(Clone, Debug)]
pub struct TableAccumulator {
    layout: Arc<TableLayout>,
    /// Per raw entry: its stored weight in `1 / TABLE_QUANTUM` points.
    weights: Vec<i32>,
    /// Frames × tuples: each tuple's active entry (its raw index).
    index: Vec<u32>,
    /// Per frame: the sum of the active entries' weights.
    sums: Vec<i64>,
    top: usize,
}

impl PartialEq for TableAccumulator {
    fn eq(&self, other: &Self) -> bool {
        self.layout == other.layout && self.weights == other.weights
    }
}

/// A table weight in `1 / TABLE_QUANTUM` score points.
#[inline]
pub fn quantise(weight: f64) -> i32 {
    (weight * EVAL_SCALE * TABLE_QUANTUM).round() as i32
}

impl TableAccumulator {
    /// An accumulator for `layout` with one weight per stored entry (`stored`, in
    /// evaluation units like a feature's weight).
    ///
    /// # Panics
    /// If `stored` does not have one weight per stored entry (genomes are checked when
    /// loaded).
    pub fn new(layout: Arc<TableLayout>, stored: &[f64]) -> Self {
        assert_eq!(stored.len(), layout.len(), "one weight per stored entry");
        let weights = layout
            .raw_to_stored
            .iter()
            .map(|&s| quantise(stored[s as usize]))
            .collect();
        TableAccumulator {
            index: vec![0; FRAMES * layout.tuples.len()],
            sums: vec![0; FRAMES],
            top: 0,
            weights,
            layout,
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Arc<TableLayout> {
        &self.layout
    }

    /// The sum of the active weights of the board `contents`, computed from scratch.
    pub fn sum_of(&self, contents: &[u8]) -> i64 {
        let l = &*self.layout;
        (0..l.tuples.len())
            .map(|t| {
                let raw = l.tuple_offset[t] + l.tuple_index(t, contents);
                i64::from(self.weights[raw as usize])
            })
            .sum()
    }

    /// Starts from the board `contents` (the search's root): one frame.
    pub fn refresh(&mut self, contents: &[u8]) {
        self.top = 0;
        let l = &*self.layout;
        for t in 0..l.tuples.len() {
            self.index[t] = l.tuple_offset[t] + l.tuple_index(t, contents);
        }
        self.sums[0] = self.sum_of(contents);
    }

    /// The sum of the active weights of the current frame.
    #[inline]
    pub fn sum(&self) -> i64 {
        self.sums[self.top]
    }

    /// A new frame: the current one with `changes` applied (each change's old contents
    /// must be the cell's contents in the current frame).
    #[inline]
    pub fn push(&mut self, changes: &CellChanges) {
        let l = &*self.layout;
        let n = l.tuples.len();
        let (from, to) = (self.top, self.top + 1);
        self.index.copy_within(from * n..to * n, to * n);
        let index = &mut self.index[to * n..(to + 1) * n];
        let weights = &self.weights[..];
        let mut sum = self.sums[from];
        for c in changes.as_slice() {
            let cell = c.cell as usize;
            let (a, b) = (l.incidence_start[cell], l.incidence_start[cell + 1]);
            for &(t, place) in &l.incidence[a as usize..b as usize] {
                let i = &mut index[t as usize];
                sum -= i64::from(weights[*i as usize]);
                *i = *i + u32::from(c.new) * place - u32::from(c.old) * place;
                sum += i64::from(weights[*i as usize]);
            }
        }
        self.sums[to] = sum;
        self.top = to;
    }

    /// Drops the current frame (the move it followed was taken back).
    #[inline]
    pub fn pop(&mut self) {
        self.top -= 1;
    }
}
