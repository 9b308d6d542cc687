//! A worker rank: it waits for rank 0's batches and plays the units it is handed on its
//! threads, asking for the next as each finishes. Its message thread also sends the
//! heartbeats that tell rank 0 it is alive, and gives up when rank 0 is silent too long.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::message::{decode, encode, ToCoordinator, ToWorker};
use super::transport::{older_than, pause, send, try_receive};
use crate::dist::{from_bytes, Batch, DistError, Prepared, Work};
use crate::tunables::{MPI_HEARTBEAT_MS, MPI_PREFETCH_UNITS, MPI_WAIT_SECS};

/// A finished unit: its number and its result as JSON, or why it failed.
type Finished = (usize, Result<String, String>);

/// Waits for the command's context from rank 0 (None: rank 0 ended first).
pub fn wait_setup() -> Result<Option<String>, DistError> {
    match wait_message()? {
        ToWorker::Setup(text) => Ok(Some(text)),
        ToWorker::Quit => Ok(None),
        other => Err(unexpected(&other, "the command's setup")),
    }
}

/// Plays the batches of kind `B` rank 0 sends until it says the command is over. A
/// failure is reported to rank 0 before it is returned.
pub fn serve<B: Batch>(ctx: &B::Context) -> Result<(), DistError> {
    let again = serve_kinds(&|kind, id, wire| {
        run_if::<B>(ctx, kind, id, wire).unwrap_or_else(|| Err(unknown_kind(kind)))
    })?;
    match again {
        None => Ok(()),
        Some(_) => Err(DistError::Remote(
            "rank 0 sent a second setup, which this command's workers do not take".into(),
        )),
    }
}

/// [`serve`] for a command whose batches are of two kinds (`evolve`: its games and its
/// datagen stage), each with its context. Returns the new context when rank 0 sends one
/// between batches (`evolve`: its fitted tables), for the caller to serve again with
/// it; `None` when the command is over.
pub fn serve_either<A: Batch, B: Batch>(
    a: &A::Context,
    b: &B::Context,
) -> Result<Option<String>, DistError> {
    serve_kinds(&|kind, id, wire| {
        run_if::<A>(a, kind, id, wire)
            .or_else(|| run_if::<B>(b, kind, id, wire))
            .unwrap_or_else(|| Err(unknown_kind(kind)))
    })
}

/// Batch `id` played as a `B` when `kind` is `B`'s (None: another kind).
fn run_if<B: Batch>(
    ctx: &B::Context,
    kind: &str,
    id: u64,
    wire: &str,
) -> Option<Result<Option<ToWorker>, DistError>> {
    (kind == B::KIND).then(|| run_batch::<B>(ctx, id, wire))
}

fn unknown_kind(kind: &str) -> DistError {
    DistError::Remote(format!(
        "rank 0 sent a batch of kind {kind:?}, which this command's workers do not play"
    ))
}

/// What a worker does with a batch (kind, id, batch): plays it, returning rank 0's
/// next message when it came early.
type PlayBatch<'a> = dyn Fn(&str, u64, &str) -> Result<Option<ToWorker>, DistError> + 'a;

/// The worker's loop: batches played with `play` until rank 0 quits (`None`) or sends a
/// new context (returned).
fn serve_kinds(play: &PlayBatch) -> Result<Option<String>, DistError> {
    let mut next = wait_message()?;
    loop {
        next = match next {
            ToWorker::Quit => return Ok(None),
            ToWorker::Setup(context) => return Ok(Some(context)),
            ToWorker::Batch { id, kind, wire } => match play(&kind, id, &wire) {
                Ok(Some(m)) => m,
                Ok(None) => wait_message()?,
                Err(e) => {
                    let failed = ToCoordinator::Failed {
                        error: e.to_string(),
                    };
                    send(0, &encode(&failed));
                    return Err(e);
                }
            },
            // The answer to a request of a batch that ended before it arrived.
            ToWorker::Units { .. } => wait_message()?,
        };
    }
}

/// Waits for rank 0's next message, sending heartbeats.
fn wait_message() -> Result<ToWorker, DistError> {
    let since = Instant::now();
    let mut beat = Instant::now();
    loop {
        if let Some((rank, bytes)) = try_receive() {
            return decode(&bytes, rank);
        }
        if older_than(since, MPI_WAIT_SECS) {
            return Err(DistError::Remote(format!(
                "rank 0 has sent nothing for {MPI_WAIT_SECS} s"
            )));
        }
        heartbeat(&mut beat);
        pause();
    }
}

/// Sends a heartbeat when one is due.
fn heartbeat(last: &mut Instant) {
    if last.elapsed() >= Duration::from_millis(MPI_HEARTBEAT_MS) {
        send(0, &encode(&ToCoordinator::Beat));
        *last = Instant::now();
    }
}

fn unexpected(m: &ToWorker, wanted: &str) -> DistError {
    DistError::Remote(format!(
        "rank 0 sent {m:?} where this worker waited for {wanted}"
    ))
}

/// Plays the units of batch `id` handed to this worker. Returns rank 0's next message
/// when it came before this worker's last request was answered.
fn run_batch<B: Batch>(
    ctx: &B::Context,
    id: u64,
    wire: &str,
) -> Result<Option<ToWorker>, DistError> {
    let batch: B = from_bytes(wire.as_bytes(), "a batch")?;
    let work = Prepared::new(&batch, ctx)?;
    let (work_tx, work_rx) = mpsc::channel::<usize>();
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<Finished>();
    let threads = rayon::current_num_threads();
    std::thread::scope(|s| {
        let work = &work;
        let messages = s.spawn(move || talk(id, work, threads, work_tx, &done_rx));
        rayon::broadcast(|_| play(work, &work_rx, &done_tx));
        messages.join().expect("the message thread does not panic")
    })
}

/// A thread's loop: plays the units the message thread passes on until it stops.
fn play(work: &dyn Work, units: &Mutex<Receiver<usize>>, done: &Sender<Finished>) {
    loop {
        let next = units
            .lock()
            .expect("no panics while holding the lock")
            .recv();
        let Ok(unit) = next else { return };
        let result = work
            .run(unit)
            .map(|out| work.encode(&out))
            .map_err(|e| e.to_string());
        if done.send((unit, result)).is_err() {
            return;
        }
    }
}

/// Where the message thread of a batch stands.
struct Talk<'a> {
    id: u64,
    work: &'a dyn Work,
    /// A request is unanswered.
    pending: bool,
    /// Rank 0 has no more units.
    no_more: bool,
    /// Units handed to the threads and not finished.
    in_flight: usize,
    /// Results not yet sent.
    finished: Vec<(usize, String)>,
}

impl Talk<'_> {
    /// Asks rank 0 for `want` more units, sending the finished results.
    fn ask(&mut self, want: usize) {
        let done = std::mem::take(&mut self.finished);
        let batch = self.id;
        send(0, &encode(&ToCoordinator::Ask { batch, done, want }));
        self.pending = true;
    }

    /// Takes a message from rank 0: units to pass to the threads, or the next command
    /// once nothing is in flight (`Some`).
    fn hear(
        &mut self,
        msg: ToWorker,
        units: &Sender<usize>,
    ) -> Result<Option<ToWorker>, DistError> {
        match msg {
            ToWorker::Units { batch, units: got } if batch == self.id => {
                self.pending = false;
                self.no_more |= got.is_empty();
                for unit in got {
                    if unit >= self.work.count() {
                        return Err(DistError::Remote(format!(
                            "rank 0 handed out unit {unit} of a batch of {}",
                            self.work.count()
                        )));
                    }
                    self.in_flight += 1;
                    // The threads stop only after this thread returns.
                    let _ = units.send(unit);
                }
                Ok(None)
            }
            ToWorker::Units { .. } => Ok(None),
            m @ (ToWorker::Batch { .. } | ToWorker::Setup(_) | ToWorker::Quit)
                if self.in_flight == 0 =>
            {
                Ok(Some(m))
            }
            other => Err(unexpected(&other, "units of the batch under way")),
        }
    }
}

/// The message thread of a batch: asks rank 0 for units, passes them to the threads,
/// sends their results back with each new request.
fn talk(
    id: u64,
    work: &dyn Work,
    threads: usize,
    units: Sender<usize>,
    done: &Receiver<Finished>,
) -> Result<Option<ToWorker>, DistError> {
    let mut t = Talk {
        id,
        work,
        pending: false,
        no_more: false,
        in_flight: 0,
        finished: Vec::new(),
    };
    t.ask(threads + MPI_PREFETCH_UNITS);
    let (mut heard, mut beat) = (Instant::now(), Instant::now());
    loop {
        let mut idle = true;
        while let Ok((unit, result)) = done.try_recv() {
            idle = false;
            t.in_flight -= 1;
            t.finished.push((unit, result.map_err(DistError::Remote)?));
        }
        if !t.pending && !t.finished.is_empty() {
            let want = if t.no_more { 0 } else { t.finished.len() };
            t.ask(want);
        }
        if !t.pending && t.no_more && t.in_flight == 0 {
            return Ok(None);
        }
        if let Some((rank, bytes)) = try_receive() {
            (idle, heard) = (false, Instant::now());
            if let Some(next) = t.hear(decode::<ToWorker>(&bytes, rank)?, &units)? {
                return Ok(Some(next));
            }
        }
        if older_than(heard, MPI_WAIT_SECS) {
            return Err(DistError::Remote(format!(
                "rank 0 has sent nothing for {MPI_WAIT_SECS} s"
            )));
        }
        heartbeat(&mut beat);
        if idle {
            pause();
        }
    }
}
