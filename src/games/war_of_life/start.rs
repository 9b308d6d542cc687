//! Random starts, drawn as the referee draws them: 12 blue cells, then 12 red cells
//! among the 52 left.
//!
//! The draw is a partial Fisher–Yates shuffle of the 64 cells: step `i` (0..24) swaps
//! cell `i` with a cell chosen uniformly among positions `i..64` (the cells not drawn
//! yet), using `random_range` of the game's seeded ChaCha8 RNG. The first 12 cells drawn
//! are blue, the next 12 red, so every pair of disjoint 12-cell sets is equally likely
//! and the start is a pure function of the RNG state.

use rand::RngExt;

use super::bitboard::{Bitboard, CELLS};
use super::position::START_PIECES;
use crate::game::GameRng;

/// Draws the blue and the red cells of a random start (24 RNG calls).
pub fn random_cells(rng: &mut GameRng) -> (Bitboard, Bitboard) {
    let mut order: [u8; CELLS] = std::array::from_fn(|i| i as u8);
    let n = START_PIECES as usize;
    for i in 0..2 * n {
        let j = rng.random_range(i..CELLS);
        order.swap(i, j);
    }
    let set = |drawn: &[u8]| drawn.iter().fold(0u64, |s, &sq| s | (1 << sq));
    (set(&order[..n]), set(&order[n..2 * n]))
}
