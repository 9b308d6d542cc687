//! The line search by games (`validation.line`): points on the line from the start
//! through the run's result join the finalists and selection's games choose among
//! them. From a broken start (a genome that plays to lose) a Texel run's direction is
//! right, and selection must leave the start (t = 0) for a point along it; a point out
//! of range is refused with the field named.

use std::path::Path;
use std::sync::Mutex;

use crate::common::experiment::{finished, tuned_and_broken};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::checkpoint::GenerationRow;
use weightforge::tune::evolve::evolve;
use weightforge::tune::experiment::Experiment;
use weightforge::tune::options::RunOptions;
use weightforge::tune::run_observer::RunObserver;

fn experiment(dir: &Path, line: &str) -> Result<Experiment, String> {
    let (_, start) = tuned_and_broken(dir);
    let text = format!(
        r#"(
        name: "line", game: "wolves_sheep", seed: 5, generations: 1,
        algorithm: Texel(steps: 200, filter: (skip_plies: 2, quiet: false)),
        start: "{start}", tune_roles: ["wolves", "sheep"],
        opponents: [(player: "luo2023")], nodes: 200,
        pairs_per_opponent: 6, openings: (plies: 6), ply_cap: 200,
        validation: (finalists: 1, selection_pairs: 8, pairs: 2, line: {line}),
        output: (reports: "{0}/reports", genomes: "{0}/genomes"),
    )"#,
        dir.display()
    );
    Experiment::parse(&text, "line.ron")
        .and_then(|e| e.resolve::<WolvesSheep>("line.ron").map(|_| e))
        .map_err(|e| e.to_string())
}

/// Keeps the run's console messages.
#[derive(Default)]
struct Messages(Mutex<Vec<String>>);

impl RunObserver for Messages {
    fn phase(&self, _: &str, _: u64) {}
    fn game(&self) {}
    fn generation(&self, _: &GenerationRow, _: &[String]) {}
    fn message(&self, text: &str) {
        self.0.lock().unwrap().push(text.to_string());
    }
}

/// Selection's score of each finalist, from its console line
/// (`selection on fresh openings: LABEL: 60.0 %, LABEL: 65.0 %`).
fn selection_scores(messages: &[String]) -> Vec<(String, f64)> {
    let line = messages
        .iter()
        .find_map(|m| m.strip_prefix("selection on fresh openings: "))
        .expect("a selection line");
    line.split(" %")
        .filter(|part| !part.is_empty())
        .map(|part| {
            let part = part.trim_start_matches(", ");
            let (label, score) = part.rsplit_once(": ").expect("LABEL: SCORE");
            (
                label.to_string(),
                score.parse::<f64>().expect("a score") / 100.0,
            )
        })
        .collect()
}

#[test]
fn the_line_search_leaves_a_broken_start_for_a_point_along_the_fit() {
    let dir = tempfile::tempdir().unwrap();
    let exp = experiment(dir.path(), "[0.0, 0.5, 2.0]").unwrap();
    let r = exp.resolve::<WolvesSheep>("line.ron").unwrap();
    let messages = Messages::default();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let end = pool
        .install(|| evolve::<WolvesSheep>(&r, "line.ron", None, &RunOptions::default(), &messages))
        .unwrap();
    let s = finished(end);
    let scores = selection_scores(&messages.0.lock().unwrap());
    let labels: Vec<&str> = scores.iter().map(|(l, _)| l.as_str()).collect();
    for (t, words) in [
        ("0", "the start"),
        ("0.5", "halfway from the start to generation 1"),
        ("2", "2 × the step from the start to generation 1"),
    ] {
        let label = format!("{words} (line t = {t})");
        assert!(labels.contains(&label.as_str()), "{labels:?} lacks {label}");
    }
    let start = scores
        .iter()
        .find(|(l, _)| l.ends_with("(line t = 0)"))
        .unwrap()
        .1;
    let (best, score) = scores
        .iter()
        .fold(&scores[0], |b, s| if s.1 > b.1 { s } else { b });
    assert!(score - start >= 0.2, "{scores:?}");
    let notes = &s.best.provenance.notes;
    assert!(notes.contains(&format!("chosen: {best}")), "{notes}");
}

#[test]
fn a_line_point_out_of_range_is_refused_with_the_field_named() {
    let dir = tempfile::tempdir().unwrap();
    let err = experiment(dir.path(), "[1.0, 5.0]").unwrap_err();
    assert!(err.contains("validation.line"), "{err}");
    let err = experiment(dir.path(), "[-0.5]").unwrap_err();
    assert!(err.contains("validation.line"), "{err}");
}
