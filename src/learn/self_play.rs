//! One self-play game against frozen weights: each side picks the move whose resulting
//! position is worth most to it (a finished game's value is its result), or a random
//! move with probability ε; the positions after each move are kept with their values
//! and the weights they activate, for TD.
//!
//! A candidate is scored incrementally: the tuples through the cells the move changes
//! are moved to their new entries, the sum's change read, and the tuples moved back.
//! The scratch space is reused from game to game (nothing is allocated per move).

use rand::RngExt;

use super::values::LearnedValues;
use crate::game::{CellChanges, Features, GameRng, MatchRules, Status};

/// A game as TD sees it: per position after a move, its value and the stored weights
/// it activates (one per tuple), and the result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trajectory {
    /// Per position: `tanh` of its tables' sum (the first role's view).
    pub values: Vec<f32>,
    /// Per position, one stored weight per tuple, positions one after another.
    pub active: Vec<u32>,
    /// Per position: whether the move played from it was a random one (exploration
    /// teaches nothing about the position it leaves).
    pub explored: Vec<bool>,
    /// The result for the first role: +1, 0 or −1.
    pub outcome: f32,
}

/// The first role's result of a finished game: +1, 0 or −1.
fn result(status: Status) -> Option<f32> {
    status.score_for(0).map(|s| (2.0 * s - 1.0) as f32)
}

/// A player's scratch space.
pub struct SelfPlayer<G: Features> {
    /// Per tuple: its active raw entry in the current position.
    index: Vec<u32>,
    contents: Vec<u8>,
    changes: CellChanges,
    /// (tuple, raw entry before) of a candidate's moved tuples, to move them back.
    undo: Vec<(u32, u32)>,
    moves: Vec<G::Move>,
    rules: MatchRules,
}

impl<G: Features> SelfPlayer<G> {
    /// Scratch space for `values`' layout.
    pub fn new(values: &LearnedValues) -> Self {
        let l = &values.layout;
        SelfPlayer {
            index: vec![0; l.tuples.len()],
            contents: vec![0; l.cells],
            changes: CellChanges::default(),
            undo: Vec::with_capacity(l.tuples.len() * 4),
            moves: Vec::new(),
            rules: MatchRules::capped(G::DEFAULT_PLY_CAP),
        }
    }

    /// Plays one game from `start` with exploration `epsilon`, into `out`.
    pub fn play(
        &mut self,
        v: &LearnedValues,
        start: &G,
        epsilon: f64,
        rng: &mut GameRng,
        out: &mut Trajectory,
    ) {
        out.values.clear();
        out.active.clear();
        out.explored.clear();
        let mut pos = start.clone();
        pos.cell_contents(&mut self.contents);
        let l = &v.layout;
        for t in 0..l.tuples.len() {
            self.index[t] = l.tuple_offset[t] + l.tuple_index(t, &self.contents);
        }
        let mut sum: f32 = self.index.iter().map(|&i| v.raw(i)).sum();
        out.outcome = result(self.rules.status(&pos)).unwrap_or(0.0);
        if self.rules.status(&pos) != Status::Ongoing {
            return;
        }
        loop {
            pos.legal_moves(&mut self.moves);
            let Some((k, random)) = self.choose(v, &mut pos, sum, epsilon, rng) else {
                out.outcome = 0.0;
                return;
            };
            if let Some(last) = out.explored.last_mut() {
                *last = random;
            }
            let mv = self.moves[k];
            pos.cell_changes(mv, G::Outcome::default(), &mut self.changes);
            let changes = self.changes;
            sum += self.shift(v, &changes);
            self.undo.clear();
            pos.make(mv, G::Outcome::default());
            if let Some(z) = result(self.rules.status(&pos)) {
                out.outcome = z;
                return;
            }
            self.record(v, sum, out);
        }
    }

    /// Keeps the position just reached: its value and active weights.
    fn record(&self, v: &LearnedValues, sum: f32, out: &mut Trajectory) {
        let stored = &v.layout.raw_to_stored;
        out.active
            .extend(self.index.iter().map(|&i| stored[i as usize]));
        out.values.push(sum.tanh());
        out.explored.push(false);
    }

    /// The move to play and whether it was random: random with probability `epsilon`,
    /// else the best afterstate for the side to move (ties broken at random). `None`
    /// without legal moves.
    fn choose(
        &mut self,
        v: &LearnedValues,
        pos: &mut G,
        sum: f32,
        epsilon: f64,
        rng: &mut GameRng,
    ) -> Option<(usize, bool)> {
        let n = self.moves.len();
        if n == 0 {
            return None;
        }
        if epsilon > 0.0 && rng.random::<f64>() < epsilon {
            return Some((rng.random_range(0..n), true));
        }
        let sign = if pos.side_to_move() == 0 { 1.0 } else { -1.0 };
        // Changes every move makes (Connect Four's side-to-move cell) are applied once.
        let common = self.common_changes(pos);
        let base = sum + self.shift(v, &common);
        let (mut best, mut best_value, mut ties) = (0, f32::NEG_INFINITY, 0u32);
        for k in 0..n {
            let value = sign * self.afterstate(v, pos, k, base, &common);
            if value > best_value {
                (best, best_value, ties) = (k, value, 1);
            } else if value == best_value {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = k;
                }
            }
        }
        self.take_back(0);
        Some((best, false))
    }

    /// The cell changes that every legal move makes.
    fn common_changes(&mut self, pos: &G) -> CellChanges {
        let mut common = CellChanges::default();
        pos.cell_changes(self.moves[0], G::Outcome::default(), &mut common);
        for k in 1..self.moves.len() {
            if common.as_slice().is_empty() {
                break;
            }
            pos.cell_changes(self.moves[k], G::Outcome::default(), &mut self.changes);
            let mut kept = CellChanges::default();
            for c in common.as_slice() {
                if self.changes.as_slice().contains(c) {
                    kept.push(c.cell, c.old, c.new);
                }
            }
            common = kept;
        }
        common
    }

    /// Moves the tuples moved since `undo` held `mark` entries back.
    fn take_back(&mut self, mark: usize) {
        for &(t, raw) in self.undo[mark..].iter().rev() {
            self.index[t as usize] = raw;
        }
        self.undo.truncate(mark);
    }

    /// The first role's value of the position after move `k`: its result if it ends
    /// the game, else `tanh` of the tables' sum (`base`: the sum with the `common`
    /// changes already applied).
    fn afterstate(
        &mut self,
        v: &LearnedValues,
        pos: &mut G,
        k: usize,
        base: f32,
        common: &CellChanges,
    ) -> f32 {
        let mv = self.moves[k];
        let undo = pos.make(mv, G::Outcome::default());
        let over = result(self.rules.status(pos));
        pos.unmake(mv, undo);
        if let Some(z) = over {
            return z;
        }
        pos.cell_changes(mv, G::Outcome::default(), &mut self.changes);
        let mut own = CellChanges::default();
        for c in self.changes.as_slice() {
            if !common.as_slice().contains(c) {
                own.push(c.cell, c.old, c.new);
            }
        }
        let mark = self.undo.len();
        let delta = self.shift(v, &own);
        self.take_back(mark);
        (base + delta).tanh()
    }

    /// Moves the tuples through the changed cells to their new entries (remembering
    /// the old ones in `undo`); returns the change of the sum.
    #[inline]
    fn shift(&mut self, v: &LearnedValues, changes: &CellChanges) -> f32 {
        let l = &*v.layout;
        let mut delta = 0.0f32;
        for c in changes.as_slice() {
            let cell = c.cell as usize;
            let (a, b) = (l.incidence_start[cell], l.incidence_start[cell + 1]);
            for &(t, place) in &l.incidence[a as usize..b as usize] {
                let i = &mut self.index[t as usize];
                self.undo.push((t, *i));
                let new = *i + u32::from(c.new) * place - u32::from(c.old) * place;
                delta += v.raw(new) - v.raw(*i);
                *i = new;
            }
        }
        delta
    }
}
