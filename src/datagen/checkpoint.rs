//! The checkpoint of a datagen run, `<out>.partial`: JSON lines, the first naming the
//! plan (a hash of it), each later one a chunk of finished games with their rows. A
//! chunk is appended as one line once its games are played, so the file grows by what
//! is new; a line cut short by a stop is dropped on resume (its games are played
//! again). A resumed run writes the file an uninterrupted run writes.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::play::DatagenGame;
use super::{DatagenError, DatagenPlan};

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

/// The checkpoint file of output `out`.
pub(super) fn path_of(out: &Path) -> PathBuf {
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
/// `hash` (none when there is no file). A last line cut short is dropped.
pub(super) fn read(path: &Path, hash: &str) -> Result<BTreeMap<u64, DatagenGame>, DatagenError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(error(path, e.to_string())),
    };
    let mut lines = text.split_inclusive('\n');
    let head: Head = lines
        .next()
        .and_then(|l| serde_json::from_str(l).ok())
        .ok_or_else(|| error(path, "not a datagen checkpoint (no plan line)".into()))?;
    if head.plan != hash {
        return Err(error(
            path,
            format!(
                "made by another plan (hash {}, this plan {hash}): delete it or run without --resume",
                head.plan
            ),
        ));
    }
    let mut games = BTreeMap::new();
    for line in lines {
        // Only whole lines count: a stop during a write leaves the last one cut short.
        let Some(chunk) = line
            .strip_suffix('\n')
            .and_then(|l| serde_json::from_str::<Chunk>(l).ok())
        else {
            break;
        };
        games.extend(chunk.games);
    }
    Ok(games)
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
    crate::fsutil::write_atomic(path, &text).map_err(|e| error(path, e.to_string()))
}

/// Appends a chunk of finished games.
pub(super) fn append(path: &Path, games: BTreeMap<u64, DatagenGame>) -> Result<(), DatagenError> {
    let text = line(&Chunk { games });
    let io = |e: std::io::Error| error(path, e.to_string());
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(io)?;
    file.write_all(&text).map_err(io)?;
    file.sync_data().map_err(io)
}

fn line<T: Serialize>(value: &T) -> Vec<u8> {
    let mut text = serde_json::to_vec(value).expect("a checkpoint is plain data");
    text.push(b'\n');
    text
}
