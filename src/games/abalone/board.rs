//! The 61-cell hexagon as bits of a `u128`, laid out so that every direction is a plain
//! shift.
//!
//! Cell `Rn` (row letter `R` = `A`..`I` as row 0..8, diagonal number `n` = 1..9 as
//! column `n - 1`) is bit `11 + 10 * row + column`. Rows are 10 bits apart: nine
//! columns and one padding column, so a step east from the last column, or west from
//! the first, lands on padding and never on another cell. One padding row below the
//! board (bits 0..10) and one above keep the neighbours of every edge cell inside the
//! `u128`. The hexagon is the part of the 9×9 grid with `|column - row| <= 4`:
//!
//! ```text
//!   row I             I5 I6 I7 I8 I9          bits  95..99
//!   row H           H4 H5 H6 H7 H8 H9         bits  84..89
//!   row G         G3 G4 G5 G6 G7 G8 G9        bits  73..79
//!   row F       F2 F3 F4 F5 F6 F7 F8 F9       bits  62..69
//!   row E     E1 E2 E3 E4 E5 E6 E7 E8 E9      bits  51..59
//!   row D       D1 D2 D3 D4 D5 D6 D7 D8       bits  41..48
//!   row C         C1 C2 C3 C4 C5 C6 C7        bits  31..37
//!   row B           B1 B2 B3 B4 B5 B6         bits  21..26
//!   row A             A1 A2 A3 A4 A5          bits  11..15
//! ```
//!
//! The six directions, in clockwise order from north-east (the course's clock positions
//! 1, 3, 5, 7, 9, 11), change (row, number) by (+1,+1), (0,+1), (-1,0), (-1,-1), (0,-1),
//! (+1,0), that is the bit index by +11, +1, -10, -11, -1, +10. Shifting a set and
//! masking it with [`BOARD`] moves every cell one step; cells stepping off the board
//! land on bits outside [`BOARD`]. Bits increase in the course's token order (row
//! letter, then number), so iterating a set lowest bit first lists its cells in the
//! order the position text writes them.

/// A set of cells (bits outside [`BOARD`] are never set in a position).
pub type Bits = u128;

/// Number of cells.
pub const CELLS: usize = 61;

/// Bits between two rows.
pub const ROW_STRIDE: usize = 10;

/// The bit of row 0, column 0 (cell `A1`).
pub const ORIGIN: usize = 11;

/// Row letters, bottom (`A`) to top (`I`).
pub const ROW_LETTERS: [char; 9] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];

/// Direction indices, clockwise from north-east.
pub const NE: usize = 0;
/// East.
pub const E: usize = 1;
/// South-east.
pub const SE: usize = 2;
/// South-west.
pub const SW: usize = 3;
/// West.
pub const W: usize = 4;
/// North-west.
pub const NW: usize = 5;

/// The bit-index change of one step in each direction.
pub const STEP: [i32; 6] = [11, 1, -10, -11, -1, 10];

/// The (row, number) change of one step in each direction.
pub const STEP_ROW_NUMBER: [(i32, i32); 6] = [(1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1), (1, 0)];

/// The course's clock position of each direction (1 = north-east ... 11 = north-west).
pub const CLOCK: [u8; 6] = [1, 3, 5, 7, 9, 11];

/// The three line directions that go up in token order (north-east, east, north-west):
/// a line of marbles is named by its lowest cell and one of these.
pub const LINE_AXES: [usize; 3] = [NE, E, NW];

/// The opposite of a direction.
#[inline(always)]
pub const fn opposite(dir: usize) -> usize {
    (dir + 3) % 6
}

/// Whether (row, column) is a cell (column = number - 1).
pub const fn on_board(row: i32, col: i32) -> bool {
    row >= 0 && row < 9 && col >= 0 && col < 9 && col - row <= 4 && row - col <= 4
}

/// The bit of (row, column); only meaningful for cells.
pub const fn bit_index(row: usize, col: usize) -> usize {
    ORIGIN + ROW_STRIDE * row + col
}

/// The (row, column) of a bit index.
pub const fn row_col(index: usize) -> (usize, usize) {
    ((index - 1) / ROW_STRIDE - 1, (index - 1) % ROW_STRIDE)
}

const fn build_board() -> Bits {
    let mut b = 0;
    let mut row = 0;
    while row < 9 {
        let mut col = 0;
        while col < 9 {
            if on_board(row as i32, col as i32) {
                b |= 1 << bit_index(row, col);
            }
            col += 1;
        }
        row += 1;
    }
    b
}

/// Every cell of the board.
pub const BOARD: Bits = build_board();

/// Everything that is not a cell: the padding, where marbles go when they leave.
pub const OFF: Bits = !BOARD;

/// The hexagonal distance between two (row, column) points: the number of steps.
pub const fn hex_distance(r1: i32, c1: i32, r2: i32, c2: i32) -> i32 {
    let dr = r2 - r1;
    let dc = c2 - c1;
    let (adr, adc, add) = (dr.abs(), dc.abs(), (dr - dc).abs());
    let m = if adr > adc { adr } else { adc };
    if m > add {
        m
    } else {
        add
    }
}

const fn build_rings() -> [Bits; 5] {
    let mut rings = [0; 5];
    let mut row = 0;
    while row < 9 {
        let mut col = 0;
        while col < 9 {
            if on_board(row as i32, col as i32) {
                let d = hex_distance(row as i32, col as i32, 4, 4) as usize;
                rings[d] |= 1 << bit_index(row, col);
            }
            col += 1;
        }
        row += 1;
    }
    rings
}

/// `RINGS[d]`: the cells at distance `d` from the centre `E5` (ring 0 is `E5`, ring 4
/// the 24 edge cells).
pub const RINGS: [Bits; 5] = build_rings();

const fn build_lines(by_row: bool) -> [Bits; 9] {
    let mut lines = [0; 9];
    let mut row = 0;
    while row < 9 {
        let mut col = 0;
        while col < 9 {
            if on_board(row as i32, col as i32) {
                let i = if by_row { row } else { col };
                lines[i] |= 1 << bit_index(row, col);
            }
            col += 1;
        }
        row += 1;
    }
    lines
}

/// The cells of each row, `A` (0) to `I` (8).
pub const ROWS: [Bits; 9] = build_lines(true);

/// The cells of each diagonal number, 1 (index 0) to 9 (index 8).
pub const NUMBERS: [Bits; 9] = build_lines(false);

/// Moves every cell of `x` `k` steps in direction `D` (bits may land off the board).
#[inline(always)]
pub const fn toward<const D: usize>(x: Bits, k: i32) -> Bits {
    let s = STEP[D] * k;
    if s >= 0 {
        x << s
    } else {
        x >> -s
    }
}

/// The cells whose neighbour `k` steps away in direction `D` is in `x`.
#[inline(always)]
pub const fn back<const D: usize>(x: Bits, k: i32) -> Bits {
    let s = STEP[D] * k;
    if s >= 0 {
        x >> s
    } else {
        x << -s
    }
}

/// Moves every cell of `x` one step in direction `dir` (a run-time direction).
#[inline]
pub const fn step(x: Bits, dir: usize) -> Bits {
    let s = STEP[dir];
    if s >= 0 {
        x << s
    } else {
        x >> -s
    }
}

/// The bit index `k` steps from `index` in direction `dir` (may be off the board).
#[inline(always)]
pub const fn offset(index: usize, dir: usize, k: usize) -> usize {
    (index as i32 + STEP[dir] * k as i32) as usize
}

/// All cells adjacent to some cell of `x`.
#[inline]
pub fn neighbours(x: Bits) -> Bits {
    (toward::<NE>(x, 1)
        | toward::<E>(x, 1)
        | toward::<SE>(x, 1)
        | toward::<SW>(x, 1)
        | toward::<W>(x, 1)
        | toward::<NW>(x, 1))
        & BOARD
}

/// Iterates over the bit indices of a set, lowest (first in token order) first.
pub use crate::games::bits::set_bits as cells;

/// The course name of a cell, e.g. `C5`.
pub fn cell_name(index: usize) -> String {
    let (row, col) = row_col(index);
    format!("{}{}", ROW_LETTERS[row], col + 1)
}

/// Reads a course cell name (`A1` .. `I9`, row letter in either case) into its bit
/// index; `None` for anything that is not one of the 61 cells.
pub fn parse_cell(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let row = ROW_LETTERS.iter().position(|&l| l == letter)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let col = digits.parse::<usize>().ok()?.checked_sub(1)?;
    if !on_board(row as i32, col as i32) {
        return None;
    }
    Some(bit_index(row, col))
}

/// The board turned half a turn (cell (row, column) to (8 - row, 8 - column)).
#[inline]
pub fn rotate_half(x: Bits) -> Bits {
    // Bit p goes to 110 - p: reversing maps p to 127 - p.
    x.reverse_bits() >> 17
}

/// The board reflected in its south-west to north-east diagonal (cell (row, column) to
/// (column, row)): east and north-west swap, so do west and south-east.
pub fn transpose(x: Bits) -> Bits {
    cells(x)
        .map(|i| {
            let (r, c) = row_col(i);
            1 << bit_index(c, r)
        })
        .fold(0, |a, b| a | b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_61_cells_in_rows_of_5_to_9() {
        assert_eq!(BOARD.count_ones() as usize, CELLS);
        let lens: Vec<u32> = ROWS.iter().map(|r| r.count_ones()).collect();
        assert_eq!(lens, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
        assert_eq!(RINGS.map(|r| r.count_ones()), [1, 6, 12, 18, 24]);
    }

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for i in cells(BOARD) {
            assert_eq!(parse_cell(&cell_name(i)), Some(i));
        }
        assert_eq!(parse_cell("A1"), Some(11));
        assert_eq!(parse_cell("e5"), Some(bit_index(4, 4)));
        assert_eq!(parse_cell("I9"), Some(99));
        for bad in [
            "A6", "I4", "J1", "A0", "E10", "", "E", "5", "E+5", "E5x", "F1", "E05",
        ] {
            assert_eq!(parse_cell(bad), None, "{bad}");
        }
    }

    #[test]
    fn steps_match_the_course_neighbours() {
        // C5: east C6, west C4, north-west D5, north-east D6, south-east B5, south-west B4.
        let c5 = parse_cell("C5").unwrap();
        let want = ["D6", "C6", "B5", "B4", "C4", "D5"];
        for (dir, name) in want.iter().enumerate() {
            assert_eq!(step(1 << c5, dir), 1 << parse_cell(name).unwrap(), "{dir}");
        }
    }

    #[test]
    fn steps_off_the_edge_leave_the_board() {
        for i in cells(RINGS[4]) {
            let off = (0..6).filter(|&d| step(1 << i, d) & BOARD == 0).count();
            assert!(off == 2 || off == 3, "{}", cell_name(i));
        }
        for i in cells(BOARD & !RINGS[4]) {
            assert!((0..6).all(|d| step(1 << i, d) & BOARD != 0));
        }
        assert_eq!(neighbours(1 << parse_cell("E5").unwrap()), RINGS[1]);
    }

    #[test]
    fn symmetries_map_the_board_onto_itself() {
        assert_eq!(rotate_half(BOARD), BOARD);
        assert_eq!(transpose(BOARD), BOARD);
        let a1 = 1 << parse_cell("A1").unwrap();
        assert_eq!(rotate_half(a1), 1 << parse_cell("I9").unwrap());
        let a5 = 1 << parse_cell("A5").unwrap();
        assert_eq!(transpose(a5), 1 << parse_cell("E1").unwrap());
    }
}
