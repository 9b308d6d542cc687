//! The BCIT COMP 3981 Abalone files: the course hands an agent a `.input` file and
//! expects the resulting boards (Part 2, "State Space Generator") or a chosen move.
//!
//! ```text
//! Test1.input                      Test1.move        Test1.board
//! b                                i-C5-1            C6b,D5b,E4b,...,H9w
//! C5b,D5b,E4b,...,H8w,H9w          i-C5-5            B5b,D5b,E4b,...,H9w
//!                                  ...               ...
//! ```
//!
//! Line 1 of `.input` is the colour to move (`b` or `w`), line 2 the board (tokens
//! `<cell><b|w>`, black first, each colour in row-then-number order). A `.board` file
//! has one resulting board per line, a `.move` file the moves that lead to them, row by
//! row. Both are written in the instructor's order: inline moves first, by trailing
//! marble in token order, then by direction clockwise from north-east (clock 1, 3, ...,
//! 11); then side-steps, by first marble in token order, then line direction
//! (north-east, east, north-west), then size (2, 3), then direction clockwise.

use std::io;
use std::path::{Path, PathBuf};

use crate::game::{Game, Role};
use crate::games::abalone::board::{E, NE};
use crate::games::abalone::notation::BoardError;
use crate::games::abalone::{AbMove, Abalone, BLACK, WHITE};

/// A `.input` file that cannot be read, naming the line (1-based) where it goes wrong.
#[derive(Debug, thiserror::Error)]
pub enum BcitError {
    /// A line is missing or not in the expected form.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The board is readable but no game reaches it (two marbles on a cell, too many
    /// or too few marbles).
    #[error("line {line}: impossible board: {message}")]
    Impossible {
        /// 1-based line number of the board.
        line: usize,
        /// What makes it impossible.
        message: String,
    },
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
    },
}

/// Reads the text of a `.input` file into the position it describes.
///
/// Trailing empty lines and `\r\n` line ends are accepted; anything else after the
/// board is an error.
pub fn parse_input(text: &str) -> Result<Abalone, BcitError> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let side = match lines.first().copied() {
        Some("b") => BLACK,
        Some("w") => WHITE,
        Some("") | None => {
            return Err(BcitError::Line {
                line: 1,
                message: "missing the colour to move; expected 'b' or 'w'".into(),
            })
        }
        Some(other) => {
            return Err(BcitError::Line {
                line: 1,
                message: format!("colour to move {other:?} must be 'b' or 'w'"),
            })
        }
    };
    let board = match lines.get(1).copied() {
        Some(b) if !b.is_empty() => b,
        _ => {
            return Err(BcitError::Line {
                line: 2,
                message: "missing the board; expected tokens such as C5b,D5b,...".into(),
            })
        }
    };
    if let Some((i, extra)) = lines
        .iter()
        .enumerate()
        .skip(2)
        .find(|(_, l)| !l.is_empty())
    {
        return Err(BcitError::Line {
            line: i + 1,
            message: format!("unexpected {extra:?}: the file has two lines, side and board"),
        });
    }
    Abalone::from_board(board, side).map_err(|e| match e {
        BoardError::Impossible(message) => BcitError::Impossible { line: 2, message },
        token @ BoardError::Token { .. } => BcitError::Line {
            line: 2,
            message: token.to_string(),
        },
    })
}

/// Reads a `.input` file.
pub fn read_input(path: &Path) -> Result<Abalone, BcitError> {
    let text = std::fs::read_to_string(path).map_err(|source| BcitError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_input(&text)
}

/// The sort key of the instructor's order (see the module doc).
fn course_key(mv: AbMove) -> (bool, usize, usize, u8, usize) {
    let line = match mv.line() {
        NE => 0,
        E => 1,
        _ => 2,
    };
    if mv.is_inline() {
        (false, mv.from(), 0, 0, mv.dir())
    } else {
        (true, mv.from(), line, mv.marbles(), mv.dir())
    }
}

/// The legal moves of `pos` in the instructor's order.
pub fn course_moves(pos: &Abalone) -> Vec<AbMove> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.sort_by_key(|&m| course_key(m));
    moves
}

/// The board after `mv`, as a `.board` line (no side to move, no line end).
pub fn board_after(pos: &Abalone, mv: AbMove) -> String {
    let mut next = *pos;
    next.make(mv, ());
    next.board_text()
}

/// The `.board` file of a position: every legal move's resulting board, one per line.
pub fn board_file(pos: &Abalone) -> String {
    course_moves(pos)
        .into_iter()
        .map(|m| board_after(pos, m) + "\n")
        .collect()
}

/// The `.move` file of a position: every legal move, one per line, in the same order
/// as [`board_file`].
pub fn move_file(pos: &Abalone) -> String {
    course_moves(pos)
        .into_iter()
        .map(|m| pos.move_text(m) + "\n")
        .collect()
}

/// One chosen move as the pair of files an agent hands back: the `.move` line and the
/// `.board` line of the resulting board (each ending in a line end).
pub fn move_and_board(pos: &Abalone, mv: AbMove) -> (String, String) {
    (pos.move_text(mv) + "\n", board_after(pos, mv) + "\n")
}

/// The colour letter of a role, as line 1 of a `.input` file has it.
pub fn side_letter(role: Role) -> char {
    if role == BLACK {
        'b'
    } else {
        'w'
    }
}

/// The `.input` file of a position.
pub fn input_file(pos: &Abalone) -> String {
    format!(
        "{}\n{}\n",
        side_letter(pos.side_to_move()),
        pos.board_text()
    )
}

/// Writes `<stem>.move` and `<stem>.board` for every legal move of `pos` (the Part 2
/// state space), returning the two paths.
pub fn write_state_space(pos: &Abalone, stem: &Path) -> Result<(PathBuf, PathBuf), BcitError> {
    let move_path = stem.with_extension("move");
    let board_path = stem.with_extension("board");
    write(&move_path, &move_file(pos))?;
    write(&board_path, &board_file(pos))?;
    Ok((move_path, board_path))
}

fn write(path: &Path, text: &str) -> Result<(), BcitError> {
    std::fs::write(path, text).map_err(|source| BcitError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "C5b,D5b,E4b,E5b,E6b,F5b,F6b,F7b,F8b,G6b,H6b,C3w,C4w,D3w,D4w,D6w,\
                         E7w,F4w,G5w,G7w,G8w,G9w,H7w,H8w,H9w";

    #[test]
    fn reads_an_input_file() {
        let pos = parse_input(&format!("w\r\n{BOARD}\r\n\r\n")).unwrap();
        assert_eq!(pos.side_to_move(), WHITE);
        assert_eq!(pos.board_text(), BOARD);
        assert_eq!(input_file(&pos), format!("w\n{BOARD}\n"));
    }

    #[test]
    fn errors_name_the_line() {
        let err = parse_input("").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1: missing the colour to move; expected 'b' or 'w'"
        );
        let err = parse_input(&format!("black\n{BOARD}\n")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1: colour to move \"black\" must be 'b' or 'w'"
        );
        let err = parse_input("b\n").unwrap_err();
        assert!(
            err.to_string().starts_with("line 2: missing the board"),
            "{err}"
        );
        let err = parse_input(&format!("b\n{BOARD},J1b\n")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 2: token 26 (\"J1b\"): \"J1\" is not a cell"),
            "{err}"
        );
        let err = parse_input(&format!("b\n{BOARD},C5w\n")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: impossible board: two marbles on C5 (tokens 1 and 26)"
        );
        let err = parse_input(&format!("b\n{BOARD}\n\nb\n")).unwrap_err();
        assert!(
            err.to_string().starts_with("line 4: unexpected \"b\""),
            "{err}"
        );
    }

    #[test]
    fn move_and_board_files_line_up() {
        let pos = parse_input(&format!("b\n{BOARD}\n")).unwrap();
        let moves = move_file(&pos);
        let boards = board_file(&pos);
        assert_eq!(moves.lines().count(), boards.lines().count());
        let (m, b) = (
            moves.lines().next().unwrap(),
            boards.lines().next().unwrap(),
        );
        let mv = pos.parse_move(m).unwrap();
        assert_eq!(
            move_and_board(&pos, mv),
            (format!("{m}\n"), format!("{b}\n"))
        );
    }

    #[test]
    fn writes_the_state_space() {
        let dir = tempfile::tempdir().unwrap();
        let pos = parse_input(&format!("w\n{BOARD}\n")).unwrap();
        let (m, b) = write_state_space(&pos, &dir.path().join("Test2")).unwrap();
        assert_eq!(std::fs::read_to_string(b).unwrap(), board_file(&pos));
        assert_eq!(std::fs::read_to_string(m).unwrap(), move_file(&pos));
        let err = read_input(&dir.path().join("missing.input")).unwrap_err();
        assert!(matches!(err, BcitError::Io { .. }));
    }
}
