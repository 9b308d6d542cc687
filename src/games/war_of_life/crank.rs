//! Conway's crank for two colours, 64 cells at once.
//!
//! The neighbour count of every cell is summed bit-sliced: each count is a small binary
//! number whose bits live in separate `u64`s, one bit per cell, so one AND/XOR works on
//! all 64 cells together. The sum is done in two steps:
//!
//! ```text
//!   row sums  h3 = left + self + right   (0..3)     a b c     a+b+c (row above, h3)
//!             h2 = left + right          (0..2)     d . e  →  d+e   (own row, h2)
//!   column    n  = h3(above) + h2 + h3(below)       f g h     f+g+h (row below, h3)
//! ```
//!
//! The crank only needs to know whether a count is 2 or 3 (survival) and exactly 3
//! (birth), so the adder stops early: writing `n = s0 + 2·(a1 + b1 + c1 + k)` (the low
//! bits' full-adder sum `s0`, carry `k`, and the three high bits), `n ∈ {2, 3}` exactly
//! when one of the four weight-2 bits is set. A birth takes the colour held by at least
//! two of its three neighbours, so the blue count is only needed as "at least 2", which
//! is "any weight-2 bit set" in the same decomposition.

use super::bitboard::{east, north, south, west, Bitboard, CELLS, DIRECTIONS, SIZE};

/// What the next generation needs to know about every cell's neighbours (each field is
/// a set of cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbourhood {
    /// Cells with 2 or 3 neighbours of either colour: a piece here survives.
    pub two_or_three: Bitboard,
    /// Cells with exactly 3 neighbours: an empty cell here gets a piece.
    pub three: Bitboard,
    /// Cells with at least 2 blue neighbours: a birth here is blue (otherwise red).
    pub blue_majority: Bitboard,
}

/// Row sums of `x` as bit-sliced numbers: `(h3 bit 0, h3 bit 1, h2 bit 0, h2 bit 1)`.
#[inline(always)]
fn row_sums(x: Bitboard) -> (Bitboard, Bitboard, Bitboard, Bitboard) {
    let (l, r) = (east(x), west(x));
    let lr = l ^ r;
    let h2_1 = l & r;
    (lr ^ x, h2_1 | (x & lr), lr, h2_1)
}

/// The low-bit sum and the four weight-2 bits of the neighbour count of every cell.
#[inline(always)]
fn counts(x: Bitboard) -> (Bitboard, [Bitboard; 4]) {
    let (h3_0, h3_1, h2_0, h2_1) = row_sums(x);
    let (a0, b0) = (south(h3_0), north(h3_0));
    let ab0 = a0 ^ b0;
    let s0 = ab0 ^ h2_0;
    let carry = (a0 & b0) | (h2_0 & ab0);
    (s0, [south(h3_1), north(h3_1), h2_1, carry])
}

/// The neighbour facts of the board `blue`, `red`.
#[inline(always)]
pub fn neighbourhood(blue: Bitboard, red: Bitboard) -> Neighbourhood {
    let (s0, [a1, b1, c1, k]) = counts(blue | red);
    let ab1 = a1 ^ b1;
    let odd = ab1 ^ c1;
    let two_plus = (a1 & b1) | (c1 & ab1);
    let two_or_three = !two_plus & (odd ^ k);
    let (_, [ba, bb, bc, bk]) = counts(blue);
    Neighbourhood {
        two_or_three,
        three: two_or_three & s0,
        blue_majority: ba | bb | bc | bk,
    }
}

/// One generation: survivors keep their colour, births take the majority colour.
///
/// ```text
///  . b . .        . b b .     (the top-left corner, rows 1-4, columns 1-4)
///  . b r .   →    b b r .     blue survives with 2 or 3 neighbours, red [2,3] with 3;
///  . b . .        . b b .     [1,3], [2,1] and [3,3] have exactly 3 neighbours, at
///  . . . .        . . . .     least 2 of them blue: they are born blue.
/// ```
#[inline(always)]
pub fn crank(blue: Bitboard, red: Bitboard) -> (Bitboard, Bitboard) {
    let n = neighbourhood(blue, red);
    let born = n.three & !(blue | red);
    (
        (blue & n.two_or_three) | (born & n.blue_majority),
        (red & n.two_or_three) | (born & !n.blue_majority),
    )
}

/// The crank cell by cell, exactly as the rules are worded: slow, for tests and as the
/// definition the bit-parallel [`crank`] must agree with.
pub fn crank_reference(blue: Bitboard, red: Bitboard) -> (Bitboard, Bitboard) {
    let (mut nb, mut nr) = (0, 0);
    for sq in 0..CELLS {
        let (r, c) = ((sq / SIZE) as i32, (sq % SIZE) as i32);
        let (mut blues, mut reds) = (0, 0);
        for (dr, dc) in DIRECTIONS {
            let (rr, cc) = (r + dr, c + dc);
            if (0..8).contains(&rr) && (0..8).contains(&cc) {
                let bit = 1u64 << (rr * 8 + cc);
                blues += (blue & bit != 0) as u32;
                reds += (red & bit != 0) as u32;
            }
        }
        let total = blues + reds;
        let bit = 1u64 << sq;
        if blue & bit != 0 {
            if total == 2 || total == 3 {
                nb |= bit;
            }
        } else if red & bit != 0 {
            if total == 2 || total == 3 {
                nr |= bit;
            }
        } else if total == 3 {
            if blues >= 2 {
                nb |= bit;
            } else {
                nr |= bit;
            }
        }
    }
    (nb, nr)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::war_of_life::bitboard::cell;

    fn set(cells: &[(usize, usize)]) -> Bitboard {
        cells.iter().map(|&(r, c)| 1 << cell(r, c)).sum()
    }

    #[test]
    fn the_doc_example() {
        let (blue, red) = (set(&[(1, 2), (2, 2), (3, 2)]), set(&[(2, 3)]));
        let want_blue = set(&[(1, 2), (1, 3), (2, 1), (2, 2), (3, 2), (3, 3)]);
        assert_eq!(crank(blue, red), (want_blue, red));
        assert_eq!(crank_reference(blue, red), (want_blue, red));
    }

    #[test]
    fn births_take_the_majority_colour() {
        // [2,2] is empty with neighbours red [1,1], red [1,2], blue [1,3]; [1,2] keeps
        // two neighbours and survives, the two ends have one and die.
        let (blue, red) = (set(&[(1, 3)]), set(&[(1, 1), (1, 2)]));
        let (nb, nr) = crank(blue, red);
        assert_eq!(nb, 0);
        assert_eq!(nr, set(&[(1, 2), (2, 2)]));
    }

    #[test]
    fn nothing_wraps_around_the_edges() {
        // Pieces on column 8 must not feed column 1 of the next row and vice versa.
        let blue = (1 << cell(1, 8)) | (1 << cell(2, 8)) | (1 << cell(3, 8));
        let red = (1 << cell(4, 1)) | (1 << cell(5, 1)) | (1 << cell(6, 1));
        assert_eq!(crank(blue, red), crank_reference(blue, red));
        let (nb, nr) = crank(blue, red);
        assert_eq!(nb, (1 << cell(2, 7)) | (1 << cell(2, 8)));
        assert_eq!(nr, (1 << cell(5, 1)) | (1 << cell(5, 2)));
    }

    #[test]
    fn full_board_dies_except_corners() {
        let (nb, nr) = crank(!0, 0);
        assert_eq!(nb, super::super::bitboard::CORNERS);
        assert_eq!(nr, 0);
    }
}
