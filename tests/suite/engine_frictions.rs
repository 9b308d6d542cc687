//! What a new user of the engine protocol hit, fixed: an experiment's opponent `depth`
//! and `nodes` reach the engine as `go depth N` / `go nodes N`; tuned constants play
//! with `engine:"…",constants=FILE`; two players of the same name are told apart; a
//! run whose engine faults too often stops with an error that says so. The Python tests are skipped with a message without python3, and fail in CI.

use std::path::Path;

use crate::common::experiment::{finished_text, run_text};
use crate::common::tool;
use weightforge::engine::constants::ConstantsFile;
use weightforge::engine::EngineSpec;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::player::PlayerSpec;

const BIN: &str = env!("CARGO_BIN_EXE_weightforge");

/// A one-generation ES run named `name` whose start is `engine` and whose one opponent
/// is the same engine with `opponent` fields added (its depth, its nodes), written
/// under `dir`.
fn engine_against_itself(name: &str, engine: &str, opponent: &str, dir: &Path) -> String {
    format!(
        r#"(
            name: "{name}", game: "wolves_sheep", seed: 1,
            algorithm: Es(lambda: 2, sigma: 0.5), generations: 1,
            start: "{engine}", tune_roles: [],
            opponents: [(player: "{engine}", {opponent})],
            pairs_per_opponent: 1, openings: (plies: 4), ply_cap: 12,
            validation: (finalists: 1, selection_pairs: 1, pairs: 1),
            output: (reports: "{0}/reports", genomes: "{0}/genomes"),
        )"#,
        dir.display()
    )
}

#[test]
fn experiment_depth_and_nodes_reach_the_engine() {
    if !tool::require_python3("experiment_depth_and_nodes_reach_the_engine") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("go.txt");
    let engine = format!(
        r#"engine:\"python3 tests/engines/go_echo.py {}\""#,
        log.display()
    );
    let opponent = r#"depth: {"wolves": 2, "sheep": 3}, nodes: 700"#;
    let text = engine_against_itself("go_echo", &engine, opponent, dir.path());
    finished_text(&text, "go_echo.ron");
    let lines = std::fs::read_to_string(&log).unwrap();
    let training: Vec<&str> = lines.lines().filter(|l| l.contains("nodes 700")).collect();
    assert!(!training.is_empty(), "{lines}");
    for depth in ["go depth 2 nodes 700", "go depth 3 nodes 700"] {
        assert!(
            training.iter().any(|l| l.starts_with(depth)),
            "{depth}: {lines}"
        );
    }
}

#[test]
fn constants_file_plays_tuned_constants() {
    if !tool::require_python3("constants_file_plays_tuned_constants") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let spelling = r#"engine:"python3 wolves_sheep.py",dir=examples/engines"#;
    let defaults = EngineSpec::resolve(spelling, "wolves_sheep").unwrap();
    let mut tuned = defaults.clone();
    tuned.values[1] = 7.5; // WOLF_ROOM
    let file = ConstantsFile::new("wolves_sheep", &tuned, Default::default());
    let path = dir.path().join("tuned.ron");
    std::fs::write(&path, weightforge::ronfile::to_string(&file)).unwrap();
    let with = format!("{spelling},constants={}", path.display());
    let PlayerSpec::Engine(e) = PlayerSpec::resolve::<WolvesSheep>(&with).unwrap() else {
        panic!("an engine")
    };
    assert_eq!(e.values[1], 7.5);
    assert_eq!(e.values[0], defaults.values[0]);
    assert_eq!(
        e.name, "wolves_sheep.py+tuned",
        "told apart from the defaults"
    );
    // A name the engine does not declare is an error naming the file.
    let bad = file
        .constants
        .clone()
        .into_iter()
        .chain([("NOPE".to_string(), 1.0)]);
    let bad = ConstantsFile {
        constants: bad.collect(),
        ..file
    };
    std::fs::write(&path, weightforge::ronfile::to_string(&bad)).unwrap();
    let e = PlayerSpec::resolve::<WolvesSheep>(&with)
        .unwrap_err()
        .to_string();
    assert!(e.contains("tuned.ron") && e.contains("NOPE"), "{e}");
}

#[test]
fn players_with_the_same_name_are_told_apart() {
    let g = PlayerSpec::resolve::<WolvesSheep>("li2023").unwrap();
    let mut players = [g.clone(), g.clone(), g, PlayerSpec::Random];
    PlayerSpec::distinct_names(&mut players);
    let names: Vec<String> = players.iter().map(|p| p.name()).collect();
    assert_eq!(names, ["li2023", "li2023#2", "li2023#3", "random"]);
    let engine = format!("engine:\"{BIN} engine --game wolves_sheep --genome li2023\"");
    let out = std::process::Command::new(BIN)
        .args(["match", "--game", "wolves_sheep", "--games", "2", "--quiet"])
        .args(["--ply-cap", "10", "--depth", "1", &engine, &engine])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("li2023 vs li2023#2"), "{text}");
}

#[test]
fn a_run_whose_engine_faults_too_often_stops_with_an_error() {
    if !tool::require_python3("a_run_whose_engine_faults_too_often_stops_with_an_error") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        r#"(
            name: "faults", game: "wolves_sheep", seed: 1,
            algorithm: Es(lambda: 2, sigma: 0.5), generations: 2,
            start: "li2023", tune_roles: ["wolves", "sheep"],
            opponents: [(player: "engine:\"python3 tests/engines/faulty.py crash\"")],
            pairs_per_opponent: 4, openings: (plies: 4), ply_cap: 12,
            validation: (finalists: 1, selection_pairs: 1, pairs: 1),
            output: (reports: "{0}/reports", genomes: "{0}/genomes"),
        )"#,
        dir.path().display()
    );
    let Err(e) = run_text(&text, "faults.ron") else {
        panic!("the run stops")
    };
    let text = e.to_string();
    assert!(text.starts_with("generation 1: "), "{text}");
    assert!(text.contains("games lost by faults (opponents "), "{text}");
    assert!(text.contains("disconnects"), "{text}");
    assert!(text.contains("more than 25 %"), "{text}");
}

#[test]
fn validation_records_tell_the_tuned_engine_from_its_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let engine = format!(r#"engine:\"{BIN} engine --game wolves_sheep --genome li2023\""#);
    let opponent = r#"depth: {"wolves": 1, "sheep": 1}"#;
    let text = engine_against_itself("told_apart", &engine, opponent, dir.path());
    finished_text(&text, "told_apart.ron");
    let records = dir.path().join("reports/told_apart/validation-games.jsonl");
    let records = std::fs::read_to_string(&records).unwrap();
    let games: Vec<serde_json::Value> = records
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2, "{records}");
    for g in &games {
        let mut names: Vec<&str> = g["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        names.sort_unstable();
        // The tuned constants are named as `match` names the constants file the run
        // wrote (engine:"…",constants=genomes/wolves_sheep/told_apart-best.ron).
        assert_eq!(names, ["li2023", "li2023+told_apart-best"], "{records}");
    }
}
