//! Abalone as table families see it: the 61 cells named like the course (`A1` … `I9`,
//! in token order), each empty (`.`), black (`b`) or white (`w`). The rules are the same
//! under every symmetry of the hexagon (six turns, six reflections: moves go in all six
//! directions and the edge is the same all round), so the eleven besides the identity tie
//! weights; the start position only decides which positions occur, not what they are
//! worth.
//!
//! Families: `psqt` (one cell: a marble-square table per colour, per role through the
//! genome's two weight sets), `lines3` and `lines4` (every 3 or 4 cells in a straight line
//! along the three axes: the shapes pushes are made of), `triangles` (every 3 mutually
//! adjacent cells), `rosettes` (an inner cell and its six neighbours) and `edges` (the
//! five cells of each side, where marbles are pushed off).

use std::sync::LazyLock;

use super::board::{bit_index, cell_name, cells, on_board, row_col, BOARD, CELLS};
use super::movegen::AbMove;
use super::position::{Abalone, BLACK, WHITE};
use crate::game::{CellBoard, CellChanges, CellShape, Game, TupleFamily};

/// Cell contents: empty, black, white.
pub const CONTENTS: [char; 3] = ['.', 'b', 'w'];

/// The board and its families, built once.
pub static BOARD_CELLS: LazyLock<CellBoard> = LazyLock::new(build);

/// Each bit index's cell index (token order); 255 off the board.
static CELL_OF_BIT: LazyLock<[u8; 128]> = LazyLock::new(|| {
    let mut out = [u8::MAX; 128];
    for (i, bit) in cells(BOARD).enumerate() {
        out[bit] = i as u8;
    }
    out
});

/// The cell index of bit `bit` (a cell of the board).
#[inline]
fn cell_of(bit: usize) -> u8 {
    CELL_OF_BIT[bit]
}

/// The cell index of (row, column), if that is a cell.
fn cell_at(row: i32, col: i32) -> Option<u8> {
    on_board(row, col).then(|| cell_of(bit_index(row as usize, col as usize)))
}

/// Every run of `len` cells in a straight line along the three axes (north-east, east,
/// north-west as (row, column) steps).
fn lines(len: i32) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (dr, dc) in [(1, 1), (0, 1), (1, 0)] {
        for bit in cells(BOARD) {
            let (r, c) = row_col(bit);
            let run: Option<Vec<u8>> = (0..len)
                .map(|k| cell_at(r as i32 + k * dr, c as i32 + k * dc))
                .collect();
            out.extend(run);
        }
    }
    out
}

/// Every three mutually adjacent cells: a cell with its east and north-east neighbours,
/// and with its north-east and north-west neighbours.
fn triangles() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for shape in [[(0, 1), (1, 1)], [(1, 1), (1, 0)]] {
        for bit in cells(BOARD) {
            let (r, c) = (row_col(bit).0 as i32, row_col(bit).1 as i32);
            let rest: Option<Vec<u8>> = shape.iter().map(|(dr, dc)| cell_at(r + dr, c + dc)).collect();
            if let Some(rest) = rest {
                out.push([vec![cell_of(bit)], rest].concat());
            }
        }
    }
    out
}

/// Every cell with its six neighbours (the 37 cells not on the edge): a marble's
/// surroundings, the cohesion every Abalone heuristic counts in its own way.
fn rosettes() -> Vec<Vec<u8>> {
    let around = [(0, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1), (1, 0)];
    cells(BOARD)
        .filter_map(|bit| {
            let (r, c) = (row_col(bit).0 as i32, row_col(bit).1 as i32);
            around.iter().map(|(dr, dc)| cell_at(r + dr, c + dc)).collect()
        })
        .collect()
}

/// The five cells of each of the six sides.
fn edges() -> Vec<Vec<u8>> {
    let sides: [fn(i32) -> (i32, i32); 6] = [
        |k| (0, k),
        |k| (8, 4 + k),
        |k| (k, 0),
        |k| (4 + k, 8),
        |k| (k, 4 + k),
        |k| (4 + k, k),
    ];
    sides
        .iter()
        .map(|side| (0..5).map(side).map(|(r, c)| cell_at(r, c).expect("a side cell")).collect())
        .collect()
}

/// The twelve symmetries of the hexagon besides the identity, as cell permutations. In
/// cube coordinates (x, y, z) = (column − 4, 4 − row, row − column) a sixth of a turn is
/// (x, y, z) → (−z, −x, −y) and swapping x and y is a reflection; they generate all 12.
fn symmetries() -> Vec<Vec<u8>> {
    let turn = |(x, y, z): (i32, i32, i32)| (-z, -x, -y);
    let flip = |(x, y, z): (i32, i32, i32)| (y, x, z);
    let mut out = Vec::new();
    for reflect in [false, true] {
        for turns in 0..6 {
            if !reflect && turns == 0 {
                continue;
            }
            let map = cells(BOARD).map(|bit| {
                let (r, c) = (row_col(bit).0 as i32, row_col(bit).1 as i32);
                let mut p = (c - 4, 4 - r, r - c);
                if reflect {
                    p = flip(p);
                }
                for _ in 0..turns {
                    p = turn(p);
                }
                cell_at(4 - p.1, p.0 + 4).expect("a symmetry keeps the board")
            });
            out.push(map.collect());
        }
    }
    out
}

fn build() -> CellBoard {
    let families = vec![
        TupleFamily {
            name: "psqt",
            meaning: "marble-square: what each cell holds",
            tuples: (0..CELLS as u8).map(|c| vec![c]).collect(),
        },
        TupleFamily {
            name: "lines3",
            meaning: "every 3 cells in a straight line",
            tuples: lines(3),
        },
        TupleFamily {
            name: "lines4",
            meaning: "every 4 cells in a straight line",
            tuples: lines(4),
        },
        TupleFamily {
            name: "triangles",
            meaning: "every 3 mutually adjacent cells",
            tuples: triangles(),
        },
        TupleFamily {
            name: "rosettes",
            meaning: "every inner cell with its six neighbours",
            tuples: rosettes(),
        },
        TupleFamily {
            name: "edges",
            meaning: "the five cells of each side",
            tuples: edges(),
        },
    ];
    CellBoard {
        cells: cells(BOARD).map(cell_name).collect(),
        contents: &CONTENTS,
        symmetries: symmetries(),
        families,
        opt_in: &[],
        learned: &[],
        drawn_at: cells(BOARD)
            .map(|bit| {
                let (r, c) = row_col(bit);
                (c as f32 - 0.5 * r as f32, (8 - r) as f32 * 0.866)
            })
            .collect(),
        shape: CellShape::Hexagon,
    }
}

/// The contents code of `colour`'s marbles.
#[inline]
fn marble(colour: usize) -> u8 {
    if colour == BLACK {
        1
    } else {
        2
    }
}

/// Every cell's contents.
#[inline]
pub fn contents(pos: &Abalone, out: &mut [u8]) {
    out[..CELLS].fill(0);
    for colour in [BLACK, WHITE] {
        for bit in cells(pos.marbles(colour)) {
            out[cell_of(bit) as usize] = marble(colour);
        }
    }
}

/// The cells `mv` changes. Inline: the trailing cell empties, the cell past the group's
/// front takes an own marble (it held the first pushed marble, if any) and a push puts an
/// opponent marble past the last one unless it falls off. Broadside: every marble's cell
/// empties and the empty cell it steps to fills.
#[inline]
pub fn changes(pos: &Abalone, mv: AbMove, out: &mut CellChanges) {
    use super::board::offset;
    out.clear();
    let me = pos.side_to_move();
    let (own, opp) = (marble(me), marble(1 - me));
    if mv.is_inline() {
        let to = offset(mv.from(), mv.dir(), mv.marbles() as usize);
        out.push(cell_of(mv.from()), own, 0);
        let pushed = mv.pushed() > 0;
        out.push(cell_of(to), if pushed { opp } else { 0 }, own);
        let dest = mv.push_target();
        if pushed && (BOARD >> dest) & 1 != 0 {
            out.push(cell_of(dest), 0, opp);
        }
    } else {
        let mut cell = mv.from();
        for _ in 0..mv.marbles() {
            out.push(cell_of(cell), own, 0);
            out.push(cell_of(offset(cell, mv.dir(), 1)), 0, own);
            cell = offset(cell, mv.line(), 1);
        }
    }
}
