//! Zobrist keys: one random 64-bit key per (colour, cell) and one for red to move.
//!
//! A crank changes many cells at once, so instead of XORing keys cell by cell the hash
//! is read from byte tables: `TABLES[colour][b][v]` is the XOR of the keys of the cells
//! of row `b + 1` that the byte value `v` holds. Eight lookups per colour give exactly
//! the Zobrist hash (XOR of the keys of all occupied cells), whatever changed.

use super::bitboard::{cells, Bitboard, CELLS};
use crate::game::Role;
use crate::games::keys::{key_table, splitmix};

/// `KEYS[0][sq]` for a blue piece on `sq`, `KEYS[1][sq]` for a red one.
pub const KEYS: [[u64; CELLS]; 2] = key_table::<CELLS>(0x5741_525F_4C49_4645);

/// XORed in when red is to move.
pub const RED_TO_MOVE: u64 = splitmix(0x0052_4544_0000_0001).1;

const fn build_tables() -> [[[u64; 256]; 8]; 2] {
    let mut tables = [[[0; 256]; 8]; 2];
    let mut colour = 0;
    while colour < 2 {
        let mut byte = 0;
        while byte < 8 {
            let mut v = 1;
            while v < 256 {
                let low = (v as u64).trailing_zeros() as usize;
                tables[colour][byte][v] =
                    tables[colour][byte][v & (v - 1)] ^ KEYS[colour][byte * 8 + low];
                v += 1;
            }
            byte += 1;
        }
        colour += 1;
    }
    tables
}

/// Byte tables of [`KEYS`]: `TABLES[colour][b][v]` covers the cells of byte `b`.
static TABLES: [[[u64; 256]; 8]; 2] = build_tables();

/// The Zobrist hash of one colour's cells (table lookups, constant time).
#[inline(always)]
pub fn colour_hash(colour: usize, set: Bitboard) -> u64 {
    let t = &TABLES[colour];
    let b = set.to_le_bytes();
    (t[0][b[0] as usize] ^ t[1][b[1] as usize])
        ^ (t[2][b[2] as usize] ^ t[3][b[3] as usize])
        ^ (t[4][b[4] as usize] ^ t[5][b[5] as usize])
        ^ (t[6][b[6] as usize] ^ t[7][b[7] as usize])
}

/// The hash of a position.
#[inline(always)]
pub fn hash_of(blue: Bitboard, red: Bitboard, side: Role) -> u64 {
    let side_key = if side == 0 { 0 } else { RED_TO_MOVE };
    colour_hash(0, blue) ^ colour_hash(1, red) ^ side_key
}

/// The same hash cell by cell from [`KEYS`]: slow, the definition for tests.
pub fn hash_reference(blue: Bitboard, red: Bitboard, side: Role) -> u64 {
    let mut h = if side == 0 { 0 } else { RED_TO_MOVE };
    for sq in cells(blue) {
        h ^= KEYS[0][sq];
    }
    for sq in cells(red) {
        h ^= KEYS[1][sq];
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_keys() {
        let mut x = 0x1234_5678_9ABC_DEF0_u64;
        for _ in 0..1000 {
            x = splitmix(x).1;
            let y = splitmix(x ^ 77).1;
            let (blue, red) = (x & !y, y & !x);
            for side in 0..2 {
                assert_eq!(hash_of(blue, red, side), hash_reference(blue, red, side));
            }
        }
    }

    #[test]
    fn colours_and_side_matter() {
        assert_ne!(hash_of(1, 2, 0), hash_of(2, 1, 0));
        assert_ne!(hash_of(1, 2, 0), hash_of(1, 2, 1));
        assert_eq!(hash_of(0, 0, 0), 0);
    }
}
