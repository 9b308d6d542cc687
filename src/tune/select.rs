//! Choosing the best genome at the end of a run: the finalists (the means of the last
//! generations and their average) are re-measured against every opponent at the final
//! budget (the experiment's target, else the opponent's own search settings), on openings training never used; the best score wins.

use std::collections::HashSet;

use super::checkpoint::Checkpoint;
use super::error::TuneError;
use super::fitness;
use super::job::{Job, JobResult, Pairing, Round};
use super::report::selection;
use super::role_select;
use super::run_observer::RunObserver;
use super::session::Session;
use crate::game::Features;

/// A genome re-measured at the end of a run.
pub(super) struct Finalist {
    /// How it is named in the log and the provenance.
    pub label: String,
    /// The newest generation it comes from.
    pub generation: u32,
    /// Its parameters.
    pub theta: Vec<f64>,
}

/// Re-measures the finalists on openings not in `seen`; returns the best one's index,
/// the games and each finalist's score. With `validation.per_role`, a finalist made of
/// each role's best weights joins `finalists` (and wins: its score is the best in each
/// role) when no one finalist is best in both.
pub(super) fn select<G: Features>(
    run: &Session,
    engine_roles: &[Option<usize>],
    finalists: &mut Vec<Finalist>,
    seen: &HashSet<u64>,
    obs: &dyn RunObserver,
) -> Result<(usize, JobResult, Vec<f64>), TuneError> {
    let r = run.r;
    let pairs = r.exp.validation.selection_pairs;
    let job = Job {
        round: Round::Selection,
        candidates: finalists
            .iter()
            .map(|f| run.space.decode(&f.theta, &r.start.weights))
            .collect(),
        hall_of_fame: Vec::new(),
        pairings: (0..finalists.len())
            .flat_map(|c| (0..r.opponents.len()).map(move |i| (c, i)))
            .map(|(c, i)| Pairing::at_final_settings(r, c, i, pairs))
            .collect(),
    };
    obs.phase("selection", job.game_count());
    let sel = fitness::evaluate_on::<G>(run.exec, r, &job, Some(seen), &|| obs.game())?;
    let mut scores = fitness::candidate_scores(&job, &sel);
    let mut chosen = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores[chosen] {
            chosen = i;
        }
    }
    if r.exp.validation.per_role {
        let by_role = role_select::role_scores(&job, &sel);
        obs.message(&role_line(finalists, &by_role, G::ROLES));
        if let Some((f, score)) =
            per_role_finalist(run, engine_roles, finalists, &by_role, G::ROLES)
        {
            obs.message(&format!(
                "per-role selection: {} ({:.1} %)",
                f.label,
                100.0 * score
            ));
            finalists.push(f);
            scores.push(score);
            chosen = finalists.len() - 1;
        }
    }
    say_selection(finalists, &scores, chosen, obs);
    Ok((chosen, sel, scores))
}

/// The selection's line (each finalist's score) and, when the chosen one ties with
/// another, why it was kept.
fn say_selection(finalists: &[Finalist], scores: &[f64], chosen: usize, obs: &dyn RunObserver) {
    let labels: Vec<&str> = finalists.iter().map(|f| f.label.as_str()).collect();
    let each: Vec<String> = labels
        .iter()
        .zip(scores)
        .map(|(l, s)| format!("{l}: {:.1} %", 100.0 * s))
        .collect();
    obs.message(&format!("selection on fresh openings: {}", each.join(", ")));
    if let Some(words) = selection::tie(&labels, scores, chosen) {
        obs.message(&format!("selection: {words}"));
    }
}

/// Each finalist's score per role, for the log.
fn role_line(finalists: &[Finalist], by_role: &[[f64; 2]], roles: [&str; 2]) -> String {
    let parts: Vec<String> = finalists
        .iter()
        .zip(by_role)
        .map(|(f, s)| {
            format!(
                "{}: {} {:.1} %, {} {:.1} %",
                f.label,
                roles[0],
                100.0 * s[0],
                roles[1],
                100.0 * s[1]
            )
        })
        .collect();
    format!("selection by role: {}", parts.join("; "))
}

/// The finalist made of each role's best weights and its score (the mean of those
/// role scores), when no one finalist is best in both roles.
fn per_role_finalist(
    run: &Session,
    engine_roles: &[Option<usize>],
    finalists: &[Finalist],
    by_role: &[[f64; 2]],
    roles: [&str; 2],
) -> Option<(Finalist, f64)> {
    let best = role_select::best_per_role(by_role);
    let thetas: Vec<&[f64]> = finalists.iter().map(|f| f.theta.as_slice()).collect();
    let served = role_select::dim_roles(&run.space, engine_roles);
    let theta = role_select::compose(&served, &thetas, best)?;
    let (a, b) = (&finalists[best[0]], &finalists[best[1]]);
    let finalist = Finalist {
        label: format!("{} of {}, {} of {}", roles[0], a.label, roles[1], b.label),
        generation: a.generation.max(b.generation),
        theta,
    };
    Some((finalist, 0.5 * (by_role[best[0]][0] + by_role[best[1]][1])))
}

/// The means of the last `n` generations (newest first) and, when there are several,
/// their average: under noisy fitness the average of recent means is often better than
/// any one of them. The start when no generation ran.
pub(super) fn finalists(cp: &Checkpoint, n: usize) -> Vec<Finalist> {
    let mut out: Vec<Finalist> = Vec::new();
    for row in cp.rows.iter().rev() {
        if out.len() >= n {
            break;
        }
        if !out.iter().any(|f| f.theta == row.theta) {
            out.push(Finalist {
                label: format!("generation {}", row.generation),
                generation: row.generation,
                theta: row.theta.clone(),
            });
        }
    }
    if out.len() >= 2 {
        let k = out.len() as f64;
        let dims = out[0].theta.len();
        let theta = (0..dims)
            .map(|i| out.iter().map(|f| f.theta[i]).sum::<f64>() / k)
            .collect();
        let (newest, oldest) = (out[0].generation, out[out.len() - 1].generation);
        out.push(Finalist {
            label: format!("average of generations {oldest}-{newest}"),
            generation: newest,
            theta,
        });
    }
    if out.is_empty() {
        out.push(Finalist {
            label: "start".into(),
            generation: 0,
            theta: cp.algorithm.mean().to_vec(),
        });
    }
    out
}
