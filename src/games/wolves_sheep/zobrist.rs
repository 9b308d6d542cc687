//! Zobrist keys: one random 64-bit key per (piece, square) and one for the side to move.

use super::bitboard::SQUARES;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_keys() -> [[u64; SQUARES]; 2] {
    let mut keys = [[0; SQUARES]; 2];
    let mut state = 0x5745_4947_4854_u64; // fixed: hashes are stable across runs
    let mut piece = 0;
    while piece < 2 {
        let mut sq = 0;
        while sq < SQUARES {
            let (s, k) = splitmix(state);
            state = s;
            keys[piece][sq] = k;
            sq += 1;
        }
        piece += 1;
    }
    keys
}

/// `PIECE[0][sq]` for a wolf on `sq`, `PIECE[1][sq]` for a sheep.
pub const PIECE: [[u64; SQUARES]; 2] = build_keys();

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
