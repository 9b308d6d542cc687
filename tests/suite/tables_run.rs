//! A table fit as a stage of `evolve` (an experiment's `tables:`): the run generates its
//! positions, fits the families on them, trains, validates and gates with the tables,
//! writes a table genome, draws the heat maps and the loss chart onto its page, and a
//! run interrupted after the fit resumes to the same genome without fitting again.
//! Bad `tables:` sections are refused naming the field.

use std::path::Path;

use crate::common::experiment::{finished, run_in_pool};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::experiment::Experiment;
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::RunEnd;

/// A small table run under `dir`: 40 self-play games at 300 nodes, psqt and 2×2
/// blocks, two generations of ES at 300 nodes, a gate of at most 6 pairs.
fn table_run(dir: &Path, tables: &str) -> String {
    format!(
        r#"(
        name: "tables_run",
        game: "wolves_sheep",
        seed: 7,
        algorithm: Es(lambda: 4, sigma: 0.3),
        generations: 2,
        start: "li2023",
        tune_roles: ["wolves", "sheep"],
        nodes: 300,
        datagen: (games: 40, nodes: 300),
        tables: {tables},
        opponents: [(player: "li2023")],
        pairs_per_opponent: 1,
        openings: (plies: 6),
        ply_cap: 120,
        validation: (finalists: 1, selection_pairs: 1, pairs: 3),
        gate: (elo0: 0, elo1: 10, max_pairs: 6),
        output: (reports: "{0}/reports", genomes: "{0}/genomes"),
    )"#,
        dir.display()
    )
}

const TABLES: &str = r#"(families: ["psqt", "blocks2x2"], steps: 20, l2: [1e-5, 1e-4])"#;

fn parse(text: &str) -> Experiment {
    Experiment::parse(text, "tables_run.ron").expect("the experiment parses")
}

#[test]
fn a_table_run_fits_its_tables_and_plays_them() {
    let dir = tempfile::tempdir().unwrap();
    let s = finished(run_in_pool(
        &parse(&table_run(dir.path(), TABLES)),
        2,
        &RunOptions::default(),
        None,
    ));
    let tables = s
        .best
        .tables
        .as_ref()
        .expect("the result carries the tables");
    assert_eq!(tables.layout.family_names(), ["psqt", "blocks2x2"]);
    assert!(tables.weights.iter().flatten().any(|w| *w != 0.0));
    assert!(s.gate.is_some(), "the gate played");
    let report = dir.path().join("reports/tables_run");
    for f in [
        "tables.ron",
        "tables.heat.png",
        "tables.heat.svg",
        "tables.l2.png",
        "tables.l2.csv",
    ] {
        assert!(report.join(f).exists(), "{f}");
    }
    let page = std::fs::read_to_string(report.join("index.html")).unwrap();
    for part in [
        "<h2>Tables</h2>",
        "id=\"tables-heat\"",
        "psqt, blocks2x2",
        "&lt;- kept",
    ] {
        assert!(page.contains(part), "the run page has no {part:?}");
    }
    let written = weightforge::genome::Genome::load::<WolvesSheep>(&s.genome_path).unwrap();
    assert_eq!(
        written.tables.as_deref(),
        Some(&**tables),
        "the genome file round-trips"
    );
}

#[test]
fn an_interrupted_table_run_resumes_to_the_same_genome_without_fitting_again() {
    let whole_dir = tempfile::tempdir().unwrap();
    let whole = finished(run_in_pool(
        &parse(&table_run(whole_dir.path(), TABLES)),
        2,
        &RunOptions::default(),
        None,
    ));
    let split_dir = tempfile::tempdir().unwrap();
    let exp = parse(&table_run(split_dir.path(), TABLES));
    let stop = RunOptions {
        stop_after: Some(1),
        ..RunOptions::default()
    };
    assert!(matches!(
        run_in_pool(&exp, 1, &stop, None),
        RunEnd::Interrupted { completed: 1 }
    ));
    let report = split_dir.path().join("reports/tables_run");
    let fitted = std::fs::metadata(report.join("tables.ron"))
        .unwrap()
        .modified()
        .unwrap();
    let cp = Checkpoint::load(&report).unwrap();
    let resumed = finished(run_in_pool(&exp, 2, &RunOptions::default(), Some(cp)));
    assert_eq!(resumed.best.weights, whole.best.weights);
    assert_eq!(resumed.best.tables, whole.best.tables);
    let again = std::fs::metadata(report.join("tables.ron"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(fitted, again, "the resumed run read its tables back");
}

#[test]
fn bad_tables_sections_name_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let base = table_run(dir.path(), TABLES);
    let cases = [
        (
            base.replace("\"blocks2x2\"", "\"hexes\""),
            "tables.families",
        ),
        (base.replace("steps: 20", "steps: 0"), "tables.steps"),
        (
            base.replace("steps: 20", "steps: 20, score_scale: Spread"),
            "tables.score_scale",
        ),
        (
            base.replace(
                "steps: 20",
                "steps: 20, score_weight: 1, score_scale: Fixed(0)",
            ),
            "tables.score_scale",
        ),
        (base.replace("l2: [1e-5, 1e-4]", "l2: []"), "tables.l2"),
        (
            base.replace("datagen: (games: 40, nodes: 300),", ""),
            "tables",
        ),
        (
            base.replace(
                "start: \"li2023\"",
                "start: \"genomes/wolves_sheep/tables_li2023.ron\"",
            ),
            "tables",
        ),
        (
            base.replace("Es(lambda: 4, sigma: 0.3)", "Texel(steps: 10)"),
            "tables",
        ),
    ];
    for (text, field) in cases {
        let e = parse(&text)
            .resolve::<WolvesSheep>("tables_run.ron")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("tables_run.ron") && e.contains(field),
            "{field}: {e}"
        );
    }
    // Positions made by a run that nothing fits: refused before any game.
    let text = base.replace(&format!("tables: {TABLES},"), "");
    let e = crate::common::experiment::run_text(&text, "tables_run.ron").unwrap_err();
    assert!(e.to_string().contains("`datagen`"), "{e}");
}
