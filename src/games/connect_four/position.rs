//! The Connect Four position: the discs of each colour and the hash. The side to move
//! and the ply follow from the number of discs (red moves first).

use std::fmt;

use super::bitboard::{self, column, has_four, Bitboard, BOARD, WIDTH};
use super::{notation, zobrist};
use crate::game::{other, Game, ParseError, Role, Start, Status};

/// Red's role index (red moves first).
pub const RED: Role = 0;
/// Yellow's role index.
pub const YELLOW: Role = 1;

/// The order moves are listed in: centre first, the best first guess for the search.
const COLUMN_ORDER: [u8; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// A move: the column (0 left … 6 right) a disc is dropped into. Written as the column
/// number 1–7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct C4Move(pub u8);

impl fmt::Display for C4Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A Connect Four position.
///
/// ```text
/// . . . . . . .      `......./......./......./......./...y.../..rr... r`
/// . . . . . . .
/// . . . . . . .
/// . . . . . . .
/// . . . y . . .
/// . . r r . . .      red to move
/// 1 2 3 4 5 6 7
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    discs: [Bitboard; 2],
    hash: u64,
}

impl ConnectFour {
    /// The empty board, red to move.
    pub fn new() -> Self {
        ConnectFour {
            discs: [0; 2],
            hash: 0,
        }
    }

    /// The discs of `role`.
    #[inline]
    pub fn discs(&self, role: Role) -> Bitboard {
        self.discs[role]
    }

    /// Every disc on the board.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.discs[RED] | self.discs[YELLOW]
    }

    /// The cell a disc dropped into `mv`'s column lands on (0 if the column is full).
    #[inline]
    pub fn landing(&self, mv: C4Move) -> Bitboard {
        bitboard::playable(self.occupied()) & column(mv.0 as usize)
    }

    /// Whether dropping a disc of `role` on `cell` makes four in a line.
    #[inline]
    pub fn wins_with(&self, role: Role, cell: Bitboard) -> bool {
        has_four(self.discs[role] | cell)
    }
}

impl Default for ConnectFour {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for ConnectFour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl Game for ConnectFour {
    type Move = C4Move;
    type Outcome = ();
    type Undo = ();

    const NAME: &'static str = "connect_four";
    const ROLES: [&'static str; 2] = ["red", "yellow"];
    const DEFAULT_PLY_CAP: u32 = 42;

    fn start_names() -> &'static [&'static str] {
        &["standard"]
    }

    fn named_start(name: &str) -> Option<Start<Self>> {
        (name == "standard").then(|| Start::Fixed(Self::new()))
    }

    #[inline]
    fn side_to_move(&self) -> Role {
        (self.occupied().count_ones() & 1) as Role
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.occupied().count_ones()
    }

    #[inline]
    fn status(&self) -> Status {
        if has_four(self.discs[RED]) {
            Status::Win(RED)
        } else if has_four(self.discs[YELLOW]) {
            Status::Win(YELLOW)
        } else if self.occupied() == BOARD {
            Status::Draw
        } else {
            Status::Ongoing
        }
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<C4Move>) {
        out.clear();
        if self.status() != Status::Ongoing {
            return;
        }
        let open = bitboard::playable(self.occupied());
        for c in COLUMN_ORDER {
            if open & column(c as usize) != 0 {
                out.push(C4Move(c));
            }
        }
    }

    #[inline]
    fn count_moves(&self, _buf: &mut Vec<C4Move>) -> usize {
        if self.status() != Status::Ongoing {
            return 0;
        }
        bitboard::playable(self.occupied()).count_ones() as usize
    }

    #[inline]
    fn make(&mut self, mv: C4Move, _outcome: ()) {
        let side = self.side_to_move();
        let cell = self.landing(mv);
        debug_assert_ne!(cell, 0, "column {mv} is full");
        self.discs[side] |= cell;
        self.hash ^= zobrist::DISC[side][cell.trailing_zeros() as usize] ^ zobrist::YELLOW_TO_MOVE;
    }

    #[inline]
    fn unmake(&mut self, mv: C4Move, _undo: ()) {
        let mover = other(self.side_to_move());
        let stack = self.occupied() & column(mv.0 as usize);
        let top = 63 - stack.leading_zeros();
        self.discs[mover] ^= 1 << top;
        self.hash ^= zobrist::DISC[mover][top as usize] ^ zobrist::YELLOW_TO_MOVE;
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse(text: &str) -> Result<Self, ParseError> {
        let (discs, side) = notation::parse(text)?;
        Ok(ConnectFour {
            discs,
            hash: zobrist::hash_of(discs, side == YELLOW),
        })
    }

    fn to_text(&self) -> String {
        notation::write(self.discs, self.side_to_move())
    }

    fn move_text(&self, mv: C4Move) -> String {
        mv.to_string()
    }

    fn diagram(&self) -> String {
        notation::diagram(self.discs, self.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMPTY: &str = "......./......./......./......./......./....... r";

    #[test]
    fn the_start_prints_and_reads_back() {
        assert_eq!(ConnectFour::new().to_text(), EMPTY);
        assert_eq!(ConnectFour::parse(EMPTY).unwrap(), ConnectFour::new());
    }

    #[test]
    fn discs_fall_and_fours_win() {
        let mut p = ConnectFour::new();
        for col in ["4", "4", "3", "3", "2", "2"] {
            let mv = p.parse_move(col).unwrap();
            p.make(mv, ());
        }
        assert_eq!(
            p.to_text(),
            "......./......./......./......./.yyy.../.rrr... r"
        );
        assert_eq!(p.status(), Status::Ongoing);
        let before = p;
        let win = p.parse_move("5").unwrap();
        p.make(win, ());
        assert_eq!(p.status(), Status::Win(RED));
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert!(moves.is_empty());
        p.unmake(win, ());
        assert_eq!(p, before);
    }

    #[test]
    fn parse_rejects_impossible_boards() {
        for bad in [
            "......./......./......./......./......./.......",
            "......./......./......./......./......./....... x",
            "......./......./......./......./......./...r... r",
            "......./......./......./......./...r.../...y... y",
            "......./......./......./......./......./...y... r",
            "......./......./......./......./...r.../....... y",
            "......./......./......./......./......./......x r",
            "......./......./......./......./....... r",
            "......./......./......./......./......./........ r",
            "......./......./......./......./......./....... r extra",
            "......./......./...r.../...r.../yy.r.../yy.r... r",
        ] {
            assert!(ConnectFour::parse(bad).is_err(), "{bad}");
        }
    }
}
