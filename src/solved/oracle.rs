//! The oracle of a solved game: the exact value of a position and of each of its moves.
//! Every game that can be solved answers through it ([`Solvable`]), so that `solve
//! --probe`, `accuracy`, `perfect`, exact labels and the run page's accuracy chart are
//! written once.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{SolveError, Value};
use crate::game::Game;

/// A solved game's answers. Answers are exact, so they never depend on what was asked
/// before (a search's tables only make them faster).
pub trait Oracle<G: Game>: Send + Sync {
    /// The value of `pos` for its side to move (a finished game: a win or loss in 0, or
    /// a draw).
    fn value(&self, pos: &G) -> Result<Value, SolveError>;

    /// Every legal move with the value it leaves, for the side that makes it.
    fn move_values(&self, pos: &G) -> Result<Vec<(G::Move, Value)>, SolveError> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.make(m, Default::default());
                Ok((m, self.value(&child)?.parent()))
            })
            .collect()
    }

    /// The moves of the best value (the fastest win, else a draw, else the slowest
    /// loss) and that value.
    fn best_moves(&self, pos: &G) -> Result<(Vec<G::Move>, Value), SolveError> {
        let values = self.move_values(pos)?;
        let Some(best) = values.iter().map(|&(_, v)| v).max_by_key(|v| v.rank()) else {
            return Ok((Vec::new(), self.value(pos)?));
        };
        let moves = values
            .into_iter()
            .filter(|&(_, v)| v == best)
            .map(|(m, _)| m)
            .collect();
        Ok((moves, best))
    }

    /// The game's own words for a value beside "win N" (Connect Four's score), if any.
    fn score_words(&self, pos: &G, value: Value) -> Option<String> {
        let _ = (pos, value);
        None
    }
}

/// Where an oracle comes from: the file it reads (a solution, or a book) and the size of
/// a search's table for a game solved by search.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OracleSettings {
    /// The file named (`--solution`, else `WEIGHTFORGE_SOLUTION`); `None`: the game's
    /// default file.
    pub file: Option<PathBuf>,
    /// log2 of a search's table slots (`--tt-bits`); `None`: the game's default.
    pub tt_bits: Option<u8>,
    /// `--no-book`: a game solved by search searches every position, with no book.
    pub no_book: bool,
}

impl OracleSettings {
    /// The settings with `file` named instead, if given.
    pub fn with_file(mut self, file: Option<&Path>) -> OracleSettings {
        if let Some(f) = file {
            self.file = Some(f.to_path_buf());
        }
        self
    }
}

/// Where a solvable game's commands say what they do, a line at a time.
pub type Say<'a> = &'a mut (dyn FnMut(&str) + Send);

/// Opens a game's oracle.
pub type OpenOracle<G> = fn(&OracleSettings) -> Result<Arc<dyn Oracle<G>>, SolveError>;

/// What a game that can be solved brings (all of it plain data and functions, so it
/// is `Copy`) ([`GameEntry::SOLVABLE`](crate::game::GameEntry::SOLVABLE)).
#[derive(Clone, Copy)]
pub struct Solvable<G: Game> {
    /// The file the oracle reads when none is named, in the current folder.
    pub default_file: &'static str,
    /// What that file is, in a few words ("the solution", "the opening book").
    pub file_kind: &'static str,
    /// The environment variable naming that file (one a game, so that one shell can
    /// name both games' files).
    pub file_env: &'static str,
    /// Whether the oracle cannot answer without it (a solution read whole), or only
    /// answers faster with it (a book).
    pub file_needed: bool,
    /// Opens the oracle (a file read once per process, however many players use it).
    pub open: OpenOracle<G>,
    /// `solve --game G --out FILE`: builds the game's file, saying what it does.
    pub build: fn(&BuildSettings, Say<'_>) -> Result<(), SolveError>,
    /// `solve --verify`: checks a file against the rules; the count of wrong entries.
    pub verify: fn(&OracleSettings, Say<'_>) -> Result<u64, SolveError>,
    /// `solve --stats`: what a file holds.
    pub stats: fn(&OracleSettings, Say<'_>) -> Result<(), SolveError>,
    /// The accuracy sample shipped with the tool (a version 2 position file).
    pub sample: &'static str,
    /// Where the sample comes from, for messages (`assets/accuracy/<game>.pos`).
    pub sample_name: &'static str,
    /// The built-in players whose games make the sample.
    pub sample_players: &'static [&'static str],
    /// Games played to make the sample, each seating of the players in turn.
    pub sample_games: u64,
    /// Random plies that open each sample game, so that the games differ.
    pub sample_opening_plies: u32,
    /// The phases accuracy is shown by: (name, first move, last move), moves counted
    /// from 1 at the start.
    pub phases: &'static [(&'static str, u32, u32)],
    /// The genome whose search `perfect` asks among moves of equal value; `None`: a
    /// random one of them, drawn from the game's seed.
    pub perfect_tie_break: Option<&'static str>,
}

/// What `solve --game G --out FILE` was given.
#[derive(Clone, Debug)]
pub struct BuildSettings {
    /// The file to write.
    pub out: PathBuf,
    /// How much to solve, in the game's own measure (Wolves & Sheep: the most sheep;
    /// Connect Four: the book's plies); `None`: the game's default.
    pub extent: Option<u32>,
    /// log2 of a search's table slots; `None`: the game's default.
    pub tt_bits: Option<u8>,
    /// Threads.
    pub threads: usize,
    /// The position the build starts from, in the game's notation; `None`: the start.
    pub root: Option<String>,
}
