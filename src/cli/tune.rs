//! Commands of the tuner: evolve, export, plot.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{bail, Context, Result};
use indicatif::ProgressBar;
use weightforge::dist::Executor;
use weightforge::engine::constants::{lines, python, ConstantsFile};
use weightforge::game::Features;
use weightforge::genome::{Genome, GenomeFile, Provenance};
use weightforge::python_module::python_module;
use weightforge::stats;
use weightforge::tune::checkpoint::{Checkpoint, GenerationRow};
use weightforge::tune::evolve;
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::{RunEnd, RunSummary};
use weightforge::tune::report::standing::{Standing, CONCEPTS};
use weightforge::tune::report::validation::VALIDATION_GAMES;
use weightforge::tune::report::{budget_chart, compare, generations, page};
use weightforge::tune::resolved::Resolved;
use weightforge::tune::run_observer::RunObserver;
use weightforge::tune::schedule::games_per_generation;
use weightforge::with_game;

use super::args::{CompareChartArgs, EvolveArgs, ExportArgs, ExportFormat, PlotArgs, ReportArgs};
use super::checks::unknown_game;
use super::progress;
use super::resolve_evolve::{self, Evolve};

/// Prints generation lines above a progress bar; without a bar, progress lines on
/// standard error at least every 30 s.
struct BarObserver {
    bar: ProgressBar,
    quiet: bool,
    phase: Mutex<String>,
    log: progress::LogLines,
}

impl RunObserver for BarObserver {
    fn phase(&self, name: &str, games: u64) {
        self.bar.set_length(games);
        self.bar.set_position(0);
        self.bar.reset_eta();
        self.bar.set_prefix(format!("{name} "));
        self.log.phase(name, games);
        *self.phase.lock().expect("no panics while holding the lock") = name.to_string();
    }

    fn game(&self) {
        self.bar.inc(1);
        if self.quiet || self.bar.is_hidden() {
            if let Some(line) = self.log.game() {
                eprintln!("{line}");
            }
        }
    }

    fn generation(&self, row: &GenerationRow, opponents: &[String]) {
        let scores: Vec<String> = opponents
            .iter()
            .zip(&row.opponent_scores)
            .map(|(o, s)| format!("vs {o} {:.1} %", 100.0 * s))
            .collect();
        let line = format!(
            "gen {:>3}  games {:>6}  {:>6.1} s  best {:.3}  mean {:.3}  sigma {:.3}  {}",
            row.generation,
            row.games,
            row.seconds,
            row.best,
            row.mean,
            row.sigma,
            scores.join("  ")
        );
        let faults = ["candidates", "opponents"];
        match weightforge::played_game::faults_line(faults, &row.totals.faults) {
            Some(f) => self.message(&format!("{line}  {f}")),
            None => self.message(&line),
        }
    }

    fn message(&self, text: &str) {
        // A hidden bar (not a terminal) prints nothing: write the line to stdout instead.
        if self.quiet || self.bar.is_hidden() {
            println!("{text}");
        } else {
            self.bar.println(text);
        }
    }
}

/// `weightforge evolve` on `exec` (threads, or rank 0 of an `mpirun` job).
pub fn evolve(a: EvolveArgs, exec: Arc<dyn Executor>) -> Result<()> {
    let source = resolve_evolve::evolve_source(&a)?;
    let game = source.exp.game.clone();
    with_game!(game.as_str(), G => {
        let e = resolve_evolve::evolve_flags::<G>(&a, source)?;
        evolve_for::<G>(e, exec)
    }, Err(unknown_game(&game)))
}

/// A worker rank of `mpirun -n K weightforge evolve ...`: takes the experiment from rank
/// 0 (so `--resume` needs the checkpoint on rank 0's machine only) and plays the games
/// rank 0 hands it: the run's pairs and its datagen stage's games.
#[cfg(feature = "mpi")]
pub fn serve_evolve() -> Result<()> {
    use weightforge::datagen::DatagenBatch;
    use weightforge::dist::mpi;
    use weightforge::tune::experiment::Experiment;
    use weightforge::tune::job_batch::JobBatch;
    let Some(text) = mpi::wait_setup()? else {
        return Ok(());
    };
    let (ron, origin): (String, String) =
        serde_json::from_str(&text).context("the experiment rank 0 sent")?;
    let exp = Experiment::parse(&ron, &origin)?;
    let game = exp.game.clone();
    with_game!(game.as_str(), G => {
        let r = exp.resolve::<G>(&origin)?;
        let mut run = r.clone();
        // A table run: rank 0 sends the fitted tables after the datagen stage.
        while let Some(tables) = mpi::serve_either::<JobBatch<G>, DatagenBatch<G>>(&run, &())? {
            run = weightforge::tune::tables_stage::adopt::<G>(&r, &tables)?;
        }
        Ok(())
    }, Err(unknown_game(&game)))
}

fn evolve_for<G: Features>(e: Evolve, exec: Arc<dyn Executor>) -> Result<()> {
    exec.share(serde_json::to_string(&(e.r.exp.to_ron(), &e.origin))?);
    announce::<G>(&e.r, e.resume.as_ref(), &e.dir);
    let obs = BarObserver {
        bar: progress::games_bar(0, e.quiet),
        quiet: e.quiet,
        phase: Mutex::new(String::new()),
        log: progress::LogLines::every(e.progress_every),
    };
    let interrupt = Arc::new(AtomicBool::new(false));
    catch_ctrl_c(&interrupt)?;
    let options = RunOptions {
        stop_after: e.stop_after,
        interrupt: Some(interrupt.clone()),
        dir: e.moved_to,
        executor: Some(exec),
        time: e.time,
        train_generations: e.train_generations,
    };
    let end = evolve::evolve::<G>(&e.r, &e.run_origin, e.resume, &options, &obs)?;
    obs.bar.finish_and_clear();
    let dir = &e.dir;
    match end {
        RunEnd::Interrupted { completed } if interrupt.load(Ordering::SeqCst) => {
            println!(
                "interrupted after generation {completed}: checkpoint saved in {}; continue with `weightforge evolve --resume {}`",
                Checkpoint::path_in(dir).display(),
                dir.display()
            );
            std::process::exit(130);
        }
        RunEnd::Interrupted { completed } => {
            println!(
                "stopped after generation {completed}; continue with `weightforge evolve --resume {}`",
                dir.display()
            );
        }
        RunEnd::Finished(s) => print_finished(&e.r, &s, dir),
    }
    Ok(())
}

/// The lines before a run: what it resumes, then what it runs and where it reports.
fn announce<G: Features>(r: &Resolved, resume: Option<&Checkpoint>, dir: &Path) {
    if let Some(cp) = resume {
        println!(
            "resuming {} from generation {} of {} in {}",
            r.exp.name,
            cp.completed,
            r.exp.generations,
            dir.display()
        );
    }
    println!(
        "{}: {} on {} — {} generations, {} games per generation, {}; reports in {}",
        r.exp.name,
        r.exp.algorithm.name(),
        G::NAME,
        r.exp.generations,
        games_per_generation(r),
        threads_text(rayon::current_num_threads()),
        dir.display()
    );
}

/// The lines after a finished run: games and time, where the genome and the reports
/// went, and the validation against each opponent.
fn print_finished(r: &Resolved, s: &RunSummary, dir: &Path) {
    println!(
        "done: {} training games, {} in all, {:.1} s",
        s.training_games, s.total_games, s.seconds
    );
    println!("best genome: {}", s.genome_path.display());
    let d = dir.display();
    println!("run page: {d}/index.html; games: {d}/{VALIDATION_GAMES}");
    println!("charts: {d}/fitness.png, {d}/weights.png (and .svg); log: {d}/generations.csv");
    if r.exp.target.is_some() || !r.exp.validation.budgets.is_empty() {
        println!("Elo against budget: {d}/{}.png", budget_chart::STEM);
    }
    for v in &s.validation {
        println!(
            "validation vs {} ({} games on openings not used in training, both at {}):",
            v.opponent,
            v.result.games(),
            if r.target.is_some() || r.exp.nodes.is_some() {
                s.budget.clone()
            } else {
                format!("{}'s own depth", v.opponent)
            }
        );
        let lines = stats::paired_lines(&v.result.wdl, &v.result.ptnml);
        println!("  {}  {}", lines.wdl, lines.ptnml);
        println!("  {}", lines.elo);
        let names = ["tuned", v.opponent.as_str()];
        if let Some(line) = weightforge::played_game::faults_line(names, &v.result.faults) {
            println!("  {line}");
        }
    }
    println!("  (how to read these lines: {CONCEPTS}#reading-a-matchs-output)");
    if let Some(g) = &s.gate {
        println!("{}", g.line());
    }
    println!("{}", s.standing.line());
    println!("{}", advice(r, s));
}

/// What to do with the result: paste it (an engine's constants, a genome) only when the
/// run did not find it worse than, or no better than, its start.
fn advice(r: &Resolved, s: &RunSummary) -> String {
    let path = s.genome_path.display();
    match (&s.standing, r.engine.is_some()) {
        (Standing::NotBetter(_), _) => format!(
            "keep the start's values: this result is not better than the start (see \
             {CONCEPTS}#is-the-result-better-than-the-start); {path} records why"
        ),
        (Standing::Better(_), true) => format!(
            "the engine's constants: paste `weightforge export --format lines {path}` into its source"
        ),
        (Standing::Unmeasured(_), true) => format!(
            "the engine's constants: `weightforge export --format lines {path}` (no round \
             compared them with the start: read the validation before pasting them)"
        ),
        (Standing::Unmeasured(_), false) => format!(
            "the tuned genome: {path} (no round compared it with the start: read the \
             validation before naming it in place of the start)"
        ),
        (Standing::Better(_), false) => {
            format!("the tuned genome: name {path} wherever a player is named")
        }
    }
}

/// Ctrl-C once: finish the generation under way, save the checkpoint and stop (the run
/// then prints the resume command). Twice: quit at once; the last checkpoint stays.
fn catch_ctrl_c(flag: &Arc<AtomicBool>) -> Result<()> {
    let flag = flag.clone();
    ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            eprintln!("\ninterrupted again: quitting; the checkpoint of the last completed generation stays");
            std::process::exit(130);
        }
        eprintln!("\ninterrupted: finishing this generation, then saving the checkpoint (Ctrl-C again to quit now)");
    })
    .context("cannot catch Ctrl-C")
}

/// `weightforge export`
pub fn export(a: ExportArgs) -> Result<()> {
    // A run's report folder: the result it wrote there.
    let path = if a.genome.is_dir() {
        a.genome.join("best.ron")
    } else {
        a.genome.clone()
    };
    let origin = path.display().to_string();
    // A genome may be as large as a learned table genome; a constants file keeps its own
    // bound.
    let text = weightforge::fsutil::read_bounded(&path, &weightforge::limits::GENOME_FILE_BYTES)
        .with_context(|| format!("reading {origin}"))?;
    let ron_cap = &weightforge::limits::RON_FILE_BYTES;
    if text.len() as u64 > ron_cap.max && is_constants_file(&text) {
        bail!(
            "{origin}: a constants file larger than {} bytes ({}; docs/limits.md)",
            ron_cap.max,
            ron_cap.name
        );
    }
    let out = if is_constants_file(&text) {
        let constants: ConstantsFile =
            weightforge::ronfile::from_str(&text).map_err(|e| anyhow::anyhow!("{origin}:{e}"))?;
        warn_not_better(&origin, &constants.provenance);
        export_constants(&constants, &origin, a.format)?
    } else {
        export_genome(&text, &origin, a.format)?
    };
    match &a.output {
        Some(path) => weightforge::fsutil::write_atomic(path, format!("{out}\n").as_bytes())
            .with_context(|| format!("writing {}", path.display()))?,
        None => println!("{out}"),
    }
    Ok(())
}

/// Whether `text` is a constants file (it has a `constants` field) rather than a genome,
/// so that a constants file's own error is the one reported.
fn is_constants_file(text: &str) -> bool {
    #[derive(serde::Deserialize)]
    struct Kind {
        constants: Option<serde::de::IgnoredAny>,
    }
    weightforge::ronfile::from_str::<Kind>(text).is_ok_and(|k| k.constants.is_some())
}

fn export_genome(text: &str, origin: &str, format: ExportFormat) -> Result<String> {
    let file: GenomeFile =
        weightforge::ronfile::from_str(text).map_err(|e| anyhow::anyhow!("{origin}:{e}"))?;
    warn_not_better(origin, &file.provenance);
    let game = file.game.clone();
    if let ExportFormat::Python = format {
        return with_game!(game.as_str(), G => {
            let genome = Genome::from_file::<G>(file, origin)?;
            python_module::<G>(&genome).with_context(|| format!("{origin}: --format python"))
        }, Err(unknown_game(&game)));
    }
    let checked: GenomeFile = with_game!(game.as_str(), G => Genome::from_file::<G>(file, origin)?.to_file::<G>(), return Err(unknown_game(&game)));
    let doc = checked.playing();
    Ok(match format {
        ExportFormat::Ron => weightforge::ronfile::to_string(&doc),
        ExportFormat::Json => serde_json::to_string_pretty(&doc)?,
        ExportFormat::Toml => toml::to_string_pretty(&doc)?,
        ExportFormat::Python => unreachable!("--format python returned above"),
        ExportFormat::Lines if !checked.tables.is_empty() => bail!(
            "{origin}: --format lines writes hand weights only, and this genome carries table \
             families ({}); export it as json or ron",
            table_families(&checked).join(", ")
        ),
        ExportFormat::Lines => {
            let named: Vec<(String, f64)> = checked
                .weights
                .iter()
                .flat_map(|(role, w)| w.iter().map(move |(f, v)| (format!("{role}:{f}"), *v)))
                .collect();
            lines(named.iter().map(|(n, v)| (n, v)))
                .with_context(|| format!("{origin}: --format lines"))?
                .trim_end()
                .to_string()
        }
    })
}

/// The table families a genome file carries, each once.
fn table_families(file: &GenomeFile) -> Vec<String> {
    let mut names: Vec<String> = file
        .tables
        .values()
        .flat_map(|f| f.keys().cloned())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// On standard error: the warning a tuning run wrote into a result that is not better
/// than its start.
fn warn_not_better(origin: &str, p: &Provenance) {
    if let Some(w) = &p.warning {
        eprintln!("warning: {origin}: {w}");
    }
}

fn export_constants(c: &ConstantsFile, origin: &str, format: ExportFormat) -> Result<String> {
    Ok(match format {
        ExportFormat::Ron => weightforge::ronfile::to_string(c),
        ExportFormat::Json => serde_json::to_string_pretty(c)?,
        ExportFormat::Toml => toml::to_string_pretty(c)?,
        ExportFormat::Lines => {
            let ordered = c.ordered();
            lines(ordered.iter().map(|(n, v)| (n, v)))
                .with_context(|| format!("{origin}: --format lines"))?
                .trim_end()
                .to_string()
        }
        ExportFormat::Python => {
            let ordered = c.ordered();
            python(ordered.iter().map(|(n, v)| (n, v)))
                .with_context(|| format!("{origin}: --format python"))?
                .trim_end()
                .to_string()
        }
    })
}

/// `weightforge plot`
pub fn plot(a: PlotArgs) -> Result<()> {
    let csv: PathBuf = a.report.join(generations::CSV);
    let table = generations::read_generations_csv(&csv)?;
    if table.rows.is_empty() {
        bail!("{}: no generations to plot yet", csv.display());
    }
    weightforge::tune::report::charts::draw_from_table(&a.report, &table, None)?;
    for f in ["fitness.svg", "fitness.png", "weights.svg", "weights.png"] {
        println!("{}", Path::new(&a.report).join(f).display());
    }
    Ok(())
}

/// `weightforge compare-chart`
pub fn compare_chart(a: CompareChartArgs) -> Result<()> {
    let rows = compare::read_csv(&a.csv)?;
    if rows.is_empty() {
        bail!("{}: no rows to draw", a.csv.display());
    }
    let png = a.out.unwrap_or_else(|| a.csv.with_extension("png"));
    compare::draw(&png, &a.title, &rows)?;
    println!("{}", png.display());
    Ok(())
}

/// `weightforge report`
pub fn report(a: ReportArgs) -> Result<()> {
    let n = page::index::write_index(&a.reports)?;
    println!(
        "{n} runs listed in {}",
        a.reports.join(page::write::PAGE).display()
    );
    Ok(())
}

/// `1 thread`, `2 threads`.
fn threads_text(n: usize) -> String {
    if n == 1 {
        "1 thread".into()
    } else {
        format!("{n} threads")
    }
}
