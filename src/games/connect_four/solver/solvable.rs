//! Connect Four as a solvable game: the oracle searches (with the book when there is
//! one), `solve --out` builds the book, `--verify` and `--stats` read it.

use std::path::PathBuf;
use std::sync::Arc;

use super::book::Book;
use super::oracle::C4Oracle;
use crate::games::connect_four::ConnectFour;
use crate::solved::{Oracle, OracleSettings, Solvable, SolveError};
use crate::tunables::C4_MAX_TT_BITS;

/// The book read when none is named (if it is there: else the built-in one).
pub const DEFAULT_BOOK: &str = "connect_four.book";

/// The book built into the tool: every position of the first 2 plies (30 entries),
/// made by `weightforge solve --game connect_four --book 2` (assets/books/).
const BUILT_IN_BOOK: &[u8] = include_bytes!("../../../../assets/books/connect_four_2.book");

/// The built-in book, read and checked.
fn built_in_book() -> Result<Book, SolveError> {
    Book::parse(BUILT_IN_BOOK, std::path::Path::new("assets/books/connect_four_2.book"))
}

/// Connect Four's entry as a solvable game.
pub fn solvable() -> Solvable<ConnectFour> {
    Solvable {
        default_file: DEFAULT_BOOK,
        file_kind: "the opening book",
        file_env: "WEIGHTFORGE_C4_BOOK",
        file_needed: false,
        open: |s| Ok(Arc::new(open(s)?) as Arc<dyn Oracle<ConnectFour>>),
        build: |b, say| {
            tt_bits(b.tt_bits)?;
            super::book_build::build(b, say)
        },
        verify: |s, say| {
            let book = named_book(s)?;
            let c = super::book_check::check(&book, tt_bits(s.tt_bits)?, say);
            for e in &c.examples {
                say(&format!("wrong: {e}"));
            }
            say(&format!("verify: {} entries checked, {} wrong", c.checked, c.wrong));
            Ok(c.wrong)
        },
        stats: |s, say| {
            super::book_check::stats(&named_book(s)?, say);
            Ok(())
        },
        sample: include_str!("../../../../assets/accuracy/connect_four.pos"),
        sample_name: "assets/accuracy/connect_four.pos",
        sample_players: &["course", "tuned"],
        sample_games: crate::tunables::C4_ACCURACY_SAMPLE_GAMES,
        sample_opening_plies: crate::tunables::C4_ACCURACY_OPENING_PLIES,
        phases: &[("moves 1-12", 1, 12), ("moves 13-24", 13, 24), ("moves 25-42", 25, 42)],
        perfect_tie_break: None,
    }
}

/// `--tt-bits`, checked; the default when not given.
fn tt_bits(bits: Option<u8>) -> Result<u8, SolveError> {
    match bits {
        None => Ok(super::DEFAULT_TT_BITS),
        Some(b) if (10..=C4_MAX_TT_BITS).contains(&b) => Ok(b),
        Some(b) => Err(SolveError::Setting(format!(
            "--tt-bits {b}: expected 10 to {C4_MAX_TT_BITS} (2^b slots of 8 bytes)"
        ))),
    }
}

/// The book the settings name (it must exist), else the default one if it is there,
/// else the built-in one.
fn named_book(s: &OracleSettings) -> Result<Book, SolveError> {
    match &s.file {
        Some(f) => Book::read(f),
        None => match Book::read(&PathBuf::from(DEFAULT_BOOK)) {
            Err(SolveError::Missing { .. }) => built_in_book(),
            other => other,
        },
    }
}

/// The oracle: the named book (which must be there and whole), else the default one
/// if it is there, else the built-in one.
fn open(s: &OracleSettings) -> Result<C4Oracle, SolveError> {
    let bits = tt_bits(s.tt_bits)?;
    let book = match &s.file {
        _ if s.no_book => None,
        Some(f) => Some(Book::read(f)?),
        None => match Book::read(&PathBuf::from(DEFAULT_BOOK)) {
            Err(SolveError::Missing { .. }) => Some(built_in_book()?),
            other => Some(other?),
        },
    };
    if let Some(b) = &book {
        if !b.complete {
            return Err(SolveError::BadFile {
                path: s.file.clone().unwrap_or_else(|| DEFAULT_BOOK.into()),
                what: "a partial book (a build under way): finish it with the same `solve --book` command".into(),
            });
        }
    }
    Ok(C4Oracle::new(book.map(Arc::new), bits))
}
