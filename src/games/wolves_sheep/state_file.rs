//! The course's 5×5 state file: five lines of comma-separated cells, `0` empty,
//! `1` sheep, `2` wolf, as the CS4386 game runner hands a board to its players.
//!
//! ```text
//! 1,1,1,1,1
//! 1,1,1,1,1
//! 0,0,0,0,0
//! 0,0,0,0,0
//! 0,2,0,2,0
//! ```
//!
//! The file does not say who moves: the caller gives the role.

use super::bitboard::SIZE;
use super::position::WolvesSheep;
use crate::game::Role;

/// A state file that cannot be read, with the line (1-based) where it goes wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateFileError {
    /// A line is not five comma-separated cells of 0, 1 or 2.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The file does not have five board lines.
    #[error("expected 5 lines of 5 cells, found {0} non-empty lines")]
    LineCount(usize),
    /// The cells are readable but no legal board has them.
    #[error("impossible board: {0}")]
    Impossible(String),
}

/// Reads a state file into a position with `role` to move.
pub fn parse_state(text: &str, role: Role) -> Result<WolvesSheep, StateFileError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if lines.len() != SIZE {
        return Err(StateFileError::LineCount(lines.len()));
    }
    let (mut wolves, mut sheep) = (0u32, 0u32);
    for (r, (line_no, line)) in lines.iter().enumerate() {
        let cells: Vec<&str> = line.split(',').map(str::trim).collect();
        if cells.len() != SIZE {
            return Err(StateFileError::Line {
                line: *line_no,
                message: format!(
                    "expected 5 comma-separated cells, found {} in {line:?}",
                    cells.len()
                ),
            });
        }
        for (c, cell) in cells.iter().enumerate() {
            let bit = 1 << (r * SIZE + c);
            match *cell {
                "0" => {}
                "1" => sheep |= bit,
                "2" => wolves |= bit,
                other => {
                    return Err(StateFileError::Line {
                        line: *line_no,
                        message: format!(
                            "cell {} is {other:?}; expected 0 (empty), 1 (sheep) or 2 (wolf)",
                            c + 1
                        ),
                    })
                }
            }
        }
    }
    WolvesSheep::from_parts(wolves, sheep, role).map_err(StateFileError::Impossible)
}

/// Writes a position as a state file.
pub fn write_state(pos: &WolvesSheep) -> String {
    let mut s = String::new();
    for r in 0..SIZE {
        let cells: Vec<&str> = (0..SIZE)
            .map(|c| {
                let bit = 1 << (r * SIZE + c);
                if pos.wolves() & bit != 0 {
                    "2"
                } else if pos.sheep() & bit != 0 {
                    "1"
                } else {
                    "0"
                }
            })
            .collect();
        s.push_str(&cells.join(","));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn reads_the_start() {
        let text = "1,1,1,1,1\n1,1,1,1,1\n0,0,0,0,0\n0,0,0,0,0\n0,2,0,2,0\n";
        let pos = parse_state(text, 0).unwrap();
        assert_eq!(pos.to_text(), "SSSSS/SSSSS/...../...../.W.W. w");
        assert_eq!(write_state(&pos), text);
    }

    #[test]
    fn errors_name_the_line() {
        let err = parse_state("1,1,1,1,1\n1,1,1,1\n0,0,0,0,0\n0,0,0,0,0\n0,2,0,2,0\n", 0)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: expected 5 comma-separated cells, found 4 in \"1,1,1,1\""
        );
        let err = parse_state("1,1,1,1,1\n1,1,1,1,1\n0,0,3,0,0\n0,0,0,0,0\n0,2,0,2,0\n", 0)
            .unwrap_err();
        assert!(err.to_string().starts_with("line 3: cell 3 is \"3\""));
        let err = parse_state("1,1,1,1,1\n1,1,1,1,1\n0,0,0,0,0\n0,2,0,2,0\n", 0).unwrap_err();
        assert_eq!(err, StateFileError::LineCount(4));
        let err = parse_state("1,1,1,1,1\n1,1,1,1,1\n0,0,0,0,0\n0,0,2,0,0\n0,2,0,2,0\n", 0)
            .unwrap_err();
        assert!(matches!(err, StateFileError::Impossible(_)));
    }
}
