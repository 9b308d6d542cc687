//! The evaluation cache: a search meets the same leaf by many move orders (in Vampires
//! vs Werewolves the groups' moves commute), and the transposition table does not keep
//! depth-0 results, so the evaluations of one search are kept by Zobrist key. The hash
//! covers everything an evaluation reads (pieces and side to move), and the cache is
//! emptied at each search (a search has one evaluator), so it returns exactly what the
//! evaluator would.

use crate::eval::Evaluator;
use crate::game::Features;
use crate::tunables::{Score, EVAL_CACHE_BITS};

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    score: Score,
    /// The search the entry belongs to (0: empty).
    stamp: u32,
}

/// A direct-mapped table of evaluations, valid for one search.
#[derive(Clone, Debug)]
pub(super) struct EvalCache {
    slots: Vec<Slot>,
    stamp: u32,
}

impl EvalCache {
    pub(super) fn new() -> Self {
        EvalCache {
            slots: vec![Slot::default(); 1 << EVAL_CACHE_BITS],
            stamp: 0,
        }
    }

    /// Forgets every entry (cheaply: entries of earlier searches no longer match).
    pub(super) fn new_search(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
    }

    /// The score of `pos` for the side to move, as `eval` gives it.
    #[inline]
    pub(super) fn evaluate<G: Features>(&mut self, pos: &G, eval: &mut Evaluator) -> Score {
        let key = pos.hash();
        let slot = &mut self.slots[(key as usize) & ((1 << EVAL_CACHE_BITS) - 1)];
        if slot.stamp == self.stamp && slot.key == key {
            return slot.score;
        }
        let score = eval.evaluate_searched(pos);
        *slot = Slot {
            key,
            score,
            stamp: self.stamp,
        };
        score
    }
}
