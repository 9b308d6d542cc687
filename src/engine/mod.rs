//! Outside players ("engines") in any language, spoken to over a line protocol on their
//! stdin/stdout (`docs/engine-protocol.md`). weightforge is the referee: it checks every
//! move against the rules, gives every read a time limit, and turns anything wrong into
//! a lost game counted by kind ([`crate::played_game::FaultKind`]).
//!
//! The files import one way, from the top: [`agent`] (an engine seated at a board),
//! [`probe`] and [`resolve`] take processes from [`pool`], which starts them with
//! [`process`]; a process speaks [`protocol`] through [`pipes`] and is started from a
//! [`spec`], which [`constants`] reads too; [`error`], [`log`] and [`stderr_tail`] are
//! at the bottom. This file only declares them.

pub mod agent;
pub mod constants;
pub mod error;
pub mod log;
pub mod pipes;
pub mod pool;
pub mod probe;
pub mod process;
pub mod protocol;
pub mod resolve;
pub mod spec;
pub mod stderr_tail;

pub use error::EngineError;
pub use spec::EngineSpec;
