//! `weightforge bench --tuner [EXPERIMENT] --threads 1,2,4`: the evolve loop's
//! generation evaluation (the first generations of an experiment, each played as the
//! evolve command plays it) on each thread count in its own pool, with games per second,
//! the speed-up over the first count, and the idle share of the threads at the
//! generation's barrier (1 − busy / (wall × threads): time spent waiting for the
//! generation's last games). The results must agree to the bit on every count.

use std::path::Path;

use anyhow::{ensure, Result};
use weightforge::dist::order::Schedule;
use weightforge::dist::{Load, Threads};
use weightforge::game::Features;
use weightforge::limits;
use weightforge::tune::algorithm::Algorithm;
use weightforge::tune::experiment::{self, Experiment};
use weightforge::tune::fitness;
use weightforge::tune::job::JobResult;
use weightforge::tune::space::Space;
use weightforge::tune::train::training_job;
use weightforge::with_game;

use super::args::BenchArgs;
use super::checks::{check_flag, unknown_game};

/// Every candidate's fitness, generation by generation, and every game's outcome (A's
/// role, A's score × 2, plies).
type Results = (Vec<Vec<f64>>, Vec<(usize, u64, u32)>);

/// One thread count's measurement.
struct Measured {
    threads: usize,
    games: u64,
    load: Load,
    results: Results,
}

/// Runs the tuner bench as the flags say.
pub fn run(a: &BenchArgs, threads: &[usize]) -> Result<()> {
    check_flag("--generations", a.generations.into(), &limits::GENERATIONS)?;
    let (exp, origin) = match &a.experiment {
        Some(path) => (Experiment::load(path)?, path.display().to_string()),
        None => {
            let (name, text) = experiment::BUILTIN[0];
            let origin = format!("{name} (built in)");
            (Experiment::parse(text, &origin)?, origin)
        }
    };
    let game = exp.game.clone();
    with_game!(game.as_str(), G => bench::<G>(exp, &origin, a, threads), Err(unknown_game(&game)))
}

fn bench<G: Features>(
    exp: Experiment,
    origin: &str,
    a: &BenchArgs,
    threads: &[usize],
) -> Result<()> {
    let counts = if threads.is_empty() {
        &[1, 2][..]
    } else {
        threads
    };
    let schedule = if a.in_order {
        Schedule::InOrder
    } else {
        Schedule::LongestFirst
    };
    let mut rows = Vec::new();
    for &n in counts {
        rows.push(measure::<G>(&exp, origin, a.generations, n, schedule)?);
    }
    print_table(origin, a.generations, schedule, &rows);
    for m in &rows[1..] {
        ensure!(
            m.results == rows[0].results,
            "{} and {} threads gave different results: the evaluation is not deterministic",
            rows[0].threads,
            m.threads
        );
    }
    println!(
        "results: identical on every thread count ({} generations' fitness values and {} games)",
        rows[0].results.0.len(),
        rows[0].results.1.len()
    );
    Ok(())
}

/// Plays generations 1..=`generations` of the experiment on `threads` threads.
fn measure<G: Features>(
    exp: &Experiment,
    origin: &str,
    generations: u32,
    threads: usize,
    schedule: Schedule,
) -> Result<Measured> {
    let r = exp.resolve::<G>(origin)?;
    let space = Space::new::<G>(&r);
    let algorithm = Algorithm::new(&r.exp.algorithm, space.encode(&r.start), generations);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let exec = Threads::new(schedule);
    let mut results = (Vec::new(), Vec::new());
    let mut games = 0;
    for g in 1..=generations {
        let (_, job) = training_job(&r, &space, &algorithm, &[], g);
        let result: JobResult =
            pool.install(|| fitness::evaluate_on::<G>(&exec, &r, &job, None, &|| {}))?;
        games += result.game_count();
        results.0.push(fitness::candidate_scores(&job, &result));
        results.1.extend(outcomes(&result));
    }
    Ok(Measured {
        threads,
        games,
        load: exec.load(),
        results,
    })
}

/// Every game's outcome, in game order: everything but its wall-clock seconds.
fn outcomes(r: &JobResult) -> impl Iterator<Item = (usize, u64, u32)> + '_ {
    r.games
        .iter()
        .flatten()
        .flatten()
        .map(|g| (g.a_role, (g.a_score * 2.0) as u64, g.plies))
}

fn print_table(origin: &str, generations: u32, schedule: Schedule, rows: &[Measured]) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "evolve loop: {} generations of {} ({} games per thread count), units handed out {}; this machine has {cores} cores",
        generations,
        Path::new(origin).display(),
        rows[0].games,
        match schedule {
            Schedule::LongestFirst => "longest first",
            Schedule::InOrder => "in order",
        }
    );
    println!("threads  games/s  speed-up  idle at barrier");
    let rate = |m: &Measured| m.games as f64 / m.load.wall;
    for m in rows {
        let note = if m.threads > cores {
            "  (more threads than cores)"
        } else {
            ""
        };
        println!(
            "{:>7}  {:>7.0}  {:>7.2}x  {:>14.1} %{note}",
            m.threads,
            rate(m),
            rate(m) / rate(&rows[0]),
            100.0 * m.load.idle_share()
        );
    }
}
