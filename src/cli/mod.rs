//! Command dispatch: one file per group of commands.

mod args;
mod bench;
mod course;
mod depth_table;
mod engine;
mod play;
mod positions;
mod progress;
mod replay;
mod tournament;
mod tune;
mod vvw;

use anyhow::Result;
use clap::Parser;

pub use args::{Cli, Command};

/// Parses the command line and runs the command.
pub fn run() -> Result<()> {
    let cli = Cli::parse();
    if let Some(threads) = cli.threads {
        if threads == 0 {
            anyhow::bail!("--threads must be at least 1");
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()?;
    }
    match cli.command {
        Command::Games => play::games(),
        Command::Perft(a) => play::perft(a),
        Command::Moves(a) => play::moves(a),
        Command::Match(a) => play::run_match(a),
        Command::Move(a) => course::best_move(a),
        Command::Tournament(a) => tournament::tournament(a),
        Command::Bench(a) => bench::bench(a),
        Command::Evolve(a) => tune::evolve(a),
        Command::Export(a) => tune::export(a),
        Command::Plot(a) => tune::plot(a),
        Command::Vvw(a) => vvw::run(a),
        Command::Replay(a) => replay::replay(a),
        Command::Report(a) => tune::report(a),
        Command::Positions(a) => positions::positions(a),
        Command::Engine(a) => engine::run(a),
    }
}

/// The error for a game name nobody knows.
fn unknown_game(name: &str) -> anyhow::Error {
    weightforge::registry::UnknownGame {
        name: name.to_string(),
    }
    .into()
}
