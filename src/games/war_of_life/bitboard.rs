//! The 8×8 board as the 64 bits of a `u64`, with edge-safe shifts.
//!
//! Cell `[row, col]` (both 1..8, the referee's notation; rows drawn top to bottom) is
//! bit `(row - 1) * 8 + (col - 1)`:
//!
//! ```text
//!        col 1  2  3  4  5  6  7  8
//! row 1      0  1  2  3  4  5  6  7
//! row 2      8  9 10 11 12 13 14 15
//!  ...
//! row 8     56 57 58 59 60 61 62 63
//! ```
//!
//! Moving a set one column right is `<< 1` with column 1 cleared (a piece of column 8
//! would otherwise reappear in column 1 of the next row); one row down is `<< 8`, whose
//! overflow simply falls off the `u64`. Nothing wraps.

/// A set of cells.
pub type Bitboard = u64;

/// Board side length.
pub const SIZE: usize = 8;

/// Cells on the board.
pub const CELLS: usize = 64;

/// Column 1 (the left edge).
pub const COL1: Bitboard = 0x0101_0101_0101_0101;
/// Column 8 (the right edge).
pub const COL8: Bitboard = 0x8080_8080_8080_8080;
/// Row 1 (the top edge).
pub const ROW1: Bitboard = 0xFF;
/// Row 8 (the bottom edge).
pub const ROW8: Bitboard = 0xFF << 56;
/// The 28 border cells.
pub const EDGE: Bitboard = COL1 | COL8 | ROW1 | ROW8;
/// The four corner cells.
pub const CORNERS: Bitboard = 1 | (1 << 7) | (1 << 56) | (1 << 63);

/// The bit index of `[row, col]` (both 1..8).
#[inline]
pub const fn cell(row: usize, col: usize) -> usize {
    (row - 1) * SIZE + (col - 1)
}

/// The `[row, col]` (both 1..8) of a bit index.
#[inline]
pub const fn row_col(sq: usize) -> (usize, usize) {
    (sq / SIZE + 1, sq % SIZE + 1)
}

/// Every piece moved one column right (col + 1); column 8 falls off.
#[inline(always)]
pub const fn east(x: Bitboard) -> Bitboard {
    (x << 1) & !COL1
}

/// Every piece moved one column left (col − 1); column 1 falls off.
#[inline(always)]
pub const fn west(x: Bitboard) -> Bitboard {
    (x >> 1) & !COL8
}

/// Every piece moved one row down (row + 1); row 8 falls off.
#[inline(always)]
pub const fn south(x: Bitboard) -> Bitboard {
    x << 8
}

/// Every piece moved one row up (row − 1); row 1 falls off.
#[inline(always)]
pub const fn north(x: Bitboard) -> Bitboard {
    x >> 8
}

/// The eight directions as (row, column) steps, in the order of [`shifts`].
pub const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The set moved one step in each of the eight [`DIRECTIONS`], off-board cells dropped.
#[inline(always)]
pub const fn shifts(x: Bitboard) -> [Bitboard; 8] {
    let (w, e) = (west(x), east(x));
    [
        north(w),
        north(x),
        north(e),
        w,
        e,
        south(w),
        south(x),
        south(e),
    ]
}

/// The cells next to at least one cell of `x` (a cell of `x` is included only when
/// another cell of `x` touches it).
#[inline(always)]
pub const fn neighbours_of(x: Bitboard) -> Bitboard {
    let row = west(x) | x | east(x);
    north(row) | south(row) | west(x) | east(x)
}

const fn build_neighbours() -> [Bitboard; CELLS] {
    let mut table = [0; CELLS];
    let mut sq = 0;
    while sq < CELLS {
        table[sq] = neighbours_of(1 << sq);
        sq += 1;
    }
    table
}

/// `NEIGHBOURS[sq]`: the (3, 5 or 8) cells around `sq`.
pub const NEIGHBOURS: [Bitboard; CELLS] = build_neighbours();

/// The index of the direction that leads from `from` to its neighbour `to`, if any.
#[inline]
pub fn direction(from: usize, to: usize) -> Option<usize> {
    if from >= CELLS || to >= CELLS || NEIGHBOURS[from] & (1 << to) == 0 {
        return None;
    }
    let (dr, dc) = (
        (to / SIZE) as i32 - (from / SIZE) as i32,
        (to % SIZE) as i32 - (from % SIZE) as i32,
    );
    DIRECTIONS.iter().position(|&d| d == (dr, dc))
}

/// Iterates over the cells of a set, lowest first.
pub use crate::games::bits::set_bits as cells;

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_neighbours(sq: usize) -> Bitboard {
        let (r, c) = ((sq / SIZE) as i32, (sq % SIZE) as i32);
        let mut set = 0;
        for (dr, dc) in DIRECTIONS {
            let (nr, nc) = (r + dr, c + dc);
            if (0..8).contains(&nr) && (0..8).contains(&nc) {
                set |= 1 << (nr * 8 + nc);
            }
        }
        set
    }

    #[test]
    fn neighbour_table_has_no_wrap_around() {
        for (sq, &set) in NEIGHBOURS.iter().enumerate() {
            assert_eq!(set, naive_neighbours(sq), "cell {sq}");
        }
        assert_eq!(NEIGHBOURS[0].count_ones(), 3);
        assert_eq!(NEIGHBOURS[cell(1, 8)].count_ones(), 3);
        assert_eq!(NEIGHBOURS[cell(4, 1)].count_ones(), 5);
        assert_eq!(NEIGHBOURS[cell(4, 4)].count_ones(), 8);
    }

    #[test]
    fn shifts_follow_the_directions() {
        for (sq, &neighbours) in NEIGHBOURS.iter().enumerate() {
            for (d, s) in shifts(1 << sq).iter().enumerate() {
                if *s != 0 {
                    let to = s.trailing_zeros() as usize;
                    assert_eq!(direction(sq, to), Some(d), "{sq} -> {to}");
                }
            }
            let all = shifts(1 << sq).iter().fold(0, |a, b| a | b);
            assert_eq!(all, neighbours);
        }
    }

    #[test]
    fn cell_numbering_matches_the_referee() {
        assert_eq!(cell(1, 1), 0);
        assert_eq!(cell(2, 3), 10);
        assert_eq!(row_col(63), (8, 8));
        assert_eq!(EDGE.count_ones(), 28);
        assert_eq!(direction(0, 63), None);
    }
}
