//! The transposition table: search results keyed by the Zobrist hash.
//!
//! One entry per slot (16 bytes), indexed by the hash's low bits and checked against the
//! full key.
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

/// One stored search result, 16 bytes: the best move is kept as its index in the
/// position's move list (`search_moves`, in generation order), which the full key fixes.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The full Zobrist key.
    pub key: u64,
    /// The score, with win distances counted from this node.
    pub score: Score,
    /// The index of the best (or refuting) move in the position's move list, if one
    /// was found.
    pub best: Option<u16>,
    /// Remaining depth of the search that produced it.
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
}

/// A slot: an entry packed into 16 bytes, with the game it was stored in.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    score: Score,
    /// The move index, [`NO_MOVE`] for none.
    best: u16,
    depth: u8,
    /// The bound (bits 0-1) and the game's stamp (bits 2-7; 0: empty).
    meta: u8,
}

const NO_MOVE: u16 = u16::MAX;
/// Stamps run from 1 to this, then the table is emptied for real.
const MAX_STAMP: u8 = 63;

/// A fixed-size transposition table.
#[derive(Clone, Debug)]
pub struct TransTable {
    slots: Vec<Slot>,
    mask: u64,
    stamp: u8,
}

impl TransTable {
    /// A table of `2^bits` entries.
    pub fn new(bits: u8) -> Self {
        TransTable {
            slots: vec![Slot::default(); 1 << bits],
            mask: (1u64 << bits) - 1,
            stamp: 1,
        }
    }

    /// Empties the table (a new game starts from nothing, so results do not depend on
    /// which games a thread played before). Cheaply: entries of earlier games carry
    /// another stamp and are never found again.
    pub fn clear(&mut self) {
        self.stamp += 1;
        if self.stamp > MAX_STAMP {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry> {
        let s = self.slots[(key & self.mask) as usize];
        if s.key != key || s.meta >> 2 != self.stamp {
            return None;
        }
        Some(Entry {
            key,
            score: from_tt(s.score, ply),
            best: (s.best != NO_MOVE).then_some(s.best),
            depth: s.depth,
            bound: match s.meta & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores a result searched `ply` plies below the root.
    #[inline]
    pub fn store(&mut self, key: u64, ply: u32, entry: Entry) {
        let slot = &mut self.slots[(key & self.mask) as usize];
        if slot.key == key && slot.meta >> 2 == self.stamp && slot.depth > entry.depth {
            return;
        }
        let bound = match entry.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        *slot = Slot {
            key,
            score: to_tt(entry.score, ply),
            best: entry.best.filter(|&i| i != NO_MOVE).unwrap_or(NO_MOVE),
            depth: entry.depth,
            meta: self.stamp << 2 | bound,
        };
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
