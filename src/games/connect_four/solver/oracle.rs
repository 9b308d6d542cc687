//! Connect Four's oracle: a position's value from the book when it holds it, else from
//! the scores this process already searched, else from a search. Searches run on a pool
//! of solvers (one table each), so that two threads asking at once each get their own;
//! answers are exact, so which solver answers, and what was asked before, never changes
//! them (only how fast they come).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::board::{has_four, landing, Board, CELLS};
use super::book::Book;
use super::negamax::{Known, Negamax, Nothing};
use super::score::{score_of, value_of};
use crate::game::{Game, Status};
use crate::games::connect_four::{C4Move, ConnectFour};
use crate::solved::{Oracle, SolveError, Value};
use crate::tunables::C4_ORACLE_REMEMBERED;

/// The oracle: the book, if any, the solvers, and the scores searched so far.
pub struct C4Oracle {
    book: Option<Arc<Book>>,
    tt_bits: u8,
    idle: Mutex<Vec<Negamax>>,
    searched: Mutex<HashMap<u64, i32>>,
}

impl C4Oracle {
    /// An oracle with `book` and tables of `2^tt_bits` slots.
    pub fn new(book: Option<Arc<Book>>, tt_bits: u8) -> C4Oracle {
        C4Oracle {
            book,
            tt_bits,
            idle: Mutex::new(Vec::new()),
            searched: Mutex::new(HashMap::new()),
        }
    }

    /// Runs `work` with an idle solver (a new one when none is idle).
    fn with_solver<R>(&self, work: impl FnOnce(&mut Negamax, &dyn Known) -> R) -> R {
        let taken = lock(&self.idle).pop();
        let mut solver = taken.unwrap_or_else(|| Negamax::new(self.tt_bits));
        let r = match &self.book {
            Some(b) => work(&mut solver, b.as_ref()),
            None => work(&mut solver, &Nothing),
        };
        lock(&self.idle).push(solver);
        r
    }

    /// The exact score of `b` if the book or an earlier search has it.
    fn remembered(&self, b: &Board) -> Option<i32> {
        let key = b.symmetric_key();
        self.book
            .as_ref()
            .and_then(|book| book.score(b))
            .or_else(|| lock(&self.searched).get(&key).copied())
    }

    /// The exact score of an ongoing position.
    pub fn score(&self, b: &Board) -> i32 {
        if let Some(s) = self.remembered(b) {
            return s;
        }
        let s = self.with_solver(|solver, known| solver.solve(b, known));
        self.remember(b, s);
        s
    }

    /// Keeps the exact score of `b` (while there is room).
    fn remember(&self, b: &Board, score: i32) {
        let mut searched = lock(&self.searched);
        if searched.len() < C4_ORACLE_REMEMBERED {
            searched.insert(b.symmetric_key(), score);
        }
    }

    /// Whether playing `m` in `b` keeps the score `target` for the mover: an immediate
    /// win scores as the rules say, else the child's score must be exactly `-target`
    /// (remembered, or shown by two null-window searches).
    fn keeps(&self, b: &Board, m: C4Move, target: i32) -> bool {
        let cell = landing(b.mask, m.0 as usize);
        if has_four(b.current | cell) {
            return (CELLS as i32 + 1 - b.plies as i32) / 2 == target;
        }
        let mut child = *b;
        child.play(cell);
        if let Some(s) = self.remembered(&child) {
            return s == -target;
        }
        let want = -target;
        self.with_solver(|s, known| {
            s.at_least(&child, want, known) && !s.at_least(&child, want + 1, known)
        })
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A finished position's value, if it is finished.
fn finished(pos: &ConnectFour) -> Option<Value> {
    match pos.status() {
        Status::Ongoing => None,
        Status::Draw => Some(Value::Draw),
        Status::Win(r) if r == pos.side_to_move() => Some(Value::Win(0)),
        Status::Win(_) => Some(Value::Loss(0)),
    }
}

impl Oracle<ConnectFour> for C4Oracle {
    fn value(&self, pos: &ConnectFour) -> Result<Value, SolveError> {
        if let Some(v) = finished(pos) {
            return Ok(v);
        }
        let b = Board::of(pos);
        Ok(value_of(self.score(&b), b.plies))
    }

    /// Each move's value from its child's score; the position's own score, the best of
    /// them, is then remembered too (no search of its own: a child's search is where
    /// the work is).
    fn move_values(&self, pos: &ConnectFour) -> Result<Vec<(C4Move, Value)>, SolveError> {
        if finished(pos).is_some() {
            return Ok(Vec::new());
        }
        let b = Board::of(pos);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let scored: Vec<(C4Move, i32)> = moves
            .into_iter()
            .map(|m| {
                let cell = landing(b.mask, m.0 as usize);
                if has_four(b.current | cell) {
                    return (m, (CELLS as i32 + 1 - b.plies as i32) / 2);
                }
                let mut child = b;
                child.play(cell);
                (m, -self.score(&child))
            })
            .collect();
        if let Some(best) = scored.iter().map(|&(_, s)| s).max() {
            self.remember(&b, best);
        }
        Ok(scored.into_iter().map(|(m, s)| (m, value_of(s, b.plies))).collect())
    }

    fn best_moves(&self, pos: &ConnectFour) -> Result<(Vec<C4Move>, Value), SolveError> {
        let value = self.value(pos)?;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let b = Board::of(pos);
        let target = score_of(value, b.plies);
        moves.retain(|&m| self.keeps(&b, m, target));
        Ok((moves, value))
    }

    fn score_words(&self, pos: &ConnectFour, value: Value) -> Option<String> {
        Some(format!("score {}", score_of(value, pos.ply())))
    }
}
