//! Per-role selection (`validation: (per_role: true)`): each finalist's score is split
//! by the role it played, weighted by opponent; the composite takes each role's
//! coordinates from that role's best finalist, and is refused where it would mean
//! nothing (one finalist best in both roles, one tuned role, shared weights); a run
//! with it validates a genome whose every role's weights are one finalist's.

use crate::common::experiment::{
    constants_of, finished, finished_text, run_in_pool, tuned_and_broken, Tiny,
};
use weightforge::game::Features;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::played_game::{EndReason, GameRecord};
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::job::{Job, JobResult, Pairing, Rival, Round};
use weightforge::tune::options::RunOptions;
use weightforge::tune::role_select::{best_per_role, compose, dim_roles, role_scores};
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
    let roles = dim_roles(&space, &[]);
    assert_eq!(roles, vec![Some(0), Some(1), Some(0), Some(1)]);
    let a = [1.0, 2.0, 3.0, 4.0];
    let b = [10.0, 20.0, 30.0, 40.0];
    let thetas: [&[f64]; 2] = [&a, &b];
    assert_eq!(
        compose(&roles, &thetas, [1, 0]),
        Some(vec![10.0, 2.0, 30.0, 4.0])
    );
    assert_eq!(
        compose(&roles, &thetas, [0, 1]),
        Some(vec![1.0, 20.0, 3.0, 40.0])
    );
    assert_eq!(
        compose(&roles, &thetas, [1, 1]),
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
    assert_eq!(compose(&dim_roles(&one_role, &[]), &thetas, [0, 1]), None);
    let shared = Space {
        dims: vec![dim(0, 0, Some(1)), dim(0, 1, Some(1))],
    };
    assert_eq!(dim_roles(&shared, &[]), vec![None, None]);
    assert_eq!(compose(&dim_roles(&shared, &[]), &thetas, [0, 1]), None);
}

#[test]
fn an_engines_constants_take_the_roles_probing_found() {
    // An engine's dims all sit in role 0 (one vector of declared constants); the role
    // each serves comes from probing, per declared constant (`feature`).
    let space = Space {
        dims: vec![dim(0, 0, None), dim(0, 2, None), dim(0, 3, None)],
    };
    let probed = [Some(0), Some(0), Some(1), Some(0)];
    let roles = dim_roles(&space, &probed);
    assert_eq!(roles, vec![Some(0), Some(1), Some(0)]);
    let thetas: [&[f64]; 2] = [&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]];
    assert_eq!(compose(&roles, &thetas, [0, 1]), Some(vec![1.0, 20.0, 3.0]));
    let both = [Some(0), Some(1), None, Some(0)];
    assert_eq!(
        compose(&dim_roles(&space, &both), &thetas, [0, 1]),
        None,
        "a constant that moves both roles' evaluations"
    );
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

/// An engine run with per-role selection and a line search: the broken genome served
/// by `weightforge engine` (constants `role:feature`, each moving one role's
/// evaluation). Probing's roles are kept in the checkpoint, and the constants validated
/// are, role by role, those of one point selection re-measured.
#[test]
fn an_engine_run_takes_each_roles_constants_from_one_point() {
    let dir = tempfile::tempdir().unwrap();
    let (_, broken) = tuned_and_broken(dir.path());
    let bin = env!("CARGO_BIN_EXE_weightforge");
    let engine = format!(r#"engine:\"{bin} engine --game wolves_sheep --genome {broken}\""#);
    let text = format!(
        r#"(
        name: "engine_per_role", game: "wolves_sheep", seed: 5, generations: 1,
        algorithm: Texel(steps: 200, filter: (skip_plies: 2, quiet: false)),
        start: "{engine}", tune_roles: [],
        opponents: [(player: "luo2023", depth: {{"wolves": 1, "sheep": 1}})],
        pairs_per_opponent: 6, openings: (plies: 6), ply_cap: 60,
        validation: (finalists: 1, selection_pairs: 4, pairs: 1, line: [0.0, 0.5], per_role: true),
        output: (reports: "{0}/reports", genomes: "{0}/genomes"),
    )"#,
        dir.path().display()
    );
    let exp = weightforge::tune::experiment::Experiment::parse(&text, "e.ron").unwrap();
    let r = exp.resolve::<WolvesSheep>("e.ron").unwrap();
    let summary = finished_text(&text, "e.ron");
    let cp = Checkpoint::load(&dir.path().join("reports/engine_per_role")).unwrap();
    let nf = WolvesSheep::feature_info().len();
    assert_eq!(cp.engine_roles.len(), 2 * nf);
    for (i, role) in cp.engine_roles.iter().enumerate() {
        assert!(
            role.is_none() || *role == Some(i / nf),
            "constant {i} serves {role:?}"
        );
    }
    for role in 0..2 {
        assert!(cp.engine_roles.contains(&Some(role)), "role {role} found");
    }
    // The points re-measured: the fit (t = 1) and t = 0, 0.5 on the line from the start.
    let space = Space::new::<WolvesSheep>(&r);
    let start = space.encode(&r.start);
    let fit = &cp.rows.last().unwrap().theta;
    let points: Vec<Vec<f64>> = [1.0, 0.0, 0.5]
        .iter()
        .map(|t| {
            let theta: Vec<f64> = start
                .iter()
                .zip(fit)
                .map(|(s, f)| s + t * (f - s))
                .collect();
            space.decode(&theta, &r.start.weights)[0].clone()
        })
        .collect();
    let chosen: Vec<f64> = constants_of(&summary)
        .ordered()
        .into_iter()
        .map(|(_, v)| v)
        .collect();
    for role in 0..2 {
        let mine: Vec<usize> = (0..chosen.len())
            .filter(|&i| cp.engine_roles[i] == Some(role))
            .collect();
        assert!(
            points.iter().any(|p| mine
                .iter()
                .all(|&i| (p[i] - chosen[i]).abs() <= 1e-9 * p[i].abs().max(1.0))),
            "role {role}'s constants are one point's: {chosen:?}"
        );
    }
}
