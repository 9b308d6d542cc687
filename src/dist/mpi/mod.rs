//! Several processes under `mpirun` (feature `mpi`): rank 0 runs the command (the
//! algorithm, checkpoints, progress and reports) and coordinates; every other rank is a
//! worker that plays the units rank 0 hands it. Rank 0 also plays units on its own
//! threads, so `mpirun -n K` uses K processes' threads.
//!
//! Protocol (JSON messages, [`message`]): rank 0 sends each worker the command's
//! context (`Setup`, for evolve: the experiment; a run with `tables:` sends its fitted
//! table genome as a second `Setup` once its tables stage is done), then for every batch the batch
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
mod transport;
mod worker;

pub use coordinator::Coordinator;
pub use transport::{abort, init, Cluster};
pub use worker::{serve, serve_either, wait_setup};
