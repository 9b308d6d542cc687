//! Engine processes reused across games: each worker thread keeps the idle processes it
//! started, so a thread never holds more than one per seat and no process moves between
//! threads (a process is asked to die with the thread that started it). A process that
//! faulted is dropped (killed and reaped), so the next game starts a fresh one.

use std::cell::RefCell;
use std::path::PathBuf;

use super::error::EngineError;
use super::process::EngineProcess;
use super::spec::EngineSpec;

type Key = (String, Option<PathBuf>);

thread_local! {
    static IDLE: RefCell<Vec<(Key, EngineProcess)>> = const { RefCell::new(Vec::new()) };
}

fn key(spec: &EngineSpec) -> Key {
    (spec.command.clone(), spec.dir.clone())
}

/// An idle process of `spec`'s engine from this thread's pool, or a new one.
pub fn take(spec: &EngineSpec) -> Result<EngineProcess, EngineError> {
    let k = key(spec);
    let found = IDLE.with(|idle| {
        let mut idle = idle.borrow_mut();
        let i = idle.iter().position(|(key, _)| *key == k)?;
        Some(idle.swap_remove(i).1)
    });
    match found {
        Some(p) => Ok(p),
        None => EngineProcess::start(spec),
    }
}

/// Returns a healthy process to this thread's pool.
pub fn give_back(spec: &EngineSpec, process: EngineProcess) {
    IDLE.with(|idle| idle.borrow_mut().push((key(spec), process)));
}

/// Stops this thread's idle engines (sends `quit`, kills, reaps).
pub fn clear() {
    IDLE.with(|idle| idle.borrow_mut().clear());
}
