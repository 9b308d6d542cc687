//! War of Life as table families see it: 64 cells named `rc` like the referee's
//! `[row, col]` (`11` … `88`), each empty (`.`), blue (`b`) or red (`r`). Moves go to
//! any of the 8 neighbours and the crank counts 8 neighbours on a bounded square, so the
//! rules are the same under the square's 8 symmetries; the 7 besides the identity tie
//! weights.
//!
//! Families: `psqt` (one cell: a piece-square table per colour, per role through the
//! genome's two weight sets), `blocks2x2` (every 2×2 block: the crank's neighbourhoods in
//! small) and `blocks2x3` (every 2×3 and 3×2 block).
//!
//! The crank rewrites many cells a move, so a move's changes are the difference between
//! the board before and after it (up to every cell): the search's tables cost grows with
//! the cells the crank changes, not with the tables' size.

use std::sync::LazyLock;

use super::bitboard::{Bitboard, CELLS, SIZE};
use super::position::{WarOfLife, WolMove, BLUE, RED};
use crate::game::{square_blocks, square_blocks_both_ways, CellBoard, CellChanges, CellShape, TupleFamily};

/// Cell contents: empty, blue, red.
pub const CONTENTS: [char; 3] = ['.', 'b', 'r'];

/// The board and its families, built once.
pub static BOARD: LazyLock<CellBoard> = LazyLock::new(build);

/// The cells of every `rows × cols` block, in row-major order.
fn blocks(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    square_blocks(SIZE, rows, cols)
}

/// (row, col, last index) → the image's (row, col).
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// The square's symmetries besides the identity: (row, col) → each of the 8 images.
fn symmetries() -> Vec<Vec<u8>> {
    let last = SIZE - 1;
    let maps: [CellMap; 7] = [
        |r, c, l| (r, l - c),
        |r, c, l| (l - r, c),
        |r, c, l| (l - r, l - c),
        |r, c, _| (c, r),
        |r, c, l| (l - c, l - r),
        |r, c, l| (c, l - r),
        |r, c, l| (l - c, r),
    ];
    maps.iter()
        .map(|m| {
            (0..CELLS)
                .map(|s| {
                    let (r, c) = m(s / SIZE, s % SIZE, last);
                    (r * SIZE + c) as u8
                })
                .collect()
        })
        .collect()
}

fn build() -> CellBoard {
    let cells = (0..CELLS).map(|s| format!("{}{}", s / SIZE + 1, s % SIZE + 1)).collect();
    let families = vec![
        TupleFamily {
            name: "psqt",
            meaning: "piece-square: what each cell holds",
            tuples: blocks(1, 1),
        },
        TupleFamily {
            name: "blocks2x2",
            meaning: "every 2×2 block",
            tuples: blocks(2, 2),
        },
        TupleFamily {
            name: "blocks2x3",
            meaning: "every 2×3 and 3×2 block",
            tuples: square_blocks_both_ways(SIZE, 2, 3),
        },
    ];
    CellBoard {
        cells,
        contents: &CONTENTS,
        symmetries: symmetries(),
        families,
        opt_in: &[],
        learned: &[],
        drawn_at: (0..CELLS).map(|s| ((s % SIZE) as f32, (s / SIZE) as f32)).collect(),
        shape: CellShape::Square,
    }
}

/// The contents code of cell `s` on the board (`blue`, `red`).
#[inline]
fn code(blue: Bitboard, red: Bitboard, s: usize) -> u8 {
    (((blue >> s) & 1) | (((red >> s) & 1) << 1)) as u8
}

/// Every cell's contents.
#[inline]
pub fn contents(pos: &WarOfLife, out: &mut [u8]) {
    let (blue, red) = (pos.pieces(BLUE), pos.pieces(RED));
    for (s, c) in out.iter_mut().enumerate().take(CELLS) {
        *c = code(blue, red, s);
    }
}

/// The cells `mv` and the crank after it change: every cell whose contents differ
/// between the board before and after.
#[inline]
pub fn changes(pos: &WarOfLife, mv: WolMove, out: &mut CellChanges) {
    out.clear();
    let (blue, red) = (pos.pieces(BLUE), pos.pieces(RED));
    let (blue2, red2) = pos.board_after(mv);
    let mut diff = (blue ^ blue2) | (red ^ red2);
    while diff != 0 {
        let s = diff.trailing_zeros() as usize;
        diff &= diff - 1;
        out.push(s as u8, code(blue, red, s), code(blue2, red2, s));
    }
}
