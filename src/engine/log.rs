//! Where engines' `info` lines go: a file named by `WEIGHTFORGE_ENGINE_LOG`, standard
//! error when it is `-`, nowhere otherwise. Logging never fails a run. What an engine
//! says is outside text: its control characters are escaped (no forged lines, no
//! terminal escapes), and a run logs at most [`ENGINE_LOG_BYTES`].

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::escape::escape_control;
use crate::limits::ENGINE_LOG_BYTES;

/// The environment variable naming the log.
pub const LOG_VAR: &str = "WEIGHTFORGE_ENGINE_LOG";

enum Sink {
    None,
    Stderr,
    File(Mutex<std::fs::File>),
}

fn sink() -> &'static Sink {
    static SINK: OnceLock<Sink> = OnceLock::new();
    SINK.get_or_init(|| match std::env::var_os(LOG_VAR) {
        None => Sink::None,
        Some(v) if v == "-" => Sink::Stderr,
        Some(path) => std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_or(Sink::None, |f| Sink::File(Mutex::new(f))),
    })
}

/// Whether engines' standard error is shown (the log is standard error).
pub fn to_stderr() -> bool {
    matches!(sink(), Sink::Stderr)
}

/// Bytes logged so far by this run.
static LOGGED: AtomicU64 = AtomicU64::new(0);

/// Logs an `info` line (or a fault) of engine `name`.
pub fn info(name: &str, text: &str) {
    if matches!(sink(), Sink::None) {
        return;
    }
    let line = format!("[{}] {}\n", escape_control(name), escape_control(text));
    let before = LOGGED.fetch_add(line.len() as u64, Ordering::Relaxed);
    let line = if before + line.len() as u64 <= ENGINE_LOG_BYTES.max {
        line
    } else if before <= ENGINE_LOG_BYTES.max {
        format!(
            "[weightforge] the engine log reached {} bytes; later lines are dropped\n",
            ENGINE_LOG_BYTES.max
        )
    } else {
        return;
    };
    match sink() {
        Sink::None => {}
        Sink::Stderr => eprint!("{line}"),
        Sink::File(f) => {
            if let Ok(mut f) = f.lock() {
                let _ = f.write_all(line.as_bytes());
            }
        }
    }
}
