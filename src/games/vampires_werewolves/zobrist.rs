//! Zobrist keys for (cell, species, count), computed rather than tabled.
//!
//! A table over 65 536 cells × 3 species × 255 counts would be 400 MB, so each key is a
//! fixed mix (splitmix64's finaliser) of the packed triple: as random-looking as a table
//! entry, stable across runs and platforms, and a few multiplications to compute. The
//! position hash is the XOR of the keys of its occupied cells and [`WEREWOLVES_TO_MOVE`].

use super::board::{Content, Coord};

#[inline]
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of `content` on `at` (0 for an empty cell, so emptying a cell XORs its key out).
#[inline]
pub fn key(at: Coord, content: Content) -> u64 {
    if content.is_empty() {
        return 0;
    }
    let packed = (at.key() as u64) << 16 | (content.kind() as u64) << 8 | content.count() as u64;
    mix(packed ^ 0x5657_5357_0000_0000) // "VVSW"
}

/// XORed in when the werewolves are to move.
pub const WEREWOLVES_TO_MOVE: u64 = mix(0x5745_5245_574F_4C46);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::vampires_werewolves::board::Kind;

    #[test]
    fn keys_differ_and_empty_is_zero() {
        let a = Coord::new(1, 2);
        let k1 = key(a, Content::new(Kind::Vampires, 3));
        let k2 = key(a, Content::new(Kind::Werewolves, 3));
        let k3 = key(a, Content::new(Kind::Vampires, 4));
        let k4 = key(Coord::new(2, 1), Content::new(Kind::Vampires, 3));
        assert!(k1 != k2 && k1 != k3 && k1 != k4 && k2 != k3);
        assert_eq!(key(a, Content::EMPTY), 0);
    }
}
