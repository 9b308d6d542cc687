//! How many positions of a layer are wins, draws and losses, and its longest win.

use rayon::prelude::*;

use super::index::{self, sheep_sets, WOLF_CLASSES};
use crate::solved::Value;

/// Counts of one layer, in positions (an entry standing for a position and its mirror
/// image counts twice).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LayerStats {
    /// Sheep on the board.
    pub sheep: u32,
    /// `[side to move][win, draw, loss]` for the side to move (0 = wolves, 1 = sheep).
    pub counts: [[u64; 3]; 2],
    /// The longest win (plies) and the entry of one position that reaches it.
    pub longest_win: (u32, u64),
}

impl LayerStats {
    /// All positions of the layer.
    pub fn positions(&self) -> u64 {
        self.counts.iter().flatten().sum()
    }

    /// Positions won by the wolves (whoever is to move), won by the sheep, drawn.
    pub fn by_winner(&self) -> [u64; 3] {
        let [w, s] = &self.counts;
        [w[0] + s[2], s[0] + w[2], w[1] + s[1]]
    }
}

/// Counts the layer of `k` sheep.
pub fn layer_stats(k: u32, codes: &[u16]) -> LayerStats {
    let block = sheep_sets(k) as usize * 2;
    let parts: Vec<LayerStats> = codes
        .par_chunks(block)
        .enumerate()
        .map(|(class, chunk)| class_stats(k, class, block, chunk))
        .collect();
    let mut total = LayerStats {
        sheep: k,
        ..Default::default()
    };
    for p in parts {
        for side in 0..2 {
            for v in 0..3 {
                total.counts[side][v] += p.counts[side][v];
            }
        }
        if p.longest_win.0 > total.longest_win.0 {
            total.longest_win = p.longest_win;
        }
    }
    total
}

fn class_stats(k: u32, class: usize, block: usize, chunk: &[u16]) -> LayerStats {
    debug_assert!(class < WOLF_CLASSES);
    let weight = if index::self_mirrored(class) { 1 } else { 2 };
    let mut s = LayerStats {
        sheep: k,
        ..Default::default()
    };
    for (i, &c) in chunk.iter().enumerate() {
        let v = Value::from_code(c).unwrap_or(Value::Draw);
        let col = match v {
            Value::Win(d) => {
                if d > s.longest_win.0 {
                    s.longest_win = (d, (class * block + i) as u64);
                }
                0
            }
            Value::Draw => 1,
            Value::Loss(_) => 2,
        };
        s.counts[i % 2][col] += weight;
    }
    s
}
