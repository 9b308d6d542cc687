//! `mpirun -n K weightforge evolve|match|datagen ...` (feature `mpi`): rank 0 runs the command
//! with a [`Coordinator`] as its executor; the other ranks serve it. A failure on any
//! rank is printed and ends the whole job (`MPI_Abort`), so no rank waits for a message
//! that will never come.

use std::sync::Arc;

use anyhow::Result;
use weightforge::dist::mpi::{self, Coordinator};
use weightforge::dist::Threads;

use super::args::Command;
use super::{datagen, match_command, play, tune};

/// Runs evolve or match as this process's part of the `mpirun` job (alone: as usual).
pub fn run(command: Command) -> Result<()> {
    let cluster = mpi::init()?;
    if cluster.size == 1 {
        return lead(command, Arc::new(Threads::default()));
    }
    let result = if cluster.rank == 0 {
        eprintln!(
            "mpirun: {} processes, {} threads on rank 0; rank 0 hands the games out",
            cluster.size,
            rayon::current_num_threads()
        );
        lead(command, Arc::new(Coordinator::new(&cluster)))
    } else {
        serve(command)
    };
    if let Err(e) = result {
        eprintln!("error (rank {}): {e:#}", cluster.rank);
        mpi::abort(2);
    }
    Ok(())
}

/// Runs the command here, its games on `exec`.
fn lead(command: Command, exec: Arc<dyn weightforge::dist::Executor>) -> Result<()> {
    match command {
        Command::Evolve(a) => tune::evolve(a, exec),
        Command::Match(a) => match_command::run_match(a, exec.as_ref()),
        Command::Datagen(a) => datagen::datagen(a, Some(exec.as_ref())),
        _ => unreachable!("only evolve, match and datagen run under mpirun"),
    }
}

/// Serves rank 0.
fn serve(command: Command) -> Result<()> {
    match command {
        Command::Evolve(_) => tune::serve_evolve(),
        Command::Match(a) => play::serve_match(a),
        Command::Datagen(a) => datagen::serve(a),
        _ => unreachable!("only evolve, match and datagen run under mpirun"),
    }
}
