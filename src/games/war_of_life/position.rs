//! The War of Life position: two bitboards, the side to move and the ply count.

use std::fmt;

use super::bitboard::{self, cells, row_col, Bitboard, NEIGHBOURS};
use super::crank::crank;
use super::notation;
use super::zobrist;
use crate::game::{Game, GameRng, ParseError, Role, Start, Status};

/// Blue's role index (blue moves first).
pub const BLUE: Role = 0;
/// Red's role index.
pub const RED: Role = 1;

/// Pieces of each colour at the start.
pub const START_PIECES: u32 = 12;

/// The referee's move limit in plies (both players' moves count).
pub const MOVE_LIMIT: u32 = 250;

/// A move: the piece on `from` steps to the empty neighbouring cell `to` (then the
/// crank runs). Written `[A1,B1,A2,B2]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WolMove {
    /// Cell index the piece leaves.
    pub from: u8,
    /// Cell index the piece steps to.
    pub to: u8,
}

impl fmt::Display for WolMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::move_text(self.from as usize, self.to as usize))
    }
}

/// How a game stands, with the cause of a draw kept apart (the referee's result words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The game goes on.
    Ongoing,
    /// No pieces of either colour are left (the referee's `draw`).
    Draw,
    /// The move limit is reached (the referee's `exhaust`).
    Exhausted,
    /// The other colour has no pieces left.
    Win(Role),
    /// The side to move has pieces but none can move (the referee's `stalemate`).
    Stalemate,
}

impl Ending {
    /// The ending as a [`Status`]: the three kinds of draw are all [`Status::Draw`].
    pub fn status(self) -> Status {
        match self {
            Ending::Ongoing => Status::Ongoing,
            Ending::Win(r) => Status::Win(r),
            Ending::Draw | Ending::Exhausted | Ending::Stalemate => Status::Draw,
        }
    }

    /// The word used for it: `ongoing`, `blue_win`, `red_win`, `draw`, `exhausted` or
    /// `stalemate`.
    pub fn word(self) -> &'static str {
        match self {
            Ending::Ongoing => "ongoing",
            Ending::Draw => "draw",
            Ending::Exhausted => "exhausted",
            Ending::Win(BLUE) => "blue_win",
            Ending::Win(_) => "red_win",
            Ending::Stalemate => "stalemate",
        }
    }
}

/// A War of Life position.
///
/// ```text
///      1 2 3 4 5 6 7 8
///   1  . b . . . . . .      [[[1,2],[2,2]],[[2,3]]] r
///   2  . b r . . . . .      blue on [1,2] and [2,2], red on [2,3], red to move
///   3  . . . . . . . .
///  ...
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarOfLife {
    blue: Bitboard,
    red: Bitboard,
    side: Role,
    ply: u32,
    hash: u64,
}

impl WarOfLife {
    /// A position from its bitboards; fails when a cell holds both colours or the side
    /// is not a role.
    pub fn from_parts(blue: Bitboard, red: Bitboard, side: Role) -> Result<Self, String> {
        if blue & red != 0 {
            let (r, c) = row_col((blue & red).trailing_zeros() as usize);
            return Err(format!("cell [{r},{c}] holds a blue and a red piece"));
        }
        if side > RED {
            return Err(format!("no role {side}"));
        }
        Ok(WarOfLife {
            blue,
            red,
            side,
            ply: 0,
            hash: zobrist::hash_of(blue, red, side),
        })
    }

    /// A random start as the referee draws it (see [`super::start`]), blue to move.
    pub fn random(rng: &mut GameRng) -> Self {
        let (blue, red) = super::start::random_cells(rng);
        Self::from_parts(blue, red, BLUE).expect("the draw gives disjoint colours")
    }

    /// The blue cells.
    #[inline]
    pub fn blue(&self) -> Bitboard {
        self.blue
    }

    /// The red cells.
    #[inline]
    pub fn red(&self) -> Bitboard {
        self.red
    }

    /// The cells of a role's colour.
    #[inline]
    pub fn pieces(&self, role: Role) -> Bitboard {
        if role == BLUE {
            self.blue
        } else {
            self.red
        }
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        !(self.blue | self.red)
    }

    /// Sets the plies played since the start (the referee's move limit counts them).
    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }

    /// Whether `role` could move (has a piece next to an empty cell).
    #[inline]
    pub fn can_move(&self, role: Role) -> bool {
        bitboard::neighbours_of(self.pieces(role)) & self.empty() != 0
    }

    /// The referee's end-of-game check, in its order: no pieces at all (draw), the move
    /// limit (exhausted, even when a colour is gone), a colour gone (the other wins),
    /// the side to move unable to move (stalemate).
    #[inline]
    pub fn ending(&self) -> Ending {
        if self.blue | self.red == 0 {
            Ending::Draw
        } else if self.ply >= MOVE_LIMIT {
            Ending::Exhausted
        } else if self.blue == 0 {
            Ending::Win(RED)
        } else if self.red == 0 {
            Ending::Win(BLUE)
        } else if !self.can_move(self.side) {
            Ending::Stalemate
        } else {
            Ending::Ongoing
        }
    }

    /// The board after `mv` and its crank, without changing the position.
    #[inline]
    pub fn board_after(&self, mv: WolMove) -> (Bitboard, Bitboard) {
        let step = (1u64 << mv.from) | (1u64 << mv.to);
        if self.side == BLUE {
            crank(self.blue ^ step, self.red)
        } else {
            crank(self.blue, self.red ^ step)
        }
    }

    /// The board part of [`Game::to_text`]: `[[[A,B],...],[[A,B],...]]`.
    pub fn board_text(&self) -> String {
        notation::board_text(self.blue, self.red)
    }

    fn role_name(role: Role) -> &'static str {
        Self::ROLES[role]
    }
}

impl fmt::Display for WarOfLife {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl Game for WarOfLife {
    type Move = WolMove;
    type Outcome = ();
    type Undo = WarOfLife;

    const NAME: &'static str = "war_of_life";
    const ROLES: [&'static str; 2] = ["blue", "red"];
    const DEFAULT_PLY_CAP: u32 = MOVE_LIMIT;
    const PLY_LIMIT: u32 = MOVE_LIMIT;

    fn start_names() -> &'static [&'static str] {
        &["random"]
    }

    fn named_start(name: &str) -> Option<Start<Self>> {
        (name == "random").then_some(Start::Random(Self::random))
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
        self.ending().status()
    }

    /// A match's cap ends the game as the referee's move limit does: a draw, checked
    /// before a colour being gone.
    fn capped_status(&self, _adjudicate: bool) -> Status {
        Status::Draw
    }

    /// `ongoing`, `blue_win`, `red_win`, and for a draw its cause read from the
    /// position: `draw` (no pieces), `exhausted` (move limit) or `stalemate`.
    fn status_word(&self, status: Status) -> String {
        match status {
            Status::Ongoing => "ongoing".to_string(),
            Status::Win(r) => format!("{}_win", Self::role_name(r)),
            Status::Draw => match self.ending() {
                e @ (Ending::Exhausted | Ending::Stalemate) => e.word().to_string(),
                _ => "draw".to_string(),
            },
        }
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<WolMove>) {
        out.clear();
        if self.ending() != Ending::Ongoing {
            return;
        }
        let empty = self.empty();
        for from in cells(self.pieces(self.side)) {
            for to in cells(NEIGHBOURS[from] & empty) {
                out.push(WolMove {
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }

    #[inline]
    fn make(&mut self, mv: WolMove, _outcome: ()) -> WarOfLife {
        let undo = *self;
        let (blue, red) = self.board_after(mv);
        self.blue = blue;
        self.red = red;
        self.side ^= 1;
        self.ply += 1;
        self.hash = zobrist::hash_of(blue, red, self.side);
        undo
    }

    #[inline]
    fn unmake(&mut self, _mv: WolMove, undo: WarOfLife) {
        *self = undo;
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// Reads `<board> <b|r>`, e.g. `[[[1,2],[2,2]],[[2,3]]] r`.
    fn parse(text: &str) -> Result<Self, ParseError> {
        let (blue, red, rest) = notation::parse_board_prefix(text)?;
        let side = match rest {
            "b" => BLUE,
            "r" => RED,
            "" => {
                return Err(ParseError::new(
                    text,
                    "missing side to move after the board; expected '<board> <b|r>'",
                ))
            }
            other => {
                return Err(ParseError::new(
                    text,
                    format!("side to move {other:?} must be 'b' (blue) or 'r' (red)"),
                ))
            }
        };
        Self::from_parts(blue, red, side).map_err(|m| ParseError::new(text, m))
    }

    fn to_text(&self) -> String {
        let mut s = self.board_text();
        s.push_str(if self.side == BLUE { " b" } else { " r" });
        s
    }

    fn move_text(&self, mv: WolMove) -> String {
        mv.to_string()
    }

    /// Reads `[A1,B1,A2,B2]` and checks it is legal here, saying why not.
    fn parse_move(&self, text: &str) -> Result<WolMove, ParseError> {
        let (from, to) = notation::parse_move_cells(text)?;
        let ending = self.ending();
        if ending != Ending::Ongoing {
            return Err(ParseError::new(
                text,
                format!("the game is over ({})", ending.word()),
            ));
        }
        let side = Self::role_name(self.side);
        let ((r1, c1), (r2, c2)) = (row_col(from), row_col(to));
        if self.pieces(self.side) & (1 << from) == 0 {
            return Err(ParseError::new(
                text,
                format!("no {side} piece on [{r1},{c1}] ({side} is to move)"),
            ));
        }
        if NEIGHBOURS[from] & (1 << to) == 0 {
            return Err(ParseError::new(
                text,
                format!("[{r2},{c2}] is not next to [{r1},{c1}]"),
            ));
        }
        if self.empty() & (1 << to) == 0 {
            return Err(ParseError::new(text, format!("[{r2},{c2}] is not empty")));
        }
        Ok(WolMove {
            from: from as u8,
            to: to as u8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Features;

    fn pos(text: &str) -> WarOfLife {
        WarOfLife::parse(text).unwrap()
    }

    #[test]
    fn parse_errors() {
        for (bad, want) in [
            ("[[[1,1]],[[2,2]]]", "missing side to move"),
            ("[[[1,1]],[[2,2]]] x", "must be 'b' (blue) or 'r' (red)"),
            ("[[[1,1]],[[2,2]]] b r", "must be 'b' (blue) or 'r' (red)"),
            ("[[[1,1]],[[1,1]]] b", "[1,1] is in both"),
            ("[[[1,1],[1,1]],[]] b", "appears twice"),
            ("[[[1,1]],[[9,2]]] b", "off the board"),
            ("[[[1,1]],[[2,2]] b", "to close the board"),
            ("[[[1,a]],[]] b", "expected a number"),
        ] {
            let e = WarOfLife::parse(bad).expect_err(bad);
            assert!(e.message.contains(want), "{bad}: {}", e.message);
            assert_eq!(e.text, bad);
        }
    }

    #[test]
    fn move_errors_say_why() {
        let p = pos("[[[1,1],[4,4]],[[1,2],[5,5]]] b");
        for (bad, want) in [
            ("[1,2,1,3]", "no blue piece on [1,2]"),
            ("[1,1,1,2]", "[1,2] is not empty"),
            ("[4,4,6,6]", "[6,6] is not next to [4,4]"),
            ("[4,4,4,9]", "off the board"),
        ] {
            let e = p.parse_move(bad).expect_err(bad);
            assert!(e.message.contains(want), "{bad}: {}", e.message);
        }
        let mv = p.parse_move("[4,4,3,3]").unwrap();
        assert_eq!(p.move_text(mv), "[4,4,3,3]");
    }

    #[test]
    fn end_of_game_follows_the_referee_order() {
        let none = pos("[[],[]] b");
        assert_eq!(none.ending(), Ending::Draw);
        assert_eq!(none.status_word(none.status()), "draw");
        let mut red_gone = pos("[[[1,1],[4,4]],[]] r");
        assert_eq!(red_gone.status(), Status::Win(BLUE));
        assert_eq!(red_gone.status_word(red_gone.status()), "blue_win");
        red_gone.set_ply(MOVE_LIMIT); // the limit is checked before the win
        assert_eq!(red_gone.ending(), Ending::Exhausted);
        assert_eq!(red_gone.status_word(red_gone.status()), "exhausted");
        let blue_gone = pos("[[],[[3,3]]] b");
        assert_eq!(blue_gone.status_word(blue_gone.status()), "red_win");
        // Blue's only piece is boxed into the corner: stalemate when blue is to move.
        let boxed = pos("[[[1,1]],[[1,2],[2,1],[2,2]]] b");
        assert_eq!(boxed.ending(), Ending::Stalemate);
        assert_eq!(boxed.status(), Status::Draw);
        assert_eq!(boxed.status_word(Status::Draw), "stalemate");
        let mut moves = vec![WolMove { from: 0, to: 0 }];
        boxed.legal_moves(&mut moves);
        assert!(moves.is_empty());
        let red_moves = pos("[[[1,1]],[[1,2],[2,1],[2,2]]] r");
        assert_eq!(red_moves.status(), Status::Ongoing);
    }

    #[test]
    fn make_runs_the_crank_and_unmake_restores() {
        let mut p = pos("[[[1,1],[2,2],[3,3]],[[8,8]]] b");
        let before = p;
        let mv = p.parse_move("[1,1,2,1]").unwrap();
        let undo = p.make(mv, ());
        // Blue [2,1],[2,2],[3,3] crank: [2,2] has 2 neighbours and survives, the ends
        // have 1 and die, [3,2] has exactly 3 and is born blue; lone red [8,8] dies.
        assert_eq!(p.board_text(), "[[[2,2],[3,2]],[]]");
        assert_eq!(p.side_to_move(), RED);
        assert_eq!(p.ply(), 1);
        assert_eq!(p.hash(), zobrist::hash_reference(p.blue(), p.red(), RED));
        p.unmake(mv, undo);
        assert_eq!(p, before);
    }

    #[test]
    fn a_wiping_move_is_tactical() {
        let p = pos("[[[1,1],[2,2],[3,3]],[[8,8]]] b");
        let mv = p.parse_move("[1,1,2,1]").unwrap();
        assert!(p.is_tactical(mv));
        let q = pos("[[[1,1],[2,2],[3,3]],[[7,7],[7,8],[8,7],[8,8]]] b");
        let mv = q.parse_move("[1,1,2,1]").unwrap();
        assert!(!q.is_tactical(mv)); // the red block is stable
    }
}
