//! The gate: after validation, the best genome plays the start genome at the final
//! budget (the target's, where the weights will play) on openings no other round used,
//! in batches of [`SPRT_BATCH_PAIRS`] pairs, until the experiment's SPRT decides or
//! `max_pairs` are played. Validation says how the result does against the references;
//! the gate says whether it is proven better than what the run started from, there.
//!
//! The test looks only between batches, and every batch is a pure function of the run
//! seed and its number ([`Round::Gate`]), so where the gate stops does not depend on
//! the thread count or the MPI ranks.

use std::collections::HashSet;

use super::error::TuneError;
use super::fitness;
use super::job::{Job, Pairing, Rival, Round, Weights};
use super::report::validation::GateVerdict;
use super::resolved::Resolved;
use super::run_observer::RunObserver;
use crate::dist::Executor;
use crate::game::Features;
use crate::matches::result::MatchResult;
use crate::sprt::Decision;
use crate::stats;
use crate::tunables::SPRT_BATCH_PAIRS;

/// Plays the gate of `best` against the start of `r` on `exec`, on openings not in
/// `excluded`, when the experiment asks for one; returns its verdict.
pub fn gate<G: Features>(
    exec: &dyn Executor,
    r: &Resolved,
    best: &Weights,
    excluded: &HashSet<u64>,
    obs: &dyn RunObserver,
) -> Result<Option<GateVerdict>, TuneError> {
    let Some(spec) = &r.exp.gate else {
        return Ok(None);
    };
    let sprt = spec.sprt();
    // Both sides at the target budget; without one, at the start genome's own settings.
    let (depth, nodes) = match &r.target {
        Some(t) => (t.depth, t.nodes),
        None => (r.start.depth, r.start.nodes),
    };
    // A table run's result is judged against the hand genome its tables were added to.
    let rival = match r.tables_fit {
        Some(_) => Rival::HandStart,
        None => Rival::Candidate(1),
    };
    obs.phase("gate", 2 * u64::from(spec.max_pairs));
    let mut result = MatchResult::default();
    let mut decision = Decision::Continue;
    let (mut played, mut batch) = (0u32, 0u32);
    while played < spec.max_pairs && decision == Decision::Continue {
        let pairs = (SPRT_BATCH_PAIRS as u32).min(spec.max_pairs - played);
        let job = batch_job(
            r,
            best,
            batch,
            Pairing {
                candidate: 0,
                rival,
                pairs,
                depth,
                nodes,
                weight: 1.0,
            },
        );
        let games = fitness::evaluate_on::<G>(exec, r, &job, Some(excluded), &|| obs.game())?;
        for pair in &games.games[0] {
            result.add_pair(pair);
        }
        played += pairs;
        batch += 1;
        decision = sprt.decide(&result.ptnml);
    }
    let verdict = GateVerdict {
        sprt,
        budget: budget_words::<G>(r),
        elo: stats::pentanomial(&result.ptnml, &result.wdl),
        result,
        decision,
    };
    obs.message(&verdict.line());
    Ok(Some(verdict))
}

/// Where the gate plays, in words.
fn budget_words<G: Features>(r: &Resolved) -> String {
    match &r.target {
        Some(t) => t.describe::<G>(),
        None if r.engine.is_some() => "the engine's own search settings".into(),
        None => "the start genome's own search settings".into(),
    }
}

/// Batch `batch` of the gate: `best` (candidate 0) and the start's weights (candidate 1)
/// in `pairing`.
fn batch_job(r: &Resolved, best: &Weights, batch: u32, pairing: Pairing) -> Job {
    Job {
        round: Round::Gate(batch),
        candidates: vec![best.clone(), r.start.weights.clone()],
        hall_of_fame: Vec::new(),
        pairings: vec![pairing],
    }
}
