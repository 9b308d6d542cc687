//! Solves one layer (every position with `k` sheep, either side to move) by retrograde
//! analysis, from the solved layer of `k - 1` sheep below it (captures only ever lower
//! the count).
//!
//! 1. **Start**: every entry is set up on its own (in parallel, one wolf class at a
//!    time): a finished board is a win or loss in 0; a wolves' capture leaves the layer
//!    (an *exit*) and its value is read from the layer below; the steps that stay in the
//!    layer are counted. A capture to a lost position makes a win at once (possibly
//!    shortened later); a capture to a draw means the position cannot be lost; otherwise
//!    the longest capture to a won position is a lower bound on the loss distance.
//! 2. **Levels** `n = 0, 1, 2, …`: the entries whose value is final at distance `n` are
//!    gathered; every predecessor (an un-move: a step taken back) of a loss in `n` is a
//!    win in `n + 1` (or sooner); every predecessor of a win in `n` counts one more move
//!    refuted, and when none is left (and no capture keeps it alive) it is a loss in
//!    `max(n + 1, bound)`. Both updates are atomic and order-free (a minimum, a
//!    decrement), so the result does not depend on how the threads interleave.
//! 3. **End**: what was never decided is a draw.
//!
//! Each entry holds one position for its mirror image too (see [`super::index`]): a
//! predecessor is generated from both images of the entry and kept only in the image
//! that is stored, so every move is refuted exactly once.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, Ordering::Relaxed};

use rayon::prelude::*;

use super::index::{self, class_wolves, layer_len, next_set, sheep_sets, spread};
use crate::solved::value::{Value, UNSOLVED};
use crate::solved::SolveError;
use crate::games::wolves_sheep::bitboard::{squares, Bitboard, ADJACENT, FULL, JUMPS};

/// Low bits of an entry's counter word: in-layer moves not yet refuted.
const COUNT_MASK: u16 = 63;
/// Counter word flag: a capture reaches a draw, so the position is never lost.
const CANNOT_LOSE: u16 = 64;
/// The loss-distance bound from captures sits in the high byte of the counter word.
const BOUND_SHIFT: u16 = 8;

/// Entries gathered per task when a level's frontier is collected.
const GATHER_CHUNK: usize = 1 << 20;

/// Solves the layer of `k` sheep; `below` is the solved layer of `k - 1` sheep (`None`
/// for the lowest layer, whose captures end the game). Returns one code per entry.
pub fn solve_layer(k: u32, below: Option<&[u16]>) -> Result<Vec<u16>, SolveError> {
    let len = layer_len(k) as usize;
    let block = sheep_sets(k) as usize * 2;
    let mut codes = vec![UNSOLVED; len];
    let mut counters = vec![0u16; len];
    codes
        .par_chunks_mut(block)
        .zip(counters.par_chunks_mut(block))
        .enumerate()
        .try_for_each(|(class, (c, n))| start_class(k, class, below, c, n))?;
    let codes: Vec<AtomicU16> = codes.into_iter().map(AtomicU16::new).collect();
    let counters: Vec<AtomicU16> = counters.into_iter().map(AtomicU16::new).collect();
    let state = Levels {
        k,
        codes: &codes,
        counters: &counters,
        deepest: AtomicU32::new(deepest_code(&codes)),
        overflow: AtomicBool::new(false),
    };
    let mut n = 0;
    while n <= state.deepest.load(Relaxed) {
        state.level(n);
        if state.overflow.load(Relaxed) {
            return Err(too_long(k));
        }
        n += 1;
    }
    Ok(codes
        .into_iter()
        .map(|c| match c.into_inner() {
            UNSOLVED => 0,
            c => c,
        })
        .collect())
}

/// The largest distance among the codes set at the start.
fn deepest_code(codes: &[AtomicU16]) -> u32 {
    codes
        .par_iter()
        .map(|c| match Value::from_code(c.load(Relaxed)) {
            Some(Value::Win(d) | Value::Loss(d)) => d,
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Sets up the entries of one wolf class (step 1).
fn start_class(
    k: u32,
    class: usize,
    below: Option<&[u16]>,
    codes: &mut [u16],
    counters: &mut [u16],
) -> Result<(), SolveError> {
    let wolves = class_wolves(class);
    let (a, b) = index::class_squares(class);
    let mut free = (1u32 << k) - 1;
    for r in 0..sheep_sets(k) as usize {
        let sheep = spread(free, a, b);
        for side in 0..2 {
            let (code, counter) = start_entry(k, wolves, sheep, side, below)?;
            codes[r * 2 + side] = code;
            counters[r * 2 + side] = counter;
        }
        free = next_set(free);
    }
    Ok(())
}

/// The starting code and counter word of one position.
fn start_entry(
    k: u32,
    wolves: Bitboard,
    sheep: Bitboard,
    side: usize,
    below: Option<&[u16]>,
) -> Result<(u16, u16), SolveError> {
    let empty = FULL & !(wolves | sheep);
    let movers = if side == 0 { wolves } else { sheep };
    let steps: u16 = squares(movers)
        .map(|s| (ADJACENT[s] & empty).count_ones() as u16)
        .sum();
    if squares(wolves).all(|w| ADJACENT[w] & empty == 0) {
        let v = if side == 1 {
            Value::Win(0)
        } else {
            Value::Loss(0)
        };
        return Ok((code(v, k)?, steps));
    }
    let exits = if side == 0 {
        capture_values(wolves, sheep, below)
    } else {
        Exits::default()
    };
    if let Some(d) = exits.fastest_win {
        return Ok((code(Value::Win(d), k)?, steps));
    }
    let word = steps | if exits.draw { CANNOT_LOSE } else { 0 } | (exits.bound << BOUND_SHIFT);
    if steps == 0 && !exits.draw {
        // Only captures, all to won positions (a position with no move at all cannot
        // arise on an unfinished board: docs/games/wolves_sheep.md).
        return Ok((code(Value::Loss(u32::from(exits.bound)), k)?, word));
    }
    Ok((UNSOLVED, word))
}

/// What the wolves' captures from a position lead to.
#[derive(Default)]
struct Exits {
    /// The fastest win through a capture.
    fastest_win: Option<u32>,
    /// Some capture reaches a draw.
    draw: bool,
    /// The slowest loss through a capture (a lower bound on the loss distance).
    bound: u16,
}

/// The values the wolves' captures reach, read from the layer below.
fn capture_values(wolves: Bitboard, sheep: Bitboard, below: Option<&[u16]>) -> Exits {
    let empty = FULL & !(wolves | sheep);
    let mut exits = Exits::default();
    for w in squares(wolves) {
        for jump in JUMPS[w].iter().flatten() {
            if empty & (1 << jump.over) == 0 || sheep & (1 << jump.to) == 0 {
                continue;
            }
            let (nw, ns) = (wolves ^ (1 << w) ^ (1 << jump.to), sheep ^ (1 << jump.to));
            let child = match below {
                None => Value::Loss(0),
                Some(layer) => {
                    let slot = index::slot(nw, ns, 1);
                    Value::from_code(layer[slot.entry as usize]).unwrap_or(Value::Draw)
                }
            };
            match child.parent() {
                Value::Win(d) => {
                    exits.fastest_win = Some(exits.fastest_win.map_or(d, |f| f.min(d)));
                }
                Value::Draw => exits.draw = true,
                Value::Loss(d) => exits.bound = exits.bound.max(d as u16),
            }
        }
    }
    exits
}

fn code(v: Value, k: u32) -> Result<u16, SolveError> {
    v.code().ok_or_else(|| too_long(k))
}

/// A distance past what the file's two-byte code holds.
fn too_long(k: u32) -> SolveError {
    SolveError::Limit(format!(
        "layer of {k} sheep: a distance to the end past {} plies does not fit the file's two-byte code",
        crate::solved::value::MAX_DISTANCE
    ))
}

/// The shared state of the levels (step 2).
struct Levels<'a> {
    k: u32,
    codes: &'a [AtomicU16],
    counters: &'a [AtomicU16],
    /// The largest distance set so far: the levels run up to it.
    deepest: AtomicU32,
    /// A distance went past what a code holds.
    overflow: AtomicBool,
}

impl Levels<'_> {
    /// Gathers the entries decided at distance `n` and updates their predecessors.
    fn level(&self, n: u32) {
        let wanted: [u16; 2] = if n == 0 {
            [1, 2]
        } else {
            let c = (n + 2) as u16;
            [c, c]
        };
        let frontier: Vec<Vec<u32>> = self
            .codes
            .par_chunks(GATHER_CHUNK)
            .enumerate()
            .map(|(i, chunk)| {
                let base = (i * GATHER_CHUNK) as u32;
                (0..chunk.len() as u32)
                    .filter(|&j| wanted.contains(&chunk[j as usize].load(Relaxed)))
                    .map(|j| base + j)
                    .collect()
            })
            .collect();
        frontier
            .par_iter()
            .flatten()
            .for_each(|&e| self.propagate(e as u64, n));
    }

    /// Updates every stored predecessor of entry `e`, decided at distance `n`.
    fn propagate(&self, e: u64, n: u32) {
        let (wolves, sheep, side) = index::position(e, self.k);
        let lost = matches!(
            Value::from_code(self.codes[e as usize].load(Relaxed)),
            Some(Value::Loss(_))
        );
        let class = (e / 2 / sheep_sets(self.k)) as usize;
        // A wolf stepped back may land in the stored image of either mirror image;
        // a sheep stepped back keeps the wolves, so only the stored image counts.
        let images = if side == 1 && !index::self_mirrored(class) {
            2
        } else {
            1
        };
        let both = [
            (wolves, sheep),
            (index::mirror(wolves), index::mirror(sheep)),
        ];
        for &(w, s) in &both[..images] {
            for_each_unmove(w, s, side, |pw, ps| {
                if side == 0 || index::stored_as_itself(pw) {
                    let pred = index::slot(pw, ps, 1 - side).entry as usize;
                    self.update(pred, lost, n);
                }
            });
        }
    }

    /// One move of entry `pred` reaches a position decided at distance `n`: lost for
    /// the side moving there (`lost`) or won.
    fn update(&self, pred: usize, lost: bool, n: u32) {
        if lost {
            match Value::Win(n + 1).code() {
                Some(c) => {
                    self.codes[pred].fetch_min(c, Relaxed);
                    self.deepest.fetch_max(n + 1, Relaxed);
                }
                None => self.overflow.store(true, Relaxed),
            }
            return;
        }
        let before = self.counters[pred].fetch_sub(1, Relaxed);
        if before & COUNT_MASK != 1
            || before & CANNOT_LOSE != 0
            || self.codes[pred].load(Relaxed) != UNSOLVED
        {
            return;
        }
        let d = (n + 1).max(u32::from(before >> BOUND_SHIFT));
        match Value::Loss(d).code() {
            Some(c) => {
                self.codes[pred].store(c, Relaxed);
                self.deepest.fetch_max(d, Relaxed);
            }
            None => self.overflow.store(true, Relaxed),
        }
    }
}

/// Calls `f` with every position one step before `(wolves, sheep)` with `side` to move
/// there: the other side's piece stepped back to an empty neighbour (captures come from
/// the layer above and are not un-made here).
#[inline]
fn for_each_unmove(
    wolves: Bitboard,
    sheep: Bitboard,
    side: usize,
    mut f: impl FnMut(Bitboard, Bitboard),
) {
    let empty = FULL & !(wolves | sheep);
    let movers = if side == 1 { wolves } else { sheep };
    for to in squares(movers) {
        for from in squares(ADJACENT[to] & empty) {
            let moved = (1 << to) | (1 << from);
            if side == 1 {
                f(wolves ^ moved, sheep);
            } else {
                f(wolves, sheep ^ moved);
            }
        }
    }
}
