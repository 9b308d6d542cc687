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
use weightforge::limits;

pub use args::{Cli, Command};

/// Parses the command line and runs the command.
pub fn run() -> Result<()> {
    let cli = Cli::parse();
    if let Some(threads) = cli.threads {
        check_flag("--threads", threads as u64, &limits::THREADS)?;
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
        Command::CompareChart(a) => tune::compare_chart(a),
        Command::Vvw(a) => vvw::run(a),
        Command::Replay(a) => replay::replay(a),
        Command::Report(a) => tune::report(a),
        Command::Positions(a) => positions::positions(a),
        Command::Engine(a) => engine::run(a),
    }
}

/// Checks the value of `flag` against its limit: the error names the flag, the value, the
/// bound and why.
fn check_flag(flag: &str, v: u64, limit: &limits::Count) -> Result<()> {
    limit.check(v).map_err(|e| anyhow::anyhow!("{flag}: {e}"))
}

/// Checks the optional flags every command that plays games shares.
fn check_play_flags(depth: Option<u32>, ply_cap: Option<u32>, plies: Option<u32>) -> Result<()> {
    if let Some(d) = depth {
        check_flag("--depth", d.into(), &limits::DEPTH)?;
    }
    if let Some(c) = ply_cap {
        check_flag("--ply-cap", c.into(), &limits::PLY_CAP)?;
    }
    if let Some(p) = plies {
        check_flag("--opening-plies", p.into(), &limits::OPENING_PLIES)?;
    }
    Ok(())
}

/// The error for a game name nobody knows.
fn unknown_game(name: &str) -> anyhow::Error {
    weightforge::registry::UnknownGame {
        name: name.to_string(),
    }
    .into()
}
