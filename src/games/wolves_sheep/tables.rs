//! Wolves & Sheep as table families see it: 25 cells named `rc` like moves (`00` … `44`),
//! each empty (`.`), a wolf (`W`) or a sheep (`S`); the board's left-right mirror ties
//! weights (the rules and the start are symmetric under it; up-down is not, the sheep
//! start at the top).
//!
//! Families: `psqt` (one cell: a piece-square table per piece kind, per role through
//! the genome's two weight sets), `rows` and `columns` (five cells), `blocks2x2` and
//! `blocks2x3` (every 2×2 block, and every 2×3 and 3×2 block). All of them together
//! store 11,007 weights per role (21,297 entries before the mirror ties them). Two more
//! are taken only when named (`--families`): `blocks3x3` (every 3×3 block, 89,667
//! weights) and `row_pairs` (the ten cells of two neighbouring rows, 119,556): a fit on
//! a million positions and the course player's own fills them (docs/results/python_module.md).

use std::sync::LazyLock;

use super::bitboard::{SIZE, SQUARES};
use super::position::{WolvesSheep, WsMove, SHEEP, WOLVES};
use crate::game::{square_blocks, square_blocks_both_ways, CellBoard, CellChanges, CellShape, Game, TupleFamily};

/// Cell contents: empty, wolf, sheep.
pub const CONTENTS: [char; 3] = ['.', 'W', 'S'];
const WOLF: u8 = 1;
const SHEEP_CELL: u8 = 2;

/// The board and its families, built once.
pub static BOARD: LazyLock<CellBoard> = LazyLock::new(build);

/// The cells of every `rows × cols` block, in row-major order.
fn blocks(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    square_blocks(SIZE, rows, cols)
}

fn build() -> CellBoard {
    let cells = (0..SQUARES).map(|s| format!("{}{}", s / SIZE, s % SIZE)).collect();
    let mirror = (0..SQUARES).map(|s| (s - s % SIZE + SIZE - 1 - s % SIZE) as u8).collect();
    let families = vec![
        TupleFamily {
            name: "psqt",
            meaning: "piece-square: what each cell holds",
            tuples: blocks(1, 1),
        },
        TupleFamily {
            name: "rows",
            meaning: "the five cells of each row",
            tuples: blocks(1, SIZE),
        },
        TupleFamily {
            name: "columns",
            meaning: "the five cells of each column",
            tuples: blocks(SIZE, 1),
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
        TupleFamily {
            name: "blocks3x3",
            meaning: "every 3×3 block",
            tuples: blocks(3, 3),
        },
        TupleFamily {
            name: "row_pairs",
            meaning: "the ten cells of each two neighbouring rows",
            tuples: blocks(2, SIZE),
        },
    ];
    CellBoard {
        cells,
        contents: &CONTENTS,
        symmetries: vec![mirror],
        families,
        opt_in: &["blocks3x3", "row_pairs"],
        learned: &[],
        drawn_at: (0..SQUARES).map(|s| ((s % SIZE) as f32, (s / SIZE) as f32)).collect(),
        shape: CellShape::Square,
    }
}

/// Every cell's contents.
#[inline]
pub fn contents(pos: &WolvesSheep, out: &mut [u8]) {
    for (s, c) in out.iter_mut().enumerate().take(SQUARES) {
        let bit = 1u32 << s;
        *c = if pos.wolves() & bit != 0 {
            WOLF
        } else if pos.sheep() & bit != 0 {
            SHEEP_CELL
        } else {
            0
        };
    }
}

/// The cells `mv` changes: the square left empties, the square reached takes the piece
/// (a wolf's capture lands on the sheep's square).
#[inline]
pub fn changes(pos: &WolvesSheep, mv: WsMove, out: &mut CellChanges) {
    out.clear();
    let piece = match pos.side_to_move() {
        WOLVES => WOLF,
        SHEEP => SHEEP_CELL,
        _ => unreachable!("two roles"),
    };
    let captured = if pos.sheep() & (1 << mv.to) != 0 {
        SHEEP_CELL
    } else {
        0
    };
    out.push(mv.from, piece, 0);
    out.push(mv.to, captured, piece);
}
