//! The tuner: runs are reproducible whatever the thread count, an interrupted run
//! resumes to the same genome, every algorithm runs end to end, and bad experiment
//! files get errors naming the file and the field.

use std::path::Path;

use crate::common::experiment::{finished, run_in_pool, Tiny};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::experiment::Experiment;
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::RunEnd;
use weightforge::tune::schedule::games_in_generation;

/// The tiny run with `algorithm`.
fn tiny(dir: &Path, algorithm: &str) -> Experiment {
    let tiny = Tiny {
        name: "tiny",
        seed: 5,
        algorithm,
        hall_of_fame: 1,
    };
    tiny.experiment(dir)
}

#[test]
fn same_seed_same_genome_with_one_and_two_threads() {
    for algorithm in [
        "Es(lambda: 4, sigma: 0.5)",
        "CmaEs(lambda: 4, sigma: 0.5)",
        "Spsa(perturbations: 2, c_end: 0.1, r_end: 0.01)",
    ] {
        let d1 = tempfile::tempdir().unwrap();
        let d2 = tempfile::tempdir().unwrap();
        let a = finished(run_in_pool(
            &tiny(d1.path(), algorithm),
            1,
            &RunOptions::default(),
            None,
        ));
        let b = finished(run_in_pool(
            &tiny(d2.path(), algorithm),
            2,
            &RunOptions::default(),
            None,
        ));
        assert_eq!(a.best, b.best, "{algorithm}");
        assert_eq!(a.training_games, b.training_games);
        let r = tiny(d1.path(), algorithm)
            .resolve::<WolvesSheep>("tiny.ron")
            .unwrap();
        let expected: u64 = (1..=3).map(|g| games_in_generation(&r, g)).sum();
        assert_eq!(a.training_games, expected, "{algorithm}");
        // By hand: ES/CMA-ES: 4 candidates × (2 + 1 pairs, + 2 hall-of-fame pairs from
        // generation 2) × 2 games; SPSA: 2 perturbations × 2 pairs × 2 games.
        assert_eq!(
            expected,
            if algorithm.starts_with("Spsa") {
                24
            } else {
                24 + 40 + 40
            }
        );
        assert_eq!(a.total_games, b.total_games);
        let csv1 = std::fs::read_to_string(d1.path().join("reports/tiny/generations.csv")).unwrap();
        let csv2 = std::fs::read_to_string(d2.path().join("reports/tiny/generations.csv")).unwrap();
        // Everything but the wall-clock column agrees.
        let strip = |s: &str| -> Vec<String> {
            s.lines()
                .map(|l| {
                    l.split(',')
                        .enumerate()
                        .filter(|(i, _)| *i != 2)
                        .map(|(_, c)| c)
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect()
        };
        assert_eq!(strip(&csv1), strip(&csv2), "{algorithm}");
        // The outputs a user looks for are there.
        for f in [
            "fitness.png",
            "fitness.svg",
            "weights.png",
            "weights.svg",
            "checkpoint.json",
            "validation.txt",
            "best.ron",
        ] {
            assert!(d1.path().join("reports/tiny").join(f).exists(), "{f}");
        }
        assert!(d1
            .path()
            .join("genomes/wolves_sheep/tiny-best.ron")
            .exists());
        let written = weightforge::genome::Genome::load::<WolvesSheep>(
            &d1.path().join("genomes/wolves_sheep/tiny-best.ron"),
        )
        .unwrap();
        assert_eq!(written.weights, a.best.weights);
        assert_eq!(written.provenance.validation.len(), 2);
    }
}

#[test]
fn interrupted_run_resumes_to_the_same_genome() {
    let whole_dir = tempfile::tempdir().unwrap();
    let whole = finished(run_in_pool(
        &tiny(whole_dir.path(), "Es(lambda: 4, sigma: 0.5)"),
        2,
        &RunOptions::default(),
        None,
    ));

    let split_dir = tempfile::tempdir().unwrap();
    let exp = tiny(split_dir.path(), "Es(lambda: 4, sigma: 0.5)");
    let stop = RunOptions {
        stop_after: Some(1),
        ..RunOptions::default()
    };
    match run_in_pool(&exp, 2, &stop, None) {
        RunEnd::Interrupted { completed } => assert_eq!(completed, 1),
        RunEnd::Finished(_) => panic!("should stop after generation 1"),
    }
    let cp = Checkpoint::load(&split_dir.path().join("reports/tiny")).unwrap();
    assert_eq!(cp.completed, 1);
    assert_eq!(cp.experiment, exp);
    let resumed = finished(run_in_pool(
        &cp.experiment.clone(),
        1,
        &RunOptions::default(),
        Some(cp),
    ));
    assert_eq!(resumed.best, whole.best);
    assert_eq!(resumed.training_games, whole.training_games);
}

#[test]
fn bad_experiments_name_file_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let good = tiny(dir.path(), "Es(lambda: 4, sigma: 0.5)").to_ron();
    let cases: Vec<(String, &str)> = vec![
        (
            good.replace("generations: 3", "generations: 0"),
            "`generations`",
        ),
        (
            good.replace("pairs_per_opponent: 2", "pairs_per_opponent: 0"),
            "`pairs_per_opponent`",
        ),
        (
            good.replace(
                "\"luo2023\",\n    tune_roles",
                "\"nobody\",\n    tune_roles",
            ),
            "`start`",
        ),
        (
            good.replace(
                "tune_roles: [\n        \"wolves\",",
                "tune_roles: [\n        \"goats\",",
            ),
            "`tune_roles`",
        ),
        (good.replace("lambda: 4", "lambda: 3"), "`algorithm.lambda`"),
        (
            good.replace("sigma: 0.5", "sigma: -1.0"),
            "`algorithm.sigma`",
        ),
        (
            good.replace(
                "game: \"wolves_sheep\"",
                "game: \"wolves_sheep\", colour: 1",
            ),
            "colour",
        ),
        (
            good.replace("\"wolves\": 1", "\"wolves\": 0"),
            "`opponents[0].depth.wolves`",
        ),
        (
            good.replace("player: \"random\"", "player: \"/no/such/genome.ron\""),
            "`opponents[1].player`",
        ),
        (good.replace("name: \"tiny\"", "name: \"a/b\""), "`name`"),
        (good.replace("ply_cap: 60", "ply_cap: 0"), "`ply_cap`"),
        (
            good.replace("starts: []", "starts: [\"sideways\"]"),
            "`openings.starts[0]`",
        ),
        (
            good.replace("generations: 3", "generations: -3"),
            "bad.ron:",
        ),
    ];
    for (text, want) in cases {
        assert_ne!(text, good, "the replacement for {want} must apply");
        let err = match Experiment::parse(&text, "bad.ron") {
            Err(e) => e.to_string(),
            Ok(exp) => match exp.resolve::<WolvesSheep>("bad.ron") {
                Err(e) => e.to_string(),
                Ok(_) => panic!("{want}: accepted"),
            },
        };
        assert!(
            err.starts_with("bad.ron") && err.contains(want),
            "{want}: {err}"
        );
    }
}

#[test]
fn shared_weights_tune_one_vector_for_both_roles() {
    let dir = tempfile::tempdir().unwrap();
    let text = tiny(dir.path(), "Es(lambda: 4, sigma: 0.5)")
        .to_ron()
        .replace("shared_weights: false", "shared_weights: true");
    let exp = Experiment::parse(&text, "tiny.ron").unwrap();
    assert!(exp.shared_weights);
    let r = exp.resolve::<WolvesSheep>("tiny.ron").unwrap();
    let space = weightforge::tune::space::Space::new::<WolvesSheep>(&r);
    let features = <WolvesSheep as weightforge::game::Features>::feature_info().len();
    assert_eq!(space.len(), features);
    assert!(space.dims.iter().all(|d| d.label.starts_with("both:")));
    let best = finished(run_in_pool(&exp, 2, &RunOptions::default(), None)).best;
    assert_eq!(best.weights[0], best.weights[1]);
    assert_ne!(best.weights[0], r.start.weights[0], "the weights moved");

    // Sharing needs both roles.
    let one_role = text.replace(
        "tune_roles: [\n        \"wolves\",\n        \"sheep\",\n    ]",
        "tune_roles: [\"wolves\"]",
    );
    assert_ne!(one_role, text);
    let err = Experiment::parse(&one_role, "one.ron")
        .unwrap()
        .resolve::<WolvesSheep>("one.ron")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("one.ron") && err.contains("`shared_weights`"),
        "{err}"
    );
}
