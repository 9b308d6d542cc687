//! The position text: six rows of seven cells, top row first, joined by `/`, each cell
//! `.` (empty), `r` (red) or `y` (yellow); then the side to move, `r` or `y`. The empty
//! board, red to move: `......./......./......./......./......./....... r`. The side to
//! move must agree with the discs (red moves when both colours have as many discs).
//! A move is the number of its column, `1` (left) to `7`.

use super::bitboard::{cell, column, has_four, Bitboard, BOARD, HEIGHT, STRIDE, WIDTH};
use super::position::{RED, YELLOW};
use crate::game::{ParseError, Role};

/// The letter of each colour, in role order.
pub const LETTERS: [char; 2] = ['r', 'y'];

/// Reads a position text into the discs of each colour and the side to move, checked.
pub fn parse(text: &str) -> Result<([Bitboard; 2], Role), ParseError> {
    let err = |m: String| ParseError::new(text, m);
    let mut fields = text.split_whitespace();
    let board = fields
        .next()
        .ok_or_else(|| err("empty position; expected '<six rows> <r|y>'".into()))?;
    let side = match fields.next() {
        Some("r") => RED,
        Some("y") => YELLOW,
        Some(other) => return Err(err(format!("side to move {other:?} must be 'r' or 'y'"))),
        None => {
            return Err(err(
                "missing side to move; expected '<six rows> <r|y>'".into()
            ))
        }
    };
    if let Some(extra) = fields.next() {
        return Err(err(format!("unexpected {extra:?} after the side to move")));
    }
    let discs = parse_board(board).map_err(err)?;
    check(discs, side).map_err(err)?;
    Ok((discs, side))
}

/// Reads the six rows, top first.
fn parse_board(board: &str) -> Result<[Bitboard; 2], String> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != HEIGHT {
        return Err(format!(
            "expected 6 rows separated by '/', found {}",
            rows.len()
        ));
    }
    let mut discs = [0; 2];
    for (i, text) in rows.iter().enumerate() {
        let row = HEIGHT - 1 - i;
        if text.chars().count() != WIDTH {
            return Err(format!("row {} ({text:?}) must have 7 cells", row + 1));
        }
        for (col, ch) in text.chars().enumerate() {
            match ch {
                'r' => discs[RED] |= cell(col, row),
                'y' => discs[YELLOW] |= cell(col, row),
                '.' => {}
                other => {
                    return Err(format!(
                        "row {}, column {}: {other:?} is not '.', 'r' or 'y'",
                        row + 1,
                        col + 1
                    ))
                }
            }
        }
    }
    Ok(discs)
}

/// Checks that a board could arise in play: discs rest on discs, the counts and the side
/// to move agree, and at most the side that just moved has four in a line.
fn check(discs: [Bitboard; 2], side: Role) -> Result<(), String> {
    let occupied = discs[RED] | discs[YELLOW];
    for col in 0..WIDTH {
        let stack = (occupied & column(col)) >> (col * STRIDE);
        if stack & (stack + 1) != 0 {
            return Err(format!(
                "column {}: a disc floats above an empty cell",
                col + 1
            ));
        }
    }
    let (red, yellow) = (discs[RED].count_ones(), discs[YELLOW].count_ones());
    let to_move = match red.checked_sub(yellow) {
        Some(0) => RED,
        Some(1) => YELLOW,
        _ => return Err(format!("{red} red and {yellow} yellow discs: red moves first, so red has as many as yellow or one more")),
    };
    if side != to_move {
        let who = ["red", "yellow"][to_move];
        return Err(format!(
            "with {red} red and {yellow} yellow discs {who} is to move"
        ));
    }
    if has_four(discs[side]) {
        let who = ["red", "yellow"][side];
        return Err(format!(
            "{who} has four in a line yet is to move: the game ended before"
        ));
    }
    debug_assert_eq!(occupied & !BOARD, 0);
    Ok(())
}

/// Writes a position text.
pub fn write(discs: [Bitboard; 2], side: Role) -> String {
    let mut s = String::with_capacity(HEIGHT * (WIDTH + 1) + 2);
    for row in (0..HEIGHT).rev() {
        for col in 0..WIDTH {
            let bit = cell(col, row);
            s.push(if discs[RED] & bit != 0 {
                LETTERS[RED]
            } else if discs[YELLOW] & bit != 0 {
                LETTERS[YELLOW]
            } else {
                '.'
            });
        }
        s.push(if row > 0 { '/' } else { ' ' });
    }
    s.push(LETTERS[side]);
    s
}

/// The board drawn for a person: rows top first, the column numbers underneath.
pub fn diagram(discs: [Bitboard; 2], side: Role) -> String {
    let text = write(discs, side);
    let mut out = String::new();
    for row in text[..HEIGHT * (WIDTH + 1) - 1].split('/') {
        let cells: Vec<String> = row.chars().map(String::from).collect();
        out.push_str(&format!("{}\n", cells.join(" ")));
    }
    out.push_str("1 2 3 4 5 6 7\n");
    out.push_str(&format!("{} to move", ["red", "yellow"][side]));
    out
}
