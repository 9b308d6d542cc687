//! Zobrist keys: one fixed random 64-bit key per (colour, cell) and one for the side to
//! move. Keys are indexed by the padded bit index of [`super::board`], so make needs no
//! index conversion; keys of padding bits exist but are never used.

use super::board::{cells, Bits};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_keys() -> [[u64; 128]; 2] {
    let mut keys = [[0; 128]; 2];
    let mut state = 0x0041_4241_4C4F_4E45_u64; // fixed: hashes are stable across runs
    let mut colour = 0;
    while colour < 2 {
        let mut i = 0;
        while i < 128 {
            let (s, k) = splitmix(state);
            state = s;
            keys[colour][i] = k;
            i += 1;
        }
        colour += 1;
    }
    keys
}

/// `MARBLE[colour][bit]`: the key of a marble of `colour` (0 black, 1 white) on `bit`.
pub const MARBLE: [[u64; 128]; 2] = build_keys();

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
