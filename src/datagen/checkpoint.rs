//! The checkpoint of a datagen run, `<out>.partial`: JSON lines, the first naming the
//! plan (a hash of it), each later one a chunk of finished games with their rows. A
//! chunk is appended as one line once its games are played, so the file grows by what
//! is new; a line cut short by a stop is dropped on resume (its games are played
//! again). A resumed run writes the file an uninterrupted run writes.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::play::DatagenGame;
use super::{DatagenError, DatagenPlan};
use crate::fit::positions_file::check_row;
use crate::game::Features;
use crate::limits::DATAGEN_LINE_BYTES;

/// The first line.
#[derive(Serialize, Deserialize)]
struct Head {
    plan: String,
}

/// Every later line.
#[derive(Serialize, Deserialize)]
struct Chunk {
    games: BTreeMap<u64, DatagenGame>,
}

/// The checkpoint file of output `out` (`<out>.partial`).
pub fn path_of(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// A hash of everything the output depends on (FNV-1a of the plan as JSON).
pub(super) fn plan_hash(plan: &DatagenPlan) -> String {
    let text = serde_json::to_string(plan).expect("a plan is plain data");
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{h:016x}")
}

fn error(path: &Path, message: String) -> DatagenError {
    DatagenError::Checkpoint {
        path: path.to_path_buf(),
        message,
    }
}

/// The games finished in the checkpoint at `path`, checked to belong to the plan hashed
/// `hash` (none when there is no file) and `games` games long, each row checked as a
/// position file's rows are ([`check_row`]). A last line cut short (no newline: the
/// run was stopped while writing it) is dropped; any other line that is not a chunk
/// of this plan is an error naming the file and line.
pub(super) fn read<G: Features>(
    path: &Path,
    hash: &str,
    games: u64,
) -> Result<BTreeMap<u64, DatagenGame>, DatagenError> {
    let file = match crate::fsutil::open_input(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(error(path, e.to_string())),
    };
    let mut reader = BufReader::new(file);
    let mut found = BTreeMap::new();
    let mut buf = Vec::new();
    for n in 1.. {
        let at = |m: String| error(path, format!("line {n}: {m}"));
        let Some(text) = whole_line(&mut reader, &mut buf).map_err(|e| at(e.to_string()))? else {
            break;
        };
        if n == 1 {
            head(text, hash).map_err(at)?;
            continue;
        }
        let chunk: Chunk = serde_json::from_str(text).map_err(|e| at(e.to_string()))?;
        for (i, game) in chunk.games {
            check_game::<G>(i, &game, games).map_err(&at)?;
            found.insert(i, game);
        }
    }
    Ok(found)
}

/// The next whole line of `reader` (without its newline), at most
/// [`DATAGEN_LINE_BYTES`] long; `None` at the end or at a last line cut short.
fn whole_line<'b>(
    reader: &mut impl BufRead,
    buf: &'b mut Vec<u8>,
) -> std::io::Result<Option<&'b str>> {
    buf.clear();
    let max = DATAGEN_LINE_BYTES.max;
    let n = reader.by_ref().take(max + 1).read_until(b'\n', buf)?;
    if buf.last() != Some(&b'\n') {
        if n as u64 > max {
            let m = format!("longer than {max} bytes ({})", DATAGEN_LINE_BYTES.name);
            return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, m));
        }
        return Ok(None);
    }
    buf.pop();
    std::str::from_utf8(buf)
        .map(Some)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8"))
}

/// The plan line names this plan.
fn head(line: &str, hash: &str) -> Result<(), String> {
    let head: Head = serde_json::from_str(line)
        .map_err(|_| "not a datagen checkpoint (no plan line)".to_string())?;
    if head.plan != hash {
        return Err(format!(
            "made by another plan (hash {}, this plan {hash}): delete it or run without --resume",
            head.plan
        ));
    }
    Ok(())
}

/// Game `i` of a plan of `games` games, with rows a game of `G` can give.
fn check_game<G: Features>(i: u64, game: &DatagenGame, games: u64) -> Result<(), String> {
    if i >= games {
        return Err(format!("game {i}: the plan has {games} games"));
    }
    for (k, row) in game.rows.iter().enumerate() {
        if row.result.is_nan() {
            return Err(format!(
                "game {i}, row {k}: no result (a finished game has one)"
            ));
        }
        check_row::<G>(row).map_err(|m| format!("game {i}, row {k}: {m}"))?;
    }
    Ok(())
}

/// Starts the checkpoint afresh: the plan line, then `games` (what a resumed run
/// already has) as one chunk, written atomically.
pub(super) fn start(
    path: &Path,
    hash: &str,
    games: &BTreeMap<u64, DatagenGame>,
) -> Result<(), DatagenError> {
    let mut text = line(&Head { plan: hash.into() });
    if !games.is_empty() {
        text.extend(line(&Chunk {
            games: games.clone(),
        }));
    }
    crate::fsutil::write_derived(path, &text).map_err(|e| error(path, e.to_string()))
}

/// Appends a chunk of finished games.
pub(super) fn append(path: &Path, games: BTreeMap<u64, DatagenGame>) -> Result<(), DatagenError> {
    let text = line(&Chunk { games });
    let io = |e: std::io::Error| error(path, e.to_string());
    let mut file = crate::fsutil::append_derived(path).map_err(io)?;
    file.write_all(&text).map_err(io)?;
    file.sync_data().map_err(io)
}

fn line<T: Serialize>(value: &T) -> Vec<u8> {
    let mut text = serde_json::to_vec(value).expect("a checkpoint is plain data");
    text.push(b'\n');
    text
}
