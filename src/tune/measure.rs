//! What a [`Plan`] plays and how its games are read back into what an algorithm is
//! told: the games a generation plays, who plays whom, and the reading of the results
//! (fitness per candidate against the pool, or wins − losses of each θ+ against its θ−).

use super::job::{Job, JobResult, Pairing, Rival};
use super::plan::Plan;
use super::resolved::Resolved;

/// What the games of a generation say.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// What the algorithm is told: fitness per candidate (pool) or wins − losses of
    /// each θ+ against its θ− (pairwise).
    pub feedback: Vec<f64>,
    /// The candidates' mean score against each opponent (empty when pairwise).
    pub opponent_scores: Vec<f64>,
}

impl Plan {
    /// Games training generation `g` (from 1) plays with `candidates` candidates: the
    /// hall of fame fills up over the first generations.
    pub fn games(self, r: &Resolved, candidates: u64, g: u32) -> u64 {
        let pairs = r.exp.pairs_per_opponent as u64;
        match self {
            Plan::AgainstPool => {
                let hof = g.saturating_sub(1).min(r.exp.hall_of_fame) as u64;
                let per_candidate: u64 =
                    r.opponents.iter().map(|o| o.pairs as u64).sum::<u64>() + pairs * hof;
                2 * per_candidate * candidates
            }
            Plan::Pairwise => 2 * pairs * (candidates / 2),
            Plan::Positions if !plays_for_positions(r) => 0,
            Plan::Positions => Plan::AgainstPool.games(r, candidates, g) + 2 * pairs * candidates,
        }
    }

    /// Who plays whom among `candidates` candidates and `hall_of_fame` earlier means.
    pub fn pairings(self, r: &Resolved, candidates: usize, hall_of_fame: usize) -> Vec<Pairing> {
        let first = &r.opponents[0];
        let like_first = |candidate, rival| Pairing {
            candidate,
            rival,
            pairs: r.exp.pairs_per_opponent,
            depth: first.depth,
            nodes: first.nodes,
            weight: 1.0,
        };
        let mut pairings = Vec::new();
        match self {
            Plan::AgainstPool => {
                for c in 0..candidates {
                    for (i, o) in r.opponents.iter().enumerate() {
                        pairings.push(Pairing {
                            candidate: c,
                            rival: Rival::Pool(i),
                            pairs: o.pairs,
                            depth: o.depth,
                            nodes: o.nodes,
                            weight: o.weight,
                        });
                    }
                    for h in 0..hall_of_fame {
                        pairings.push(like_first(c, Rival::HallOfFame(h)));
                    }
                }
            }
            Plan::Pairwise => {
                for k in 0..candidates / 2 {
                    pairings.push(like_first(2 * k, Rival::Candidate(2 * k + 1)));
                }
            }
            Plan::Positions if !plays_for_positions(r) => {}
            Plan::Positions => {
                pairings = Plan::AgainstPool.pairings(r, candidates, hall_of_fame);
                for c in 0..candidates {
                    pairings.push(like_first(c, Rival::Candidate(c)));
                }
            }
        }
        pairings
    }

    /// Reads a generation's games; `scores` are the candidates' fitness.
    pub fn read(self, r: &Resolved, job: &Job, result: &JobResult, scores: &[f64]) -> Reading {
        match self {
            Plan::AgainstPool | Plan::Positions => Reading {
                feedback: scores.to_vec(),
                opponent_scores: (0..r.opponents.len())
                    .map(|i| pool_score(job, result, i))
                    .collect(),
            },
            Plan::Pairwise => Reading {
                feedback: (0..job.pairings.len())
                    .map(|k| {
                        let t = result.totals(k);
                        t.wdl.wins as f64 - t.wdl.losses as f64
                    })
                    .collect(),
                opponent_scores: Vec::new(),
            },
        }
    }
}

/// Whether a positions algorithm plays games each generation (a Texel fit of files
/// alone does not).
fn plays_for_positions(r: &Resolved) -> bool {
    r.exp.algorithm.position_source().is_none_or(|s| s.games)
}

/// The candidates' mean score against opponent `i` (0.5 when none played it).
fn pool_score(job: &Job, result: &JobResult, i: usize) -> f64 {
    let (s, n) = job
        .pairings
        .iter()
        .enumerate()
        .filter(|(_, p)| p.rival == Rival::Pool(i))
        .fold((0.0, 0.0), |(s, n), (k, _)| {
            let t = result.totals(k);
            (s + t.wdl.score() * t.games() as f64, n + t.games() as f64)
        });
    if n > 0.0 {
        s / n
    } else {
        0.5
    }
}
