//! Per-role selection (`validation: (per_role: true)`). Where each role has its own
//! weights, a genome's games as one role depend only on that role's weights (and the
//! opponent's), so the final selection can take each role's weights from the finalist
//! that scored best in that role: at a deep target budget one role may gain where the
//! other only holds (Wolves & Sheep at 100,000 nodes: the sheep must win every game,
//! the wolves must hold a draw), and the finalist best on the mean of both is rarely
//! best in both. The composite's score is the mean of those role scores; validation
//! then measures it on fresh openings, so the choice's own luck does not reach the
//! reported figure. An engine's constants sit in one vector; the role each serves is
//! found by probing its `eval` (a course player's constants each weigh one side's
//! heuristic), so the same choice applies to them.

use super::job::{Job, JobResult};
use super::space::Space;

/// Each candidate's score in each role it played (candidate = A), every opponent
/// weighed by its pairing's weight; 0.5 for a role a candidate never played.
pub fn role_scores(job: &Job, result: &JobResult) -> Vec<[f64; 2]> {
    let n = job.candidates.len();
    let mut sum = vec![[0.0f64; 2]; n];
    let mut weight = vec![[0.0f64; 2]; n];
    for (p, games) in job.pairings.iter().zip(&result.games) {
        for role in 0..2 {
            let (mut s, mut k) = (0.0, 0usize);
            for g in games.iter().flatten().filter(|g| g.a_role == role) {
                s += g.a_score;
                k += 1;
            }
            if k > 0 {
                sum[p.candidate][role] += p.weight * s / k as f64;
                weight[p.candidate][role] += p.weight;
            }
        }
    }
    sum.iter()
        .zip(&weight)
        .map(|(s, w)| [0, 1].map(|r| if w[r] > 0.0 { s[r] / w[r] } else { 0.5 }))
        .collect()
}

/// The best finalist in each role (a tie goes to the lower index, the newer finalist).
pub fn best_per_role(scores: &[[f64; 2]]) -> [usize; 2] {
    [0, 1].map(|r| {
        let mut best = 0;
        for (i, s) in scores.iter().enumerate() {
            if s[r] > scores[best][r] {
                best = i;
            }
        }
        best
    })
}

/// Per θ coordinate, the one role whose games it moves: a built-in weight's role (none
/// when `shared_weights` mirrors it into both); an engine's constant, the role
/// probing found its term in (`engine_roles`, per declared constant: none when it
/// moves both roles' evaluations or neither's).
pub fn dim_roles(space: &Space, engine_roles: &[Option<usize>]) -> Vec<Option<usize>> {
    space
        .dims
        .iter()
        .map(|d| {
            if !engine_roles.is_empty() {
                engine_roles.get(d.feature).copied().flatten()
            } else if d.mirror.is_some() {
                None
            } else {
                Some(d.role)
            }
        })
        .collect()
}

/// θ with each coordinate taken from the best finalist (`best`, from
/// [`best_per_role`]) of the role it serves (`roles`, from [`dim_roles`]); none when
/// one finalist is best in both roles, when only one role is tuned, or when a
/// coordinate serves both roles or none (the roles cannot be told apart).
pub fn compose(roles: &[Option<usize>], thetas: &[&[f64]], best: [usize; 2]) -> Option<Vec<f64>> {
    let both = [0, 1].map(|r| roles.contains(&Some(r)));
    if best[0] == best[1] || !both[0] || !both[1] || roles.contains(&None) {
        return None;
    }
    roles
        .iter()
        .enumerate()
        .map(|(i, r)| r.map(|r| thetas[best[r]][i]))
        .collect()
}
