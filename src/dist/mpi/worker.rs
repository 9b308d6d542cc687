//! A worker rank: it waits for rank 0's batches and plays the units it is handed on its
//! threads, asking for the next as each finishes. Its message thread also sends the
//! heartbeats that tell rank 0 it is alive, and gives up when rank 0 is silent too long.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::message::{decode, encode, ToCoordinator, ToWorker};
use super::{older_than, pause, send, try_receive};
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
    serve_kinds(&|kind, id, wire| {
        run_if::<B>(ctx, kind, id, wire).unwrap_or_else(|| Err(unknown_kind(kind)))
    })
}

/// [`serve`] for a command whose batches are of two kinds (`evolve`: its games and its
/// datagen stage), each with its context.
pub fn serve_either<A: Batch, B: Batch>(a: &A::Context, b: &B::Context) -> Result<(), DistError> {
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

/// The worker's loop: batches played with `play` until rank 0 quits.
fn serve_kinds(play: &PlayBatch) -> Result<(), DistError> {
    let mut next = wait_message()?;
    loop {
        next = match next {
            ToWorker::Quit => return Ok(()),
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
            ToWorker::Setup(_) => return Err(unexpected(&next, "a batch")),
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

/// The message thread of a batch: asks rank 0 for units, passes them to the threads,
/// sends their results back with each new request.
fn talk(
    id: u64,
    work: &dyn Work,
    threads: usize,
    units: Sender<usize>,
    done: &Receiver<Finished>,
) -> Result<Option<ToWorker>, DistError> {
    let ask = |done: Vec<(usize, String)>, want| {
        send(
            0,
            &encode(&ToCoordinator::Ask {
                batch: id,
                done,
                want,
            }),
        );
    };
    ask(Vec::new(), threads + MPI_PREFETCH_UNITS);
    let (mut pending, mut no_more, mut in_flight) = (true, false, 0usize);
    let mut finished = Vec::new();
    let (mut heard, mut beat) = (Instant::now(), Instant::now());
    loop {
        let mut idle = true;
        while let Ok((unit, result)) = done.try_recv() {
            idle = false;
            in_flight -= 1;
            finished.push((unit, result.map_err(DistError::Remote)?));
        }
        if !pending && !finished.is_empty() {
            let want = if no_more { 0 } else { finished.len() };
            ask(std::mem::take(&mut finished), want);
            pending = true;
        }
        if !pending && no_more && in_flight == 0 {
            return Ok(None);
        }
        if let Some((rank, bytes)) = try_receive() {
            idle = false;
            heard = Instant::now();
            match decode::<ToWorker>(&bytes, rank)? {
                ToWorker::Units { batch, units: got } if batch == id => {
                    pending = false;
                    no_more |= got.is_empty();
                    for unit in got {
                        if unit >= work.count() {
                            return Err(DistError::Remote(format!(
                                "rank 0 handed out unit {unit} of a batch of {}",
                                work.count()
                            )));
                        }
                        in_flight += 1;
                        // The threads stop only after this thread returns.
                        let _ = units.send(unit);
                    }
                }
                ToWorker::Units { .. } => {}
                m @ (ToWorker::Batch { .. } | ToWorker::Quit) if in_flight == 0 => {
                    return Ok(Some(m))
                }
                other => return Err(unexpected(&other, "units of the batch under way")),
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
