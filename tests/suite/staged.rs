//! Staged tuning and the Elo-against-budget chart: a staged run interrupted after a
//! promotion resumes to the same run as an uninterrupted one; a promotion continues
//! from the candidate with the best measured score; the chart's data has one row per
//! reference and budget, and its default budgets run from training to the target.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::experiment::{finished, run_in_pool, Tiny};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::experiment::{Budget, Experiment, StageSpec};
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::RunEnd;
use weightforge::tune::promote::survivors;
use weightforge::tune::search_budget;

fn depth(d: u32) -> Budget {
    let map: BTreeMap<String, u32> = [("wolves".to_string(), d), ("sheep".to_string(), d)].into();
    Budget {
        nodes: None,
        depth: Some(map),
    }
}

/// The tiny run, staged: a promotion after generation 2 and after the last (3), three
/// entrants, two halving rounds, at a depth-2 target; the chart at depths 1 and 2 and
/// 300 nodes.
fn staged(dir: &Path) -> Experiment {
    staged_with(dir, "Es(lambda: 4, sigma: 0.5)")
}

/// [`staged`] with another algorithm.
fn staged_with(dir: &Path, algorithm: &str) -> Experiment {
    let mut exp = Tiny {
        name: "staged",
        seed: 11,
        algorithm,
        hall_of_fame: 0,
    }
    .experiment(dir);
    exp.target = Some(depth(2));
    exp.stages = Some(StageSpec {
        every: 2,
        keep: 3,
        rounds: 2,
        pairs: 1,
    });
    exp.validation.budgets = vec![
        depth(1),
        depth(2),
        Budget {
            nodes: Some(300),
            depth: None,
        },
    ];
    exp.validation.budget_pairs = Some(2);
    exp
}

/// A checkpoint with its wall-clock times zeroed (they differ between any two runs).
fn timeless(mut cp: Checkpoint) -> Checkpoint {
    cp.seconds = 0.0;
    for r in &mut cp.rows {
        r.seconds = 0.0;
        r.totals.seconds = 0.0;
        for t in &mut r.opponent_totals {
            t.seconds = 0.0;
        }
    }
    cp
}

#[test]
fn resumed_staged_run_equals_an_uninterrupted_one() {
    let whole_dir = tempfile::tempdir().unwrap();
    let exp = staged(whole_dir.path());
    let whole = finished(run_in_pool(&exp, 2, &RunOptions::default(), None));
    let whole_cp = Checkpoint::load(&whole_dir.path().join("reports/staged")).unwrap();

    let split_dir = tempfile::tempdir().unwrap();
    let exp = staged(split_dir.path());
    let stop = RunOptions {
        stop_after: Some(2),
        ..RunOptions::default()
    };
    match run_in_pool(&exp, 2, &stop, None) {
        RunEnd::Interrupted { completed } => assert_eq!(completed, 2),
        RunEnd::Finished(_) => panic!("should stop after generation 2"),
    }
    let cp = Checkpoint::load(&split_dir.path().join("reports/staged")).unwrap();
    assert!(
        cp.rows[1].promotion.is_some(),
        "the promotion after generation 2 is in the checkpoint written after it"
    );
    let resumed = finished(run_in_pool(
        &cp.experiment.clone(),
        1,
        &RunOptions::default(),
        Some(cp),
    ));
    let resumed_cp = Checkpoint::load(&split_dir.path().join("reports/staged")).unwrap();
    assert_eq!(resumed.best, whole.best);
    assert_eq!(resumed.total_games, whole.total_games);
    let (a, b) = (timeless(whole_cp), timeless(resumed_cp));
    assert_eq!(a.rows, b.rows);
    assert_eq!(a.algorithm, b.algorithm);
    assert_eq!(a.training_openings, b.training_openings);

    // Promotions after generations 2 and 3, each continuing from its winner.
    let promoted: Vec<u32> = a
        .rows
        .iter()
        .filter(|r| r.promotion.is_some())
        .map(|r| r.generation)
        .collect();
    assert_eq!(promoted, vec![2, 3]);
    let last = a.rows[2].promotion.as_ref().unwrap();
    let winner = last.candidates[last.winner];
    let winner_theta = &a.rows[winner as usize - 1].theta;
    assert_eq!(a.algorithm.mean(), winner_theta.as_slice());
    let csv =
        std::fs::read_to_string(whole_dir.path().join("reports/staged/generations.csv")).unwrap();
    assert!(csv.lines().next().unwrap().contains("promoted_generation"));
}

#[test]
fn promotion_continues_from_the_best_measured_candidate() {
    for algorithm in [
        "Es(lambda: 4, sigma: 0.5)",
        "CmaEs(lambda: 4, sigma: 0.5)",
        "Spsa(perturbations: 2, c_end: 0.1, r_end: 0.01)",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut exp = staged_with(dir.path(), algorithm);
        exp.validation.budgets.truncate(1);
        finished(run_in_pool(&exp, 2, &RunOptions::default(), None));
        let cp = Checkpoint::load(&dir.path().join("reports/staged")).unwrap();
        check_promotions(&cp, algorithm);
    }
    // The ranking itself: the best score wins, ties go to the newer candidate.
    assert_eq!(
        survivors(&[0, 1, 2, 3], &[0.2, 0.9, 0.5, 0.9], 2),
        vec![1, 3]
    );
    assert_eq!(survivors(&[2, 0], &[0.4, 0.1, 0.6], 1), vec![2]);
}

/// Every promotion of `cp` ran its rounds and chose the best measured candidate of the
/// last, and the algorithm ends at the last winner.
fn check_promotions(cp: &Checkpoint, algorithm: &str) {
    let mut promotions = 0;
    for row in &cp.rows {
        let Some(p) = &row.promotion else { continue };
        // Generation 2 has up to two entrants (one round), generation 3 up to three (3,
        // then 2): fewer when a generation left the mean where it was.
        let n = p.candidates.len();
        assert!(
            (2..=row.generation.min(3) as usize).contains(&n),
            "{algorithm}: {p:?}"
        );
        assert_eq!(p.rounds[0].len(), p.candidates.len());
        for w in p.rounds.windows(2) {
            assert_eq!(w[1].len(), w[0].len().div_ceil(2));
            assert!(w[1].iter().all(|k| w[0].contains(k)));
        }
        let last = p.rounds.last().unwrap();
        let best = last
            .iter()
            .copied()
            .max_by(|&a, &b| p.scores[a].total_cmp(&p.scores[b]).then(b.cmp(&a)))
            .unwrap();
        assert_eq!(p.winner, best, "{algorithm}: {p:?}");
        promotions += 1;
    }
    assert!(promotions >= 1, "{algorithm}");
    if let Some(last) = &cp.rows[2].promotion {
        let winner = &cp.rows[last.candidates[last.winner] as usize - 1].theta;
        assert_eq!(cp.algorithm.mean(), winner.as_slice(), "{algorithm}");
    }
}

#[test]
fn the_budget_chart_has_one_row_per_reference_and_budget() {
    let dir = tempfile::tempdir().unwrap();
    let mut exp = staged(dir.path());
    exp.stages = None;
    exp.name = "chart".into();
    finished(run_in_pool(&exp, 2, &RunOptions::default(), None));
    let report = dir.path().join("reports/chart");
    let csv = std::fs::read_to_string(report.join("elo_budget.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 2 * 3, "2 references × 3 budgets:\n{csv}");
    for (budget, opponent) in [
        ("\"depth sheep 1, wolves 1\"", "luo2023"),
        ("300 nodes", "random"),
    ] {
        assert!(
            rows.iter()
                .any(|r| r.contains(budget) && r.contains(opponent)),
            "{budget} vs {opponent}:\n{csv}"
        );
    }
    assert!(report.join("elo_budget.png").exists());
    let page = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(page.contains("id=\"elo-budget\""));
    assert!(page.contains("Elo against budget"));
}

#[test]
fn default_chart_budgets_run_from_training_to_the_target() {
    let dir = tempfile::tempdir().unwrap();
    let mut exp = staged(dir.path());
    exp.validation.budgets.clear();
    exp.target = Some(Budget {
        nodes: Some(2000),
        depth: None,
    });
    let r = exp.resolve::<WolvesSheep>("staged.ron").unwrap();
    let labels: Vec<String> = search_budget::chart(&r, ["wolves", "sheep"])
        .iter()
        .map(search_budget::label)
        .collect();
    assert_eq!(
        labels,
        ["depth sheep 1, wolves 1", "200 nodes", "2000 nodes"]
    );
    exp.target = None;
    let r = exp.resolve::<WolvesSheep>("staged.ron").unwrap();
    assert!(search_budget::chart(&r, ["wolves", "sheep"]).is_empty());
}

/// A change to the staged experiment.
type Edit = Box<dyn Fn(&mut Experiment)>;

#[test]
fn bad_stages_and_budgets_name_their_field() {
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|e| e.stages.as_mut().unwrap().every = 0),
            "stages.every",
        ),
        (
            Box::new(|e| e.stages.as_mut().unwrap().rounds = 99),
            "stages.rounds",
        ),
        (
            Box::new(|e| {
                e.target = Some(Budget {
                    nodes: None,
                    depth: None,
                })
            }),
            "target",
        ),
        (
            Box::new(|e| e.validation.budgets[0] = depth(0)),
            "validation.budgets[0].depth.sheep",
        ),
        (
            Box::new(|e| {
                e.algorithm = weightforge::ronfile::parse("Texel()", "texel").unwrap();
            }),
            "stages",
        ),
    ];
    for (edit, field) in cases {
        let mut exp = staged(dir.path());
        edit(&mut exp);
        let err = exp
            .resolve::<WolvesSheep>("staged.ron")
            .expect_err(field)
            .to_string();
        assert!(
            err.contains("staged.ron") && err.contains(&format!("`{field}`")),
            "{field}: {err}"
        );
    }
}

#[test]
fn a_bad_budget_reads_alike_in_target_and_in_the_chart() {
    let dir = tempfile::tempdir().unwrap();
    let goats: BTreeMap<String, u32> = [("goats".to_string(), 2)].into();
    let bad = [
        Budget {
            nodes: None,
            depth: None,
        },
        Budget {
            nodes: Some(0),
            depth: None,
        },
        Budget {
            nodes: None,
            depth: Some(goats),
        },
    ];
    for b in bad {
        let message = |edit: &dyn Fn(&mut Experiment)| {
            let mut exp = staged(dir.path());
            edit(&mut exp);
            let err = exp.resolve::<WolvesSheep>("staged.ron").unwrap_err();
            // The message after the field (`.. field `F`: message`).
            let text = err.to_string();
            let (_, message) = text.split_once("`: ").expect(&text);
            message.to_string()
        };
        let in_target = message(&|e| e.target = Some(b.clone()));
        let in_chart = message(&|e| e.validation.budgets[0] = b.clone());
        assert_eq!(in_target, in_chart, "{b:?}");
    }
}
