//! `weightforge datagen`: an experiment's start genome plays games at a budget and the
//! quiet leaves of its principal variations are written to a position file
//! (`weightforge::datagen`), with a progress bar on a terminal and a line at least every
//! [`DATAGEN_PROGRESS_SECS`] seconds otherwise.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use weightforge::datagen::{generate, DatagenRun, DatagenSummary, DatagenTick};
use weightforge::dist::{Executor, Threads};
use weightforge::game::Features;
use weightforge::limits;
use weightforge::tunables::DATAGEN_PROGRESS_SECS;
use weightforge::tune::datagen_stage::{self, Overrides};
use weightforge::tune::experiment::Experiment;
use weightforge::with_game;

use super::args::DatagenArgs;
use super::checks::{check_flag, unknown_game};

/// `weightforge datagen`, its games on `exec` (default: this process's threads).
pub fn datagen(a: DatagenArgs, exec: Option<&dyn Executor>) -> Result<()> {
    let exp = Experiment::load(&a.experiment)?;
    let game = exp.game.clone();
    with_game!(game.as_str(), G => datagen_for::<G>(exp, &a, exec), Err(unknown_game(&game)))
}

/// A worker rank of `mpirun -n K weightforge datagen ...`: plays the games rank 0 hands
/// it (the plan comes with every chunk).
#[cfg(feature = "mpi")]
pub fn serve(a: DatagenArgs) -> Result<()> {
    let exp = Experiment::load(&a.experiment)?;
    let game = exp.game.clone();
    with_game!(game.as_str(), G => {
        weightforge::dist::mpi::serve::<weightforge::datagen::DatagenBatch<G>>(&())?;
        Ok(())
    }, Err(unknown_game(&game)))
}

fn datagen_for<G: Features>(
    exp: Experiment,
    a: &DatagenArgs,
    exec: Option<&dyn Executor>,
) -> Result<()> {
    if let Some(g) = a.games {
        check_flag("--games", g, &limits::DATAGEN_GAMES)?;
    }
    if let Some(n) = a.nodes {
        check_flag("--nodes", n, &limits::NODES)?;
    }
    let origin = a.experiment.display().to_string();
    let r = exp.resolve::<G>(&origin)?;
    let over = Overrides {
        games: a.games,
        nodes: a.nodes,
        soft: a.soft,
    };
    let plan = datagen_stage::plan::<G>(&r, &origin, over)?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.positions", r.exp.name)));
    let threads = Threads::default();
    let meter = Meter::new(plan.games, a.quiet);
    let tick = |t: DatagenTick| meter.tick(t);
    let run = DatagenRun {
        resume: a.resume,
        stop_after: a.stop_after_games,
        made_by: made_by(a, &origin),
        progress: &tick,
    };
    let summary = std::thread::scope(|s| {
        s.spawn(|| meter.lines_until_done());
        let summary = generate::<G>(exec.unwrap_or(&threads), &plan, &out, &run);
        meter.done.store(true, Ordering::Relaxed);
        summary
    })?;
    meter.bar.finish_and_clear();
    let idle = exec.is_none().then(|| threads.load().idle_share());
    print_summary(&summary, plan.games, idle);
    if summary.stopped {
        println!(
            "stopped: {} checkpointed; `--resume` continues",
            out.display()
        );
    } else {
        println!(
            "{} positions (duplicates removed) written to {}",
            summary.positions,
            out.display()
        );
    }
    Ok(())
}

/// The command as the file's first comment says it: the flags that change the file.
fn made_by(a: &DatagenArgs, origin: &str) -> String {
    let mut s = format!("weightforge datagen {origin}");
    if let Some(g) = a.games {
        s += &format!(" --games {g}");
    }
    if let Some(n) = a.nodes {
        s += &format!(" --nodes {n}");
    }
    if a.soft {
        s += " --soft";
    }
    s
}

fn print_summary(s: &DatagenSummary, total: u64, idle: Option<f64>) {
    let idle = idle.map_or(String::new(), |i| format!(", idle {:.1}%", 100.0 * i));
    println!(
        "{} games played ({} of {total} done; {:.1} % decisive, the rest drawn), {} positions \
         kept, {:.0} positions/s, {:.0} nodes/s, {:.1} s, {} threads{idle}",
        s.played,
        s.games,
        100.0 * s.decisive_share(),
        s.rows_played,
        s.positions_per_second(),
        s.nodes as f64 / s.seconds.max(1e-9),
        s.seconds,
        rayon::current_num_threads(),
    );
}

/// Progress: a bar on a terminal, else a line at least every
/// [`DATAGEN_PROGRESS_SECS`] seconds while games are played.
struct Meter {
    bar: ProgressBar,
    lines: bool,
    total: u64,
    games: AtomicU64,
    rows: AtomicU64,
    done: AtomicBool,
    t0: Instant,
}

impl Meter {
    fn new(total: u64, quiet: bool) -> Self {
        let terminal = std::io::stderr().is_terminal();
        let bar = if quiet || !terminal {
            ProgressBar::hidden()
        } else {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template(
                "datagen [{elapsed_precise}] {wide_bar} {pos}/{len} games, {eta} left {msg}",
            )
            .expect("the template is valid");
            bar.set_style(style);
            bar
        };
        Meter {
            bar,
            lines: !quiet && !terminal,
            total,
            games: AtomicU64::new(0),
            rows: AtomicU64::new(0),
            done: AtomicBool::new(false),
            t0: Instant::now(),
        }
    }

    fn tick(&self, t: DatagenTick) {
        match t {
            DatagenTick::Game => {
                self.games.fetch_add(1, Ordering::Relaxed);
                self.bar.inc(1);
            }
            DatagenTick::Chunk { games, rows } => {
                self.rows.store(rows, Ordering::Relaxed);
                self.bar.set_position(games);
                self.bar
                    .set_message(format!("{:.0} positions/s", self.rate()));
            }
        }
    }

    fn rate(&self) -> f64 {
        self.rows.load(Ordering::Relaxed) as f64 / self.t0.elapsed().as_secs_f64().max(1e-9)
    }

    /// Prints a line every [`DATAGEN_PROGRESS_SECS`] seconds until the run is done
    /// (nothing on a terminal, where the bar shows it).
    fn lines_until_done(&self) {
        let mut last = Instant::now();
        while !self.done.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(200));
            if self.lines && last.elapsed() >= Duration::from_secs(DATAGEN_PROGRESS_SECS) {
                last = Instant::now();
                eprintln!(
                    "datagen: {} of {} games this run, {} positions, {:.0} positions/s, {:.0} s",
                    self.games.load(Ordering::Relaxed),
                    self.total,
                    self.rows.load(Ordering::Relaxed),
                    self.rate(),
                    self.t0.elapsed().as_secs_f64()
                );
            }
        }
    }
}
