//! Text forms: the board (the oracle's and the course's `.board` line) and moves (the
//! course's MoveNotation).
//!
//! A board is comma-separated tokens `<cell><colour>`, colour `b` or `w`, written black
//! first, then white, each colour in token order (row letter, then number):
//! `C5b,D5b,E4b,...,H9w`. Reading accepts the tokens in any order.
//!
//! A move is `i-<trailing marble>-<clock>` for inline moves (a single marble always
//! moves inline) and `s-<end>-<end>-<clock>` for broadside (side-step) moves, the ends in
//! token order; `<clock>` is 1 north-east, 3 east, 5 south-east, 7 south-west, 9 west,
//! 11 north-west. Examples: `i-C3-1`, `s-C3-C5-11`.

use std::fmt::Write as _;

use super::board::{cell_name, cells, parse_cell, Bits, CLOCK, LINE_AXES, STEP};
use super::movegen::AbMove;
use super::position::{MAX_MARBLES, MIN_MARBLES};
use crate::game::ParseError;

/// Colour indices: black moves first.
pub const COLOUR_LETTERS: [char; 2] = ['b', 'w'];

/// A board text that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A token is not `<cell><b|w>`.
    #[error("token {index} ({token:?}): {message}")]
    Token {
        /// 1-based position of the token in the list.
        index: usize,
        /// The token as read.
        token: String,
        /// What is wrong with it.
        message: String,
    },
    /// The tokens are readable but no game reaches the board.
    #[error("impossible board: {0}")]
    Impossible(String),
}

/// Reads a board into its black and white sets, checking that no cell is used twice,
/// that neither colour has more than 14 marbles or fewer than 8 (the game ends when 6
/// are lost), and that not both colours have lost 6.
pub fn parse_board(text: &str) -> Result<[Bits; 2], BoardError> {
    let mut marbles = [0 as Bits; 2];
    let mut first_token_at = [0usize; 128];
    for (n, token) in text.trim().split(',').enumerate() {
        let index = n + 1;
        let token_err = |message: String| BoardError::Token {
            index,
            token: token.to_string(),
            message,
        };
        let token = token.trim();
        if token.is_empty() {
            return Err(token_err(
                "empty token; expected <cell><colour> such as C5b".into(),
            ));
        }
        let Some(colour_char) = token.chars().last() else {
            return Err(token_err("empty token".into()));
        };
        let colour = match colour_char {
            'b' => 0,
            'w' => 1,
            other => {
                return Err(token_err(format!(
                    "colour {other:?} must be 'b' (black) or 'w' (white)"
                )))
            }
        };
        let name = &token[..token.len() - colour_char.len_utf8()];
        let Some(cell) = parse_cell(name) else {
            return Err(token_err(format!(
                "{name:?} is not a cell; cells are A1-A5, B1-B6, C1-C7, D1-D8, E1-E9, \
                 F2-F9, G3-G9, H4-H9, I5-I9"
            )));
        };
        if first_token_at[cell] != 0 {
            return Err(BoardError::Impossible(format!(
                "two marbles on {} (tokens {} and {index})",
                cell_name(cell),
                first_token_at[cell]
            )));
        }
        first_token_at[cell] = index;
        marbles[colour] |= 1 << cell;
    }
    check_counts(marbles).map_err(BoardError::Impossible)?;
    Ok(marbles)
}

/// Checks the marble counts of a board (see [`parse_board`]).
pub fn check_counts(marbles: [Bits; 2]) -> Result<(), String> {
    for (colour, name) in ["black", "white"].iter().enumerate() {
        let n = marbles[colour].count_ones();
        if n > MAX_MARBLES {
            return Err(format!(
                "{n} {name} marbles; a side has at most {MAX_MARBLES}"
            ));
        }
        if n < MIN_MARBLES {
            return Err(format!(
                "{n} {name} marbles; the game ends when 6 are lost, so at least \
                 {MIN_MARBLES} remain"
            ));
        }
    }
    if marbles.iter().all(|m| m.count_ones() == MIN_MARBLES) {
        return Err("both sides have lost 6 marbles; the game ended when the first did".into());
    }
    Ok(())
}

/// Writes a board: black tokens, then white, each in token order.
pub fn board_text(marbles: [Bits; 2]) -> String {
    let mut s = String::with_capacity(4 * 28);
    for (colour, &set) in marbles.iter().enumerate() {
        for i in cells(set) {
            if !s.is_empty() {
                s.push(',');
            }
            s.push_str(&cell_name(i));
            s.push(COLOUR_LETTERS[colour]);
        }
    }
    s
}

/// Writes a move in the course notation.
pub fn move_text(mv: AbMove) -> String {
    let mut s = String::with_capacity(12);
    if mv.is_inline() {
        let _ = write!(s, "i-{}-{}", cell_name(mv.from()), mv.clock());
    } else {
        let _ = write!(
            s,
            "s-{}-{}-{}",
            cell_name(mv.from()),
            cell_name(mv.last()),
            mv.clock()
        );
    }
    s
}

/// A move as its text describes it, before checking it against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSpec {
    /// `i-<cell>-<clock>`: the trailing marble's bit and the direction.
    Inline {
        /// Bit of the trailing marble.
        from: usize,
        /// Direction index.
        dir: usize,
    },
    /// `s-<end>-<end>-<clock>`: the first cell, the line direction, the number of
    /// marbles and the direction.
    Broadside {
        /// Bit of the first cell in token order.
        from: usize,
        /// Direction from the first cell to the others.
        line: usize,
        /// 2 or 3.
        marbles: u8,
        /// Direction index.
        dir: usize,
    },
}

impl MoveSpec {
    /// Whether a generated move is the one this text names.
    pub fn matches(self, mv: AbMove) -> bool {
        match self {
            MoveSpec::Inline { from, dir } => {
                mv.is_inline() && mv.from() == from && mv.dir() == dir
            }
            MoveSpec::Broadside {
                from,
                line,
                marbles,
                dir,
            } => {
                !mv.is_inline()
                    && mv.from() == from
                    && mv.line() == line
                    && mv.marbles() == marbles
                    && mv.dir() == dir
            }
        }
    }
}

fn parse_clock(text: &str, field: &str) -> Result<usize, ParseError> {
    let clock: Option<u8> = field.parse().ok();
    clock
        .and_then(|c| CLOCK.iter().position(|&k| k == c))
        .ok_or_else(|| {
            ParseError::new(
                text,
                format!("direction {field:?} must be a clock position: 1, 3, 5, 7, 9 or 11"),
            )
        })
}

fn parse_move_cell(text: &str, field: &str) -> Result<usize, ParseError> {
    parse_cell(field)
        .ok_or_else(|| ParseError::new(text, format!("{field:?} is not a cell (A1 .. I9)")))
}

/// Reads a move text into what it names (not yet checked against a position).
pub fn parse_move_text(text: &str) -> Result<MoveSpec, ParseError> {
    let fields: Vec<&str> = text.trim().split('-').collect();
    match fields.as_slice() {
        ["i", cell, clock] => Ok(MoveSpec::Inline {
            from: parse_move_cell(text, cell)?,
            dir: parse_clock(text, clock)?,
        }),
        ["s", a, b, clock] => {
            let (a, b) = (parse_move_cell(text, a)?, parse_move_cell(text, b)?);
            let (lo, hi) = (a.min(b), a.max(b));
            let dir = parse_clock(text, clock)?;
            let diff = (hi - lo) as i32;
            for line in LINE_AXES {
                for marbles in [2u8, 3] {
                    if diff == STEP[line] * (marbles as i32 - 1) {
                        let spec = MoveSpec::Broadside {
                            from: lo,
                            line,
                            marbles,
                            dir,
                        };
                        let group = AbMove::broadside(lo, line, marbles, dir).group();
                        if group & !super::board::BOARD == 0 {
                            return Ok(spec);
                        }
                    }
                }
            }
            Err(ParseError::new(
                text,
                "the two cells of a side-step must be the ends of a line of 2 or 3 cells",
            ))
        }
        _ => Err(ParseError::new(
            text,
            "expected i-<cell>-<clock> (inline) or s-<cell>-<cell>-<clock> (side-step), \
             e.g. i-C3-1 or s-C3-C5-11",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_round_trip_sorts_tokens() {
        let m = parse_board("C5w,A1b,I9w,B2b,E5b,E4b,E3b,E2b,E1b,D1b,D2b,D3b,D4b,D5b,D6b,D7b,F5w,F6w,F7w,F8w,F9w,G9w,H9w,H8w").unwrap();
        assert_eq!(
            board_text(m),
            "A1b,B2b,D1b,D2b,D3b,D4b,D5b,D6b,D7b,E1b,E2b,E3b,E4b,E5b,C5w,F5w,F6w,F7w,F8w,F9w,G9w,H8w,H9w,I9w"
        );
    }

    fn full(extra: &str) -> String {
        let black = "A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,C5b";
        let white = "G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w,I8w,I9w";
        format!("{black},{white}{extra}")
    }

    #[test]
    fn board_errors_say_what_and_where() {
        let e = parse_board(&full(",J3b")).unwrap_err();
        assert!(matches!(e, BoardError::Token { index: 29, .. }), "{e}");
        assert!(e.to_string().contains("\"J3\" is not a cell"), "{e}");
        let e = parse_board(&full(",E5x")).unwrap_err();
        assert!(e.to_string().contains("colour 'x'"), "{e}");
        let e = parse_board(&full(",A1w")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "impossible board: two marbles on A1 (tokens 1 and 29)"
        );
        let e = parse_board(&full(",E5b")).unwrap_err();
        assert!(e.to_string().contains("15 black marbles"), "{e}");
        let e = parse_board(&full(",,E5b")).unwrap_err();
        assert!(
            e.to_string().contains("token 29 (\"\"): empty token"),
            "{e}"
        );
        let e = parse_board("A1b,A2b,A3b,A4b,A5b,B1b,B2b,G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w")
            .unwrap_err();
        assert!(e.to_string().contains("7 black marbles"), "{e}");
        let e = parse_board("A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w")
            .unwrap_err();
        assert!(e.to_string().contains("both sides"), "{e}");
    }

    #[test]
    fn move_texts_parse() {
        assert_eq!(
            parse_move_text("i-C3-1").unwrap(),
            MoveSpec::Inline {
                from: parse_cell("C3").unwrap(),
                dir: 0
            }
        );
        let s = parse_move_text("s-C5-C3-11").unwrap();
        assert_eq!(
            s,
            MoveSpec::Broadside {
                from: parse_cell("C3").unwrap(),
                line: super::super::board::E,
                marbles: 3,
                dir: 5
            }
        );
        for bad in [
            "i-C3-2",
            "i-C3",
            "x-C3-1",
            "s-C3-C6-1",
            "s-C3-D5-1",
            "i-Z3-1",
            "s-E9-F1-1",
            "",
        ] {
            assert!(parse_move_text(bad).is_err(), "{bad}");
        }
    }
}
