//! Where engines' `info` lines go: a file named by `WEIGHTFORGE_ENGINE_LOG`, standard
//! error when it is `-`, nowhere otherwise. Logging never fails a run.

use std::io::Write;
use std::sync::{Mutex, OnceLock};

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

/// Logs an `info` line (or a fault) of engine `name`.
pub fn info(name: &str, text: &str) {
    match sink() {
        Sink::None => {}
        Sink::Stderr => eprintln!("[{name}] {text}"),
        Sink::File(f) => {
            if let Ok(mut f) = f.lock() {
                let _ = writeln!(f, "[{name}] {text}");
            }
        }
    }
}
