//! Connect Four as table families see it: 42 cells named `a1` … `g6` (column a–g from
//! the left, row 1–6 from the bottom), each empty above the column's top disc (`.`),
//! empty and playable now (`_`: the cell the column's next disc lands on), red (`r`) or
//! yellow (`y`); the left-right mirror ties weights (the rules and the empty start are
//! symmetric under it). Telling a playable cell from one higher up is what the
//! self-play learners of the field found to matter (Thill, Konen: GBG's four states).
//!
//! Families: `psqt` (one cell: a disc-square table per colour, per role through the
//! genome's two weight sets), `windows` (the 69 lines of four cells a win is made of:
//! every configuration of each, Logistello-style), `columns` (the six cells of each
//! column), `blocks2x2` (every 2×2 block) and, opt-in for `fit` (the family `learn`
//! takes), `ntuples`: [`NTUPLE_WALKS`] fixed random walks of [`NTUPLE_CELLS`] neighbouring
//! cells and their mirror images, the n-tuple network of the field's TD learners, each
//! with the cell `turn` (the side to move, `r` or `y`): a threat is worth the opposite to
//! the side that has to answer it, so each tuple keeps one table per side to move (as
//! Thill's learners keep one per player).

use std::sync::LazyLock;

use rand::{RngExt, SeedableRng};

use super::bitboard::{cell, HEIGHT, STRIDE, WIDTH};
use super::position::{C4Move, ConnectFour, RED};
use crate::game::{CellBoard, CellChanges, CellShape, Game, TupleFamily};
use crate::tunables::{C4_NTUPLE_CELLS, C4_NTUPLE_SEED, C4_NTUPLE_WALKS};

/// Cell contents: empty above, red, yellow, empty and playable now.
pub const CONTENTS: [char; 4] = ['.', 'r', 'y', '_'];

/// The contents code of an empty cell a disc can land on now.
const PLAYABLE: u8 = 3;

/// The cell holding the side to move (after the 42 of the board).
const TURN: u8 = (WIDTH * HEIGHT) as u8;

/// The walks of the `ntuples` family (each also taken mirrored).
pub const NTUPLE_WALKS: usize = C4_NTUPLE_WALKS;

/// The cells of each walk.
pub const NTUPLE_CELLS: usize = C4_NTUPLE_CELLS;

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

/// `count` random walks of `len` distinct cells, each step to one of the (up to eight)
/// neighbours of the walk's last cell not yet in it, from a fixed seed: the same tuples in
/// every build. A walk that gets stuck starts again.
fn random_walks(count: usize, len: usize) -> Vec<Vec<u8>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(C4_NTUPLE_SEED);
    let mut out: Vec<Vec<u8>> = Vec::new();
    while out.len() < count {
        let mut walk = vec![(rng.random_range(0..WIDTH), rng.random_range(0..HEIGHT))];
        while walk.len() < len {
            let &(c, r) = walk.last().expect("a walk has a first cell");
            let next: Vec<(usize, usize)> = neighbours(c, r)
                .filter(|n| !walk.contains(n))
                .collect();
            if next.is_empty() {
                break;
            }
            walk.push(next[rng.random_range(0..next.len())]);
        }
        if walk.len() == len {
            out.push(walk.iter().map(|&(c, r)| index(c, r)).collect());
        }
    }
    out
}

/// The cells next to (`col`, `row`), diagonals too.
fn neighbours(col: usize, row: usize) -> impl Iterator<Item = (usize, usize)> {
    let steps = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
    steps.into_iter().filter_map(move |(dc, dr): (i32, i32)| {
        let (c, r) = (col as i32 + dc, row as i32 + dr);
        let inside = (0..WIDTH as i32).contains(&c) && (0..HEIGHT as i32).contains(&r);
        inside.then_some((c as usize, r as usize))
    })
}

/// A tuple with the side-to-move cell added.
fn with_turn(mut cells: Vec<u8>) -> Vec<u8> {
    cells.push(TURN);
    cells
}

/// The `ntuples` family: the walks and their mirror images (tied by the mirror, so each
/// pair of tuples stores one table).
fn ntuples(mirror: &[u8]) -> Vec<Vec<u8>> {
    let walks = random_walks(NTUPLE_WALKS, NTUPLE_CELLS);
    let mirrored: Vec<Vec<u8>> = walks
        .iter()
        .map(|w| w.iter().map(|&c| mirror[c as usize]).collect())
        .collect();
    walks.into_iter().chain(mirrored).map(with_turn).collect()
}

fn build() -> CellBoard {
    let mut cells: Vec<String> = (0..WIDTH * HEIGHT)
        .map(|i| format!("{}{}", (b'a' + (i / HEIGHT) as u8) as char, i % HEIGHT + 1))
        .collect();
    cells.push("turn".into());
    let mut mirror: Vec<u8> = (0..WIDTH * HEIGHT)
        .map(|i| index(WIDTH - 1 - i / HEIGHT, i % HEIGHT))
        .collect();
    mirror.push(TURN);
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
        TupleFamily {
            name: "lines",
            meaning: "the 69 lines of four cells with the side to move",
            tuples: windows().into_iter().map(with_turn).collect(),
        },
        TupleFamily {
            name: "ntuples",
            meaning: "random walks of neighbouring cells and their mirror images",
            tuples: ntuples(&mirror),
        },
    ];
    CellBoard {
        cells,
        contents: &CONTENTS,
        symmetries: vec![mirror],
        families,
        opt_in: &["lines", "ntuples"],
        learned: &["lines", "ntuples"],
        drawn_at: (0..WIDTH * HEIGHT)
            .map(|i| ((i / HEIGHT) as f32, (HEIGHT - 1 - i % HEIGHT) as f32))
            .chain([(3.0, HEIGHT as f32 + 0.5)])
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
        let mut empty = PLAYABLE;
        for row in 0..HEIGHT {
            let bit = cell(col, row);
            out[index(col, row) as usize] = if red & bit != 0 {
                1
            } else if yellow & bit != 0 {
                2
            } else {
                std::mem::replace(&mut empty, 0)
            };
        }
    }
    out[TURN as usize] = disc(pos.side_to_move());
}

/// The cells a move changes: the cell its disc lands on (playable before), and the cell
/// above it, if any, which becomes playable.
#[inline]
pub fn changes(pos: &ConnectFour, mv: C4Move, out: &mut CellChanges) {
    out.clear();
    let bit = pos.landing(mv).trailing_zeros() as usize;
    let (col, row) = (bit / STRIDE, bit % STRIDE);
    out.push(index(col, row), PLAYABLE, disc(pos.side_to_move()));
    if row + 1 < HEIGHT {
        out.push(index(col, row + 1), 0, PLAYABLE);
    }
    let side = pos.side_to_move();
    out.push(TURN, disc(side), disc(1 - side));
}
