//! Choosing the best genome at the end of a run: the finalists (the means of the last
//! generations and their average) are re-measured against every opponent at the final
//! budget (the experiment's target, else the opponent's own search settings), on openings training never used; the best score wins.

use std::collections::HashSet;

use super::checkpoint::Checkpoint;
use super::error::TuneError;
use super::fitness::{self, Job, JobResult, Pairing, Round};
use super::observer::Observer;
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
/// the games and each finalist's score.
pub(super) fn select<G: Features>(
    run: &Session,
    finalists: &[Finalist],
    seen: &HashSet<u64>,
    obs: &dyn Observer,
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
    obs.phase("selection", fitness::job_games(&job));
    let sel = fitness::evaluate_on::<G>(run.exec, r, &job, Some(seen), &|| obs.game())?;
    let scores = fitness::candidate_scores(&job, &sel);
    let mut chosen = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores[chosen] {
            chosen = i;
        }
    }
    obs.message(&format!(
        "selection on fresh openings: {}",
        finalists
            .iter()
            .zip(&scores)
            .map(|(f, s)| format!("{}: {:.1} %", f.label, 100.0 * s))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    Ok((chosen, sel, scores))
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
