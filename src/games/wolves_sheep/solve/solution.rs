//! A solved game in memory: the value of any position with up to the file's most sheep.

use std::path::Path;

use super::file::{self, Layers};
use super::index::{self, MIN_SHEEP};
use crate::solved::Value;
use crate::solved::SolveError;
use crate::game::{Game, Status};
use crate::games::wolves_sheep::{WolvesSheep, SHEEP, WOLVES};

/// The values of every position with 3 up to `max_sheep()` sheep.
pub struct Solution {
    layers: Layers,
}

impl Solution {
    /// Wraps solved layers, the lowest of 3 sheep.
    pub fn new(layers: Layers) -> Self {
        debug_assert_eq!(layers.min_sheep, MIN_SHEEP);
        Solution { layers }
    }

    /// Reads and checks a solution file (it must start at 3 sheep).
    pub fn open(path: &Path) -> Result<Self, SolveError> {
        let layers = file::read(path)?;
        if layers.min_sheep != MIN_SHEEP {
            return Err(SolveError::BadFile {
                path: path.to_path_buf(),
                what: format!(
                    "a layer file kept for resuming ({} sheep), not a solution",
                    layers.min_sheep
                ),
            });
        }
        Ok(Solution { layers })
    }

    /// The most sheep solved.
    pub fn max_sheep(&self) -> u32 {
        self.layers.max_sheep()
    }

    /// The layers.
    pub fn layers(&self) -> &Layers {
        &self.layers
    }

    /// The codes of the layer of `k` sheep.
    pub fn layer(&self, k: u32) -> &[u16] {
        &self.layers.layers[(k - MIN_SHEEP) as usize]
    }

    /// The value of a position for its side to move; finished boards are a win or loss
    /// in 0 as the rules say; an error beyond the solved layers.
    pub fn value(&self, pos: &WolvesSheep) -> Result<Value, SolveError> {
        let side = pos.side_to_move();
        match pos.status() {
            Status::Win(r) if r == side => return Ok(Value::Win(0)),
            Status::Win(_) => return Ok(Value::Loss(0)),
            _ => {}
        }
        let k = pos.sheep().count_ones();
        if k > self.max_sheep() {
            return Err(SolveError::NotSolved {
                position: pos.to_text(),
                why: format!(
                    "{k} sheep, but the file holds the layers of {MIN_SHEEP} to {} sheep",
                    self.max_sheep()
                ),
            });
        }
        let side_index = if side == WOLVES { 0 } else { SHEEP };
        let slot = index::slot(pos.wolves(), pos.sheep(), side_index);
        let code = self.layer(k)[slot.entry as usize];
        Value::from_code(code).ok_or_else(|| SolveError::NotSolved {
            position: pos.to_text(),
            why: "the file marks it unsolved (a damaged or unfinished file)".into(),
        })
    }

    /// Every legal move with the value of the position it leads to, for the side that
    /// makes it (the child's value seen one ply earlier).
    pub fn move_values(
        &self,
        pos: &WolvesSheep,
    ) -> Result<Vec<(<WolvesSheep as Game>::Move, Value)>, SolveError> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut child = *pos;
                child.make(m, ());
                Ok((m, self.value(&child)?.parent()))
            })
            .collect()
    }
}
