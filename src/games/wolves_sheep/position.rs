//! The Wolves & Sheep position: two bitboards, the side to move and the ply count.

use std::fmt;

use super::bitboard::{self, squares, Bitboard, ADJACENT, FULL, JUMPS, SIZE};
use super::zobrist;
use crate::game::{Game, ParseError, Role, Start, Status};

/// The wolves' role index (they move first).
pub const WOLVES: Role = 0;
/// The sheep's role index.
pub const SHEEP: Role = 1;

/// Sheep on the board at the start.
pub const START_SHEEP: u32 = 10;
/// The wolves win when this many sheep (or fewer) are left.
pub const WOLVES_WIN_AT: u32 = 2;

/// A move from one square to another: a step, or a wolf's capture (the landing square
/// held a sheep). Written `<row><col>-<row><col>`, e.g. `41-31`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WsMove {
    /// Square index the piece leaves.
    pub from: u8,
    /// Square index the piece lands on.
    pub to: u8,
}

impl fmt::Display for WsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (f_r, f_c) = (self.from as usize / SIZE, self.from as usize % SIZE);
        let (t_r, t_c) = (self.to as usize / SIZE, self.to as usize % SIZE);
        write!(f, "{f_r}{f_c}-{t_r}{t_c}")
    }
}

/// A Wolves & Sheep position.
///
/// ```text
/// SSSSS      the start, wolves to move:
/// SSSSS      `SSSSS/SSSSS/...../...../.W.W. w`
/// .....
/// .....
/// .W.W.
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WolvesSheep {
    wolves: Bitboard,
    sheep: Bitboard,
    side: Role,
    ply: u32,
    hash: u64,
}

impl WolvesSheep {
    /// The start position: sheep on rows 0 and 1, wolves on 41 and 43, wolves to move.
    pub fn new() -> Self {
        let wolves = (1 << 21) | (1 << 23);
        let sheep = bitboard::ROWS[0] | bitboard::ROWS[1];
        Self::from_parts(wolves, sheep, WOLVES).expect("the start is a legal board")
    }

    /// A position from its bitboards, checked: exactly two wolves, at most ten sheep,
    /// no square holding both.
    pub fn from_parts(wolves: Bitboard, sheep: Bitboard, side: Role) -> Result<Self, String> {
        if wolves & !FULL != 0 || sheep & !FULL != 0 {
            return Err("pieces outside the 5×5 board".into());
        }
        if wolves & sheep != 0 {
            return Err("a square holds a wolf and a sheep".into());
        }
        if wolves.count_ones() != 2 {
            return Err(format!(
                "there must be exactly 2 wolves, found {}",
                wolves.count_ones()
            ));
        }
        if sheep.count_ones() > START_SHEEP {
            return Err(format!(
                "there can be at most {START_SHEEP} sheep, found {}",
                sheep.count_ones()
            ));
        }
        if side > SHEEP {
            return Err(format!("no role {side}"));
        }
        Ok(WolvesSheep {
            wolves,
            sheep,
            side,
            ply: 0,
            hash: zobrist::hash_of(wolves, sheep, side == SHEEP),
        })
    }

    /// The wolves' squares.
    pub fn wolves(&self) -> Bitboard {
        self.wolves
    }

    /// The sheep's squares.
    pub fn sheep(&self) -> Bitboard {
        self.sheep
    }

    /// The empty squares.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        FULL & !(self.wolves | self.sheep)
    }

    /// The result on the board alone (the referee's `checkWinning`), ignoring the cap.
    #[inline]
    pub fn board_status(&self) -> Status {
        let empty = self.empty();
        if squares(self.wolves).all(|w| ADJACENT[w] & empty == 0) {
            Status::Win(SHEEP)
        } else if self.sheep.count_ones() <= WOLVES_WIN_AT {
            Status::Win(WOLVES)
        } else {
            Status::Ongoing
        }
    }

    /// The wolves' moves (steps and captures), whoever is to move.
    #[inline]
    pub fn wolf_moves(&self, out: &mut Vec<WsMove>) {
        let empty = self.empty();
        for w in squares(self.wolves) {
            for to in squares(ADJACENT[w] & empty) {
                out.push(WsMove {
                    from: w as u8,
                    to: to as u8,
                });
            }
            for jump in JUMPS[w].iter().flatten() {
                if empty & (1 << jump.over) != 0 && self.sheep & (1 << jump.to) != 0 {
                    out.push(WsMove {
                        from: w as u8,
                        to: jump.to,
                    });
                }
            }
        }
    }

    /// The sheep's moves, whoever is to move.
    #[inline]
    pub fn sheep_moves(&self, out: &mut Vec<WsMove>) {
        let empty = self.empty();
        for s in squares(self.sheep) {
            for to in squares(ADJACENT[s] & empty) {
                out.push(WsMove {
                    from: s as u8,
                    to: to as u8,
                });
            }
        }
    }

    /// Reads the board part of the oracle notation (`SSSSS/SSSSS/...../...../.W.W.`).
    fn parse_board(text: &str) -> Result<(Bitboard, Bitboard), ParseError> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != SIZE {
            return Err(ParseError::new(
                text,
                format!("expected 5 rows separated by '/', found {}", rows.len()),
            ));
        }
        let (mut wolves, mut sheep) = (0, 0);
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != SIZE {
                return Err(ParseError::new(
                    text,
                    format!(
                        "row {r} ({row:?}) must have 5 cells, found {}",
                        row.chars().count()
                    ),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1 << (r * SIZE + c);
                match ch {
                    'W' => wolves |= bit,
                    'S' => sheep |= bit,
                    '.' => {}
                    other => {
                        return Err(ParseError::new(
                            text,
                            format!("row {r}, column {c}: {other:?} is not 'W', 'S' or '.'"),
                        ))
                    }
                }
            }
        }
        Ok((wolves, sheep))
    }
}

impl Default for WolvesSheep {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for WolvesSheep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl Game for WolvesSheep {
    type Move = WsMove;
    type Outcome = ();
    type Undo = WolvesSheep;

    const NAME: &'static str = "wolves_sheep";
    const ROLES: [&'static str; 2] = ["wolves", "sheep"];
    const DEFAULT_PLY_CAP: u32 = 200;

    fn start_names() -> &'static [&'static str] {
        &["standard"]
    }

    fn named_start(name: &str) -> Option<Start<Self>> {
        (name == "standard").then(|| Start::Fixed(Self::new()))
    }

    fn unreachable(&self) -> Option<String> {
        // A capture takes one sheep, and the game ends when 2 are left.
        let sheep = self.sheep.count_ones();
        (sheep < WOLVES_WIN_AT).then(|| {
            format!("{sheep} sheep: no game gets there (the wolves win when {WOLVES_WIN_AT} are left)")
        })
    }

    #[inline]
    fn side_to_move(&self) -> Role {
        self.side
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    #[inline]
    fn status(&self) -> Status {
        self.board_status()
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<WsMove>) {
        out.clear();
        if self.status() != Status::Ongoing {
            return;
        }
        if self.side == WOLVES {
            self.wolf_moves(out);
        } else {
            self.sheep_moves(out);
        }
    }

    #[inline]
    fn make(&mut self, mv: WsMove, _outcome: ()) -> WolvesSheep {
        let undo = *self;
        let (from, to) = (1u32 << mv.from, 1u32 << mv.to);
        let piece = if self.side == WOLVES {
            if self.sheep & to != 0 {
                self.sheep ^= to;
                self.hash ^= zobrist::PIECE[SHEEP][mv.to as usize];
            }
            self.wolves ^= from | to;
            WOLVES
        } else {
            self.sheep ^= from | to;
            SHEEP
        };
        self.hash ^= zobrist::PIECE[piece][mv.from as usize]
            ^ zobrist::PIECE[piece][mv.to as usize]
            ^ zobrist::SHEEP_TO_MOVE;
        self.side ^= 1;
        self.ply += 1;
        undo
    }

    #[inline]
    fn unmake(&mut self, _mv: WsMove, undo: WolvesSheep) {
        *self = undo;
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse(text: &str) -> Result<Self, ParseError> {
        let mut fields = text.split_whitespace();
        let board = fields
            .next()
            .ok_or_else(|| ParseError::new(text, "empty position; expected '<board> <w|s>'"))?;
        let side = match fields.next() {
            Some("w") => WOLVES,
            Some("s") => SHEEP,
            Some(other) => {
                return Err(ParseError::new(
                    text,
                    format!("side to move {other:?} must be 'w' (wolves) or 's' (sheep)"),
                ))
            }
            None => {
                return Err(ParseError::new(
                    text,
                    "missing side to move; expected '<board> <w|s>'",
                ))
            }
        };
        if let Some(extra) = fields.next() {
            return Err(ParseError::new(
                text,
                format!("unexpected {extra:?} after the side to move"),
            ));
        }
        let (wolves, sheep) = Self::parse_board(board)?;
        Self::from_parts(wolves, sheep, side).map_err(|m| ParseError::new(text, m))
    }

    fn diagram(&self) -> String {
        // Rows and columns numbered as moves name them (`rc-rc`, from 0).
        let text = self.to_text();
        let (board, side) = text.split_once(' ').unwrap_or((text.as_str(), ""));
        let spaced = |chars: &mut dyn Iterator<Item = char>| {
            chars.map(String::from).collect::<Vec<_>>().join(" ")
        };
        let mut out = format!("   {}\n", spaced(&mut ('0'..).take(SIZE)));
        for (r, row) in board.split('/').enumerate() {
            out.push_str(&format!("{r}  {}\n", spaced(&mut row.chars())));
        }
        let side = if side == "w" { "wolves" } else { "sheep" };
        out.push_str(&format!("{side} to move"));
        out
    }

    fn to_text(&self) -> String {
        let mut s = String::with_capacity(32);
        for r in 0..SIZE {
            if r > 0 {
                s.push('/');
            }
            for c in 0..SIZE {
                let bit = 1 << (r * SIZE + c);
                s.push(if self.wolves & bit != 0 {
                    'W'
                } else if self.sheep & bit != 0 {
                    'S'
                } else {
                    '.'
                });
            }
        }
        s.push(' ');
        s.push(if self.side == WOLVES { 'w' } else { 's' });
        s
    }

    fn move_text(&self, mv: WsMove) -> String {
        mv.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Features;

    #[test]
    fn start_prints_in_oracle_notation() {
        assert_eq!(
            WolvesSheep::new().to_text(),
            "SSSSS/SSSSS/...../...../.W.W. w"
        );
    }

    #[test]
    fn parse_rejects_impossible_boards() {
        for bad in [
            "SSSSS/SSSSS/...../...../.W.W.",
            "SSSSS/SSSSS/...../...../.W.W. x",
            "SSSSS/SSSSS/...../...../WW.W. w",
            "SSSSS/SSSSS/S..../...../.W.W. w",
            "SSSSS/SSSSS/...../.../.W.W. w",
            "SSSSS/SSSSS/...../...../.W.Wx w",
            "SSSSS/SSSSS/...../.W.W. w",
            "SSSSS/SSSSS/...../...../.W.W. w extra",
        ] {
            assert!(WolvesSheep::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn capture_removes_the_sheep() {
        let mut p = WolvesSheep::parse("SSSSS/SSSSS/...../...../.W.W. w").unwrap();
        let mv = p.parse_move("41-31").unwrap();
        p.make(mv, ());
        assert_eq!(p.to_text(), "SSSSS/SSSSS/...../.W.../...W. s");
        let mut q = WolvesSheep::parse("SSSSS/SSSSS/...../.W.../...W. w").unwrap();
        let cap = q.parse_move("31-11").unwrap();
        assert!(q.is_tactical(cap));
        let before = q;
        let undo = q.make(cap, ());
        assert_eq!(q.to_text(), "SSSSS/SWSSS/...../...../...W. s");
        assert_eq!(q.sheep().count_ones(), 9);
        q.unmake(cap, undo);
        assert_eq!(q, before);
    }
}
