//! Command dispatch: one file per group of commands. This file only declares them and
//! dispatches; what the commands share is in files of its own ([`checks`],
//! [`resolve`], [`progress`], [`print`]), which never import from here.

mod accuracy;
mod args;
mod bench;
mod bench_tuner;
mod calibrate;
mod checks;
#[cfg(feature = "mpi")]
mod cluster;
mod course;
mod cpu;
mod datagen;
mod depth_table;
mod engine;
mod fit;
mod fit_choices;
mod help;
mod init;
mod learn;
mod learn_report;
mod match_command;
mod play;
mod positions;
mod print;
mod progress;
mod reference;
mod replay;
mod rescore;
mod resolve;
mod resolve_evolve;
mod solve;
mod stdin_lines;
mod threads;
mod tournament;
mod tune;
mod vvw;
mod vvw_arena;

use std::sync::Arc;

use anyhow::Result;
use clap::Parser;
use weightforge::dist::{Executor, Threads};

use args::{Cli, Command};

/// Parses the command line and runs the command.
pub fn run() -> Result<()> {
    let cli = Cli::parse();
    threads::size_pool(&cli)?;
    #[cfg(feature = "mpi")]
    if matches!(
        cli.command,
        Command::Evolve(_) | Command::Match(_) | Command::Datagen(_)
    ) {
        return cluster::run(cli.command);
    }
    let threads: Arc<dyn Executor> = Arc::new(Threads::default());
    match cli.command {
        Command::Games => play::games(),
        Command::Perft(a) => play::perft(a),
        Command::Moves(a) => play::moves(a),
        Command::Match(a) => match_command::run_match(a, threads.as_ref()),
        Command::Move(a) => course::best_move(a),
        Command::Tournament(a) => tournament::tournament(a),
        Command::Bench(a) => bench::bench(a, &cli.threads),
        Command::Evolve(a) => tune::evolve(a, threads),
        Command::Init(a) => init::init(a),
        Command::Export(a) => tune::export(a),
        Command::Plot(a) => tune::plot(a),
        Command::CompareChart(a) => tune::compare_chart(a),
        Command::Vvw(a) => vvw::run(a),
        Command::Replay(a) => replay::replay(a),
        Command::Report(a) => tune::report(a),
        Command::Positions(a) => positions::positions(a),
        Command::Engine(a) => engine::run(a),
        Command::Datagen(a) => datagen::datagen(a, None),
        Command::Fit(a) if a.choices => fit_choices::fit_choices(&a),
        Command::Fit(a) => fit::fit(a),
        Command::Learn(a) => learn::learn(a),
        Command::Rescore(a) => rescore::rescore(a),
        Command::Calibrate(a) => calibrate::calibrate(a),
        Command::CliReference(a) => reference::write(a),
        Command::Solve(a) => solve::solve(a),
        Command::Accuracy(a) => accuracy::accuracy(a),
    }
}
