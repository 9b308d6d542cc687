//! The tiny tuning run the tuner's tests start from (tests/suite/tune.rs, texel.rs,
//! run_page.rs): Wolves & Sheep, three generations against luo2023 at depth 1 and
//! the random player, short games, writing into a test's own folder; and running it on a
//! pool of a given size. One text, so that the tests agree on what "a tiny run" is.
//! Also: any experiment text run to its end ([`run_text`]), the constants file a run of
//! an engine start writes ([`constants_of`]), and a start that plays to lose
//! ([`tuned_and_broken`]).

use std::path::Path;

use weightforge::engine::constants::ConstantsFile;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::genome::Genome;
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::error::TuneError;
use weightforge::tune::evolve;
use weightforge::tune::experiment::Experiment;
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::{RunEnd, RunSummary};
use weightforge::tune::run_observer::Silent;

/// What the tests vary in the tiny run.
pub struct Tiny<'a> {
    /// The run's name (its reports/<name>/ folder).
    pub name: &'a str,
    /// The run's seed.
    pub seed: u64,
    /// The `algorithm` field, in RON.
    pub algorithm: &'a str,
    /// The `hall_of_fame` field.
    pub hall_of_fame: u32,
}

impl Tiny<'_> {
    /// The experiment, its outputs under `dir`, parsed as from the file `<name>.ron`.
    pub fn experiment(&self, dir: &Path) -> Experiment {
        let Tiny {
            name,
            seed,
            algorithm,
            hall_of_fame,
        } = self;
        let text = format!(
            r#"(
            name: "{name}",
            game: "wolves_sheep",
            seed: {seed},
            algorithm: {algorithm},
            generations: 3,
            start: "luo2023",
            tune_roles: ["wolves", "sheep"],
            opponents: [
                (player: "luo2023", depth: {{"wolves": 1, "sheep": 1}}),
                (player: "random", pairs: 1),
            ],
            pairs_per_opponent: 2,
            hall_of_fame: {hall_of_fame},
            openings: (plies: 6),
            ply_cap: 60,
            validation: (finalists: 2, selection_pairs: 2, pairs: 3),
            output: (reports: "{0}/reports", genomes: "{0}/genomes"),
        )"#,
            dir.display()
        );
        Experiment::parse(&text, &format!("{name}.ron")).expect("the test experiment parses")
    }
}

/// Runs `exp` (resuming from `resume`, if given) on a pool of `threads` threads.
pub fn run_in_pool(
    exp: &Experiment,
    threads: usize,
    options: &RunOptions,
    resume: Option<Checkpoint>,
) -> RunEnd {
    let r = exp
        .resolve::<WolvesSheep>("tiny.ron")
        .expect("the test experiment resolves");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| evolve::evolve::<WolvesSheep>(&r, "tiny.ron", resume, options, &Silent))
        .expect("the run completes")
}

/// The summary of a run that must have finished.
pub fn finished(end: RunEnd) -> RunSummary {
    match end {
        RunEnd::Finished(s) => *s,
        RunEnd::Interrupted { completed } => panic!("interrupted after {completed}"),
    }
}

/// Parses experiment `text` as the file `origin`, resolves it for Wolves & Sheep and
/// runs it with the default options, silently: how the run ended, or its error.
pub fn run_text(text: &str, origin: &str) -> Result<RunEnd, TuneError> {
    let exp = Experiment::parse(text, origin).expect("the test experiment parses");
    let r = exp
        .resolve::<WolvesSheep>(origin)
        .expect("the test experiment resolves");
    evolve::evolve::<WolvesSheep>(&r, origin, None, &RunOptions::default(), &Silent)
}

/// [`run_text`] for a run that must finish: its summary.
pub fn finished_text(text: &str, origin: &str) -> RunSummary {
    finished(run_text(text, origin).expect("the run completes"))
}

/// The constants file a run whose start is an engine wrote as its best genome.
pub fn constants_of(s: &RunSummary) -> ConstantsFile {
    let text = std::fs::read_to_string(&s.genome_path).unwrap();
    weightforge::ronfile::from_str(&text).expect("a constants file")
}

/// The committed tuned genome, and a broken start saved in `dir`: its weights negated
/// (it plays to lose); returns the tuned genome and the broken one's path.
pub fn tuned_and_broken(dir: &Path) -> (Genome, String) {
    let tuned = Genome::load::<WolvesSheep>(Path::new("genomes/wolves_sheep/tuned.ron")).unwrap();
    let broken = Genome {
        name: "broken".into(),
        weights: tuned
            .weights
            .clone()
            .map(|w| w.iter().map(|v| -v).collect()),
        ..tuned.clone()
    };
    let path = dir.join("broken.ron");
    broken.save::<WolvesSheep>(&path).unwrap();
    (tuned, path.display().to_string())
}
