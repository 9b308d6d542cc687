//! The opening book: the exact score of every position with at most `plies` discs
//! that a game can reach from its root (the empty board unless a build names another),
//! mirror images stored once, sorted by key so that a lookup is a binary search. Built by [`super::book_build`]; read whole and checked here.
//!
//! ```text
//! bytes    field
//! 0..8     magic "WFC4BOOK"
//! 8..12    format version (1), little-endian u32
//! 12..16   plies: every reachable position with at most this many discs, u32
//! 16..20   complete (1), or a partial file kept for resuming (0), u32
//! 20..24   0
//! 24..32   entries, u64
//! 32..40   checksum (FNV-1a) of the entries' bytes, u64
//! 40..48   the root's key (the empty board: 0x40810204081), u64
//! 48..56   0
//! 56..64   checksum of bytes 0..56
//! then     one u64 an entry, ascending: the position's key (the smaller of its and
//!          its mirror's) times 256, plus its score + 64
//! ```
//!
//! A file whose magic, version, sizes, order, scores or checksums do not match is
//! refused with an error naming the file and the field.

use std::io::{Read, Write};
use std::path::Path;

use super::board::Board;
use super::negamax::Known;
use crate::fsutil;
use crate::hash::fnv1a;
use crate::solved::SolveError;

const MAGIC: &[u8; 8] = b"WFC4BOOK";
const VERSION: u32 = 1;
/// Bytes of the header.
pub const HEADER_LEN: usize = 64;
/// The most plies a book may reach below its root (beyond, the positions outgrow this
/// machine: 14 plies below the empty board are 1.2 × 10^8 positions).
pub const MAX_DEPTH: u32 = 14;

/// A book in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// Every reachable position with at most this many discs is in it.
    pub plies: u32,
    /// Whether every position is there (a partial file holds some of the deepest).
    pub complete: bool,
    /// The key of the position the book starts from ([`Board::key`]).
    pub root: u64,
    /// The entries, ascending.
    pub entries: Vec<u64>,
}

/// An entry of `key` with `score`.
pub fn entry(key: u64, score: i32) -> u64 {
    (key << 8) | (score + 64) as u64
}

impl Book {
    /// The score stored for a symmetric key, if any.
    pub fn get(&self, key: u64) -> Option<i32> {
        let i = self.entries.partition_point(|&e| e >> 8 < key);
        let e = *self.entries.get(i)?;
        (e >> 8 == key).then(|| (e & 0xFF) as i32 - 64)
    }

    /// Reads and checks a book file.
    pub fn read(path: &Path) -> Result<Book, SolveError> {
        let io = |source| SolveError::Io {
            path: path.to_path_buf(),
            source,
        };
        let f = fsutil::open_input(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => SolveError::Missing {
                path: path.to_path_buf(),
                command: format!(
                    "weightforge solve --game connect_four --book 2 --out {}",
                    path.display()
                ),
            },
            _ => io(e),
        })?;
        let len = f.metadata().map_err(io)?.len();
        let mut r = std::io::BufReader::new(f);
        let mut head = [0u8; HEADER_LEN];
        r.read_exact(&mut head).map_err(|_| bad(path, "shorter than its header"))?;
        let (plies, complete, n, root) = header_fields(&head).map_err(|w| bad(path, w))?;
        if len != HEADER_LEN as u64 + 8 * n {
            return Err(bad(path, format!("{len} bytes where the header's {n} entries need {}", HEADER_LEN as u64 + 8 * n)));
        }
        let mut bytes = vec![0u8; 8 * n as usize];
        r.read_exact(&mut bytes).map_err(io)?;
        if fnv1a(&bytes) != u64_at(&head, 32) {
            return Err(bad(path, "the entries' checksum does not match (a damaged file)"));
        }
        let entries = entries_of(&bytes).map_err(|w| bad(path, w))?;
        Ok(Book {
            plies,
            complete,
            root,
            entries,
        })
    }

    /// Reads and checks a whole book held in memory (`name` names it in errors).
    pub fn parse(bytes: &[u8], name: &Path) -> Result<Book, SolveError> {
        let head: &[u8; HEADER_LEN] = bytes
            .get(..HEADER_LEN)
            .and_then(|h| h.try_into().ok())
            .ok_or_else(|| bad(name, "shorter than its header"))?;
        let (plies, complete, n, root) = header_fields(head).map_err(|w| bad(name, w))?;
        let body = &bytes[HEADER_LEN..];
        if body.len() as u64 != 8 * n || fnv1a(body) != u64_at(head, 32) {
            return Err(bad(name, "the entries' size or checksum does not match"));
        }
        let entries = entries_of(body).map_err(|w| bad(name, w))?;
        Ok(Book {
            plies,
            complete,
            root,
            entries,
        })
    }

    /// Writes the book to `path` (atomically; a link there is followed like every
    /// output the user names).
    pub fn write(&self, path: &Path) -> Result<(), SolveError> {
        self.write_with(path, fsutil::write_atomic)
    }

    /// Writes the book to `path`, a file weightforge names itself (a partial file
    /// beside the output): never through a link or device there.
    pub fn write_derived(&self, path: &Path) -> Result<(), SolveError> {
        self.write_with(path, fsutil::write_derived)
    }

    fn write_with(
        &self,
        path: &Path,
        write: impl Fn(&Path, &[u8]) -> std::io::Result<()>,
    ) -> Result<(), SolveError> {
        let mut body = Vec::with_capacity(HEADER_LEN + 8 * self.entries.len());
        body.extend_from_slice(&self.header());
        for e in &self.entries {
            body.write_all(&e.to_le_bytes()).expect("a Vec takes every write");
        }
        write(path, &body).map_err(|source| SolveError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    fn header(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[0..8].copy_from_slice(MAGIC);
        h[8..12].copy_from_slice(&VERSION.to_le_bytes());
        h[12..16].copy_from_slice(&self.plies.to_le_bytes());
        h[16..20].copy_from_slice(&u32::from(self.complete).to_le_bytes());
        h[24..32].copy_from_slice(&(self.entries.len() as u64).to_le_bytes());
        let bytes: Vec<u8> = self.entries.iter().flat_map(|e| e.to_le_bytes()).collect();
        h[32..40].copy_from_slice(&fnv1a(&bytes).to_le_bytes());
        h[40..48].copy_from_slice(&self.root.to_le_bytes());
        let sum = fnv1a(&h[..56]);
        h[56..64].copy_from_slice(&sum.to_le_bytes());
        h
    }
}

impl Known for Book {
    #[inline]
    fn score(&self, b: &Board) -> Option<i32> {
        if b.plies > self.plies {
            return None;
        }
        self.get(b.symmetric_key())
    }
}

fn bad(path: &Path, what: impl Into<String>) -> SolveError {
    SolveError::BadFile {
        path: path.to_path_buf(),
        what: what.into(),
    }
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("four bytes"))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("eight bytes"))
}

/// The header's plies, completeness, entry count and root, each checked.
fn header_fields(h: &[u8; HEADER_LEN]) -> Result<(u32, bool, u64, u64), String> {
    if &h[0..8] != MAGIC {
        return Err("not a Connect Four book (magic)".into());
    }
    if fnv1a(&h[..56]) != u64_at(h, 56) {
        return Err("the header's checksum does not match (a damaged file)".into());
    }
    if u32_at(h, 8) != VERSION {
        return Err(format!("format version {} (this build reads {VERSION})", u32_at(h, 8)));
    }
    let plies = u32_at(h, 12);
    let complete = match u32_at(h, 16) {
        0 => false,
        1 => true,
        c => return Err(format!("complete flag {c}: expected 0 or 1")),
    };
    let root = u64_at(h, 40);
    let Some(start) = Board::from_key(root).filter(Board::is_playable) else {
        return Err(format!("root key {root:#x} is no position"));
    };
    if plies < start.plies || plies - start.plies > MAX_DEPTH || plies > 42 {
        return Err(format!(
            "plies {plies}: from the root's {} discs to {MAX_DEPTH} more",
            start.plies
        ));
    }
    let n = u64_at(h, 24);
    if n > super::book_build::most_entries(plies - start.plies) {
        return Err(format!("{n} entries: more than {plies} plies can hold"));
    }
    Ok((plies, complete, n, root))
}

/// The entries of the body, each checked: ascending keys, scores in range.
fn entries_of(bytes: &[u8]) -> Result<Vec<u64>, String> {
    let mut out = Vec::with_capacity(bytes.len() / 8);
    for (i, c) in bytes.chunks_exact(8).enumerate() {
        let e = u64::from_le_bytes(c.try_into().expect("eight bytes"));
        let score = (e & 0xFF) as i32 - 64;
        if !(-21..=21).contains(&score) {
            return Err(format!("entry {i}: score {score} out of range"));
        }
        if out.last().is_some_and(|&p: &u64| p >> 8 >= e >> 8) {
            return Err(format!("entry {i}: keys not in ascending order"));
        }
        out.push(e);
    }
    Ok(out)
}
