//! Verdicts a student can trust (issue #41): the gate says "undecided" when it ran out
//! of games, a run whose result is not better than its start never advises pasting it
//! (and `export` warns), the page of a one-generation run has headed tables, plain
//! provenance and charts with points, `tune_roles` may be left out for an engine, an
//! experiment can make its own positions, and a time budget's choice of generations is
//! recorded so a resumed run ends where the first would have.

use std::path::Path;
use std::process::Command;

use crate::common::experiment::{finished, run_in_pool};
use weightforge::fit::positions_file;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::matches::result::MatchResult;
use weightforge::sprt::{Decision, SprtSpec};
use weightforge::stats::{self, Pentanomial};
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::experiment::Experiment;
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::RunEnd;
use weightforge::tune::positions_stage;
use weightforge::tune::report::standing::Standing;
use weightforge::tune::report::validation::GateVerdict;

/// A short run of luo2023 against itself (the opponent is the start), `generations`
/// generations, `extra` fields added; outputs under `dir`.
fn against_itself(dir: &Path, generations: u32, extra: &str) -> Experiment {
    with_algorithm(dir, "Es(lambda: 4, sigma: 1.5)", generations, extra)
}

/// [`against_itself`] with another algorithm.
fn with_algorithm(dir: &Path, algorithm: &str, generations: u32, extra: &str) -> Experiment {
    let text = format!(
        r#"(
        name: "self", game: "wolves_sheep", seed: 5,
        algorithm: {algorithm}, generations: {generations},
        start: "luo2023", tune_roles: ["wolves", "sheep"],
        opponents: [(player: "luo2023")], pairs_per_opponent: 2,
        openings: (plies: 6), ply_cap: 60,
        validation: (finalists: 1, selection_pairs: 2, pairs: 4),
        output: (reports: "{0}/reports", genomes: "{0}/genomes"),
        {extra}
    )"#,
        dir.display()
    );
    Experiment::parse(&text, "self.ron").unwrap()
}

fn weightforge(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_weightforge"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn an_undecided_gate_says_so_with_what_it_needed_and_what_to_do() {
    let mut result = MatchResult {
        ptnml: Pentanomial([1, 10, 60, 30, 2]),
        ..MatchResult::default()
    };
    result.wdl.wins = 70;
    result.wdl.draws = 110;
    result.wdl.losses = 26;
    let sprt = SprtSpec::parse("elo0=0,elo1=10").unwrap();
    let g = GateVerdict {
        sprt,
        budget: "400 nodes".into(),
        elo: stats::pentanomial(&result.ptnml, &result.wdl),
        decision: sprt.decide(&result.ptnml),
        result,
    };
    assert_eq!(g.decision, Decision::Continue, "{}", g.line());
    let line = g.line();
    assert!(
        line.starts_with("gate: undecided after 206 games at 400 nodes"),
        "{line}"
    );
    assert!(line.contains("it needed 2.94 to call it better"), "{line}");
    assert!(line.contains("gate.max_pairs"), "{line}");
    assert!(line.contains("docs/guide/concepts.md#gate"), "{line}");
    assert!(!line.contains("not proven"), "{line}");
}

#[test]
fn a_result_not_better_than_its_start_is_not_advised_and_export_warns() {
    let dir = tempfile::tempdir().unwrap();
    let exp = against_itself(dir.path(), 1, "");
    let s = finished(run_in_pool(&exp, 2, &RunOptions::default(), None));
    // Eight games against the start cannot bound its Elo above 0.
    assert!(
        matches!(s.standing, Standing::NotBetter(_)),
        "{:?}",
        s.standing
    );
    let warning = s.best.provenance.warning.clone().expect("a warning");
    assert!(warning.contains("not better than its start"), "{warning}");
    let genome = s.genome_path.display().to_string();
    let report = dir.path().join("reports/self");
    for asked in [genome.as_str(), report.to_str().unwrap()] {
        let out = weightforge(&["export", "--format", "lines", asked]);
        assert!(out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("warning:") && err.contains("not better than its start"),
            "{asked}: {err}"
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("wolves:"));
    }
    // The page says it at the top, every table column has a header, the provenance is
    // plain text, and a one-generation run's charts have points and the exported values.
    let page = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(page.contains("Not better than the start"), "{page}");
    assert!(!page.contains("<th></th>"), "a column without a header");
    assert!(page.contains("started from luo2023; tuned roles: wolves, sheep"));
    assert!(page.contains(">exported</text>"), "no exported value drawn");
    assert!(page.contains("r=\"4.5\""), "no visible points");
    let weights = std::fs::read_to_string(report.join("weights.svg")).unwrap();
    assert!(weights.contains("<circle"), "weights.svg draws no points");
    assert!(
        weights.contains("exported"),
        "weights.svg: no exported values"
    );
}

/// The start as an opponent at a depth of its own is still the start: validation plays
/// both sides at that depth, so a result it does not bound above 0 is not better.
#[test]
fn the_start_at_a_depth_of_its_own_still_judges_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let mut exp = against_itself(dir.path(), 1, "");
    exp.opponents[0].depth = Some(
        [("wolves".to_string(), 2), ("sheep".to_string(), 2)]
            .into_iter()
            .collect(),
    );
    let s = finished(run_in_pool(&exp, 2, &RunOptions::default(), None));
    assert!(
        matches!(&s.standing, Standing::NotBetter(why) if why.contains("against the start")),
        "{:?}",
        s.standing
    );
}

#[test]
fn tune_roles_may_be_left_out_where_unused() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        r#"(name: "no_roles", game: "wolves_sheep", seed: 1, generations: 1,
            start: "luo2023", opponents: [(player: "random")], pairs_per_opponent: 1,
            output: (reports: "{0}/reports", genomes: "{0}/genomes"))"#,
        dir.path().display()
    );
    let exp = Experiment::parse(&text, "no_roles.ron").expect("tune_roles may be omitted");
    assert!(exp.tune_roles.is_empty());
    // A built-in start still needs it, and says so.
    let err = exp
        .resolve::<WolvesSheep>("no_roles.ron")
        .unwrap_err()
        .to_string();
    assert!(err.contains("tune_roles"), "{err}");
}

#[test]
fn an_experiment_makes_its_own_positions_first() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("positions.ron");
    let source_text = r#"(
        name: "pos", game: "wolves_sheep", seed: 7,
        algorithm: Texel(filter: (skip_plies: 2, quiet: false)),
        generations: 1, start: "li2023", tune_roles: ["wolves", "sheep"],
        opponents: [(player: "luo2023", depth: {"wolves": 1, "sheep": 1}), (player: "random")],
        pairs_per_opponent: 2, openings: (plies: 6), ply_cap: 60,
    )"#;
    std::fs::write(&source, source_text).unwrap();
    let exp = with_algorithm(
        dir.path(),
        "Texel(steps: 50, games: false)",
        1,
        &format!("positions: {:?},", source.display().to_string()),
    );
    finished(run_in_pool(&exp, 2, &RunOptions::default(), None));
    let made = dir
        .path()
        .join("reports/self")
        .join(positions_stage::POSITIONS_FILE);
    // The same positions `weightforge positions` writes for that experiment.
    let r = Experiment::load(&source)
        .unwrap()
        .resolve::<WolvesSheep>("positions.ron")
        .unwrap();
    let filter = r.exp.algorithm.position_source().unwrap().filter;
    let (_, positions) = positions_stage::play::<WolvesSheep>(&r, &filter, &|| {}).unwrap();
    let expected = dir.path().join("expected.pos");
    positions_file::write::<WolvesSheep>(&expected, &positions).unwrap();
    assert_eq!(
        std::fs::read(&made).unwrap(),
        std::fs::read(&expected).unwrap()
    );
    let cp = Checkpoint::load(&dir.path().join("reports/self")).unwrap();
    let files = cp.experiment.algorithm.position_source().unwrap().files;
    assert_eq!(files, vec![made]);
}

#[test]
fn a_time_budget_records_its_choice_and_a_resumed_run_keeps_it() {
    // The clock chooses: all three generations fit in an hour, one in a millisecond.
    for (seconds, generations) in [(3600.0, 3), (0.001, 1)] {
        let dir = tempfile::tempdir().unwrap();
        let options = RunOptions {
            time: Some(seconds),
            ..RunOptions::default()
        };
        let s = finished(run_in_pool(
            &against_itself(dir.path(), 3, ""),
            2,
            &options,
            None,
        ));
        let cp = Checkpoint::load(&dir.path().join("reports/self")).unwrap();
        assert_eq!(cp.completed, generations);
        let t = cp.time_budget.expect("the choice is recorded");
        assert_eq!(
            (t.generations, cp.last_generation),
            (generations, Some(generations))
        );
        assert_eq!(s.training_games, cp.games);
        let page = std::fs::read_to_string(dir.path().join("reports/self/index.html")).unwrap();
        assert!(
            page.contains("time budget"),
            "the page does not say what it chose"
        );
    }
    // The recorded count, given as --train-generations, interrupted and resumed: the
    // run ends at that generation with the genome of the uninterrupted run.
    let whole_dir = tempfile::tempdir().unwrap();
    let two = RunOptions {
        train_generations: Some(2),
        ..RunOptions::default()
    };
    let whole = finished(run_in_pool(
        &against_itself(whole_dir.path(), 3, ""),
        2,
        &two,
        None,
    ));
    assert_eq!(whole.best.provenance.generation, Some(2));
    let split_dir = tempfile::tempdir().unwrap();
    let exp = against_itself(split_dir.path(), 3, "");
    let stop = RunOptions {
        stop_after: Some(1),
        ..two
    };
    match run_in_pool(&exp, 2, &stop, None) {
        RunEnd::Interrupted { completed } => assert_eq!(completed, 1),
        RunEnd::Finished(_) => panic!("should stop after generation 1"),
    }
    let cp = Checkpoint::load(&split_dir.path().join("reports/self")).unwrap();
    assert_eq!(cp.last_generation, Some(2));
    let resumed = finished(run_in_pool(&exp, 1, &RunOptions::default(), Some(cp)));
    assert_eq!(resumed.best.weights, whole.best.weights);
    assert_eq!(resumed.training_games, whole.training_games);
}
