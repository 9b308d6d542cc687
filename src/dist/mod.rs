//! Where a batch of games is played: this process's threads ([`Threads`]) or, with the
//! `mpi` feature, several processes under `mpirun` (`mpi`).
//!
//! A phase of a run (a generation's games, a match's pairs) is a [`Batch`]: plain
//! serialisable data that every process can turn into numbered work units with the
//! context it built from the command line (the experiment, the players). Each unit is a
//! pure function of the batch and its number, so an [`Executor`] may run the units in any
//! order, on any thread of any process, and the results, merged by number, are the same
//! to the bit. Both executors hand units out longest first ([`order`]) so that the
//! generation does not wait for one long game started last.

pub mod order;
mod threads;
mod work;

#[cfg(feature = "mpi")]
pub mod mpi;

pub use threads::{Load, Threads};
pub use work::{execute, AnyOutput, Batch, DistError, Executor, Units, Work, Wrapped};
#[cfg(feature = "mpi")]
pub(crate) use work::{from_bytes, to_text, Prepared};
