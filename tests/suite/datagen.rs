//! Datagen (src/datagen, `weightforge datagen`): the file is the same on 1 and 2
//! threads and after a stop and `--resume`; every row parses back; duplicates are
//! removed; a Texel run with `datagen:` generates its file and fits it; a soft node
//! limit finishes the iteration a fixed one cuts, and is as deterministic.

use std::path::Path;

use rand::SeedableRng;

use crate::common::experiment::{run_in_pool, Tiny};
use weightforge::datagen::{generate, DatagenBudget, DatagenPlan, DatagenPlayer, DatagenRun};
use weightforge::dist::Threads;
use weightforge::eval::Evaluator;
use weightforge::fit::positions_file;
use weightforge::game::{Game, GameRng};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::genome::Genome;
use weightforge::matches::settings::MatchSettings;
use weightforge::search::{SearchLimits, SearchOptions, Searcher};
use weightforge::tunables::{DATAGEN_SOFT_HARD_FACTOR, MAX_DEPTH};
use weightforge::tune::datagen_stage::DATAGEN_FILE;
use weightforge::tune::experiment::{Budget, DatagenSpec, Experiment};
use weightforge::tune::options::RunOptions;

/// A small datagen experiment: li2023 against itself at 3000 nodes a move, short games.
fn experiment(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("dg.ron");
    let text = r#"(
        name: "dg",
        game: "wolves_sheep",
        seed: 3,
        generations: 1,
        start: "li2023",
        tune_roles: ["wolves", "sheep"],
        opponents: [(player: "luo2023")],
        pairs_per_opponent: 1,
        openings: (plies: 6),
        ply_cap: 40,
        datagen: (games: 7, nodes: 3000, skip_plies: 2),
    )"#;
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `weightforge --threads T datagen <exp> --out <out> extra..`, checking it succeeds.
fn datagen(threads: &str, exp: &Path, out: &Path, extra: &[&str]) -> String {
    let mut args = vec![
        "--threads",
        threads,
        "datagen",
        exp.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    args.extend_from_slice(extra);
    let o = crate::common::weightforge(&args);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        o.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    text
}

#[test]
fn datagen_is_the_same_on_1_and_2_threads_and_after_a_resume() {
    let dir = tempfile::tempdir().unwrap();
    let exp = experiment(dir.path());
    let [one, two, split] = ["one", "two", "split"].map(|n| dir.path().join(n));
    datagen("1", &exp, &one, &[]);
    datagen("2", &exp, &two, &[]);
    let a = std::fs::read(&one).unwrap();
    assert_eq!(a, std::fs::read(&two).unwrap(), "1 and 2 threads differ");

    let said = datagen("2", &exp, &split, &["--stop-after-games", "3"]);
    assert!(said.contains("stopped"), "{said}");
    assert!(!split.exists(), "a stopped run writes no file");
    let partial = dir.path().join("split.partial");
    assert!(partial.exists(), "the checkpoint is kept");
    datagen("1", &exp, &split, &["--resume"]);
    assert_eq!(
        a,
        std::fs::read(&split).unwrap(),
        "the resumed file differs"
    );
    assert!(
        !partial.exists(),
        "the checkpoint is removed once the file is written"
    );
}

#[test]
fn every_row_parses_back_and_no_row_repeats() {
    let dir = tempfile::tempdir().unwrap();
    let exp = experiment(dir.path());
    let out = dir.path().join("p");
    datagen("2", &exp, &out, &["--games", "4"]);
    let f = positions_file::read_rows::<WolvesSheep>(&out).unwrap();
    assert!(f.rows.len() > 20, "{} rows", f.rows.len());
    assert!(f.comments.iter().any(|c| c.contains("--games 4")));
    let mut seen = std::collections::HashSet::new();
    for (_, row) in &f.rows {
        assert!([0.0, 0.5, 1.0].contains(&row.result), "{row:?}");
        assert!(row.score.is_finite(), "{row:?}");
        assert!(
            seen.insert((row.role, row.text.clone())),
            "repeated: {row:?}"
        );
    }
    assert!(f.rows.iter().any(|(_, r)| r.role == 0) && f.rows.iter().any(|(_, r)| r.role == 1));
}

#[test]
fn resume_refuses_a_checkpoint_of_another_plan() {
    let dir = tempfile::tempdir().unwrap();
    let exp = experiment(dir.path());
    let out = dir.path().join("p");
    datagen("1", &exp, &out, &["--stop-after-games", "1"]);
    let o = crate::common::weightforge(&[
        "datagen",
        exp.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--nodes",
        "2000",
        "--resume",
        "--quiet",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("another plan"), "{err}");
}

/// Games that are all alike (no opening plies, no random ties, a fixed depth) keep one
/// game's rows: the copies are removed.
#[test]
fn identical_games_leave_one_games_rows() {
    let dir = tempfile::tempdir().unwrap();
    let genome = Genome::parse::<WolvesSheep>(
        weightforge::builtin_genomes::genome_text("wolves_sheep", "luo2023").unwrap(),
        "luo2023",
    )
    .unwrap();
    let mut settings = MatchSettings::defaults::<WolvesSheep>(0);
    settings.ply_cap = 30;
    let mut plan = DatagenPlan {
        player: DatagenPlayer::of::<WolvesSheep>(&genome),
        opponents: Vec::new(),
        budget: DatagenBudget::Depth([2, 2]),
        settings,
        games: 1,
        skip_plies: 0,
        seed: 1,
    };
    plan.player.random_ties = false;
    let run = DatagenRun {
        resume: false,
        stop_after: None,
        made_by: "test".into(),
        progress: &|_| {},
    };
    let exec = Threads::default();
    let one = generate::<WolvesSheep>(&exec, &plan, &dir.path().join("one"), &run).unwrap();
    plan.games = 3;
    let three = generate::<WolvesSheep>(&exec, &plan, &dir.path().join("three"), &run).unwrap();
    assert_eq!(three.rows_played, 3 * one.rows_played);
    assert_eq!(three.positions, one.positions);
    let rows = |n: &str| {
        positions_file::read_rows::<WolvesSheep>(&dir.path().join(n))
            .unwrap()
            .rows
    };
    assert_eq!(rows("one"), rows("three"));
    // The decisive share counts games that ended with a winner, as their rows say.
    let first = rows("one")[0].1.result;
    let won = u64::from(first == 0.0 || first == 1.0);
    assert_eq!((one.decisive, three.decisive), (won, 3 * won));
    assert_eq!(three.decisive_share(), won as f64);
}

/// A datagen stage of two self-play games.
fn two_games(nodes: Option<u64>, soft: bool) -> Option<DatagenSpec> {
    Some(DatagenSpec {
        games: 2,
        nodes,
        skip_plies: 2,
        opponents: false,
        soft,
    })
}

/// The tiny run as a Texel run with a datagen stage of two games.
fn tiny_texel_with_datagen(dir: &Path, name: &str, nodes: Option<u64>, soft: bool) -> Experiment {
    let mut exp = Tiny {
        name,
        seed: 2,
        algorithm: "Texel(steps: 30)",
        hall_of_fame: 0,
    }
    .experiment(dir);
    exp.datagen = two_games(nodes, soft);
    exp
}

/// A Texel run with `datagen:` writes the file in its report folder and fits it.
#[test]
fn texel_run_with_datagen_generates_and_fits_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut exp = tiny_texel_with_datagen(dir.path(), "tiny_dg", Some(2000), false);
    exp.generations = 1;
    run_in_pool(&exp, 2, &RunOptions::default(), None);
    let report = dir.path().join("reports/tiny_dg");
    let made = positions_file::read_rows::<WolvesSheep>(&report.join(DATAGEN_FILE)).unwrap();
    assert!(!made.rows.is_empty());
    let stored = std::fs::read_to_string(report.join("experiment.ron")).unwrap();
    assert!(stored.contains(DATAGEN_FILE), "{stored}");
}

/// `calibrate` prints a node budget for a genome and refuses a player without a search.
#[test]
fn calibrate_prints_a_node_budget_and_refuses_random() {
    let o = crate::common::weightforge(&[
        "--threads",
        "1",
        "calibrate",
        "--game",
        "wolves_sheep",
        "--genome",
        "luo2023",
        "--move-time",
        "20",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    let nodes: u64 = text
        .split("--nodes ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no budget in {text}"));
    assert!(nodes > 100, "{text}");
    let o = crate::common::weightforge(&[
        "calibrate",
        "--game",
        "wolves_sheep",
        "--genome",
        "random",
        "--move-time",
        "20",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

/// The `datagen:` section's numbers are checked when the experiment is resolved, each
/// naming its field, before a game is played.
#[test]
fn datagen_numbers_out_of_range_are_refused_at_resolve() {
    let dir = tempfile::tempdir().unwrap();
    let base: Experiment = Tiny {
        name: "tiny_dg",
        seed: 2,
        algorithm: "Texel(steps: 30)",
        hall_of_fame: 0,
    }
    .experiment(dir.path());
    let spec = DatagenSpec {
        games: 2,
        nodes: Some(2000),
        skip_plies: 2,
        opponents: false,
        soft: false,
    };
    let cases = [
        (
            "datagen.games",
            DatagenSpec {
                games: 0,
                ..spec.clone()
            },
        ),
        (
            "datagen.skip_plies",
            DatagenSpec {
                skip_plies: u32::MAX,
                ..spec.clone()
            },
        ),
        (
            "datagen.nodes",
            DatagenSpec {
                nodes: Some(0),
                ..spec.clone()
            },
        ),
    ];
    for (field, bad) in cases {
        let mut exp = base.clone();
        exp.datagen = Some(bad);
        let err = exp
            .resolve::<WolvesSheep>("dg.ron")
            .unwrap_err()
            .to_string();
        assert!(err.contains(&format!("`{field}`")), "{field}: {err}");
    }
}

/// A soft node limit: the search deepens until an iteration ends past the limit, so it
/// finishes the iteration a fixed limit cuts off (one ply deeper here, more nodes) and
/// plays what a search to that whole depth plays.
#[test]
fn a_soft_limit_finishes_the_iteration_a_fixed_limit_cuts() {
    let genome = Genome::parse::<WolvesSheep>(
        weightforge::builtin_genomes::genome_text("wolves_sheep", "luo2023").unwrap(),
        "luo2023",
    )
    .unwrap();
    let mut rng = GameRng::seed_from_u64(4);
    let pos = WolvesSheep::start(WolvesSheep::start_names()[0], &mut rng).unwrap();
    let soft = 3000;
    let search = |limits: SearchLimits| {
        let mut eval = Evaluator::new::<WolvesSheep>(0, &genome.weights[0]);
        let mut searcher = Searcher::<WolvesSheep>::new(SearchOptions::default(), 16);
        searcher.search(&pos, &mut eval, &limits, &mut GameRng::seed_from_u64(1))
    };
    let fixed = search(SearchLimits {
        nodes: Some(soft),
        ..SearchLimits::depth(MAX_DEPTH)
    });
    let soft_found = search(SearchLimits {
        nodes: Some(soft * DATAGEN_SOFT_HARD_FACTOR),
        soft_nodes: Some(soft),
        ..SearchLimits::depth(MAX_DEPTH)
    });
    assert!(soft_found.nodes >= soft, "{soft_found:?}");
    assert!(soft_found.depth > fixed.depth, "{soft_found:?} {fixed:?}");
    let whole = search(SearchLimits::depth(soft_found.depth));
    assert_eq!(
        (whole.best, whole.score, whole.nodes),
        (soft_found.best, soft_found.score, soft_found.nodes)
    );
}

/// `datagen --soft` writes the same file on 1 and 2 threads, says so in its comments,
/// and differs from the fixed limit's file.
#[test]
fn soft_datagen_is_the_same_on_1_and_2_threads_and_differs_from_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let exp = experiment(dir.path());
    let [one, two, fixed] = ["one", "two", "fixed"].map(|n| dir.path().join(n));
    let games = ["--games", "4"];
    datagen("1", &exp, &one, &[&games[..], &["--soft"]].concat());
    datagen("2", &exp, &two, &[&games[..], &["--soft"]].concat());
    datagen("2", &exp, &fixed, &games);
    let soft = std::fs::read(&one).unwrap();
    assert_eq!(soft, std::fs::read(&two).unwrap(), "1 and 2 threads differ");
    assert_ne!(soft, std::fs::read(&fixed).unwrap(), "soft equals fixed");
    let f = positions_file::read_rows::<WolvesSheep>(&one).unwrap();
    assert!(
        f.comments.iter().any(|c| c.contains("(soft)")),
        "{:?}",
        f.comments
    );
}

/// A soft limit needs a node budget: with a depth target it is refused, naming the field.
#[test]
fn a_soft_limit_with_a_depth_budget_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut exp = tiny_texel_with_datagen(dir.path(), "tiny_soft", None, true);
    exp.nodes = None;
    let depth = [("wolves", 2), ("sheep", 2)].map(|(r, d)| (r.to_string(), d));
    exp.target = Some(Budget {
        nodes: None,
        depth: Some(depth.into_iter().collect()),
    });
    let path = dir.path().join("soft.ron");
    std::fs::write(&path, exp.to_ron()).unwrap();
    let o = crate::common::weightforge(&["datagen", path.to_str().unwrap(), "--quiet"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("datagen.soft"), "{err}");
}

/// A fit on positions alone plays no training games: its run page says so instead of
/// drawing a flat training score.
#[test]
fn a_run_without_training_games_says_so_on_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let mut exp = Tiny {
        name: "tiny_fit_only",
        seed: 2,
        algorithm: "Texel(steps: 30, games: false)",
        hall_of_fame: 0,
    }
    .experiment(dir.path());
    exp.generations = 1;
    exp.datagen = two_games(Some(2000), false);
    run_in_pool(&exp, 2, &RunOptions::default(), None);
    let page =
        std::fs::read_to_string(dir.path().join("reports/tiny_fit_only/index.html")).unwrap();
    let training =
        crate::common::between(&page, "<h2>Training</h2>", "<h2>").expect("a training section");
    assert!(
        training.contains("No games were played in training") && !training.contains("<svg"),
        "{training}"
    );
    let chart =
        std::fs::read_to_string(dir.path().join("reports/tiny_fit_only/fitness.svg")).unwrap();
    assert!(
        chart.contains("no games in training"),
        "the chart's title says so too"
    );
}
