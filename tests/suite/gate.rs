//! The target budget and the gate (#27): the final rounds of a run are played at the
//! experiment's `target`, and the gate's SPRT accepts a clearly better genome against
//! the start and does not accept a copy of the start.

use std::collections::HashSet;
use std::path::Path;

use crate::common::experiment::{finished, run_in_pool, tuned_and_broken, Tiny};
use weightforge::dist::Threads;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::sprt::Decision;
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::experiment::{Budget, Experiment, GateSpec};
use weightforge::tune::gate::gate;
use weightforge::tune::options::RunOptions;
use weightforge::tune::run_observer::Silent;

fn gate_text(dir: &Path, start: &str) -> String {
    format!(
        r#"(
        name: "gated", game: "wolves_sheep", seed: 3, generations: 1,
        start: "{start}", tune_roles: ["wolves", "sheep"],
        opponents: [(player: "random")], pairs_per_opponent: 1,
        openings: (plies: 4), ply_cap: 80,
        target: (nodes: 400),
        gate: (elo1: 40, max_pairs: 100),
        output: (reports: "{0}/reports", genomes: "{0}/genomes"),
    )"#,
        dir.display()
    )
}

fn gate_experiment(dir: &Path, start: &str) -> Experiment {
    Experiment::parse(&gate_text(dir, start), "gated.ron").unwrap()
}

#[test]
fn gate_accepts_a_clearly_better_genome_and_not_a_copy_of_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let (tuned, broken) = tuned_and_broken(dir.path());
    let exp = gate_experiment(dir.path(), &broken);
    let r = exp.resolve::<WolvesSheep>("gated.ron").unwrap();
    let exec = Threads::default();
    let none = HashSet::new();
    let better = gate::<WolvesSheep>(&exec, &r, &tuned.weights, &none, &Silent)
        .unwrap()
        .expect("the experiment has a gate");
    assert_eq!(better.decision, Decision::H1, "{}", better.line());
    assert!(better.result.games() < 200, "{}", better.line());
    assert!(better
        .line()
        .starts_with("gate: better than the start at 400 nodes: the test accepted it after "));
    let copy = gate::<WolvesSheep>(&exec, &r, &r.start.weights, &none, &Silent)
        .unwrap()
        .unwrap();
    assert_ne!(copy.decision, Decision::H1, "{}", copy.line());
    // The same gate again: the same games (a pure function of the run seed).
    let again = gate::<WolvesSheep>(&exec, &r, &tuned.weights, &none, &Silent)
        .unwrap()
        .unwrap();
    assert_eq!(
        (again.result.wdl, again.result.ptnml),
        (better.result.wdl, better.result.ptnml)
    );
}

#[test]
fn target_and_gate_are_checked_when_the_experiment_is_resolved() {
    let dir = tempfile::tempdir().unwrap();
    let base = gate_experiment(dir.path(), "luo2023");
    let bad = |edit: &dyn Fn(&mut Experiment), field: &str| {
        let mut e = base.clone();
        edit(&mut e);
        let err = e
            .resolve::<WolvesSheep>("gated.ron")
            .unwrap_err()
            .to_string();
        assert!(err.contains(field), "{field}: {err}");
    };
    let depth =
        |pairs: &[(&str, u32)]| Some(pairs.iter().map(|(r, d)| (r.to_string(), *d)).collect());
    bad(
        &|e| {
            e.target = Some(Budget {
                nodes: Some(100),
                depth: depth(&[("wolves", 2)]),
            })
        },
        "field `target`",
    );
    bad(
        &|e| {
            e.target = Some(Budget {
                nodes: None,
                depth: None,
            })
        },
        "field `target`",
    );
    bad(
        &|e| {
            e.target = Some(Budget {
                nodes: None,
                depth: depth(&[("goats", 2)]),
            })
        },
        "target.depth.goats",
    );
    bad(
        &|e| {
            e.target = Some(Budget {
                nodes: Some(0),
                depth: None,
            })
        },
        "target.nodes",
    );
    let gate_with = |elo0, elo1, max_pairs| GateSpec {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
        max_pairs,
    };
    bad(&|e| e.gate = Some(gate_with(5.0, 0.0, 10)), "field `gate`");
    bad(&|e| e.gate = Some(gate_with(0.0, 5.0, 0)), "gate.max_pairs");
    // A depth target: both roles named, each at its own depth.
    let mut e = base.clone();
    e.target = Some(Budget {
        nodes: None,
        depth: depth(&[("wolves", 3), ("sheep", 5)]),
    });
    let r = e.resolve::<WolvesSheep>("gated.ron").unwrap();
    let t = r.target.as_ref().unwrap();
    assert_eq!((t.depth, t.nodes), ([3, 5], None));
    assert_eq!(t.describe::<WolvesSheep>(), "depth 3 (wolves), 5 (sheep)");
    // `gate: ()` takes the defaults.
    let text =
        gate_text(dir.path(), "luo2023").replace("gate: (elo1: 40, max_pairs: 100)", "gate: ()");
    let e = Experiment::parse(&text, "defaults.ron").unwrap();
    let g = e.gate.unwrap();
    assert_eq!(
        (g.elo0, g.elo1, g.max_pairs),
        (
            weightforge::tunables::GATE_ELO0,
            weightforge::tunables::GATE_ELO1,
            weightforge::tunables::GATE_MAX_PAIRS
        )
    );
}

#[test]
fn a_run_with_a_target_selects_validates_and_gates_there() {
    let dir = tempfile::tempdir().unwrap();
    let tiny = Tiny {
        name: "targeted",
        seed: 4,
        algorithm: "Es(lambda: 4, sigma: 0.3)",
        hall_of_fame: 0,
    };
    let plain = tiny.experiment(&dir.path().join("plain"));
    let mut targeted = tiny.experiment(&dir.path().join("targeted"));
    targeted.target = Some(Budget {
        nodes: Some(300),
        depth: None,
    });
    targeted.gate = Some(GateSpec {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
        max_pairs: 20,
    });
    let options = RunOptions::default();
    let a = finished(run_in_pool(&plain, 2, &options, None));
    let b = finished(run_in_pool(&targeted, 2, &options, None));
    // Training is the same; what is measured at the end is not.
    let rows = |s: &weightforge::tune::outcome::RunSummary| {
        let rows = Checkpoint::load(&s.report_dir).unwrap().rows;
        rows.into_iter()
            .map(|r| (r.theta, r.totals.wdl, r.totals.ptnml))
            .collect::<Vec<_>>()
    };
    assert_eq!(rows(&a), rows(&b));
    assert_eq!(b.budget, "300 nodes");
    let games = |s: &weightforge::tune::outcome::RunSummary| {
        std::fs::read_to_string(s.report_dir.join("validation-games.jsonl")).unwrap()
    };
    assert_ne!(
        games(&a),
        games(&b),
        "validation at the target plays other games"
    );
    let gate = b.gate.as_ref().expect("the run has a gate");
    assert!(gate.result.games() > 0 && gate.result.games() <= 40);
    assert!(a.gate.is_none());
    let page = std::fs::read_to_string(b.report_dir.join("index.html")).unwrap();
    assert!(page.contains("id=\"gate\""), "the gate on the page");
    assert!(page.contains("both at 300 nodes"), "the budget on the page");
    assert!(b
        .best
        .provenance
        .notes
        .contains("both sides at 300 nodes a move"));
    assert!(b.best.provenance.notes.contains(&gate.line()));
    // With a target, the run also measures the Elo-against-budget chart.
    let csv = std::fs::read_to_string(b.report_dir.join("elo_budget.csv")).unwrap();
    let chart_games: u64 = csv
        .lines()
        .skip(1)
        // `games` is the eighth field from the end (the budget's name may be quoted).
        .map(|l| l.rsplit(',').nth(7).unwrap().parse::<u64>().unwrap())
        .sum();
    assert!(chart_games > 0, "{csv}");
    assert_eq!(
        b.total_games,
        a.total_games + gate.result.games() + chart_games
    );
}
