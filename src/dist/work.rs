//! The work of a phase and who runs it: a [`Batch`] (plain data for the wire) prepared
//! into numbered [`Units`], run by an [`Executor`] as [`Work`], and the errors on the way.

use std::any::Any;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::played_game::SetupError;

/// A result of one unit, type-erased so that executors can be trait objects.
pub type AnyOutput = Box<dyn Any + Send>;

/// A batch could not be played.
#[derive(Debug, thiserror::Error)]
pub enum DistError {
    /// A game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Another process failed, died or sent something this one cannot read.
    #[error("{0}")]
    Remote(String),
    /// A finished unit could not be written down (the unit checkpoint of a resumable
    /// phase).
    #[error("{path}: cannot write the finished games down: {source}")]
    Journal {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
}

/// A batch's work units, ready to run in this process.
pub trait Units: Sync {
    /// What one unit gives.
    type Output: Serialize + DeserializeOwned + Send + 'static;
    /// Units in the batch, numbered from 0.
    fn count(&self) -> usize;
    /// What unit `i` is expected to cost, in any unit: only the order matters.
    fn cost(&self, i: usize) -> u64;
    /// Runs unit `i`.
    fn run(&self, i: usize) -> Result<Self::Output, SetupError>;
    /// Checks that `out`, read back from outside (a journal), is what unit `i` gives;
    /// by default anything that parses is.
    fn check(&self, _i: usize, _out: &Self::Output) -> Result<(), String> {
        Ok(())
    }
}

/// A phase's games as data another process can be sent.
pub trait Batch: Serialize + DeserializeOwned + Sync {
    /// The batch's kind on the wire: a process that serves several kinds (an `evolve`
    /// worker: games and datagen) reads the batch as the kind it is sent with.
    const KIND: &'static str;
    /// What every process builds from its command line before any batch comes.
    type Context: Sync;
    /// What one unit gives.
    type Output: Serialize + DeserializeOwned + Send + 'static;
    /// The units, prepared once per batch (players, openings).
    type Units<'a>: Units<Output = Self::Output>
    where
        Self: 'a;
    /// Prepares the units of this batch.
    fn prepare<'a>(&'a self, ctx: &'a Self::Context) -> Result<Self::Units<'a>, SetupError>;
}

/// A batch as an executor sees it: units that run here, and the means to send the batch
/// and its results to other processes.
pub trait Work: Sync {
    /// The batch's kind ([`Batch::KIND`]).
    fn kind(&self) -> &'static str;
    /// Units in the batch.
    fn count(&self) -> usize;
    /// Expected cost of unit `i`.
    fn cost(&self, i: usize) -> u64;
    /// Runs unit `i` here.
    fn run(&self, i: usize) -> Result<AnyOutput, SetupError>;
    /// The batch, serialised for other processes.
    fn wire(&self) -> String;
    /// A unit's result, serialised.
    fn encode(&self, out: &AnyOutput) -> String;
    /// A unit's result from another process.
    fn decode(&self, text: &str) -> Result<AnyOutput, DistError>;
    /// Unit `i` has finished with `out` (here or in another process); called once per
    /// unit, on the process that merges the results, before the batch ends. A batch that
    /// keeps its finished units (a resumable phase) writes them down here.
    fn record(&self, _i: usize, _out: &AnyOutput) -> Result<(), DistError> {
        Ok(())
    }
    /// Checks a result of unit `i` read back from outside ([`Units::check`]).
    fn check(&self, _i: usize, _out: &AnyOutput) -> Result<(), String> {
        Ok(())
    }
}

/// A batch seen through a wrapper that changes how units run or are recorded (a
/// journal, a test's stop): everything else is the inner batch's, and [`Work`] comes
/// with it.
pub trait Wrapped: Sync {
    /// The batch wrapped.
    fn inner(&self) -> &dyn Work;
    /// Runs unit `i` (by default: the inner batch does).
    fn run(&self, i: usize) -> Result<AnyOutput, SetupError> {
        self.inner().run(i)
    }
    /// Unit `i` has finished (by default: told to the inner batch).
    fn record(&self, i: usize, out: &AnyOutput) -> Result<(), DistError> {
        self.inner().record(i, out)
    }
}

impl<T: Wrapped> Work for T {
    fn kind(&self) -> &'static str {
        self.inner().kind()
    }
    fn count(&self) -> usize {
        self.inner().count()
    }
    fn cost(&self, i: usize) -> u64 {
        self.inner().cost(i)
    }
    fn run(&self, i: usize) -> Result<AnyOutput, SetupError> {
        Wrapped::run(self, i)
    }
    fn wire(&self) -> String {
        self.inner().wire()
    }
    fn encode(&self, out: &AnyOutput) -> String {
        self.inner().encode(out)
    }
    fn decode(&self, text: &str) -> Result<AnyOutput, DistError> {
        self.inner().decode(text)
    }
    fn record(&self, i: usize, out: &AnyOutput) -> Result<(), DistError> {
        Wrapped::record(self, i, out)
    }
    fn check(&self, i: usize, out: &AnyOutput) -> Result<(), String> {
        self.inner().check(i, out)
    }
}

/// Runs every unit of a batch somewhere and returns the results in unit order.
pub trait Executor: Sync + Send + std::fmt::Debug {
    /// Runs `work`'s units; `done(i)` is called as unit `i` finishes (progress).
    fn execute(
        &self,
        work: &dyn Work,
        done: &(dyn Fn(usize) + Sync),
    ) -> Result<Vec<AnyOutput>, DistError>;

    /// Gives other processes the command's context before the first batch (for evolve:
    /// the experiment); this process's threads need nothing.
    fn share(&self, _context: String) {}
}

/// A prepared batch, with the batch itself for the wire.
pub(crate) struct Prepared<'a, B: Batch> {
    batch: &'a B,
    units: B::Units<'a>,
}

impl<'a, B: Batch> Prepared<'a, B> {
    /// Prepares `batch`'s units.
    pub(crate) fn new(batch: &'a B, ctx: &'a B::Context) -> Result<Self, SetupError> {
        Ok(Prepared {
            batch,
            units: batch.prepare(ctx)?,
        })
    }
}

impl<B: Batch> Work for Prepared<'_, B> {
    fn kind(&self) -> &'static str {
        B::KIND
    }

    fn count(&self) -> usize {
        self.units.count()
    }

    fn cost(&self, i: usize) -> u64 {
        self.units.cost(i)
    }

    fn run(&self, i: usize) -> Result<AnyOutput, SetupError> {
        Ok(Box::new(self.units.run(i)?))
    }

    fn wire(&self) -> String {
        to_text(self.batch)
    }

    fn encode(&self, out: &AnyOutput) -> String {
        let out = out
            .downcast_ref::<B::Output>()
            .expect("a unit's output is the batch's output type");
        to_text(out)
    }

    fn decode(&self, text: &str) -> Result<AnyOutput, DistError> {
        let out: B::Output = from_bytes(text.as_bytes(), "a unit's result")?;
        Ok(Box::new(out))
    }

    fn check(&self, i: usize, out: &AnyOutput) -> Result<(), String> {
        match out.downcast_ref::<B::Output>() {
            Some(out) => self.units.check(i, out),
            None => Err("not a result of this batch".into()),
        }
    }
}

/// Prepares `batch` and runs it on `exec`; the results come back in unit order.
pub fn execute<B: Batch>(
    exec: &dyn Executor,
    ctx: &B::Context,
    batch: &B,
    done: &(dyn Fn(usize) + Sync),
) -> Result<Vec<B::Output>, DistError> {
    let work = Prepared::new(batch, ctx)?;
    let outs = exec.execute(&work, done)?;
    Ok(outs
        .into_iter()
        .map(|o| {
            *o.downcast::<B::Output>()
                .expect("a unit's output is the batch's output type")
        })
        .collect())
}

/// Serialises a message (JSON keeps every float exact: `float_roundtrip`).
pub(crate) fn to_text<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("batches and results are plain data")
}

/// Reads a message, naming what it should have been when it is not.
pub(crate) fn from_bytes<T: DeserializeOwned>(bytes: &[u8], what: &str) -> Result<T, DistError> {
    serde_json::from_slice(bytes).map_err(|e| {
        DistError::Remote(format!(
            "{what} from another process could not be read ({} bytes): {e}",
            bytes.len()
        ))
    })
}
