//! The end of a run (selection, validation, the gate, the budget chart) checkpointed per
//! work unit, so that a run killed there resumes from the last finished pair of games
//! instead of from the start of the phase, and ends with the same genome and the same
//! validation lines and games, to the byte.
//!
//! A generation's checkpoint ([`super::state`]) covers training. The end of a run
//! is one batch after another, each a pure function of its wire text
//! ([`crate::dist::Work::wire`]: the job, the openings it must not reuse, the seeds), so
//! a finished unit's result can be kept and reused as it is. `Journaled` wraps the
//! session's executor: every batch gets a file `units/<hash of its wire>.units` in the
//! report folder; each finished unit is appended to it (one line: its number and its
//! result as JSON, written and synced before the unit counts as done); when the same
//! batch runs again, the units found there are taken instead of played. The file's first
//! line names the batch (hash and unit count), so a file can only be reused by the batch
//! it was written for. A line cut short by a kill ends what is reused: its pair is played
//! again. Any other line is checked before it is taken (its checksum, and the pair
//! against the unit's definition, [`crate::dist::Work::check`]) and refused with the file
//! and line when it fails: an edited or damaged journal stops the resume instead of
//! changing the result.
//!
//! The files are removed when a run starts afresh and when it has finished. Under
//! `mpirun`, units already in the file may still be handed to another process; it plays
//! them again and the result is the same by construction (nothing is written twice).

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::dist::{AnyOutput, DistError, Executor, Work, Wrapped};
use crate::limits::UNIT_LINE_BYTES;
use crate::played_game::SetupError;
use crate::tune::error::TuneError;
use crate::tune::run_observer::RunObserver;

/// The folder of the unit files, inside the report folder.
pub const DIR: &str = "units";

/// An executor that keeps every finished unit in the report folder and reuses the units
/// a killed session finished.
pub(in crate::tune) struct Journaled<'a> {
    inner: &'a dyn Executor,
    dir: PathBuf,
    obs: &'a dyn RunObserver,
}

impl std::fmt::Debug for Journaled<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Journaled")
            .field("inner", &self.inner)
            .field("dir", &self.dir)
            .finish()
    }
}

impl<'a> Journaled<'a> {
    /// `inner`, keeping its units in `<report>/units/`.
    pub(in crate::tune) fn new(
        inner: &'a dyn Executor,
        report: &Path,
        obs: &'a dyn RunObserver,
    ) -> Self {
        Journaled {
            inner,
            dir: report.join(DIR),
            obs,
        }
    }
}

/// Removes the unit files of report folder `report` (a fresh start, or a finished run).
pub(in crate::tune) fn clear(report: &Path) -> Result<(), TuneError> {
    let dir = report.join(DIR);
    match std::fs::remove_dir_all(&dir) {
        Err(source) if source.kind() != std::io::ErrorKind::NotFound => Err(TuneError::Io {
            path: dir.display().to_string(),
            source,
        }),
        _ => Ok(()),
    }
}

impl Executor for Journaled<'_> {
    fn execute(
        &self,
        work: &dyn Work,
        done: &(dyn Fn(usize) + Sync),
    ) -> Result<Vec<AnyOutput>, DistError> {
        let n = work.count();
        let path = self.dir.join(format!("{:016x}.units", fnv1a(&work.wire())));
        let journal_error = |source| DistError::Journal {
            path: path.display().to_string(),
            source,
        };
        let header = format!("weightforge units v2 {} {n}\n", path_stem(&path));
        let (stored, kept) = load(&path, &header, work).map_err(journal_error)?;
        let reused = stored.iter().filter(|s| s.is_some()).count();
        if reused > 0 {
            self.obs.message(&format!(
                "{reused} of {n} game pairs of this phase were finished before the run \
                 stopped: taken from {}",
                path.display()
            ));
        }
        // Paths weightforge names itself: a link or a FIFO planted there is refused.
        crate::fsutil::write_derived(&path, &kept).map_err(journal_error)?;
        let file = crate::fsutil::append_derived(&path).map_err(journal_error)?;
        let journaled = JournaledWork {
            header,
            inner: work,
            known: stored.iter().map(Option::is_some).collect(),
            stored: Mutex::new(stored),
            file: Mutex::new(file),
            path: &path,
        };
        self.inner.execute(&journaled, done)
    }

    fn share(&self, context: String) {
        self.inner.share(context);
    }
}

/// The name of a unit file without its extension (the batch's hash).
fn path_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The units kept in `path` (by number) and the file's valid part (the header and the
/// lines that are reused); an absent file, or one of another batch, keeps nothing. A
/// last line cut short (a kill while writing it) is dropped and its pair played again;
/// any other line that is not a unit of this batch, checked as the batch checks what
/// a unit gives ([`Work::check`]), is an error naming the line.
fn load(
    path: &Path,
    header: &str,
    work: &dyn Work,
) -> std::io::Result<(Vec<Option<AnyOutput>>, Vec<u8>)> {
    let mut stored: Vec<Option<AnyOutput>> = (0..work.count()).map(|_| None).collect();
    let mut kept = header.as_bytes().to_vec();
    let file = match crate::fsutil::open_input(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((stored, kept)),
        Err(e) => return Err(e),
    };
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    if read_line(&mut reader, &mut line)? != Some(header.len()) || line != header.as_bytes() {
        return Ok((stored, kept));
    }
    let mut seen = HashSet::new();
    for n in 2.. {
        if read_line(&mut reader, &mut line)?.is_none() {
            break;
        }
        let refuse = |m: String| {
            let m = format!("line {n}: {m}; delete the file to play its pairs again");
            std::io::Error::new(std::io::ErrorKind::InvalidData, m)
        };
        let (i, out) = parse_unit(&line, header, work).map_err(refuse)?;
        if !seen.insert(i) {
            return Err(refuse(format!("unit {i} a second time")));
        }
        stored[i] = Some(out);
        kept.extend_from_slice(&line);
    }
    Ok((stored, kept))
}

/// Reads one whole line (with its newline) of at most [`UNIT_LINE_BYTES`] into `line`;
/// None at the end or at a line cut short (no newline: the writer was killed); a line
/// longer than the bound is an error.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<usize>> {
    line.clear();
    let n = reader
        .by_ref()
        .take(UNIT_LINE_BYTES.max + 1)
        .read_until(b'\n', line)?;
    if n as u64 > UNIT_LINE_BYTES.max {
        let m = format!("a line longer than {} bytes", UNIT_LINE_BYTES.max);
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, m));
    }
    Ok((n > 0 && line.ends_with(b"\n")).then_some(n))
}

/// A unit line `<number> <checksum> <result as JSON>\n`: its number (in range), a
/// checksum that matches (the line is as it was written), and a result that unit gives.
fn parse_unit(line: &[u8], header: &str, work: &dyn Work) -> Result<(usize, AnyOutput), String> {
    let shape = || "not `<unit> <checksum> <result>`".to_string();
    let text = std::str::from_utf8(line).map_err(|_| "not UTF-8".to_string())?;
    let text = text.strip_suffix('\n').ok_or_else(shape)?;
    let mut parts = text.splitn(3, ' ');
    let (Some(number), Some(sum), Some(json)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(shape());
    };
    let i: usize = number.parse().map_err(|_| shape())?;
    if i >= work.count() {
        return Err(format!("unit {i}: the batch has {}", work.count()));
    }
    if sum != checksum(header, i, json) {
        return Err(format!(
            "unit {i}: the checksum does not match (the line was edited or damaged)"
        ));
    }
    let out = work.decode(json).map_err(|e| format!("unit {i}: {e}"))?;
    work.check(i, &out).map_err(|m| format!("unit {i}: {m}"))?;
    Ok((i, out))
}

/// The checksum of unit `i`'s line in the file with `header`: FNV-1a, as hex.
fn checksum(header: &str, i: usize, json: &str) -> String {
    format!("{:016x}", fnv1a(&format!("{header}{i} {json}")))
}

/// A batch whose finished units are written down as they finish, and taken from the
/// file when it already holds them.
struct JournaledWork<'a> {
    /// The file's first line (each line's checksum covers it).
    header: String,
    inner: &'a dyn Work,
    /// Which units were in the file (not written again).
    known: Vec<bool>,
    /// Their results, taken when the unit comes up.
    stored: Mutex<Vec<Option<AnyOutput>>>,
    file: Mutex<File>,
    path: &'a Path,
}

impl Wrapped for JournaledWork<'_> {
    fn inner(&self) -> &dyn Work {
        self.inner
    }

    fn run(&self, i: usize) -> Result<AnyOutput, SetupError> {
        let kept = self
            .stored
            .lock()
            .expect("no panics while holding the lock")[i]
            .take();
        match kept {
            Some(out) => Ok(out),
            None => self.inner.run(i),
        }
    }

    fn record(&self, i: usize, out: &AnyOutput) -> Result<(), DistError> {
        if self.known[i] {
            return Ok(());
        }
        let json = self.inner.encode(out);
        let line = format!("{i} {} {json}\n", checksum(&self.header, i, &json));
        let mut file = self.file.lock().expect("no panics while holding the lock");
        file.write_all(line.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|source| DistError::Journal {
                path: self.path.display().to_string(),
                source,
            })
    }
}

/// FNV-1a of `text`: names a batch's file (stable across runs and platforms).
fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
