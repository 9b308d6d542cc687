//! The referee's list notation for boards and moves.
//!
//! A board is `[[[A,B],...],[[A,B],...]]`: the blue cells, then the red cells, each
//! `[row,column]` with both 1..8 and each list sorted ascending. A move is
//! `[A1,B1,A2,B2]`, from `[A1,B1]` to `[A2,B2]`:
//!
//! ```text
//!   [[[1,1],[2,3]],[[8,8]]]      blue on [1,1] and [2,3], red on [8,8]
//!   [2,3,3,4]                    the piece on [2,3] moves to [3,4]
//! ```
//!
//! Reading is lenient about blanks between tokens and about list order, strict about
//! everything else: every error names the character offset, the list and the cell.

use super::bitboard::{cell, cells, row_col, Bitboard};
use crate::game::ParseError;

/// A cursor over the text with error reporting.
struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
        }
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(self.text, message)
    }

    fn skip_blanks(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_blanks();
        self.bytes.get(self.pos).copied()
    }

    fn found(&mut self) -> String {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            Some(c) => format!("{c:?}"),
            None => "the end of the text".to_string(),
        }
    }

    fn expect(&mut self, want: u8, what: &str) -> Result<(), ParseError> {
        if self.peek() == Some(want) {
            self.pos += 1;
            Ok(())
        } else {
            let found = self.found();
            Err(self.error(format!(
                "expected '{}' {what} at character {}, found {found}",
                want as char, self.pos
            )))
        }
    }

    /// A coordinate 1..8.
    fn coordinate(&mut self, what: &str) -> Result<usize, ParseError> {
        self.skip_blanks();
        let start = self.pos;
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if start == self.pos {
            let found = self.found();
            return Err(self.error(format!(
                "expected a number for the {what} at character {start}, found {found}"
            )));
        }
        let digits = &self.text[start..self.pos];
        match digits.parse::<usize>() {
            Ok(v @ 1..=8) => Ok(v),
            _ => Err(self.error(format!(
                "{what} {digits} at character {start} is off the board (1..8)"
            ))),
        }
    }

    /// `[row,col]`, returned as a cell index.
    fn cell(&mut self, list: &str, index: usize) -> Result<usize, ParseError> {
        let place = format!("of cell {} of the {list} list", index + 1);
        self.expect(
            b'[',
            &format!("to open cell {} of the {list} list", index + 1),
        )?;
        let row = self.coordinate(&format!("row {place}"))?;
        self.expect(b',', &format!("between the row and the column {place}"))?;
        let col = self.coordinate(&format!("column {place}"))?;
        self.expect(
            b']',
            &format!("to close cell {} of the {list} list", index + 1),
        )?;
        Ok(cell(row, col))
    }

    /// `[[r,c],...]` with no cell twice.
    fn cell_list(&mut self, list: &str) -> Result<Bitboard, ParseError> {
        self.expect(b'[', &format!("to open the {list} list"))?;
        let mut set: Bitboard = 0;
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(set);
        }
        for index in 0.. {
            let sq = self.cell(list, index)?;
            if set & (1 << sq) != 0 {
                let (r, c) = row_col(sq);
                return Err(self.error(format!("cell [{r},{c}] appears twice in the {list} list")));
            }
            set |= 1 << sq;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                _ => {
                    let found = self.found();
                    return Err(self.error(format!(
                        "expected ',' or ']' after cell {} of the {list} list at character {}, found {found}",
                        index + 1,
                        self.pos
                    )));
                }
            }
        }
        Ok(set)
    }

    /// `[[blue cells],[red cells]]`.
    fn board(&mut self) -> Result<(Bitboard, Bitboard), ParseError> {
        self.expect(b'[', "to open the board")?;
        let blue = self.cell_list("blue")?;
        self.expect(b',', "between the blue and the red list")?;
        let red = self.cell_list("red")?;
        self.expect(b']', "to close the board")?;
        let both = blue & red;
        if both != 0 {
            let (r, c) = row_col(both.trailing_zeros() as usize);
            return Err(self.error(format!(
                "cell [{r},{c}] is in both the blue and the red list"
            )));
        }
        Ok((blue, red))
    }

    /// The rest of the text after the current position, trimmed.
    fn rest(&mut self) -> &'a str {
        self.skip_blanks();
        let rest = &self.text[self.pos..];
        self.pos = self.text.len();
        rest.trim_end()
    }
}

/// Reads a board at the start of `text`; returns the board and the text after it.
pub fn parse_board_prefix(text: &str) -> Result<(Bitboard, Bitboard, &str), ParseError> {
    let mut reader = Reader::new(text);
    let (blue, red) = reader.board()?;
    Ok((blue, red, reader.rest()))
}

/// Reads a whole text that must be a board and nothing else.
pub fn parse_board(text: &str) -> Result<(Bitboard, Bitboard), ParseError> {
    let (blue, red, rest) = parse_board_prefix(text)?;
    if !rest.is_empty() {
        return Err(ParseError::new(
            text,
            format!("unexpected {rest:?} after the board"),
        ));
    }
    Ok((blue, red))
}

/// Writes one list, `[[r,c],...]`, ascending.
fn push_list(s: &mut String, set: Bitboard) {
    s.push('[');
    for (i, sq) in cells(set).enumerate() {
        if i > 0 {
            s.push(',');
        }
        let (r, c) = row_col(sq);
        s.push('[');
        s.push((b'0' + r as u8) as char);
        s.push(',');
        s.push((b'0' + c as u8) as char);
        s.push(']');
    }
    s.push(']');
}

/// Writes a board in the referee's notation.
pub fn board_text(blue: Bitboard, red: Bitboard) -> String {
    let mut s = String::with_capacity(16 + 6 * (blue | red).count_ones() as usize);
    s.push('[');
    push_list(&mut s, blue);
    s.push(',');
    push_list(&mut s, red);
    s.push(']');
    s
}

/// Reads `[A1,B1,A2,B2]` into the two cell indices, checking only the coordinates (the
/// position checks that the move is legal).
pub fn parse_move_cells(text: &str) -> Result<(usize, usize), ParseError> {
    let mut reader = Reader::new(text);
    reader.expect(b'[', "to open the move")?;
    let r1 = reader.coordinate("row of the moving piece")?;
    reader.expect(b',', "after the row of the moving piece")?;
    let c1 = reader.coordinate("column of the moving piece")?;
    reader.expect(b',', "after the column of the moving piece")?;
    let r2 = reader.coordinate("row of the target cell")?;
    reader.expect(b',', "after the row of the target cell")?;
    let c2 = reader.coordinate("column of the target cell")?;
    reader.expect(b']', "to close the move")?;
    let rest = reader.rest();
    if !rest.is_empty() {
        return Err(ParseError::new(
            text,
            format!("unexpected {rest:?} after the move"),
        ));
    }
    Ok((cell(r1, c1), cell(r2, c2)))
}

/// Writes a move `[A1,B1,A2,B2]`.
pub fn move_text(from: usize, to: usize) -> String {
    let ((r1, c1), (r2, c2)) = (row_col(from), row_col(to));
    format!("[{r1},{c1},{r2},{c2}]")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> String {
        parse_board(text).expect_err(text).message
    }

    #[test]
    fn round_trip() {
        let text = "[[[1,1],[2,3],[8,8]],[[1,2]]]";
        let (blue, red) = parse_board(text).unwrap();
        assert_eq!(blue.count_ones(), 3);
        assert_eq!(red, 1 << 1);
        assert_eq!(board_text(blue, red), text);
        assert_eq!(board_text(0, 0), "[[],[]]");
        assert_eq!(parse_board("[[],[]]").unwrap(), (0, 0));
    }

    #[test]
    fn blanks_and_order_are_tolerated() {
        let (blue, red) = parse_board(" [ [ [2,3] , [1,1] ] , [ ] ] ").unwrap();
        assert_eq!(board_text(blue, red), "[[[1,1],[2,3]],[]]");
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = error_of("[[[1,1]],[[1,1]]]");
        assert!(e.contains("[1,1] is in both"), "{e}");
        let e = error_of("[[[1,9]],[]]");
        assert!(
            e.contains("column of cell 1 of the blue list") && e.contains("off the board"),
            "{e}"
        );
        let e = error_of("[[],[[0,3]]]");
        assert!(
            e.contains("row of cell 1 of the red list") && e.contains("off the board"),
            "{e}"
        );
        let e = error_of("[[[2,2],[3,3],[2,2]],[]]");
        assert!(e.contains("[2,2] appears twice in the blue list"), "{e}");
        let e = error_of("[[[2,2]],[]");
        assert!(
            e.contains("to close the board") && e.contains("end of the text"),
            "{e}"
        );
        let e = error_of("[[[2,x]],[]]");
        assert!(e.contains("expected a number for the column"), "{e}");
        let e = error_of("[[[2,2][3,3]],[]]");
        assert!(e.contains("expected ',' or ']' after cell 1"), "{e}");
        let e = error_of("[[[2,2,3]],[]]");
        assert!(e.contains("to close cell 1 of the blue list"), "{e}");
        let e = error_of("[[[2,2]],[]] x");
        assert!(e.contains("unexpected \"x\""), "{e}");
        let e = error_of("[[[22222222222222222222222,2]],[]]");
        assert!(e.contains("off the board"), "{e}");
        let e = error_of("");
        assert!(e.contains("to open the board"), "{e}");
    }

    #[test]
    fn moves() {
        assert_eq!(
            parse_move_cells("[2,3,3,4]").unwrap(),
            (cell(2, 3), cell(3, 4))
        );
        assert_eq!(move_text(cell(2, 3), cell(3, 4)), "[2,3,3,4]");
        for bad in [
            "[2,3,3]",
            "[2,3,3,9]",
            "2,3,3,4",
            "[2,3,3,4]x",
            "[2;3,3,4]",
            "",
        ] {
            assert!(parse_move_cells(bad).is_err(), "{bad}");
        }
    }
}
