//! Move ordering: the transposition-table move, then tactical moves, then killer moves,
//! then quiet moves by history score. Good ordering is what lets alpha-beta cut.

use crate::game::{Features, Role};
use crate::tunables::{HISTORY_SIZE, MAX_DEPTH};

use super::options::SearchOptions;

const TT_MOVE: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 29;
const KILLER: [i32; 2] = [1 << 28, (1 << 28) - 1];

/// Killer moves per ply and history scores per role.
#[derive(Clone, Debug)]
pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq> Ordering<M> {
    pub fn new() -> Self {
        Ordering {
            killers: vec![[None; 2]; MAX_DEPTH as usize + 1],
            history: vec![0; 2 * HISTORY_SIZE],
        }
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Fills `scores` with an ordering score for each move (higher first) and the
    /// move's index in `moves`.
    pub fn score<G: Features<Move = M>>(
        &self,
        pos: &G,
        moves: &[M],
        tt_move: Option<M>,
        ply: usize,
        opts: &SearchOptions,
        scores: &mut Vec<(i32, u16)>,
    ) {
        scores.clear();
        let side = pos.side_to_move();
        for (i, &mv) in moves.iter().enumerate() {
            let s = if opts.tt_move && Some(mv) == tt_move {
                TT_MOVE
            } else if opts.tactical_first && pos.is_tactical(mv) {
                TACTICAL
            } else if opts.killers && self.killers[ply][0] == Some(mv) {
                KILLER[0]
            } else if opts.killers && self.killers[ply][1] == Some(mv) {
                KILLER[1]
            } else if opts.history {
                self.history[hist_index(side, pos.move_key(mv))]
            } else {
                0
            };
            scores.push((s, i as u16));
        }
    }

    /// Records a quiet move that caused a beta cut-off.
    pub fn reward<G: Features<Move = M>>(
        &mut self,
        pos: &G,
        mv: M,
        depth: u32,
        ply: usize,
        opts: &SearchOptions,
    ) {
        if opts.killers && self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if opts.history {
            let h = &mut self.history[hist_index(pos.side_to_move(), pos.move_key(mv))];
            *h = (*h + (depth * depth) as i32).min(TACTICAL / 2);
        }
    }
}

#[inline]
fn hist_index(side: Role, key: u32) -> usize {
    side * HISTORY_SIZE + key as usize % HISTORY_SIZE
}

/// Moves the best-scored remaining entry of `scores` to position `i` (selection sort,
/// one step) and returns the index in the move list of the move it names. Only the
/// 6-byte keys move; the moves stay in generation order.
#[inline]
pub fn pick_next(scores: &mut [(i32, u16)], i: usize) -> usize {
    let mut best = i;
    for j in i + 1..scores.len() {
        if scores[j].0 > scores[best].0 {
            best = j;
        }
    }
    scores.swap(i, best);
    usize::from(scores[i].1)
}
