//! Per-role selection (`validation: (per_role: true)`): each finalist's score is split
//! by the role it played, weighted by opponent; the composite takes each role's
//! coordinates from that role's best finalist, and is refused where it would mean
//! nothing (one finalist best in both roles, one tuned role, shared weights); a run
//! with it validates a genome whose every role's weights are one finalist's.

mod common;

use common::experiment::{finished, run_in_pool, Tiny};
use weightforge::played_game::{EndReason, GameRecord};
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::fitness::{Job, JobResult, Pairing, Rival, Round};
use weightforge::tune::options::RunOptions;
use weightforge::tune::role_select::{best_per_role, compose, role_scores};
use weightforge::tune::space::{Dim, Space};

fn game(a_role: usize, a_score: f64) -> GameRecord {
    GameRecord {
        a_role,
        a_score,
        plies: 10,
        seconds: 0.0,
        reason: EndReason::Rules,
    }
}

fn pairing(candidate: usize, opponent: usize, weight: f64) -> Pairing {
    Pairing {
        candidate,
        rival: Rival::Pool(opponent),
        pairs: 2,
        depth: [1, 1],
        nodes: None,
        weight,
    }
}

#[test]
fn role_scores_split_each_candidates_games_by_role_and_weigh_opponents() {
    let job = Job {
        round: Round::Selection,
        candidates: vec![[vec![0.0], vec![0.0]]; 2],
        hall_of_fame: Vec::new(),
        pairings: vec![pairing(0, 0, 1.0), pairing(0, 1, 3.0), pairing(1, 0, 1.0)],
    };
    let result = JobResult {
        games: vec![
            // Candidate 0 against opponent 0: role 0 scores 1 and 0, role 1 wins both.
            vec![[game(0, 1.0), game(1, 1.0)], [game(1, 1.0), game(0, 0.0)]],
            // Against opponent 1 (weight 3): role 0 draws both, role 1 loses both.
            vec![[game(0, 0.5), game(1, 0.0)], [game(1, 0.0), game(0, 0.5)]],
            // Candidate 1 only ever plays role 1 here.
            vec![[game(1, 0.5), game(1, 1.0)]],
        ],
        openings: Vec::new(),
        logs: Vec::new(),
    };
    let s = role_scores(&job, &result);
    assert_eq!(s.len(), 2);
    assert!((s[0][0] - (1.0 * 0.5 + 3.0 * 0.5) / 4.0).abs() < 1e-12);
    assert!((s[0][1] - (1.0 * 1.0 + 3.0 * 0.0) / 4.0).abs() < 1e-12);
    assert_eq!(s[1][0], 0.5, "a role never played scores one half");
    assert!((s[1][1] - 0.75).abs() < 1e-12);
}

#[test]
fn best_per_role_picks_each_roles_best_and_ties_go_to_the_first() {
    let scores = [[0.4, 0.9], [0.7, 0.6], [0.7, 0.9]];
    assert_eq!(best_per_role(&scores), [1, 0]);
}

fn dim(role: usize, feature: usize, mirror: Option<usize>) -> Dim {
    Dim {
        role,
        feature,
        label: format!("{role}:{feature}"),
        unit: 1.0,
        mirror,
        bounds: None,
    }
}

#[test]
fn compose_takes_each_roles_coordinates_from_its_best_finalist() {
    let space = Space {
        dims: vec![
            dim(0, 0, None),
            dim(1, 0, None),
            dim(0, 1, None),
            dim(1, 1, None),
        ],
    };
    let a = [1.0, 2.0, 3.0, 4.0];
    let b = [10.0, 20.0, 30.0, 40.0];
    let thetas: [&[f64]; 2] = [&a, &b];
    assert_eq!(
        compose(&space, &thetas, [1, 0]),
        Some(vec![10.0, 2.0, 30.0, 4.0])
    );
    assert_eq!(
        compose(&space, &thetas, [0, 1]),
        Some(vec![1.0, 20.0, 3.0, 40.0])
    );
    assert_eq!(
        compose(&space, &thetas, [1, 1]),
        None,
        "one finalist best in both"
    );
}

#[test]
fn compose_refuses_one_tuned_role_and_shared_weights() {
    let thetas: [&[f64]; 2] = [&[1.0, 2.0], &[3.0, 4.0]];
    let one_role = Space {
        dims: vec![dim(0, 0, None), dim(0, 1, None)],
    };
    assert_eq!(compose(&one_role, &thetas, [0, 1]), None);
    let shared = Space {
        dims: vec![dim(0, 0, Some(1)), dim(0, 1, Some(1))],
    };
    assert_eq!(compose(&shared, &thetas, [0, 1]), None);
}

/// The finalists' θ a run re-measured: the means of the last `n` generations (newest
/// first, each once) and their average.
fn finalist_thetas(cp: &Checkpoint, n: usize) -> Vec<Vec<f64>> {
    let mut out: Vec<Vec<f64>> = Vec::new();
    for row in cp.rows.iter().rev() {
        if out.len() < n && !out.contains(&row.theta) {
            out.push(row.theta.clone());
        }
    }
    let k = out.len() as f64;
    let avg = (0..out[0].len())
        .map(|i| out.iter().map(|t| t[i]).sum::<f64>() / k)
        .collect();
    out.push(avg);
    out
}

#[test]
fn a_per_role_run_validates_each_roles_weights_of_one_finalist() {
    let dir = tempfile::tempdir().unwrap();
    let mut exp = Tiny {
        name: "per_role",
        seed: 5,
        algorithm: "Es(lambda: 4, sigma: 0.8)",
        hall_of_fame: 0,
    }
    .experiment(dir.path());
    exp.validation.per_role = true;
    exp.validation.finalists = 3;
    let r = exp
        .resolve::<weightforge::games::wolves_sheep::WolvesSheep>("tiny.ron")
        .unwrap();
    let space = Space::new::<weightforge::games::wolves_sheep::WolvesSheep>(&r);
    let best = finished(run_in_pool(&exp, 2, &RunOptions::default(), None)).best;
    let cp = Checkpoint::load(&dir.path().join("reports/per_role")).unwrap();
    let candidates: Vec<[Vec<f64>; 2]> = finalist_thetas(&cp, 3)
        .iter()
        .map(|t| space.decode(t, &r.start.weights))
        .collect();
    for role in 0..2 {
        assert!(
            candidates.iter().any(|c| c[role] == best.weights[role]),
            "role {role}'s weights are one finalist's"
        );
    }
}
