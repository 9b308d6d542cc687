//! The soak: a match against an engine that now and then dies, stalls, answers garbage
//! or plays an illegal move (tests/engines/flaky.py, a proxy in front of `weightforge
//! engine`). The run must finish with every injected fault counted as a lost game of
//! its kind, and every game the faults spared must equal the same game of a clean run.
//!
//! `WEIGHTFORGE_SOAK_GAMES` sets a longer run (default 60 games). Without python3 the
//! test is skipped with a message, and fails in CI (`CI=true`).

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use crate::common::tool;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_weightforge");

/// Plays `engine` (an engine spelling) against li2023 at depth 2 and returns the
/// match's output and its records, keyed by their seeds.
fn play(dir: &Path, engine: &str, record: &str, games: u32) -> (String, HashMap<String, Value>) {
    let out = Command::new(BIN)
        .current_dir(dir)
        .args([
            "--threads",
            "2",
            "match",
            "--game",
            "wolves_sheep",
            engine,
            "li2023",
        ])
        .args([
            "--depth", "2", "--seed", "11", "--quiet", "--record", record,
        ])
        .args(["--games", &games.to_string()])
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{engine}: {text}");
    let lines = std::fs::read_to_string(dir.join(record)).unwrap();
    let games = lines
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|g| (g["seed"].to_string(), g))
        .collect();
    (text, games)
}

#[test]
fn a_flaky_engine_loses_only_the_games_it_breaks() {
    if !tool::require_python3("soak") {
        return;
    }
    let games: u32 = std::env::var("WEIGHTFORGE_SOAK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    let dir = tempfile::tempdir().unwrap();
    let flaky = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/flaky.py");
    let inner = format!("{BIN} engine --game wolves_sheep --genome luo2023");
    let clean = format!("engine:\"{inner}\",movetime=100");
    let faulty = format!(
        "engine:\"python3 {} 15 {} {inner}\",movetime=100",
        flaky.display(),
        dir.path().join("injected.log").display()
    );
    let (_, clean_games) = play(dir.path(), &clean, "clean.jsonl", games);
    let (text, flaky_games) = play(dir.path(), &faulty, "flaky.jsonl", games);
    assert_eq!(clean_games.len(), games as usize);
    assert_eq!(flaky_games.len(), games as usize, "every game finished");

    let injected = std::fs::read_to_string(dir.path().join("injected.log")).unwrap_or_default();
    let kind_of = |k: &str| match k {
        "crash" => "Disconnect",
        "garbage" => "Garbage",
        "illegal" => "IllegalMove",
        _ => "LateMove",
    };
    let mut expected: HashMap<&str, usize> = HashMap::new();
    for k in injected.lines() {
        *expected.entry(kind_of(k)).or_default() += 1;
    }
    assert!(!expected.is_empty(), "the soak injected no fault: {text}");
    let mut counted: HashMap<&str, usize> = HashMap::new();
    for (seed, g) in &flaky_games {
        match g["reason"].get("Fault") {
            Some(f) => {
                let kind = f["kind"].as_str().unwrap();
                let kind = ["Disconnect", "Garbage", "IllegalMove", "LateMove"]
                    .into_iter()
                    .find(|k| *k == kind)
                    .unwrap();
                *counted.entry(kind).or_default() += 1;
                assert!(text.contains("faults:"), "faults are reported: {text}");
            }
            None => assert_eq!(g, &clean_games[seed], "a spared game equals the clean one"),
        }
    }
    assert_eq!(
        counted, expected,
        "every injected fault lost one game, of its kind"
    );
}
