//! Rank 0's executor: it sends each batch to the workers, plays units on its own threads
//! and answers the workers' requests from the same longest-first cursor, on a message
//! thread of its own, until every unit's result is in.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use super::message::{decode, encode, ToCoordinator, ToWorker};
use super::transport::{older_than, pause, send, try_receive};
use crate::dist::order::{self, Schedule};
use crate::dist::threads::{by_index, drain, Cursor};
use crate::dist::{AnyOutput, DistError, Executor, Work};
use crate::tunables::MPI_SILENCE_SECS;

/// Rank 0 of an `mpirun` job as an executor.
#[derive(Debug)]
pub struct Coordinator {
    size: usize,
    next_batch: AtomicU64,
}

/// One batch as the message thread sees it.
struct Serving<'a> {
    id: u64,
    work: &'a dyn Work,
    cursor: &'a Cursor<'a>,
    done: &'a (dyn Fn(usize) + Sync),
    received: Vec<bool>,
    results: Vec<(usize, AnyOutput)>,
}

impl Coordinator {
    /// The coordinator of `cluster` (rank 0).
    pub fn new(cluster: &super::transport::Cluster) -> Self {
        Coordinator {
            size: cluster.size,
            next_batch: AtomicU64::new(0),
        }
    }

    fn to_workers(&self, bytes: &[u8]) {
        for rank in 1..self.size {
            send(rank, bytes);
        }
    }

    /// Answers the workers until every unit's result is in (counting `local`, the units
    /// this process played), or something failed.
    fn serve(&self, s: &mut Serving, local: &AtomicUsize) -> Result<(), DistError> {
        let batch = ToWorker::Batch {
            id: s.id,
            kind: s.work.kind().to_string(),
            wire: s.work.wire(),
        };
        self.to_workers(&encode(&batch));
        let mut heard = vec![Instant::now(); self.size];
        let n = s.work.count();
        while s.results.len() + local.load(Ordering::SeqCst) < n && !s.cursor.failed() {
            let Some((rank, bytes)) = try_receive() else {
                if let Some(rank) = (1..self.size).find(|&r| older_than(heard[r], MPI_SILENCE_SECS))
                {
                    return Err(DistError::Remote(format!(
                        "rank {rank} has sent nothing for {MPI_SILENCE_SECS} s: it died or hangs; the run stops (the last checkpoint stays)"
                    )));
                }
                pause();
                continue;
            };
            heard[rank] = Instant::now();
            s.handle(rank, &bytes)?;
        }
        Ok(())
    }
}

impl Serving<'_> {
    /// Takes a worker's message: results are kept, requests answered.
    fn handle(&mut self, rank: usize, bytes: &[u8]) -> Result<(), DistError> {
        let (batch, done, want) = match decode::<ToCoordinator>(bytes, rank)? {
            ToCoordinator::Beat => return Ok(()),
            ToCoordinator::Failed { error } => {
                return Err(DistError::Remote(format!("rank {rank} failed: {error}")))
            }
            ToCoordinator::Ask { batch, done, want } => (batch, done, want),
        };
        let current = batch == self.id;
        if !current && !done.is_empty() {
            return Err(DistError::Remote(format!(
                "rank {rank} sent results of batch {batch} during batch {}",
                self.id
            )));
        }
        for (unit, text) in done {
            if self.received.get(unit) != Some(&false) {
                return Err(DistError::Remote(format!(
                    "rank {rank} sent a result for unit {unit}, which is not an open unit of this batch ({} units)",
                    self.received.len()
                )));
            }
            self.received[unit] = true;
            let out = self.work.decode(&text)?;
            self.work.record(unit, &out)?;
            self.results.push((unit, out));
            (self.done)(unit);
        }
        let units = if current {
            (0..want).map_while(|_| self.cursor.take()).collect()
        } else {
            Vec::new()
        };
        send(rank, &encode(&ToWorker::Units { batch, units }));
        Ok(())
    }
}

impl Executor for Coordinator {
    fn execute(
        &self,
        work: &dyn Work,
        done: &(dyn Fn(usize) + Sync),
    ) -> Result<Vec<AnyOutput>, DistError> {
        let order = order::order(work, Schedule::LongestFirst);
        let cursor = Cursor::new(&order);
        let mut serving = Serving {
            id: self.next_batch.fetch_add(1, Ordering::SeqCst),
            work,
            cursor: &cursor,
            done,
            received: vec![false; order.len()],
            results: Vec::new(),
        };
        let local = AtomicUsize::new(0);
        let count_local = |i| {
            local.fetch_add(1, Ordering::SeqCst);
            done(i);
        };
        let (played, served) = std::thread::scope(|s| {
            let messages = s.spawn(|| {
                let r = self.serve(&mut serving, &local);
                if r.is_err() {
                    cursor.fail();
                }
                r
            });
            let played = rayon::broadcast(|_| drain(work, &cursor, &count_local));
            (
                played,
                messages.join().expect("the message thread does not panic"),
            )
        });
        served?;
        let mut results = serving.results;
        for p in played {
            results.extend(p?.0);
        }
        Ok(by_index(order.len(), results))
    }

    fn share(&self, context: String) {
        self.to_workers(&encode(&ToWorker::Setup(context)));
    }
}

impl Drop for Coordinator {
    /// The command is over: the workers may end.
    fn drop(&mut self) {
        self.to_workers(&encode(&ToWorker::Quit));
    }
}
