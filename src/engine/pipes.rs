//! An engine's standard output and input, bounded and timed. A reader thread turns the
//! output into lines of at most [`ENGINE_LINE_BYTES`] through a queue of at most
//! [`ENGINE_QUEUE_LINES`] (when it is full the reader stops reading, and the engine's
//! writes wait on the pipe), so a flood or an endless line costs bounded memory. A
//! writer thread does the writes, so a write to an engine that does not read its input
//! fails after a time limit instead of blocking the referee for ever. Both threads end
//! when the process is killed (end of file, broken pipe).

use std::io::{BufRead, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use crate::escape::escape_control;
use crate::limits::{ENGINE_LINE_BYTES, ENGINE_QUEUE_LINES};

/// What the reader saw; every kind but `Line` ends the reading.
#[derive(Debug)]
pub enum Event {
    /// One line, without its newline.
    Line(String),
    /// A line longer than [`ENGINE_LINE_BYTES`] (no more of it is read).
    TooLong,
    /// A line that is not UTF-8 (its start, escaped, for the log).
    BadUtf8(String),
    /// End of the output, or a read error (its text).
    Closed(Option<String>),
}

/// What a timed receive gives when no event is there.
#[derive(Debug, PartialEq, Eq)]
pub enum Waited {
    /// The deadline passed (whatever arrived before it).
    Timeout,
    /// The reader ended after its last event was received.
    Gone,
}

/// The engine's output as events.
pub struct LineReader {
    events: Receiver<Event>,
}

impl LineReader {
    /// Starts the reader thread on `output`.
    pub fn spawn(output: impl Read + Send + 'static) -> Self {
        let (tx, events) = mpsc::sync_channel(ENGINE_QUEUE_LINES.max as usize);
        std::thread::spawn(move || read_events(BufReader::new(output), &tx));
        LineReader { events }
    }

    /// The next event, or `Timeout` once `deadline` has passed: time decides, not the
    /// number of lines, so a queue that is never empty does not extend the deadline.
    pub fn recv(&self, deadline: Instant) -> Result<Event, Waited> {
        let now = Instant::now();
        if now >= deadline {
            return Err(Waited::Timeout);
        }
        match self.events.recv_timeout(deadline - now) {
            Ok(event) => Ok(event),
            Err(RecvTimeoutError::Timeout) => Err(Waited::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Waited::Gone),
        }
    }
}

fn read_events(mut output: impl BufRead, tx: &SyncSender<Event>) {
    let cap = ENGINE_LINE_BYTES.max as usize;
    let mut buf = Vec::new();
    loop {
        let event = match read_line(&mut output, &mut buf, cap) {
            Ok(Got::Line) => match String::from_utf8(std::mem::take(&mut buf)) {
                Ok(line) => Event::Line(line),
                Err(e) => Event::BadUtf8(start_of(e.as_bytes())),
            },
            Ok(Got::TooLong) => Event::TooLong,
            Ok(Got::End) => Event::Closed(None),
            Err(e) => Event::Closed(Some(e.to_string())),
        };
        let last = !matches!(event, Event::Line(_));
        if tx.send(event).is_err() || last {
            return;
        }
    }
}

/// What one bounded line read found.
enum Got {
    /// A line (a last line without a newline counts).
    Line,
    /// A line longer than the cap; reading stopped there.
    TooLong,
    /// The end of the output.
    End,
}

/// Reads one line into `buf`, without its `\n`, reading no more than `cap` bytes of it.
fn read_line(r: &mut impl BufRead, buf: &mut Vec<u8>, cap: usize) -> std::io::Result<Got> {
    buf.clear();
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(if buf.is_empty() { Got::End } else { Got::Line });
        }
        let newline = chunk.iter().position(|&b| b == b'\n');
        let take = newline.unwrap_or(chunk.len());
        if buf.len() + take > cap {
            return Ok(Got::TooLong);
        }
        buf.extend_from_slice(&chunk[..take]);
        r.consume(take + usize::from(newline.is_some()));
        if newline.is_some() {
            return Ok(Got::Line);
        }
    }
}

/// The start of a line that is not UTF-8, readable in a log.
fn start_of(bytes: &[u8]) -> String {
    let head = &bytes[..bytes.len().min(80)];
    escape_control(&String::from_utf8_lossy(head)).into_owned()
}

/// Why a write failed.
#[derive(Debug)]
pub enum WriteFailure {
    /// The engine did not take the bytes within the time limit.
    Stuck(Duration),
    /// The pipe is closed, or the write failed (its text).
    Closed(String),
}

/// The engine's input, written by a thread.
pub struct Writer {
    bytes: SyncSender<Vec<u8>>,
    done: Receiver<std::io::Result<()>>,
    /// A write has not finished (after a `Stuck`): later writes fail at once.
    stuck: bool,
}

impl Writer {
    /// Starts the writer thread on `input`.
    pub fn spawn(mut input: impl Write + Send + 'static) -> Self {
        let (bytes, rx) = mpsc::sync_channel::<Vec<u8>>(1);
        let (tx, done) = mpsc::sync_channel(1);
        std::thread::spawn(move || {
            for b in rx {
                let result = input.write_all(&b).and_then(|_| input.flush());
                if tx.send(result).is_err() {
                    return;
                }
            }
        });
        Writer {
            bytes,
            done,
            stuck: false,
        }
    }

    /// Writes `bytes`, waiting `limit` at most for the engine to take them.
    pub fn write(&mut self, bytes: Vec<u8>, limit: Duration) -> Result<(), WriteFailure> {
        if self.stuck {
            return Err(WriteFailure::Stuck(limit));
        }
        if self.bytes.send(bytes).is_err() {
            return Err(WriteFailure::Closed("the writer ended".into()));
        }
        match self.done.recv_timeout(limit) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(WriteFailure::Closed(e.to_string())),
            Err(RecvTimeoutError::Timeout) => {
                self.stuck = true;
                Err(WriteFailure::Stuck(limit))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(WriteFailure::Closed("the writer ended".into()))
            }
        }
    }

    /// Hands `bytes` to the writer without waiting, as a last word (`quit`) before the
    /// process is stopped: dropped when a write is still under way.
    pub fn write_last(&self, bytes: Vec<u8>) {
        if !self.stuck {
            let _ = self.bytes.try_send(bytes);
        }
    }
}
