//! The Abalone position: one bitboard per colour, the side to move, the ply count and
//! the end-of-game settings (ply cap, adjudication).

use std::fmt;

use super::board::{bit_index, offset, Bits, BOARD};
use super::movegen::{self, AbMove};
use super::notation::{self, BoardError};
use super::zobrist;
use crate::game::{Game, ParseError, Role, Start, Status};

/// Black's role index (black moves first).
pub const BLACK: Role = 0;
/// White's role index.
pub const WHITE: Role = 1;

/// Marbles per side at the start.
pub const MAX_MARBLES: u32 = 14;
/// Marbles a side has when it has lost (6 pushed off).
pub const MIN_MARBLES: u32 = 8;

const fn mask(names: &[&str]) -> Bits {
    let mut m = 0;
    let mut i = 0;
    while i < names.len() {
        let b = names[i].as_bytes();
        m |= 1 << bit_index((b[0] - b'A') as usize, (b[1] - b'1') as usize);
        i += 1;
    }
    m
}

/// The built-in starts: name, black marbles, white marbles (as in the oracle's
/// `starts.txt`).
///
/// ```text
///   standard            german_daisy          belgian_daisy
///       w w w w w           . . . . .             w w . b b
///      w w w w w w         w w . . b b           w w w b b b
///     . . w w w . .       w w w . b b b         . w w . b b .
///    . . . . . . . .     . w w . . b b .       . . . . . . . .
///   . . . . . . . . .   . . . . . . . . .     . . . . . . . . .
///    . . . . . . . .     . b b . . w w .       . . . . . . . .
///     . . b b b . .       b b b . w w w         . b b . w w .
///      b b b b b b         b b . . w w           b b b w w w
///       b b b b b           . . . . .             b b . w w
/// ```
pub const STARTS: [(&str, Bits, Bits); 3] = [
    (
        "standard",
        mask(&[
            "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "C3", "C4", "C5",
        ]),
        mask(&[
            "I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6", "H7", "H8", "H9", "G5", "G6", "G7",
        ]),
    ),
    (
        "german_daisy",
        mask(&[
            "B1", "B2", "C1", "C2", "C3", "D2", "D3", "F7", "F8", "G7", "G8", "G9", "H8", "H9",
        ]),
        mask(&[
            "B5", "B6", "C5", "C6", "C7", "D6", "D7", "F3", "F4", "G3", "G4", "G5", "H4", "H5",
        ]),
    ),
    (
        "belgian_daisy",
        mask(&[
            "A1", "A2", "B1", "B2", "B3", "C2", "C3", "G7", "G8", "H7", "H8", "H9", "I8", "I9",
        ]),
        mask(&[
            "A4", "A5", "B4", "B5", "B6", "C5", "C6", "G4", "G5", "H4", "H5", "H6", "I5", "I6",
        ]),
    ),
];

const START_NAMES: [&str; 3] = [STARTS[0].0, STARTS[1].0, STARTS[2].0];

/// An Abalone position.
///
/// `marbles[0]` are black's cells, `marbles[1]` white's (bits as in
/// [`super::board`]). Marbles lost by a colour are 14 minus its marbles on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abalone {
    marbles: [Bits; 2],
    hash: u64,
    ply: u32,
    side: u8,
}

impl Abalone {
    /// The standard start, black to move.
    pub fn new() -> Self {
        Self::unchecked(STARTS[0].1, STARTS[0].2, BLACK)
    }

    fn unchecked(black: Bits, white: Bits, side: Role) -> Self {
        let marbles = [black, white];
        Abalone {
            marbles,
            hash: zobrist::hash_of(marbles, side == WHITE),
            ply: 0,
            side: side as u8,
        }
    }

    /// A position from the two colours' cells, checked: cells on the board, none used
    /// twice, 8 to 14 marbles per colour, not both at 8.
    pub fn from_parts(black: Bits, white: Bits, side: Role) -> Result<Self, String> {
        if (black | white) & !BOARD != 0 {
            return Err("marbles outside the board".into());
        }
        if black & white != 0 {
            return Err("a cell holds a black and a white marble".into());
        }
        if side > WHITE {
            return Err(format!("no role {side}"));
        }
        notation::check_counts([black, white])?;
        Ok(Self::unchecked(black, white, side))
    }

    /// A position from a board text (the `.board` line) and the side to move.
    pub fn from_board(board: &str, side: Role) -> Result<Self, BoardError> {
        let [black, white] = notation::parse_board(board)?;
        Self::from_parts(black, white, side).map_err(BoardError::Impossible)
    }

    /// The cells of a colour (0 black, 1 white).
    #[inline(always)]
    pub fn marbles(&self, colour: Role) -> Bits {
        self.marbles[colour]
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> Bits {
        BOARD & !(self.marbles[0] | self.marbles[1])
    }

    /// Marbles a colour has lost (pushed off) so far.
    #[inline]
    pub fn lost(&self, colour: Role) -> u32 {
        MAX_MARBLES - self.marbles[colour].count_ones()
    }

    /// The board alone as text (the `.board` line, without the side to move).
    pub fn board_text(&self) -> String {
        notation::board_text(self.marbles)
    }

    /// The result on the board alone, ignoring the ply cap: a side with 6 marbles lost
    /// has lost the game.
    #[inline]
    pub fn board_status(&self) -> Status {
        if self.marbles[WHITE].count_ones() <= MIN_MARBLES {
            Status::Win(BLACK)
        } else if self.marbles[BLACK].count_ones() <= MIN_MARBLES {
            Status::Win(WHITE)
        } else {
            Status::Ongoing
        }
    }

    /// The number of legal moves (what `legal_moves` would list), counted set-wise.
    #[inline]
    pub fn count_moves(&self) -> u32 {
        if self.status() != Status::Ongoing {
            return 0;
        }
        let s = self.side as usize;
        movegen::count(self.marbles[s], self.marbles[1 - s])
    }

    /// Perft with bulk counting: at the last ply the moves are counted, not played.
    pub fn perft_bulk(&mut self, depth: u32) -> u64 {
        let mut bufs: Vec<Vec<AbMove>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
        self.perft_inner(depth, &mut bufs)
    }

    fn perft_inner(&mut self, depth: u32, bufs: &mut [Vec<AbMove>]) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_moves() as u64,
            _ => {
                let Some((buf, rest)) = bufs.split_first_mut() else {
                    return 0;
                };
                self.legal_moves(buf);
                let mut total = 0;
                for &mv in buf.iter() {
                    let undo = self.make(mv, ());
                    total += self.perft_inner(depth - 1, rest);
                    self.unmake(mv, undo);
                }
                total
            }
        }
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        zobrist::hash_of(self.marbles, self.side as usize == WHITE)
    }
}

impl Default for Abalone {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for Abalone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl Game for Abalone {
    type Move = AbMove;
    type Outcome = ();
    type Undo = Abalone;

    const NAME: &'static str = "abalone";
    const ROLES: [&'static str; 2] = ["black", "white"];
    const DEFAULT_PLY_CAP: u32 = 200;

    fn start_names() -> &'static [&'static str] {
        &START_NAMES
    }

    fn named_start(name: &str) -> Option<Start<Self>> {
        let &(_, black, white) = STARTS.iter().find(|s| s.0 == name)?;
        Some(Start::Fixed(Self::unchecked(black, white, BLACK)))
    }

    #[inline]
    fn side_to_move(&self) -> Role {
        self.side as Role
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    #[inline]
    fn status(&self) -> Status {
        self.board_status()
    }

    /// The side that has lost fewer marbles wins; equal losses are a draw.
    fn adjudicate(&self) -> Status {
        let (b, w) = (self.lost(BLACK), self.lost(WHITE));
        match b.cmp(&w) {
            std::cmp::Ordering::Equal => Status::Draw,
            std::cmp::Ordering::Less => Status::Win(BLACK),
            std::cmp::Ordering::Greater => Status::Win(WHITE),
        }
    }

    #[inline]
    fn count_moves(&self, _buf: &mut Vec<AbMove>) -> usize {
        Abalone::count_moves(self) as usize
    }

    fn legal_moves(&self, out: &mut Vec<AbMove>) {
        out.clear();
        if self.status() != Status::Ongoing {
            return;
        }
        let s = self.side as usize;
        movegen::generate(self.marbles[s], self.marbles[1 - s], out);
    }

    #[inline]
    fn make(&mut self, mv: AbMove, _outcome: ()) -> Abalone {
        let undo = *self;
        let me = self.side as usize;
        let them = 1 - me;
        let keys = &zobrist::MARBLE;
        if mv.is_inline() {
            // The trailing cell empties and the cell past the front fills.
            let from = mv.from();
            let to = offset(from, mv.dir(), mv.marbles() as usize);
            self.marbles[me] ^= (1 << from) | (1 << to);
            self.hash ^= keys[me][from] ^ keys[me][to];
            if mv.pushed() > 0 {
                // `to` held the first opponent marble; it reappears past the last one.
                self.marbles[them] ^= 1 << to;
                self.hash ^= keys[them][to];
                let dest = mv.push_target();
                if (BOARD >> dest) & 1 != 0 {
                    self.marbles[them] |= 1 << dest;
                    self.hash ^= keys[them][dest];
                }
            }
        } else {
            let mut cell = mv.from();
            for _ in 0..mv.marbles() {
                let dest = offset(cell, mv.dir(), 1);
                self.marbles[me] ^= (1 << cell) | (1 << dest);
                self.hash ^= keys[me][cell] ^ keys[me][dest];
                cell = offset(cell, mv.line(), 1);
            }
        }
        self.hash ^= zobrist::WHITE_TO_MOVE;
        self.side ^= 1;
        self.ply += 1;
        undo
    }

    #[inline]
    fn unmake(&mut self, _mv: AbMove, undo: Abalone) {
        *self = undo;
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse(text: &str) -> Result<Self, ParseError> {
        let mut fields = text.split_whitespace();
        let side = match fields.next() {
            Some("b") => BLACK,
            Some("w") => WHITE,
            Some(other) => {
                return Err(ParseError::new(
                    text,
                    format!("side to move {other:?} must be 'b' (black) or 'w' (white)"),
                ))
            }
            None => {
                return Err(ParseError::new(
                    text,
                    "empty position; expected '<b|w> <board>', e.g. 'b A1b,...,I9w'",
                ))
            }
        };
        let board = fields
            .next()
            .ok_or_else(|| ParseError::new(text, "missing board; expected '<b|w> <board>'"))?;
        if let Some(extra) = fields.next() {
            return Err(ParseError::new(
                text,
                format!("unexpected {extra:?} after the board (tokens take no spaces)"),
            ));
        }
        Self::from_board(board, side).map_err(|e| ParseError::new(text, e.to_string()))
    }

    fn to_text(&self) -> String {
        let side = notation::COLOUR_LETTERS[self.side as usize];
        format!("{side} {}", self.board_text())
    }

    fn move_text(&self, mv: AbMove) -> String {
        notation::move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<AbMove, ParseError> {
        let spec = notation::parse_move_text(text)?;
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| spec.matches(m))
            .ok_or_else(|| ParseError::new(text, "not a legal move in this position"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Features;
    use crate::game::{GameRng, MatchRules};

    #[test]
    fn start_prints_in_oracle_notation() {
        assert_eq!(
            Abalone::new().to_text(),
            "b A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,C5b,\
             G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w,I8w,I9w"
        );
    }

    #[test]
    fn parse_rejects_bad_positions() {
        let board = Abalone::new().board_text();
        for bad in [
            String::new(),
            "b".to_string(),
            format!("x {board}"),
            format!("B {board}"),
            format!("b {board} extra"),
            format!("b {board},E5w"),
            format!("b {board},Z5w"),
            format!("b {board},E5q"),
            format!("b {board},A1w"),
        ] {
            assert!(Abalone::parse(&bad).is_err(), "{bad}");
        }
        let err = Abalone::parse(&format!("x {board}")).unwrap_err();
        assert!(err.message.contains("side to move \"x\""), "{err}");
    }

    #[test]
    fn push_off_removes_the_marble_and_counts_as_lost() {
        // Black E5-E6-E7 east against white E8-E9: 3 push 2, E9 leaves the board.
        let text = "b A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,E5b,E6b,E7b,\
                    E8w,E9w,G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w";
        let mut p = Abalone::parse(text).unwrap();
        let mv = p.parse_move("i-E5-3").unwrap();
        assert!(p.is_tactical(mv) && mv.pushes_off());
        let before = p;
        let undo = p.make(mv, ());
        assert_eq!(p.lost(WHITE), 1);
        assert_eq!(p.lost(BLACK), 0);
        assert!(
            p.board_text().contains("E6b,E7b,E8b,E9w"),
            "{}",
            p.board_text()
        );
        assert_eq!(p.hash(), p.hash_from_scratch());
        p.unmake(mv, undo);
        assert_eq!(p, before);
    }

    #[test]
    fn six_lost_wins_and_the_cap_adjudicates() {
        // White has 8 marbles: black has won.
        let text = "w A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,C5b,\
                    H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w";
        let p = Abalone::parse(text).unwrap();
        assert_eq!(p.status(), Status::Win(BLACK));
        let mut v = Vec::new();
        p.legal_moves(&mut v);
        assert!(v.is_empty());
        assert_eq!(p.count_moves(), 0);

        // Black lost 1, white lost 2: at the cap a draw, or black wins by adjudication.
        let text = "b A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,\
                    G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w";
        let p = Abalone::parse(text).unwrap();
        let mut rules = MatchRules::capped(0);
        assert_eq!(rules.status(&p), Status::Draw);
        rules.adjudicate = true;
        assert_eq!(rules.status(&p), Status::Win(BLACK));
        rules.ply_cap = 1;
        assert_eq!(rules.status(&p), Status::Ongoing);
    }

    #[test]
    fn starts_by_name_or_text() {
        let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(1);
        for name in Abalone::start_names() {
            let p = Abalone::start(name, &mut rng).unwrap();
            assert_eq!(p.marbles(BLACK).count_ones(), 14);
            assert_eq!(p.marbles(WHITE).count_ones(), 14);
            assert_eq!(p.marbles(BLACK) & p.marbles(WHITE), 0);
        }
        let text = Abalone::new().to_text();
        assert_eq!(Abalone::start(&text, &mut rng).unwrap(), Abalone::new());
        let err = Abalone::start("dutch_daisy", &mut rng).unwrap_err();
        assert!(err.message.contains("not a start name"), "{err}");
    }

    #[test]
    fn move_keys_are_distinct_and_small() {
        let mut seen = std::collections::HashSet::new();
        for name in START_NAMES {
            let p = Abalone::start(name, &mut <GameRng as rand::SeedableRng>::seed_from_u64(0))
                .unwrap();
            let mut v = Vec::new();
            p.legal_moves(&mut v);
            seen.clear();
            for m in v {
                let k = p.move_key(m);
                assert!(k < 2928);
                assert!(seen.insert(k), "{}", p.move_text(m));
            }
        }
    }
}
