//! Zobrist keys: one random 64-bit key per (piece, square) and one for the side to move.

use super::bitboard::SQUARES;
use crate::games::keys::{key_table, splitmix};

/// `PIECE[0][sq]` for a wolf on `sq`, `PIECE[1][sq]` for a sheep.
pub const PIECE: [[u64; SQUARES]; 2] = key_table::<SQUARES>(0x5745_4947_4854);

/// XORed in when the sheep are to move.
pub const SHEEP_TO_MOVE: u64 = splitmix(0xC0FF_EE00_D00D).1;

/// The hash of a board from scratch.
pub fn hash_of(wolves: u32, sheep: u32, sheep_to_move: bool) -> u64 {
    let mut h = if sheep_to_move { SHEEP_TO_MOVE } else { 0 };
    for sq in super::bitboard::squares(wolves) {
        h ^= PIECE[0][sq];
    }
    for sq in super::bitboard::squares(sheep) {
        h ^= PIECE[1][sq];
    }
    h
}
