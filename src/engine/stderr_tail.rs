//! The last bytes of an engine's standard error, kept so that an engine that fails its
//! handshake (a Python traceback, a missing library) is reported with what it said. A
//! thread drains the pipe for the process's whole life (an engine that writes much to
//! its standard error never blocks on a full pipe) and keeps at most
//! [`ENGINE_STDERR_TAIL`] bytes.

use std::collections::VecDeque;
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::escape::escape_control;
use crate::limits::ENGINE_STDERR_TAIL;

/// The tail of one engine's standard error.
pub struct StderrTail {
    bytes: Arc<Mutex<VecDeque<u8>>>,
    ended: Arc<AtomicBool>,
}

impl StderrTail {
    /// Starts draining `stderr`.
    pub fn spawn(mut stderr: impl Read + Send + 'static) -> Self {
        let bytes = Arc::new(Mutex::new(VecDeque::new()));
        let ended = Arc::new(AtomicBool::new(false));
        let (b, e) = (Arc::clone(&bytes), Arc::clone(&ended));
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = stderr.read(&mut buf) {
                let mut tail = b.lock().unwrap_or_else(|p| p.into_inner());
                tail.extend(&buf[..n]);
                let excess = tail.len().saturating_sub(ENGINE_STDERR_TAIL.max as usize);
                tail.drain(..excess);
            }
            e.store(true, Ordering::Release);
        });
        StderrTail { bytes, ended }
    }

    /// The tail as text (control characters escaped line by line), once the pipe has
    /// ended or after `wait` at most: an engine that exited may still have bytes in the
    /// pipe.
    pub fn text(&self, wait: Duration) -> String {
        let until = Instant::now() + wait;
        while !self.ended.load(Ordering::Acquire) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        let tail = self.bytes.lock().unwrap_or_else(|p| p.into_inner());
        let (a, b) = tail.as_slices();
        let raw = String::from_utf8_lossy(&[a, b].concat()).into_owned();
        raw.trim_end()
            .lines()
            .map(|l| escape_control(l).into_owned())
            .collect::<Vec<_>>()
            .join("\n")
    }
}
