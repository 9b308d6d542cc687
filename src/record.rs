//! Game records: every game of a match, tournament or validation written down so it
//! can be looked at afterwards (`weightforge replay`). One game per line of a JSON
//! Lines file; the format is described in docs/game-records.md.
//!
//! Each ply stores the position after it, not only the move: in games of chance
//! (Vampires vs Werewolves battles) the outcome was drawn from the game's RNG, so a
//! replay reads positions instead of playing moves again.

use std::io::{BufRead, Read};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::game::{Game, Role, Status};
use crate::limits::RECORD_LINE_BYTES;
use crate::played_game::{EndReason, GameEnd, Observer};

/// One game, as written to a record file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLog {
    /// The game's registry name.
    pub game: String,
    /// The role names, first mover first.
    pub roles: [String; 2],
    /// The player of each role.
    pub players: [String; 2],
    /// The numbers the game's RNG was seeded from (see `crate::seeds`).
    pub seed: Vec<u64>,
    /// The position the players took over from (after the random opening), in the
    /// game's notation.
    pub start: String,
    /// The plies, in order.
    pub moves: Vec<Ply>,
    /// `1-0` (first role won), `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why the game ended.
    pub reason: EndReason,
    /// The same in words, e.g. `rules`, `ply cap`, `sheep: illegal move`.
    pub reason_text: String,
}

/// One ply: the move in the game's notation and the position after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ply {
    /// The move, as `Game::move_text` writes it in the position before.
    pub mv: String,
    /// The position after the move (chance resolved), as `Game::to_text` writes it.
    pub after: String,
}

/// An [`Observer`] that writes down every ply of a game.
#[derive(Default)]
pub struct Recorder {
    moves: Vec<Ply>,
}

impl<G: Game> Observer<G> for Recorder {
    fn before_ply(&mut self, before: &G, mv: G::Move) {
        self.moves.push(Ply {
            mv: before.move_text(mv),
            after: String::new(),
        });
    }

    fn after_ply(&mut self, after: &G) {
        if let Some(last) = self.moves.last_mut() {
            last.after = after.to_text();
        }
    }
}

impl Recorder {
    /// The record of the finished game.
    pub fn finish<G: Game>(
        self,
        players: [String; 2],
        seed: Vec<u64>,
        start: &G,
        end: &GameEnd,
    ) -> GameLog {
        GameLog {
            game: G::NAME.to_string(),
            roles: G::ROLES.map(str::to_string),
            players,
            seed,
            start: start.to_text(),
            moves: self.moves,
            result: match end.status {
                Status::Win(0) => "1-0",
                Status::Win(_) => "0-1",
                _ => "1/2-1/2",
            }
            .to_string(),
            reason: end.reason,
            reason_text: reason_words(end.reason, &G::ROLES),
        }
    }
}

/// An end reason in words, naming the role that faulted.
pub fn reason_words(reason: EndReason, roles: &[&str; 2]) -> String {
    match reason {
        EndReason::Rules => "rules".into(),
        EndReason::PlyCap => "ply cap".into(),
        EndReason::NoMove => "no move".into(),
        EndReason::Fault { role, kind } => {
            format!("{}: {}", roles[role as Role], kind.words())
        }
    }
}

/// A record file that cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The file cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A line is not a game record.
    #[error("{path}:{line}: not a game record: {message}")]
    Parse {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// The records as JSON Lines text, one game per line.
pub fn to_jsonl(logs: &[GameLog]) -> String {
    let mut s = String::new();
    for log in logs {
        // A GameLog holds only strings, numbers and enums: it always serialises.
        s.push_str(&serde_json::to_string(log).unwrap_or_default());
        s.push('\n');
    }
    s
}

/// Writes the records to `path` atomically.
pub fn write(path: &Path, logs: &[GameLog]) -> Result<(), RecordError> {
    crate::fsutil::write_atomic(path, to_jsonl(logs).as_bytes()).map_err(|source| RecordError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Reads a record file.
pub fn read(path: &Path) -> Result<Vec<GameLog>, RecordError> {
    Ok(read_numbered(path)?.into_iter().map(|(_, g)| g).collect())
}

/// Reads a record file: each game with its line number (from 1). A line longer than
/// [`RECORD_LINE_BYTES`] is an error, and no more of it is read (`replay /dev/zero`).
pub fn read_numbered(path: &Path) -> Result<Vec<(usize, GameLog)>, RecordError> {
    let shown = path.display().to_string();
    let io = |source| RecordError::Io {
        path: shown.clone(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut reader = std::io::BufReader::new(file);
    let cap = RECORD_LINE_BYTES.max;
    let mut logs = Vec::new();
    let mut buf = Vec::new();
    for line in 1.. {
        buf.clear();
        let n = (&mut reader)
            .take(cap + 1)
            .read_until(b'\n', &mut buf)
            .map_err(io)?;
        if n == 0 {
            break;
        }
        let parse = |message: String| RecordError::Parse {
            path: shown.clone(),
            line,
            message,
        };
        if n as u64 > cap && buf.last() != Some(&b'\n') {
            return Err(parse(format!("the line is longer than {cap} bytes")));
        }
        if buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let log = serde_json::from_slice(&buf).map_err(|e| parse(e.to_string()))?;
        logs.push((line, log));
    }
    Ok(logs)
}
