//! Tuning an outside engine's constants through the protocol: an experiment whose start
//! is examples/engines/wolves_sheep.py runs with every algorithm, keeps the constants
//! within their declared bounds, validates against the engine's defaults, and writes
//! the constants file that `export` turns into lines. Without python3 the tests are
//! skipped with a message, and fail in CI (`CI=true`).

use std::path::Path;

use crate::common::experiment::{constants_of, finished_text};
use crate::common::tool;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::experiment::Experiment;

const ENGINE: &str = r#"engine:\"python3 wolves_sheep.py\",dir=examples/engines"#;

/// The tiny engine run's experiment text, its outputs under `dir`.
fn tiny(dir: &Path, algorithm: &str, frozen: &str) -> String {
    format!(
        r#"(
            name: "engine_tiny",
            game: "wolves_sheep",
            seed: 3,
            algorithm: {algorithm},
            generations: 2,
            start: "{ENGINE}",
            tune_roles: ["wolves", "sheep"],
            frozen_features: [{frozen}],
            opponents: [(player: "{ENGINE}")],
            pairs_per_opponent: 1,
            openings: (plies: 6),
            ply_cap: 24,
            validation: (finalists: 1, selection_pairs: 1, pairs: 2),
            output: (reports: "{0}/reports", genomes: "{0}/genomes"),
        )"#,
        dir.display()
    )
}

#[test]
fn every_algorithm_tunes_the_engine_constants_within_bounds() {
    if !tool::require_python3("every_algorithm_tunes_the_engine_constants_within_bounds") {
        return;
    }
    let bounds = [
        ("SHEEP_TAKEN", 0.0, 400.0),
        ("WOLF_ROOM", -40.0, 40.0),
        ("THREAT", -100.0, 100.0),
        ("SHEEP_DEPTH", -20.0, 20.0),
        ("SHEEP_WALL", -20.0, 20.0),
    ];
    for algorithm in [
        "Es(lambda: 4, sigma: 0.5)",
        "CmaEs(lambda: 4, sigma: 0.5)",
        "Spsa(perturbations: 2, c_end: 0.1, r_end: 0.01)",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let s = finished_text(
            &tiny(dir.path(), algorithm, r#""SHEEP_WALL""#),
            "engine_tiny.ron",
        );
        assert_eq!(s.validation.len(), 1);
        assert_eq!(s.validation[0].opponent, "wolves_sheep.py");
        assert_eq!(s.validation[0].result.games(), 4);
        let file = constants_of(&s);
        assert_eq!(file.engine, "wolves_sheep.py");
        for (name, lo, hi) in bounds {
            let v = file.constants[name];
            assert!((lo..=hi).contains(&v), "{algorithm}: {name} = {v}");
        }
        assert_eq!(
            file.constants["SHEEP_WALL"], 2.0,
            "{algorithm}: frozen constant kept"
        );
        // SPSA's first steps follow a measured gradient, which two generations of
        // mostly drawn games may not give; the sampling algorithms always move.
        if !algorithm.starts_with("Spsa") {
            let moved = file.constants["WOLF_ROOM"] != -12.0;
            assert!(moved, "{algorithm}: the tuned constant moved");
        }
    }
}

#[test]
fn export_writes_the_constants_as_lines() {
    if !tool::require_python3("export_writes_the_constants_as_lines") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exp = tiny(dir.path(), "Es(lambda: 2, sigma: 0.5)", "");
    let s = finished_text(&exp, "engine_tiny.ron");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_weightforge"))
        .args(["export", "--format", "lines"])
        .arg(&s.genome_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
    // The engine's declaration order, not the alphabet.
    let declared = [
        "SHEEP_TAKEN",
        "WOLF_ROOM",
        "THREAT",
        "SHEEP_DEPTH",
        "SHEEP_WALL",
    ];
    assert_eq!(names, declared);
    for line in text.lines() {
        let v: f64 = line.split(' ').nth(1).unwrap().parse().unwrap();
        assert!(v.is_finite(), "{line}");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_weightforge"))
        .args(["export", "--format", "python"])
        .arg(&s.genome_path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let assigned: Vec<&str> = text
        .lines()
        .map(|l| l.split(" = ").next().unwrap())
        .collect();
    assert_eq!(assigned, declared, "{text}");
    assert!(text
        .lines()
        .all(|l| l.split(" = ").nth(1).unwrap().parse::<f64>().is_ok()));
    assert_eq!(
        constants_of(&s).dir.as_deref(),
        Some(Path::new("examples/engines")),
        "dir kept"
    );
}

#[test]
fn an_unknown_frozen_constant_names_the_field() {
    if !tool::require_python3("an_unknown_frozen_constant_names_the_field") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let text = tiny(dir.path(), "Es(lambda: 2, sigma: 0.5)", r#""NO_SUCH""#);
    let e = Experiment::parse(&text, "engine_tiny.ron")
        .unwrap()
        .resolve::<WolvesSheep>("engine_tiny.ron")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("frozen_features") && e.contains("NO_SUCH"),
        "{e}"
    );
}
