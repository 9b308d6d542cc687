//! Writing output files so that a reader (or a resumed run) never sees half a file and
//! nothing is written where it does not belong:
//! * a regular file (or a new name) is replaced atomically: a temporary
//!   `.<name>.<pid>.tmp` in the same folder, written, synced, renamed over it;
//! * `-` is standard output;
//! * a device, FIFO or socket is written in place (opened, never created, replaced or
//!   truncated): `--record /dev/null` or a named pipe keeps working; a FIFO that no
//!   program reads is an error at once, not an open(2) that waits for ever;
//! * a symbolic link is followed on purpose: the file it points to is replaced
//!   atomically and the link stays a link; a link to nothing is an error;
//! * a folder is an error.
//!
//! Temporaries left by a killed writer are removed by [`remove_stale_temporaries`].
//!
//! Files weightforge names itself (a checkpoint, `<out>.partial`, a unit journal) are
//! written by [`write_derived`] and [`append_derived`], which never follow a link or
//! write into a device there; outside files are opened by [`open_input`] (a FIFO is
//! refused, not waited on) and read whole only by [`read_bounded`] (within a size
//! bound of src/limits.rs).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::tunables::FIFO_READER_WAIT_MS;

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
            let mut f = open_special_for_writing(path)?;
            f.write_all(bytes)?;
            f.flush()
        }
        _ => replace(path, bytes),
    }
}

/// Opens a device or FIFO to write to it in place, without blocking in open(2): a FIFO
/// that no program opens for reading within [`FIFO_READER_WAIT_MS`] is an error saying
/// so (ENXIO), not a wait without end. Writes then block as usual (the reader sets the
/// pace).
fn open_special_for_writing(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let until = std::time::Instant::now() + std::time::Duration::from_millis(FIFO_READER_WAIT_MS);
    loop {
        let opened = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path);
        match opened {
            Ok(f) => {
                set_blocking(&f)?;
                return Ok(f);
            }
            Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                if std::time::Instant::now() >= until {
                    let m = format!(
                        "{} is a named pipe that no program reads: start its reader first",
                        path.display()
                    );
                    return Err(std::io::Error::new(std::io::ErrorKind::BrokenPipe, m));
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(e) => return Err(e),
        }
    }
}

/// Clears O_NONBLOCK on `f` (set only so that open(2) could not block).
fn set_blocking(f: &std::fs::File) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    let fd = f.as_raw_fd();
    // SAFETY: fcntl on a descriptor this File owns, with flags it read just before.
    let ok = unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) == 0
    };
    if ok {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
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
        // A new file (O_EXCL): a link planted at the temporary's name is not followed.
        let _ = std::fs::remove_file(&tmp);
        let f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(|e| explain(e, path))?;
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

/// Writes `bytes` to `path`, a file weightforge names itself (a checkpoint, a partial
/// file, a unit journal), atomically as [`write_atomic`] does, but never through what
/// stands there: a symbolic link, a device, a FIFO or a folder at `path` is an error
/// (weightforge made none of them), so a planted link cannot redirect the write.
pub fn write_derived(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    refuse_special(path)?;
    replace(path, bytes)
}

/// Opens `path`, a file weightforge names itself and wrote before, to append to it:
/// without following a link (O_NOFOLLOW) or blocking on a FIFO, and only if it is a
/// regular file.
pub fn append_derived(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let f = std::fs::OpenOptions::new()
        .append(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| not_followed(e, path))?;
    regular_only(&f, path)?;
    Ok(f)
}

/// Opens a file of outside input (an experiment, a checkpoint, a constants or
/// positions file, a journal) for reading: a FIFO or socket is refused at once with a
/// message instead of blocking in open(2) until some writer comes.
pub fn open_input(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let t = f.metadata()?.file_type();
    if t.is_fifo() || t.is_socket() {
        let m = format!(
            "{} is a named pipe or socket, not a file: give a regular file",
            path.display()
        );
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, m));
    }
    set_blocking(&f)?;
    Ok(f)
}

/// The whole of the outside file `path` as text, if it holds at most `cap.max` bytes
/// (checked before anything is read when the size is known, and while reading for a
/// device such as /dev/zero): a file past the bound is an error naming it, never an
/// allocation as large as the file.
pub fn read_bounded(path: &Path, cap: &crate::limits::Cap) -> std::io::Result<String> {
    use std::io::Read;
    let f = open_input(path)?;
    let too_big = || {
        let m = format!(
            "{} is larger than {} bytes, the bound `{}` (docs/limits.md)",
            path.display(),
            cap.max,
            cap.name
        );
        std::io::Error::new(std::io::ErrorKind::InvalidData, m)
    };
    if f.metadata()?.len() > cap.max {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    f.take(cap.max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap.max {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|_| {
        let m = format!("{} is not UTF-8 text", path.display());
        std::io::Error::new(std::io::ErrorKind::InvalidData, m)
    })
}

/// An error unless what stands at `path` (if anything) is a regular file.
fn refuse_special(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => {
            let what = if m.file_type().is_symlink() {
                "a symbolic link"
            } else if m.is_dir() {
                "a folder"
            } else {
                "a device, FIFO or socket"
            };
            let m = format!(
                "{} is {what}; weightforge makes this file itself and writes it only as a                  regular file (remove it)",
                path.display()
            );
            Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, m))
        }
        _ => Ok(()),
    }
}

/// An error unless the open file `f` is a regular file.
fn regular_only(f: &std::fs::File, path: &Path) -> std::io::Result<()> {
    if f.metadata()?.is_file() {
        return Ok(());
    }
    refuse_special(path)?;
    let m = format!("{} is not a regular file", path.display());
    Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, m))
}

/// ELOOP from O_NOFOLLOW, said in words.
fn not_followed(e: std::io::Error, path: &Path) -> std::io::Error {
    if e.raw_os_error() == Some(libc::ELOOP) {
        let m = format!(
            "{} is a symbolic link; weightforge makes this file itself and does not follow              links there (remove it)",
            path.display()
        );
        return std::io::Error::new(std::io::ErrorKind::InvalidInput, m);
    }
    e
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
