//! Writing output files so that a reader (or a resumed run) never sees half a file and
//! nothing is written where it does not belong:
//! * a regular file (or a new name) is replaced atomically: a temporary
//!   `.<name>.<pid>.tmp` in the same folder, written, synced, renamed over it;
//! * `-` is standard output;
//! * a device, FIFO or socket is written in place (opened, never created, replaced or
//!   truncated): `--record /dev/null` or a named pipe keeps working;
//! * a symbolic link is followed on purpose: the file it points to is replaced
//!   atomically and the link stays a link; a link to nothing is an error;
//! * a folder is an error.
//!
//! Temporaries left by a killed writer are removed by [`remove_stale_temporaries`].

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` following the rules above. Creates the folder if needed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        return out.flush();
    }
    let path = &follow_link(path)?;
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            format!("{} is a folder, not a file", path.display()),
        )),
        Ok(m) if !m.is_file() => {
            let mut f = std::fs::OpenOptions::new().write(true).open(path)?;
            f.write_all(bytes)?;
            f.flush()
        }
        _ => replace(path, bytes),
    }
}

/// `path`, or the file a symbolic link at `path` points to.
fn follow_link(path: &Path) -> std::io::Result<PathBuf> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        return Ok(path.to_path_buf());
    }
    std::fs::canonicalize(path).map_err(|_| {
        let target = std::fs::read_link(path).unwrap_or_default();
        let m = format!(
            "a symbolic link to a missing file ({}); remove it or point it at a file",
            target.display()
        );
        std::io::Error::new(std::io::ErrorKind::NotFound, m)
    })
}

/// Replaces the regular file `path` (or creates it) through a temporary: write, flush,
/// sync, rename.
fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    replace_with(path, |f| f.write_all(bytes))
}

/// Writes a file too large to build in memory first: `write` fills it piece by piece,
/// and the file is replaced atomically as [`write_atomic`] replaces a regular file (a
/// symbolic link is followed; a folder, device or FIFO is an error).
pub fn write_atomic_streamed(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let path = &follow_link(path)?;
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        )),
        _ => replace_with(path, write),
    }
}

/// [`replace`] with the contents written by `write`.
fn replace_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(|e| explain(e, dir))?;
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "no file name"))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    {
        let f = std::fs::File::create(&tmp).map_err(|e| explain(e, path))?;
        let mut out = std::io::BufWriter::with_capacity(1 << 20, f);
        let written = write(&mut out).and_then(|()| out.flush());
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
        out.get_ref().sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Checks, before any work, that `path` can be written later as [`write_atomic`]
/// writes it: its folder is made (or found) and a temporary is created there and
/// removed; a folder at `path` is an error. `-` and existing non-regular files (devices,
/// FIFOs) are written in place and need only to exist.
pub fn check_writable(path: &Path) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    let path = &follow_link(path)?;
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => {
            let m = format!("{} is a folder, not a file", path.display());
            return Err(std::io::Error::new(std::io::ErrorKind::IsADirectory, m));
        }
        Ok(m) if !m.is_file() => return Ok(()),
        _ => {}
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(|e| explain(e, dir))?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let probe = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::File::create(&probe).map_err(|e| explain(e, path))?;
    std::fs::remove_file(&probe)
}

/// Removes the temporaries (`.<name>.<pid>.tmp`) in `dir` and its sub-folders whose
/// writer is no longer running (a run killed while writing); returns them.
pub fn remove_stale_temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    let subdirs = std::fs::read_dir(dir).into_iter().flatten().flatten();
    dirs.extend(
        subdirs
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .map(|e| e.path()),
    );
    for d in dirs {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let stale = temporary_writer(&name.to_string_lossy())
                .is_some_and(|pid| pid != std::process::id() && !process_alive(pid));
            if stale && std::fs::remove_file(entry.path()).is_ok() {
                removed.push(entry.path());
            }
        }
    }
    removed
}

/// The process id in a temporary's name `.<name>.<pid>.tmp`.
fn temporary_writer(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (base, pid) = rest.rsplit_once('.')?;
    (!base.is_empty()).then_some(())?;
    pid.parse().ok()
}

/// Whether process `pid` runs (Linux: /proc, where a zombie, which has ended but is not
/// yet reaped, counts as not running; elsewhere assumed, to stay safe).
pub fn process_alive(pid: u32) -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    // `pid (comm) S ...`: the state follows the last `)` (comm may hold one).
    let state = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.trim_start().chars().next());
    !matches!(state, Some('Z' | 'X' | 'x'))
}

/// The system's error, said so a person can act on it: a file standing where a folder
/// must go, or a name longer than the file system allows, instead of the bare
/// "File exists" or "File name too long".
pub fn explain(e: std::io::Error, path: &Path) -> std::io::Error {
    use std::io::ErrorKind;
    const NAME_TOO_LONG: i32 = 36; // ENAMETOOLONG on Linux
    let blocked = matches!(
        e.kind(),
        ErrorKind::AlreadyExists | ErrorKind::NotADirectory
    );
    let file_in_the_way = path.ancestors().find(|a| a.is_file());
    if let (true, Some(file)) = (blocked, file_in_the_way) {
        let m = format!(
            "{} is a file, so no folder can be made under it",
            file.display()
        );
        return std::io::Error::new(e.kind(), m);
    }
    if e.raw_os_error() == Some(NAME_TOO_LONG) {
        let m = "a name in this path is longer than the file system allows (255 bytes)";
        return std::io::Error::new(e.kind(), m);
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporaries_are_named_by_their_writer() {
        assert_eq!(temporary_writer(".fitness.png.1234.tmp"), Some(1234));
        assert_eq!(temporary_writer(".x.tmp"), None);
        assert_eq!(temporary_writer("fitness.png.1234.tmp"), None);
        assert_eq!(temporary_writer("..1234.tmp"), None);
        assert!(process_alive(std::process::id()));
    }
}
