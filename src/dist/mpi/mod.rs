//! Several processes under `mpirun` (feature `mpi`): rank 0 runs the command (the
//! algorithm, checkpoints, progress and reports) and coordinates; every other rank is a
//! worker that plays the units rank 0 hands it. Rank 0 also plays units on its own
//! threads, so `mpirun -n K` uses K processes' threads.
//!
//! Protocol (JSON messages, [`message`]): rank 0 sends each worker the command's
//! context once (`Setup`, for evolve: the experiment), then for every batch the batch
//! itself with its kind (`Batch`: a worker of `evolve` plays its games and its datagen
//! stage's). A worker asks for as many units as it has threads (plus
//! [`MPI_PREFETCH_UNITS`](crate::tunables::MPI_PREFETCH_UNITS)), and with each finished
//! unit's result asks for one more; rank 0 answers every request with the next units in
//! longest-first order, or none when all are handed out. Results are merged by unit
//! number, so the outcome is the same to the bit for any number of processes and
//! threads. At the end rank 0 sends `Quit`.
//!
//! Failures: every wait polls with a time limit. A worker sends a heartbeat every
//! [`MPI_HEARTBEAT_MS`](crate::tunables::MPI_HEARTBEAT_MS); rank 0 stops with an error
//! naming the rank when one has been silent for
//! [`MPI_SILENCE_SECS`](crate::tunables::MPI_SILENCE_SECS) during a batch. In practice
//! OpenMPI's `mpirun` acts first: when a rank exits without finishing MPI (killed,
//! crashed) it prints which rank and kills every other one, so the run ends within a
//! second with that message; the last checkpoint stays and `--resume` continues it
//! with any number of ranks.

mod coordinator;
pub mod message;
mod worker;

use std::time::{Duration, Instant};

use mpi::environment::Universe;
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Threading;

pub use coordinator::Coordinator;
pub use worker::{serve, serve_either, wait_setup};

use super::DistError;
use crate::tunables::MPI_POLL_MICROS;

/// This process's place in the `mpirun` job.
pub struct Cluster {
    /// Ends MPI when dropped.
    _universe: Universe,
    /// This process's rank (0 coordinates).
    pub rank: usize,
    /// Processes in the job.
    pub size: usize,
}

/// Starts MPI. The message threads call MPI one at a time, not from the main thread,
/// so the library must allow that (`MPI_THREAD_SERIALIZED`).
pub fn init() -> Result<Cluster, DistError> {
    let (universe, level) = mpi::initialize_with_threading(Threading::Serialized)
        .ok_or_else(|| DistError::Remote("MPI was already started".into()))?;
    if level < Threading::Serialized {
        return Err(DistError::Remote(format!(
            "this MPI library offers thread level {level:?}; weightforge needs Serialized"
        )));
    }
    let world = universe.world();
    Ok(Cluster {
        rank: world.rank() as usize,
        size: world.size() as usize,
        _universe: universe,
    })
}

/// Ends every process of the job at once (after rank 0 or a worker failed: the others
/// would otherwise wait for messages that never come).
pub fn abort(code: i32) -> ! {
    SimpleCommunicator::world().abort(code)
}

/// Sends `bytes` to `rank`.
fn send(rank: usize, bytes: &[u8]) {
    SimpleCommunicator::world()
        .process_at_rank(rank as i32)
        .send(bytes);
}

/// A message waiting from any rank, with its sender, if there is one.
fn try_receive() -> Option<(usize, Vec<u8>)> {
    let world = SimpleCommunicator::world();
    let probed = world.any_process().immediate_matched_probe()?;
    let (bytes, status) = probed.matched_receive_vec::<u8>();
    Some((status.source_rank() as usize, bytes))
}

/// Waits a little before polling again.
fn pause() {
    std::thread::sleep(Duration::from_micros(MPI_POLL_MICROS));
}

/// Whether `since` is more than `limit` seconds ago.
fn older_than(since: Instant, limit: u64) -> bool {
    since.elapsed() > Duration::from_secs(limit)
}
