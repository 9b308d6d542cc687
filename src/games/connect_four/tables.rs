//! Connect Four as table families see it: 42 cells named `a1` … `g6` (column a–g from
//! the left, row 1–6 from the bottom), each empty (`.`), red (`r`) or yellow (`y`); the
//! left-right mirror ties weights (the rules and the empty start are symmetric under it).
//!
//! Families: `psqt` (one cell: a disc-square table per colour, per role through the
//! genome's two weight sets), `windows` (the 69 lines of four cells a win is made of:
//! every configuration of each, Logistello-style), `columns` (the six cells of each
//! column) and `blocks2x2` (every 2×2 block).

use std::sync::LazyLock;

use super::bitboard::{cell, HEIGHT, STRIDE, WIDTH};
use super::position::{C4Move, ConnectFour, RED};
use crate::game::{CellBoard, CellChanges, CellShape, Game, TupleFamily};

/// Cell contents: empty, red, yellow.
pub const CONTENTS: [char; 3] = ['.', 'r', 'y'];

/// The board and its families, built once.
pub static BOARD: LazyLock<CellBoard> = LazyLock::new(build);

/// The cell index of `col`, `row` (row 0 at the bottom): columns one after another.
const fn index(col: usize, row: usize) -> u8 {
    (col * HEIGHT + row) as u8
}

/// The cells of every line of four: vertical, horizontal and both diagonals.
fn windows() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (dc, dr) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
        for col in 0..WIDTH as i32 {
            for row in 0..HEIGHT as i32 {
                let (ec, er) = (col + 3 * dc, row + 3 * dr);
                if (0..WIDTH as i32).contains(&ec) && (0..HEIGHT as i32).contains(&er) {
                    let w = (0..4).map(|k| index((col + k * dc) as usize, (row + k * dr) as usize));
                    out.push(w.collect());
                }
            }
        }
    }
    out
}

/// The cells of every `cols × rows` block.
fn blocks(cols: usize, rows: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for c0 in 0..=WIDTH - cols {
        for r0 in 0..=HEIGHT - rows {
            let cells = (0..cols).flat_map(|c| (0..rows).map(move |r| index(c0 + c, r0 + r)));
            out.push(cells.collect());
        }
    }
    out
}

fn build() -> CellBoard {
    let cells = (0..WIDTH * HEIGHT)
        .map(|i| format!("{}{}", (b'a' + (i / HEIGHT) as u8) as char, i % HEIGHT + 1))
        .collect();
    let mirror = (0..WIDTH * HEIGHT)
        .map(|i| index(WIDTH - 1 - i / HEIGHT, i % HEIGHT))
        .collect();
    let families = vec![
        TupleFamily {
            name: "psqt",
            meaning: "disc-square: what each cell holds",
            tuples: blocks(1, 1),
        },
        TupleFamily {
            name: "windows",
            meaning: "the 69 lines of four cells",
            tuples: windows(),
        },
        TupleFamily {
            name: "columns",
            meaning: "the six cells of each column",
            tuples: blocks(1, HEIGHT),
        },
        TupleFamily {
            name: "blocks2x2",
            meaning: "every 2×2 block",
            tuples: blocks(2, 2),
        },
    ];
    CellBoard {
        cells,
        contents: &CONTENTS,
        symmetries: vec![mirror],
        families,
        opt_in: &[],
        drawn_at: (0..WIDTH * HEIGHT)
            .map(|i| ((i / HEIGHT) as f32, (HEIGHT - 1 - i % HEIGHT) as f32))
            .collect(),
        shape: CellShape::Square,
    }
}

/// The contents code of `role`'s discs.
fn disc(role: usize) -> u8 {
    if role == RED {
        1
    } else {
        2
    }
}

/// Every cell's contents.
#[inline]
pub fn contents(pos: &ConnectFour, out: &mut [u8]) {
    let (red, yellow) = (pos.discs(RED), pos.discs(1 - RED));
    for col in 0..WIDTH {
        for row in 0..HEIGHT {
            let bit = cell(col, row);
            out[index(col, row) as usize] = if red & bit != 0 {
                1
            } else if yellow & bit != 0 {
                2
            } else {
                0
            };
        }
    }
}

/// The one cell a move changes: the cell its disc lands on, empty before.
#[inline]
pub fn changes(pos: &ConnectFour, mv: C4Move, out: &mut CellChanges) {
    out.clear();
    let bit = pos.landing(mv).trailing_zeros() as usize;
    let (col, row) = (bit / STRIDE, bit % STRIDE);
    out.push(index(col, row), 0, disc(pos.side_to_move()));
}
