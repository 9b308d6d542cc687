//! Zobrist keys: one fixed random 64-bit key per (colour, cell) and one for the side to
//! move. Keys are indexed by the padded bit index of [`super::board`], so make needs no
//! index conversion; keys of padding bits exist but are never used.

use super::board::{cells, Bits};
use crate::games::keys::{key_table, splitmix};

/// `MARBLE[colour][bit]`: the key of a marble of `colour` (0 black, 1 white) on `bit`.
pub const MARBLE: [[u64; 128]; 2] = key_table::<128>(0x0041_4241_4C4F_4E45);

/// XORed in when white is to move.
pub const WHITE_TO_MOVE: u64 = splitmix(0x5749_5445_4D4F_5645).1;

/// The hash of a board from scratch.
pub fn hash_of(marbles: [Bits; 2], white_to_move: bool) -> u64 {
    let mut h = if white_to_move { WHITE_TO_MOVE } else { 0 };
    for (colour, &set) in marbles.iter().enumerate() {
        for i in cells(set) {
            h ^= MARBLE[colour][i];
        }
    }
    h
}
