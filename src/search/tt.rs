//! The transposition table: search results keyed by the Zobrist hash.
//!
//! One entry per slot, indexed by the hash's low bits and checked against the full key.
//! A slot is replaced unless it holds the same position searched deeper. Entries are
//! used for a cut-off only at exactly the depth they were searched to, so a search with
//! the table returns exactly the value of plain minimax (a deeper result would be
//! better informed but would make the value depend on the order of the search); at other
//! depths an entry still supplies its best move for ordering.

use crate::tunables::{Score, WIN_THRESHOLD};

/// How an entry's score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The full Zobrist key.
    pub key: u64,
    /// The best (or refuting) move, if one was found.
    pub best: Option<M>,
    /// The score, with win distances counted from this node.
    pub score: Score,
    /// Remaining depth of the search that produced it.
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
}

/// A fixed-size transposition table.
#[derive(Clone, Debug)]
pub struct TransTable<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: u64,
}

impl<M: Copy> TransTable<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u8) -> Self {
        TransTable {
            slots: vec![None; 1 << bits],
            mask: (1u64 << bits) - 1,
        }
    }

    /// Empties the table (a new game starts from nothing, so results do not depend on
    /// which games a thread played before).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry<M>> {
        match self.slots[(key & self.mask) as usize] {
            Some(e) if e.key == key => Some(Entry {
                score: from_tt(e.score, ply),
                ..e
            }),
            _ => None,
        }
    }

    /// Stores a result searched `ply` plies below the root.
    #[inline]
    pub fn store(&mut self, key: u64, ply: u32, entry: Entry<M>) {
        let slot = &mut self.slots[(key & self.mask) as usize];
        if let Some(old) = slot {
            if old.key == key && old.depth > entry.depth {
                return;
            }
        }
        *slot = Some(Entry {
            score: to_tt(entry.score, ply),
            ..entry
        });
    }
}

/// Win scores count plies from the root; in the table they count from the node.
fn to_tt(score: Score, ply: u32) -> Score {
    if score > WIN_THRESHOLD {
        score + ply as Score
    } else if score < -WIN_THRESHOLD {
        score - ply as Score
    } else {
        score
    }
}

fn from_tt(score: Score, ply: u32) -> Score {
    if score > WIN_THRESHOLD {
        score - ply as Score
    } else if score < -WIN_THRESHOLD {
        score + ply as Score
    } else {
        score
    }
}
