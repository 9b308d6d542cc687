//! A lock file in a run's report folder: two runs writing one folder would interleave
//! their checkpoints and reports. The file holds the process id of the run; a lock left
//! by a killed run (its process is gone, or is a zombie no one has reaped) is taken
//! over, and the caller says so.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The lock file's name inside a report folder.
pub const FILE: &str = "run.lock";

/// A held lock; dropping it removes the file.
#[derive(Debug)]
pub struct RunLock {
    path: PathBuf,
}

/// A folder that cannot be locked.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another live process runs in this folder.
    #[error(
        "{path}: another weightforge (process {pid}) is running in this folder; wait for it \
         to end or stop it (delete this file only if no such process exists)"
    )]
    Held {
        /// The lock file.
        path: String,
        /// The process holding it.
        pid: u32,
    },
    /// The lock file cannot be created or read.
    #[error("{path}: cannot take the run's lock file: {source}")]
    Io {
        /// The lock file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
}

impl RunLock {
    /// Takes the lock of report folder `dir` (creating the folder). Returns the lock and,
    /// when a stale lock of a dead process was taken over, that process's id.
    pub fn acquire(dir: &Path) -> Result<(RunLock, Option<u32>), LockError> {
        let path = dir.join(FILE);
        let io = |source| LockError::Io {
            path: path.display().to_string(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(|e| io(crate::fsutil::explain(e, dir)))?;
        let mut stale = None;
        for _ in 0..2 {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut f) => {
                    write!(f, "{}", std::process::id()).map_err(io)?;
                    f.sync_all().map_err(io)?;
                    return Ok((RunLock { path }, stale));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    let pid = text.trim().parse::<u32>().unwrap_or(0);
                    if pid != 0 && crate::fsutil::process_alive(pid) {
                        return Err(LockError::Held {
                            path: path.display().to_string(),
                            pid,
                        });
                    }
                    std::fs::remove_file(&path).map_err(io)?;
                    stale = Some(pid);
                }
                Err(e) => return Err(io(e)),
            }
        }
        Err(io(std::io::Error::other("the lock file keeps reappearing")))
    }
}

impl Drop for RunLock {
    fn drop(&mut self) {
        // Best effort: a lock left behind is taken over by the next run.
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_stale_and_released() {
        let dir = tempfile::tempdir().unwrap();
        let (lock, stale) = RunLock::acquire(dir.path()).unwrap();
        assert_eq!(stale, None);
        let err = RunLock::acquire(dir.path()).unwrap_err();
        assert!(
            err.to_string().contains("is running in this folder"),
            "{err}"
        );
        drop(lock);
        assert!(!dir.path().join(FILE).exists());
        // A pid no process has (above Linux's pid_max).
        std::fs::write(dir.path().join(FILE), "4194305").unwrap();
        let (_lock, stale) = RunLock::acquire(dir.path()).unwrap();
        assert_eq!(stale, Some(4_194_305));
    }

    #[test]
    fn a_zombie_does_not_hold_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        // A child that has exited and is not reaped yet: a zombie.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        let stat = format!("/proc/{pid}/stat");
        for _ in 0..200 {
            let text = std::fs::read_to_string(&stat).unwrap_or_default();
            if text.contains(") Z") {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        std::fs::write(dir.path().join(FILE), pid.to_string()).unwrap();
        let (_lock, stale) = RunLock::acquire(dir.path()).unwrap();
        assert_eq!(stale, Some(pid));
        child.wait().unwrap();
    }
}
