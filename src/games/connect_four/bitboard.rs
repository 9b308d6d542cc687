//! The 7×(6+1) bitboard: bit `col * 7 + row` is the cell of column `col` (0 left) and row
//! `row` (0 bottom); row 6 of every column is a sentinel kept empty, so that shifting a
//! board by 1 (vertical), 7 (horizontal), 6 or 8 (the diagonals) never wraps a line from
//! one column into the next.

/// A set of cells.
pub type Bitboard = u64;

/// Columns.
pub const WIDTH: usize = 7;
/// Rows.
pub const HEIGHT: usize = 6;
/// Bits per column: the rows and the sentinel.
pub const STRIDE: usize = HEIGHT + 1;
/// Bit indices a board uses (the sentinels included): `WIDTH * STRIDE`.
pub const CELLS: usize = WIDTH * STRIDE;

/// The bottom cell of every column.
pub const BOTTOM: Bitboard = bottom();
/// Every cell of the board (no sentinel).
pub const BOARD: Bitboard = BOTTOM * ((1 << HEIGHT) - 1);
/// The cells of rows 1, 3 and 5 counted from the bottom (row indices 0, 2, 4).
pub const ODD_ROWS: Bitboard = BOTTOM * 0b010101;
/// The cells of rows 2, 4 and 6 counted from the bottom (row indices 1, 3, 5).
pub const EVEN_ROWS: Bitboard = BOTTOM * 0b101010;
/// The directions of a line as bit shifts: vertical, horizontal and the two diagonals.
pub const DIRECTIONS: [u32; 4] = [1, STRIDE as u32, STRIDE as u32 - 1, STRIDE as u32 + 1];

const fn bottom() -> Bitboard {
    let mut b = 0;
    let mut c = 0;
    while c < WIDTH {
        b |= 1 << (c * STRIDE);
        c += 1;
    }
    b
}

/// The bit of the cell at `col`, `row` (row 0 at the bottom).
#[inline]
pub const fn cell(col: usize, row: usize) -> Bitboard {
    1 << (col * STRIDE + row)
}

/// The cells of column `col`.
#[inline]
pub const fn column(col: usize) -> Bitboard {
    ((1 << HEIGHT) - 1) << (col * STRIDE)
}

/// Whether `discs` hold four in a line: for each direction, a pair of neighbours
/// (`b & b >> s`) next to another pair two steps on.
#[inline]
pub fn has_four(discs: Bitboard) -> bool {
    DIRECTIONS.iter().any(|&s| {
        let pairs = discs & (discs >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

/// The empty cells that would complete four in a line for `discs` (`occupied`: every
/// disc on the board), playable now or not.
#[inline]
pub fn winning_cells(discs: Bitboard, occupied: Bitboard) -> Bitboard {
    let p = discs;
    // vertical: only three below
    let mut r = (p << 1) & (p << 2) & (p << 3);
    for s in [STRIDE as u32, STRIDE as u32 - 1, STRIDE as u32 + 1] {
        let mut q = (p << s) & (p << (2 * s));
        r |= q & (p << (3 * s));
        r |= q & (p >> s);
        q = (p >> s) & (p >> (2 * s));
        r |= q & (p << s);
        r |= q & (p >> (3 * s));
    }
    r & (BOARD ^ occupied)
}

/// The cells a disc would land on now: the lowest empty cell of each column not full.
#[inline]
pub fn playable(occupied: Bitboard) -> Bitboard {
    (occupied + BOTTOM) & BOARD
}

/// The windows: every line of four cells on the board (69 of them).
pub const WINDOWS: [Bitboard; 69] = windows();

const fn windows() -> [Bitboard; 69] {
    let mut out = [0; 69];
    let mut n = 0;
    // (columns step, rows step) of each direction
    let dirs: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = dirs[d];
        let mut col = 0;
        while col < WIDTH as i32 {
            let mut row = 0;
            while row < HEIGHT as i32 {
                let (ec, er) = (col + 3 * dc, row + 3 * dr);
                // a negative end wraps to a huge usize: off the board too
                if (ec as usize) < WIDTH && (er as usize) < HEIGHT {
                    let mut w = 0;
                    let mut k = 0;
                    while k < 4 {
                        w |= cell((col + k * dc) as usize, (row + k * dr) as usize);
                        k += 1;
                    }
                    out[n] = w;
                    n += 1;
                }
                row += 1;
            }
            col += 1;
        }
        d += 1;
    }
    assert!(n == 69);
    out
}

/// Bit planes of the windows-through-a-cell table (3 4 5 7 5 4 3 on the bottom row, 13
/// at the centre): plane `k` holds the cells whose count has bit `k` set, so that the
/// table's sum over a set of discs is `Σ 2^k · popcount(discs & plane k)`.
pub const WINDOW_COUNT_PLANES: [Bitboard; 4] = planes();

/// The number of windows through each cell (bit index).
pub const WINDOW_COUNT: [u8; CELLS] = window_count();

const fn window_count() -> [u8; CELLS] {
    let mut t = [0; CELLS];
    let mut w = 0;
    while w < WINDOWS.len() {
        let mut i = 0;
        while i < CELLS {
            if WINDOWS[w] & (1 << i) != 0 {
                t[i] += 1;
            }
            i += 1;
        }
        w += 1;
    }
    t
}

const fn planes() -> [Bitboard; 4] {
    let mut p = [0; 4];
    let mut i = 0;
    while i < CELLS {
        let mut k = 0;
        while k < 4 {
            if WINDOW_COUNT[i] & (1 << k) != 0 {
                p[k] |= 1 << i;
            }
            k += 1;
        }
        i += 1;
    }
    p
}

/// The sum of the windows-through-a-cell table over `discs`.
#[inline]
pub fn window_count_sum(discs: Bitboard) -> u32 {
    WINDOW_COUNT_PLANES
        .iter()
        .enumerate()
        .map(|(k, &p)| (discs & p).count_ones() << k)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_table_is_the_classic_one() {
        let rows: Vec<Vec<u8>> = (0..HEIGHT)
            .map(|r| (0..WIDTH).map(|c| WINDOW_COUNT[c * STRIDE + r]).collect())
            .collect();
        assert_eq!(rows[0], [3, 4, 5, 7, 5, 4, 3]);
        assert_eq!(rows[1], [4, 6, 8, 10, 8, 6, 4]);
        assert_eq!(rows[2], [5, 8, 11, 13, 11, 8, 5]);
        assert_eq!(rows[3], rows[2]);
        assert_eq!(rows[5], rows[0]);
        assert_eq!(window_count_sum(BOARD), 69 * 4);
    }

    #[test]
    fn fours_in_every_direction() {
        let line = |dc: usize, dr: usize, c0: usize, r0: usize| {
            (0..4).fold(0, |b, k| b | cell(c0 + k * dc, r0 + k * dr))
        };
        assert!(has_four(line(0, 1, 6, 2)));
        assert!(has_four(line(1, 0, 3, 5)));
        assert!(has_four(line(1, 1, 0, 0)));
        let anti = (0..4).fold(0, |b, k| b | cell(3 + k, 3 - k));
        assert!(has_four(anti));
        // three in a column and one at the bottom of the next: no wrap
        assert!(!has_four(cell(0, 3) | cell(0, 4) | cell(0, 5) | cell(1, 0)));
        let three = line(1, 0, 0, 0) & !cell(3, 0);
        assert_eq!(winning_cells(three, three), cell(3, 0));
    }
}
