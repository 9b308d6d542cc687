//! `solve --verify` and `--stats` of a book: every reachable position is there once,
//! every score but the deepest equals the one backed up from its children's, and a
//! spread sample of the deepest equals a new search's.

use std::collections::HashMap;
use std::time::Instant;

use super::board::Board;
use super::book::Book;
use super::book_build::{backed_up, levels};
use super::negamax::{Negamax, Nothing};

/// Deepest positions searched again by `--verify`.
const DEEPEST_CHECKED: usize = 200;

/// What a check found: entries checked, and the wrong ones (up to ten shown).
#[derive(Debug, Default)]
pub struct Checked {
    /// Entries checked.
    pub checked: u64,
    /// Wrong entries.
    pub wrong: u64,
    /// A few of them, in words.
    pub examples: Vec<String>,
}

impl Checked {
    fn note(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok {
            self.wrong += 1;
            if self.examples.len() < 10 {
                self.examples.push(what());
            }
        }
    }
}

/// Checks `book`; `tt_bits` sizes the search of the deepest sample.
pub fn check(book: &Book, tt_bits: u8, say: &mut (dyn FnMut(&str) + Send)) -> Checked {
    let clock = Instant::now();
    let root = Board::from_key(book.root).expect("a read book's root is checked");
    let levels = levels(root, book.plies);
    let mut c = Checked::default();
    let listed: usize = levels.iter().map(Vec::len).sum();
    c.note(listed == book.entries.len(), || {
        format!("{} entries where {listed} positions are reachable", book.entries.len())
    });
    let scores: HashMap<u64, i32> = book
        .entries
        .iter()
        .map(|&e| (e >> 8, (e & 0xFF) as i32 - 64))
        .collect();
    for level in &levels[..levels.len() - 1] {
        for b in level {
            let stored = scores.get(&b.symmetric_key()).copied();
            let want = backed_up(b, &scores);
            c.note(stored.is_some() && stored == want, || {
                words(b, stored, want, "its children's")
            });
        }
    }
    say(&format!("backed-up scores checked ({:.1} s)", clock.elapsed().as_secs_f64()));
    check_deepest(levels.last().expect("level 0"), &scores, tt_bits, &mut c);
    c
}

fn check_deepest(level: &[Board], scores: &HashMap<u64, i32>, bits: u8, c: &mut Checked) {
    let mut solver = Negamax::new(bits);
    let step = level.len().div_ceil(DEEPEST_CHECKED).max(1);
    for b in level.iter().step_by(step) {
        let stored = scores.get(&b.symmetric_key()).copied();
        let want = Some(solver.solve(b, &Nothing));
        c.note(stored == want, || words(b, stored, want, "a new search's"));
    }
}

fn words(b: &Board, stored: Option<i32>, want: Option<i32>, what: &str) -> String {
    let show = |s: Option<i32>| s.map_or("none".to_string(), |s| s.to_string());
    format!(
        "position key {} ({} plies): stored {}, {what} {}",
        b.symmetric_key(),
        b.plies,
        show(stored),
        show(want)
    )
}

/// The counts of a book: entries, and wins, draws and losses for the side to move, by
/// plies.
pub fn stats(book: &Book, say: &mut (dyn FnMut(&str) + Send)) {
    let scores: HashMap<u64, i32> = book
        .entries
        .iter()
        .map(|&e| (e >> 8, (e & 0xFF) as i32 - 64))
        .collect();
    say(&format!(
        "{} plies, {} entries ({}; mirror images once)",
        book.plies,
        book.entries.len(),
        if book.complete { "complete" } else { "partial: a build under way" }
    ));
    say("plies  positions  side to move wins  draws  loses");
    let root = Board::from_key(book.root).expect("a read book's root is checked");
    for (i, level) in levels(root, book.plies).iter().enumerate() {
        let p = root.plies as usize + i;
        let mut n = [0u64; 3];
        for b in level {
            match scores.get(&b.symmetric_key()) {
                Some(s) if *s > 0 => n[0] += 1,
                Some(0) => n[1] += 1,
                Some(_) => n[2] += 1,
                None => {}
            }
        }
        say(&format!("{p:>5}  {:>9}  {:>17}  {:>5}  {:>5}", level.len(), n[0], n[1], n[2]));
    }
}
