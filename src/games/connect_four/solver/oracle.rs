//! Connect Four's oracle: a position's value from the book when it holds it, else from
//! a search. Searches run on a pool of solvers (one table each), so that two threads
//! asking at once each get their own; answers are exact, so which solver answers never
//! changes them.

use std::sync::{Arc, Mutex};

use super::board::Board;
use super::book::Book;
use super::negamax::Negamax;
use super::score::value_of;
use crate::game::{Game, Status};
use crate::games::connect_four::{C4Move, ConnectFour};
use crate::solved::{Oracle, SolveError, Value};

/// The oracle: the book, if any, and the solvers.
pub struct C4Oracle {
    book: Option<Arc<Book>>,
    tt_bits: u8,
    idle: Mutex<Vec<Negamax>>,
}

impl C4Oracle {
    /// An oracle with `book` and tables of `2^tt_bits` slots.
    pub fn new(book: Option<Arc<Book>>, tt_bits: u8) -> C4Oracle {
        C4Oracle {
            book,
            tt_bits,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// The book, if any.
    pub fn book(&self) -> Option<&Book> {
        self.book.as_deref()
    }

    /// Runs `work` with an idle solver (a new one when none is idle).
    pub fn with_solver<R>(&self, work: impl FnOnce(&mut Negamax, &dyn super::negamax::Known) -> R) -> R {
        let taken = self.lock().pop();
        let mut solver = taken.unwrap_or_else(|| Negamax::new(self.tt_bits));
        let r = match &self.book {
            Some(b) => work(&mut solver, b.as_ref()),
            None => work(&mut solver, &super::negamax::Nothing),
        };
        self.lock().push(solver);
        r
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Negamax>> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The exact score of an ongoing position.
    pub fn score(&self, b: &Board) -> i32 {
        self.with_solver(|s, known| s.solve(b, known))
    }
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

    fn best_moves(&self, pos: &ConnectFour) -> Result<(Vec<C4Move>, Value), SolveError> {
        let value = self.value(pos)?;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let b = Board::of(pos);
        let target = super::score::score_of(value, b.plies);
        let best = self.with_solver(|s, known| {
            moves
                .iter()
                .copied()
                .filter(|&m| child_keeps(s, known, &b, m, target))
                .collect::<Vec<_>>()
        });
        let value = if best.is_empty() { value } else { value };
        Ok((best, value))
    }

    fn score_words(&self, pos: &ConnectFour, value: Value) -> Option<String> {
        Some(format!("score {}", super::score::score_of(value, pos.ply())))
    }
}

/// Whether playing `m` in `b` keeps the score `target` for the mover: the child's score
/// is exactly `-target` (an immediate win scores as the rules say).
fn child_keeps(
    s: &mut Negamax,
    known: &dyn super::negamax::Known,
    b: &Board,
    m: C4Move,
    target: i32,
) -> bool {
    let cell = super::board::landing(b.mask, m.0 as usize);
    if super::board::has_four(b.current | cell) {
        return (super::board::CELLS as i32 + 1 - b.plies as i32) / 2 == target;
    }
    let mut child = *b;
    child.play(cell);
    let want = -target;
    s.at_least(&child, want, known) && !s.at_least(&child, want + 1, known)
}
