//! Zobrist keys: one random 64-bit key per (colour, cell) and one for the side to move.

use super::bitboard::{Bitboard, CELLS};
use crate::games::bits::set_bits;
use crate::games::keys::{key_table, splitmix};

/// `DISC[0][bit]` for a red disc on the cell of bit index `bit`, `DISC[1][bit]` for yellow.
pub const DISC: [[u64; CELLS]; 2] = key_table::<CELLS>(0xC0_4E_EC_74_F0_55);

/// XORed in when yellow is to move.
pub const YELLOW_TO_MOVE: u64 = splitmix(0x59_45_4C_4C_4F_57).1;

/// The hash of a board from scratch.
pub fn hash_of(discs: [Bitboard; 2], yellow_to_move: bool) -> u64 {
    let mut h = if yellow_to_move { YELLOW_TO_MOVE } else { 0 };
    for (colour, &d) in discs.iter().enumerate() {
        for bit in set_bits(d) {
            h ^= DISC[colour][bit];
        }
    }
    h
}
