//! Atomic file writes: a reader (or a resumed run) never sees half a file.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same folder: write, flush,
/// sync, rename. Creates the folder if needed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
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
        let mut f = std::fs::File::create(&tmp).map_err(|e| explain(e, path))?;
        f.write_all(bytes)?;
        f.flush()?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
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
