//! The exact search: negamax with alpha-beta on the score, over the moves that do not
//! lose at once, ordered by the threats they make (centre first among equals); a
//! transposition table of bounds; the score narrowed by null-window searches. After
//! Pascal Pons' solver (its score convention and pruning), with a two-slot table and
//! keys shared by mirror images.
//!
//! Score (for the side to move): 0 a draw; `22 − k` when it wins with its `k`-th disc,
//! the negative when the other side does (see [`super::score`]).

use super::super::bitboard::{column, Bitboard, WIDTH};
use super::board::{Board, CELLS};
use super::table::{Bound, Table};

/// The best score a position can have (a win with the fourth disc).
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;
/// The worst.
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;

/// Columns in the order moves are tried before their threats are counted: centre first.
const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// Something the search may consult before it searches a position: an opening book.
pub trait Known {
    /// The exact score of `b`, if known.
    fn score(&self, b: &Board) -> Option<i32>;
}

/// No book.
pub struct Nothing;

impl Known for Nothing {
    fn score(&self, _: &Board) -> Option<i32> {
        None
    }
}

/// The search: its table and the count of positions it visited.
pub struct Negamax {
    table: Table,
    /// Positions visited since the table was made.
    pub nodes: u64,
}

impl Negamax {
    /// A search with a table of `2^tt_bits` slots.
    pub fn new(tt_bits: u8) -> Negamax {
        Negamax {
            table: Table::new(tt_bits),
            nodes: 0,
        }
    }

    /// Forgets every stored bound.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact score of `b` (a position where nobody has won yet).
    pub fn solve(&mut self, b: &Board, known: &dyn Known) -> i32 {
        if b.can_win_next() {
            return (CELLS as i32 + 1 - b.plies as i32) / 2;
        }
        let mut min = -(CELLS as i32 - b.plies as i32) / 2;
        let mut max = (CELLS as i32 + 1 - b.plies as i32) / 2;
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.search(b, med, med + 1, known);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        min
    }

    /// Whether the score of `b` is at least `s` (`b` a position where nobody has won).
    pub fn at_least(&mut self, b: &Board, s: i32, known: &dyn Known) -> bool {
        if b.can_win_next() {
            return (CELLS as i32 + 1 - b.plies as i32) / 2 >= s;
        }
        self.search(b, s - 1, s, known) >= s
    }

    /// The score of `b` if it lies in `(alpha, beta)`, else a bound beyond the window
    /// on the same side (fail-soft is not needed: a bound is enough). The side to move
    /// cannot win at once.
    fn search(&mut self, b: &Board, mut alpha: i32, mut beta: i32, known: &dyn Known) -> i32 {
        self.nodes += 1;
        let next = b.non_losing_moves();
        if next == 0 {
            return -(CELLS as i32 - b.plies as i32) / 2;
        }
        if b.plies >= CELLS - 2 {
            return 0;
        }
        let min = -(CELLS as i32 - 2 - b.plies as i32) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let max = (CELLS as i32 - 1 - b.plies as i32) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let key = b.symmetric_key();
        match self.table.get(key) {
            Some(Bound::Upper(m)) if m < beta => {
                beta = m;
                if alpha >= beta {
                    return beta;
                }
            }
            Some(Bound::Lower(m)) if m > alpha => {
                alpha = m;
                if alpha >= beta {
                    return alpha;
                }
            }
            _ => {}
        }
        if let Some(s) = known.score(b) {
            return s;
        }
        self.children(b, next, key, alpha, beta, known)
    }

    /// Searches the moves `next` of `b` in order, storing the bound found under `key`.
    fn children(
        &mut self,
        b: &Board,
        next: Bitboard,
        key: u64,
        mut alpha: i32,
        beta: i32,
        known: &dyn Known,
    ) -> i32 {
        let mut moves = Sorter::default();
        for &c in ORDER.iter().rev() {
            let mv = next & column(c);
            if mv != 0 {
                moves.add(mv, b.move_score(mv));
                let mut child = *b;
                child.play(mv);
                self.table.prefetch(child.symmetric_key());
            }
        }
        while let Some(mv) = moves.pop() {
            let mut child = *b;
            child.play(mv);
            let score = -self.search(&child, -beta, -alpha, known);
            if score >= beta {
                self.table.put(key, b.plies, Bound::Lower(score));
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table.put(key, b.plies, Bound::Upper(alpha));
        alpha
    }
}

/// Up to seven moves kept sorted by score as they are added; the last added wins ties,
/// so adding the columns from the edges in puts the centre first among equals.
#[derive(Default)]
struct Sorter {
    moves: [(Bitboard, u32); WIDTH],
    len: usize,
}

impl Sorter {
    fn add(&mut self, mv: Bitboard, score: u32) {
        let mut i = self.len;
        self.len += 1;
        while i > 0 && self.moves[i - 1].1 > score {
            self.moves[i] = self.moves[i - 1];
            i -= 1;
        }
        self.moves[i] = (mv, score);
    }

    fn pop(&mut self) -> Option<Bitboard> {
        (self.len > 0).then(|| {
            self.len -= 1;
            self.moves[self.len].0
        })
    }
}
