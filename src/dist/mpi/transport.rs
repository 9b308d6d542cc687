//! The MPI calls the coordinator and the workers share: starting and ending the job,
//! sending, polling for a message, waiting.

use std::time::{Duration, Instant};

use mpi::environment::Universe;
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Threading;

use crate::dist::DistError;
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
pub(super) fn send(rank: usize, bytes: &[u8]) {
    SimpleCommunicator::world()
        .process_at_rank(rank as i32)
        .send(bytes);
}

/// A message waiting from any rank, with its sender, if there is one.
pub(super) fn try_receive() -> Option<(usize, Vec<u8>)> {
    let world = SimpleCommunicator::world();
    let probed = world.any_process().immediate_matched_probe()?;
    let (bytes, status) = probed.matched_receive_vec::<u8>();
    Some((status.source_rank() as usize, bytes))
}

/// Waits a little before polling again.
pub(super) fn pause() {
    std::thread::sleep(Duration::from_micros(MPI_POLL_MICROS));
}

/// Whether `since` is more than `limit` seconds ago.
pub(super) fn older_than(since: Instant, limit: u64) -> bool {
    since.elapsed() > Duration::from_secs(limit)
}
