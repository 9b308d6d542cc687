//! The messages between rank 0 and the workers, as JSON (the batch and the results
//! inside are JSON text themselves; floats round-trip exactly).

use serde::{Deserialize, Serialize};

use crate::dist::{from_bytes, to_text, DistError};

/// From rank 0 to a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// The command's context (for evolve: the experiment and where it came from).
    Setup(String),
    /// A batch to work on: its number, its kind and the batch.
    Batch {
        /// The batch's number.
        id: u64,
        /// Its kind ([`Batch::KIND`](crate::dist::Batch::KIND)).
        kind: String,
        /// The batch (JSON).
        wire: String,
    },
    /// Units of batch `batch` to play; none left when empty.
    Units {
        /// The batch they belong to.
        batch: u64,
        /// Their numbers.
        units: Vec<usize>,
    },
    /// The command is over.
    Quit,
}

/// From a worker to rank 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToCoordinator {
    /// Results of finished units, and how many more units the worker wants.
    Ask {
        /// The batch.
        batch: u64,
        /// (unit, result as JSON).
        done: Vec<(usize, String)>,
        /// Units wanted.
        want: usize,
    },
    /// Still alive.
    Beat,
    /// The worker could not go on.
    Failed {
        /// What went wrong.
        error: String,
    },
}

/// A message as bytes.
pub fn encode<T: Serialize>(m: &T) -> Vec<u8> {
    to_text(m).into_bytes()
}

/// A message from `rank`, read.
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8], rank: usize) -> Result<T, DistError> {
    from_bytes(bytes, &format!("a message of rank {rank}"))
}
