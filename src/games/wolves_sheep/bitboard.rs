//! The 5×5 board as 25 bits of a `u32`, and the fixed tables the rules use.
//!
//! Square `row * 5 + col`, row 0 at the top:
//!
//! ```text
//!      col 0  1  2  3  4
//! row 0    0  1  2  3  4      S S S S S
//! row 1    5  6  7  8  9      S S S S S
//! row 2   10 11 12 13 14      . . . . .
//! row 3   15 16 17 18 19      . . . . .
//! row 4   20 21 22 23 24      . W . W .   (the start)
//! ```

/// A set of squares.
pub type Bitboard = u32;

/// Every square of the board.
pub const FULL: Bitboard = (1 << 25) - 1;

/// Board side length.
pub const SIZE: usize = 5;

/// Squares on the board.
pub const SQUARES: usize = 25;

/// The four orthogonal directions as (row, column) steps: up, down, left, right.
pub const DIRECTIONS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

const fn on_board(row: i32, col: i32) -> bool {
    row >= 0 && row < SIZE as i32 && col >= 0 && col < SIZE as i32
}

const fn build_adjacent() -> [Bitboard; SQUARES] {
    let mut table = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (row, col) = ((sq / SIZE) as i32, (sq % SIZE) as i32);
        let mut d = 0;
        while d < 4 {
            let (r, c) = (row + DIRECTIONS[d].0, col + DIRECTIONS[d].1);
            if on_board(r, c) {
                table[sq] |= 1 << (r as usize * SIZE + c as usize);
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// Orthogonal neighbours of each square.
pub const ADJACENT: [Bitboard; SQUARES] = build_adjacent();

/// A capture line from a square: the square jumped over and the landing square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The square jumped over (must be empty).
    pub over: u8,
    /// The landing square (must hold a sheep).
    pub to: u8,
}

const fn build_jumps() -> [[Option<Jump>; 4]; SQUARES] {
    let mut table = [[None; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (row, col) = ((sq / SIZE) as i32, (sq % SIZE) as i32);
        let mut d = 0;
        while d < 4 {
            let (r1, c1) = (row + DIRECTIONS[d].0, col + DIRECTIONS[d].1);
            let (r2, c2) = (row + 2 * DIRECTIONS[d].0, col + 2 * DIRECTIONS[d].1);
            if on_board(r2, c2) {
                table[sq][d] = Some(Jump {
                    over: (r1 * SIZE as i32 + c1) as u8,
                    to: (r2 * SIZE as i32 + c2) as u8,
                });
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// The capture lines from each square, one per direction that stays on the board.
pub const JUMPS: [[Option<Jump>; 4]; SQUARES] = build_jumps();

const fn build_rings() -> [[Bitboard; 9]; SQUARES] {
    let mut table = [[0; 9]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            let dr = (a / SIZE) as i32 - (b / SIZE) as i32;
            let dc = (a % SIZE) as i32 - (b % SIZE) as i32;
            let d = (if dr < 0 { -dr } else { dr }) + (if dc < 0 { -dc } else { dc });
            table[a][d as usize] |= 1 << b;
            b += 1;
        }
        a += 1;
    }
    table
}

/// `RINGS[sq][d]`: the squares at Manhattan distance `d` from `sq`.
pub const RINGS: [[Bitboard; 9]; SQUARES] = build_rings();

const fn build_rows() -> [Bitboard; SIZE] {
    let mut rows = [0; SIZE];
    let mut r = 0;
    while r < SIZE {
        rows[r] = 0b11111 << (r * SIZE);
        r += 1;
    }
    rows
}

/// The squares of each row.
pub const ROWS: [Bitboard; SIZE] = build_rows();

/// Squares not in column 0 (a left neighbour exists).
pub const NOT_COL0: Bitboard = FULL & !0b00001_00001_00001_00001_00001;
/// Squares not in column 4 (a right neighbour exists).
pub const NOT_COL4: Bitboard = FULL & !0b10000_10000_10000_10000_10000;

/// Each square of `set` moved one step in every direction that stays on the board,
/// kept as four sets (up, down, left, right).
#[inline]
pub fn shifts(set: Bitboard) -> [Bitboard; 4] {
    [
        set >> SIZE,
        (set << SIZE) & FULL,
        (set & NOT_COL0) >> 1,
        (set & NOT_COL4) << 1,
    ]
}

/// Iterates over the squares of a set, lowest first.
pub use crate::games::bits::set_bits as squares;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_have_two_neighbours_and_centre_four() {
        assert_eq!(ADJACENT[0], (1 << 1) | (1 << 5));
        assert_eq!(ADJACENT[12].count_ones(), 4);
        assert_eq!(ADJACENT[24], (1 << 23) | (1 << 19));
    }

    #[test]
    fn jumps_stay_on_the_board() {
        assert_eq!(JUMPS[0][0], None);
        assert_eq!(JUMPS[0][1], Some(Jump { over: 5, to: 10 }));
        assert_eq!(JUMPS[0][3], Some(Jump { over: 1, to: 2 }));
        assert_eq!(JUMPS[13][3], None);
    }

    #[test]
    fn shifts_match_the_adjacency_table() {
        for (sq, adjacent) in ADJACENT.iter().enumerate() {
            let all = shifts(1 << sq).iter().fold(0, |a, b| a | b);
            assert_eq!(all, *adjacent, "square {sq}");
        }
    }

    #[test]
    fn rings_partition_the_board() {
        for (sq, rings) in RINGS.iter().enumerate() {
            assert_eq!(rings.iter().fold(0, |a, b| a | b), FULL);
            assert_eq!(rings[0], 1 << sq);
        }
    }
}
