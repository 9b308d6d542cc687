//! Building and checking the book. Every reachable position with at most `plies` discs
//! is listed level by level (mirror images once). The deepest level is solved by search
//! on every thread, in key order, and kept in `<out>.partial` as it goes, so a killed
//! build resumes where it was; each shallower level is then backed up from its
//! children, exactly. The scores are exact, so the file does not depend on the thread
//! count, the table size or where a build was stopped.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::board::{Board, CELLS};
use super::book::{entry, Book, MAX_DEPTH};
use super::negamax::{Negamax, Nothing};
use crate::games::connect_four::bitboard::{column, WIDTH};
use crate::solved::{BuildSettings, SolveError};

/// Reachable positions with exactly `p` discs, mirror images counted apart (OEIS
/// A212693), for `p` = 0 to [`MAX_DEPTH`]: the bound on what a book may hold, however
/// late its root (a later root has fewer positions that many plies below it).
const POSITIONS: [u64; 15] = [
    1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623, 4568683, 12236101,
    30929111, 75437595,
];

/// Seconds between two saves of the partial file.
const SAVE_EVERY_SECONDS: f64 = 30.0;

/// The most entries a book reaching `depth` plies below its root can hold.
pub fn most_entries(depth: u32) -> u64 {
    POSITIONS[..=depth.min(MAX_DEPTH) as usize].iter().sum()
}

/// The positions of each level from `root`'s plies to `plies`, one per mirror pair, each
/// level in key order.
pub fn levels(root: Board, plies: u32) -> Vec<Vec<Board>> {
    let mut out = vec![vec![root]];
    for _ in root.plies..plies {
        let mut next: HashMap<u64, Board> = HashMap::new();
        for b in out.last().expect("level 0") {
            for child in children(b) {
                next.entry(child.symmetric_key()).or_insert(child);
            }
        }
        let mut level: Vec<(u64, Board)> = next.into_iter().collect();
        level.sort_unstable_by_key(|&(k, _)| k);
        out.push(level.into_iter().map(|(_, b)| b).collect());
    }
    out
}

/// The positions one disc after `b` where nobody has won (none after a won position).
fn children(b: &Board) -> impl Iterator<Item = Board> + '_ {
    let possible = b.possible();
    (0..WIDTH).filter_map(move |c| {
        let cell = possible & column(c);
        if cell == 0 || super::board::has_four(b.current | cell) {
            return None;
        }
        let mut child = *b;
        child.play(cell);
        Some(child)
    })
}

/// The partial file kept beside `out` while the deepest level is solved.
pub fn partial_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_os_string();
    name.push(".partial");
    PathBuf::from(name)
}

/// `solve --game connect_four --book PLIES --out FILE`.
pub fn build(s: &BuildSettings, say: &mut (dyn FnMut(&str) + Send)) -> Result<(), SolveError> {
    let plies = s.extent.unwrap_or(super::DEFAULT_BOOK_PLIES);
    let root = root_of(s.root.as_deref())?;
    if plies < root.plies || plies - root.plies > MAX_DEPTH || plies > 42 {
        return Err(SolveError::Setting(format!(
            "--book {plies}: from the root's {} discs to {MAX_DEPTH} more (at most 42)",
            root.plies
        )));
    }
    let clock = Instant::now();
    let levels = levels(root, plies);
    let counts: Vec<String> = levels.iter().map(|l| l.len().to_string()).collect();
    say(&format!("positions by plies (mirror images once): {}", counts.join(" ")));
    let deepest = levels.last().expect("level 0");
    let scores = solve_level(deepest, (root.key(), plies), s, say)?;
    let book = back_up(&levels, root.key(), scores);
    book.write(&s.out)?;
    let _ = std::fs::remove_file(partial_path(&s.out));
    say(&format!(
        "{} entries ({} plies) written to {} in {:.1} s",
        book.entries.len(),
        plies,
        s.out.display(),
        clock.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// The root of a build: the position given (an ongoing game), else the empty board.
fn root_of(text: Option<&str>) -> Result<Board, SolveError> {
    use crate::game::{Game, Status};
    let Some(text) = text else {
        return Ok(Board { current: 0, mask: 0, plies: 0 });
    };
    let pos = crate::games::connect_four::ConnectFour::parse(text)
        .map_err(|e| SolveError::Setting(format!("the book's root: {e}")))?;
    if pos.status() != Status::Ongoing {
        return Err(SolveError::Setting(format!("the book's root {text:?}: the game is over")));
    }
    Ok(Board::of(&pos))
}

/// The scores of the deepest level's positions, resumed from the partial file of the
/// same (root, plies).
fn solve_level(
    level: &[Board],
    (root, plies): (u64, u32),
    s: &BuildSettings,
    say: &mut (dyn FnMut(&str) + Send),
) -> Result<HashMap<u64, i32>, SolveError> {
    let partial = partial_path(&s.out);
    let done = resumed(&partial, root, plies);
    if !done.is_empty() {
        say(&format!("{} positions read back from {}", done.len(), partial.display()));
    }
    let todo: Vec<Board> = level
        .iter()
        .filter(|b| !done.contains_key(&b.symmetric_key()))
        .copied()
        .collect();
    let work = Work {
        todo: &todo,
        next: AtomicUsize::new(0),
        shared: Mutex::new(Shared {
            done,
            saved: Instant::now(),
            error: None,
            say,
        }),
        clock: Instant::now(),
        total: level.len(),
        book: (root, plies, partial),
    };
    let bits = s.tt_bits.unwrap_or(super::DEFAULT_BUILD_TT_BITS);
    std::thread::scope(|scope| {
        for _ in 0..s.threads.max(1) {
            scope.spawn(|| work.run(Negamax::new(bits)));
        }
    });
    let shared = work.shared.into_inner().unwrap_or_else(|e| e.into_inner());
    match shared.error {
        Some(e) => Err(e),
        None => Ok(shared.done),
    }
}

/// What the threads of a level share.
struct Shared<'a> {
    done: HashMap<u64, i32>,
    saved: Instant,
    error: Option<SolveError>,
    say: &'a mut (dyn FnMut(&str) + Send),
}

/// The deepest level's positions handed out one at a time, in key order.
struct Work<'a> {
    todo: &'a [Board],
    next: AtomicUsize,
    shared: Mutex<Shared<'a>>,
    clock: Instant,
    total: usize,
    book: (u64, u32, PathBuf),
}

impl Work<'_> {
    /// One thread: takes the next position, solves it, records the score, and saves the
    /// partial file when [`SAVE_EVERY_SECONDS`] have passed since the last save.
    fn run(&self, mut solver: Negamax) {
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(b) = self.todo.get(i) else {
                return;
            };
            let score = solver.solve(b, &Nothing);
            let mut shared = self.shared.lock().unwrap_or_else(|e| e.into_inner());
            shared.done.insert(b.symmetric_key(), score);
            if shared.error.is_some() || shared.saved.elapsed().as_secs_f64() < SAVE_EVERY_SECONDS {
                continue;
            }
            let (root, plies, path) = &self.book;
            if let Err(e) = save_partial(path, (*root, *plies), &shared.done) {
                shared.error = Some(e);
                return;
            }
            shared.saved = Instant::now();
            let line = format!(
                "plies {plies}: {} of {} solved ({:.0} s)",
                shared.done.len(),
                self.total,
                self.clock.elapsed().as_secs_f64()
            );
            (shared.say)(&line);
        }
    }
}

/// The entries of an earlier partial file of the same plies (none if there is none,
/// or it is unreadable or of other plies: then the build starts over).
fn resumed(partial: &Path, root: u64, plies: u32) -> HashMap<u64, i32> {
    match Book::read(partial) {
        Ok(b) if b.plies == plies && b.root == root && !b.complete => b
            .entries
            .iter()
            .map(|&e| (e >> 8, (e & 0xFF) as i32 - 64))
            .collect(),
        _ => HashMap::new(),
    }
}

fn save_partial(
    path: &Path,
    (root, plies): (u64, u32),
    done: &HashMap<u64, i32>,
) -> Result<(), SolveError> {
    let mut entries: Vec<u64> = done.iter().map(|(&k, &s)| entry(k, s)).collect();
    entries.sort_unstable();
    let book = Book {
        plies,
        complete: false,
        root,
        entries,
    };
    book.write_derived(path)
}

/// The score of `b` from its children's (every child in `known`), or at once when the
/// side to move wins with its next disc.
pub fn backed_up(b: &Board, known: &HashMap<u64, i32>) -> Option<i32> {
    if b.can_win_next() {
        return Some((CELLS as i32 + 1 - b.plies as i32) / 2);
    }
    children(b)
        .map(|c| known.get(&c.symmetric_key()).map(|s| -s))
        .try_fold(i32::MIN, |best, s| s.map(|s| best.max(s)))
}

/// The book: the deepest level's scores and every shallower level backed up.
fn back_up(levels: &[Vec<Board>], root: u64, mut scores: HashMap<u64, i32>) -> Book {
    for level in levels.iter().rev().skip(1) {
        for b in level {
            let s = backed_up(b, &scores).expect("every child of a listed position is listed");
            scores.insert(b.symmetric_key(), s);
        }
    }
    let mut entries: Vec<u64> = scores.iter().map(|(&k, &s)| entry(k, s)).collect();
    entries.sort_unstable();
    Book {
        plies: Board::from_key(root).map_or(0, |r| r.plies) + levels.len() as u32 - 1,
        complete: true,
        root,
        entries,
    }
}
