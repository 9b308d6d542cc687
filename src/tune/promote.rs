//! Staged tuning: train at a cheap budget, promote at the target. Every `stages.every`
//! generations and after the last, the means of the last `stages.keep` generations are
//! re-measured against the references at the target budget (the training budget when
//! the run has no target) by successive halving: every candidate still in plays a few
//! pairs, the better half stays, the pairs double, and so on for `stages.rounds` rounds.
//! Training continues from the winner (ES and CMA-ES move their mean there, SPSA its
//! θ). A promotion is a pure function of the checkpoint and the generation, seeded by
//! its own round ([`Round::Promotion`]), so a resumed run promotes as an uninterrupted
//! one does.

use super::checkpoint::{Checkpoint, GenerationRow, Promotion};
use super::error::TuneError;
use super::experiment::StageSpec;
use super::fitness;
use super::job::{Job, JobResult, Pairing, Rival, Round, Weights};
use super::resolved::Resolved;
use super::run_observer::RunObserver;
use super::search_budget;
use super::session::Session;
use crate::game::Features;

/// Whether a promotion follows generation `g` of a run that trains to generation
/// `last`.
pub fn due(r: &Resolved, g: u32, last: u32) -> bool {
    r.exp
        .stages
        .as_ref()
        .is_some_and(|s| g % s.every == 0 || g == last)
}

/// The entrants of a promotion: the means of the last `keep` generations, newest first,
/// each once, with the generation they come from.
pub fn entrants(rows: &[GenerationRow], keep: usize) -> Vec<(u32, Vec<f64>)> {
    let mut out: Vec<(u32, Vec<f64>)> = Vec::new();
    for row in rows.iter().rev() {
        if out.len() >= keep {
            break;
        }
        if !out.iter().any(|(_, t)| *t == row.theta) {
            out.push((row.generation, row.theta.clone()));
        }
    }
    out
}

/// The `keep` best of `alive` by `scores` (indices into `scores`), best first; a tie
/// goes to the lower index (the newer generation).
pub fn survivors(alive: &[usize], scores: &[f64], keep: usize) -> Vec<usize> {
    let mut ranked = alive.to_vec();
    ranked.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    ranked.truncate(keep.max(1));
    ranked
}

/// Games a promotion of `n` entrants plays against `opponents` references.
pub fn planned_games(spec: &StageSpec, n: usize, opponents: usize) -> u64 {
    let (mut alive, mut pairs, mut games) = (n as u64, u64::from(spec.pairs), 0);
    for round in 0..spec.rounds {
        if alive < 2 {
            break;
        }
        games += alive * pairs * 2 * opponents as u64;
        alive = if round + 1 == spec.rounds {
            1
        } else {
            alive.div_ceil(2)
        };
        pairs *= 2;
    }
    games
}

/// Runs the promotion after generation `g` and moves the algorithm to the winner;
/// returns its record (none when fewer than two distinct means can enter). The
/// promotion's openings join the training openings, so selection and validation stay
/// on fresh ones.
pub(super) fn promote<G: Features>(
    run: &Session,
    cp: &mut Checkpoint,
    g: u32,
    obs: &dyn RunObserver,
) -> Result<Option<Promotion>, TuneError> {
    let r = run.r;
    let Some(spec) = &r.exp.stages else {
        return Ok(None);
    };
    let entrants = entrants(&cp.rows, spec.keep as usize);
    if entrants.len() < 2 {
        return Ok(None);
    }
    let b = search_budget::promotion(r, G::ROLES);
    let planned = planned_games(spec, entrants.len(), r.opponents.len());
    obs.phase(&format!("promotion after generation {g}"), planned);
    let weights: Vec<Weights> = entrants
        .iter()
        .map(|(_, t)| run.space.decode(t, &r.start.weights))
        .collect();
    let mut tally = Tally::new(entrants.len(), r.opponents.len());
    let (mut alive, mut pairs, mut rounds) = (
        (0..entrants.len()).collect::<Vec<_>>(),
        spec.pairs,
        Vec::new(),
    );
    for round in 0..spec.rounds {
        if alive.len() < 2 {
            break;
        }
        rounds.push(alive.clone());
        let job = round_job::<G>(r, &b, &weights, &alive, pairs, (g, round));
        let result = fitness::evaluate_on::<G>(run.exec, r, &job, None, &|| obs.game())?;
        tally.add(&job, &result, &alive);
        note_openings(cp, &result);
        let last = round + 1 == spec.rounds;
        let keep = if last { 1 } else { alive.len().div_ceil(2) };
        alive = survivors(&alive, &tally.scores(), keep);
        pairs = pairs.saturating_mul(2);
    }
    let winner = alive[0];
    cp.algorithm.set_mean(&entrants[winner].1);
    let promotion = Promotion {
        budget: search_budget::label(&b),
        candidates: entrants.iter().map(|(gen, _)| *gen).collect(),
        scores: tally.scores(),
        rounds,
        winner,
        games: tally.games,
    };
    obs.message(&describe(g, &promotion));
    Ok(Some(promotion))
}

/// One halving round: each candidate still in against every reference at budget `b`.
fn round_job<G: Features>(
    r: &Resolved,
    b: &super::experiment::Budget,
    weights: &[Weights],
    alive: &[usize],
    pairs: u32,
    (generation, round): (u32, u32),
) -> Job {
    let mut pairings = Vec::new();
    for c in 0..alive.len() {
        for (i, o) in r.opponents.iter().enumerate() {
            let s = search_budget::setting(b, G::ROLES, o.depth);
            pairings.push(Pairing {
                candidate: c,
                rival: Rival::Pool(i),
                pairs,
                depth: s.depth,
                nodes: s.nodes,
                weight: 1.0,
            });
        }
    }
    Job {
        round: Round::Promotion { generation, round },
        candidates: alive.iter().map(|&k| weights[k].clone()).collect(),
        hall_of_fame: Vec::new(),
        pairings,
    }
}

/// Adds a round's openings to the training openings (each once).
fn note_openings(cp: &mut Checkpoint, result: &JobResult) {
    for h in &result.openings {
        if !cp.training_openings.contains(h) {
            cp.training_openings.push(*h);
        }
    }
}

/// The promotion as a log line.
fn describe(g: u32, p: &Promotion) -> String {
    let scores: Vec<String> = p
        .candidates
        .iter()
        .zip(&p.scores)
        .map(|(gen, s)| format!("generation {gen}: {:.1} %", 100.0 * s))
        .collect();
    format!(
        "promotion after generation {g} at {} ({} games, rounds of {:?} candidates): {}; \
         training continues from generation {}",
        p.budget,
        p.games,
        p.rounds.iter().map(Vec::len).collect::<Vec<_>>(),
        scores.join(", "),
        p.candidates[p.winner]
    )
}

/// Each entrant's points and games against each reference, over the rounds so far.
struct Tally {
    /// Per entrant, per reference: (points, games).
    sums: Vec<Vec<(f64, u64)>>,
    games: u64,
}

impl Tally {
    fn new(entrants: usize, opponents: usize) -> Self {
        Tally {
            sums: vec![vec![(0.0, 0); opponents]; entrants],
            games: 0,
        }
    }

    /// Adds a round's games; the job's candidate `c` is entrant `alive[c]`.
    fn add(&mut self, job: &Job, result: &JobResult, alive: &[usize]) {
        for (p, games) in job.pairings.iter().zip(&result.games) {
            let Rival::Pool(i) = p.rival else { continue };
            let cell = &mut self.sums[alive[p.candidate]][i];
            for g in games.iter().flatten() {
                cell.0 += g.a_score;
                cell.1 += 1;
            }
        }
        self.games += result.game_count();
    }

    /// Each entrant's mean score over the references it played (NaN when none).
    fn scores(&self) -> Vec<f64> {
        self.sums
            .iter()
            .map(|per| {
                let played: Vec<f64> = per
                    .iter()
                    .filter(|(_, n)| *n > 0)
                    .map(|(s, n)| s / *n as f64)
                    .collect();
                if played.is_empty() {
                    f64::NAN
                } else {
                    played.iter().sum::<f64>() / played.len() as f64
                }
            })
            .collect()
    }
}
