//! A match as the `match` command plays it: pairs in batches, each batch in parallel,
//! optionally written down game by game, and optionally stopped once an SPRT has
//! decided. The test is looked at only between batches of
//! [`SPRT_BATCH_PAIRS`](crate::tunables::SPRT_BATCH_PAIRS), so where a match stops
//! does not depend on the thread count.

use super::pairs_batch::{MatchContext, PairsBatch};
use super::result::MatchResult;
use crate::dist::{self, DistError, Executor};
use crate::game::Features;
use crate::record::GameLog;
use crate::sprt::{Decision, SprtSpec};
use crate::tunables::SPRT_BATCH_PAIRS;

/// What to play: at most `pairs` pairs, stopped early by `sprt`, recorded or not.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    /// Pairs to play (the maximum under an SPRT).
    pub pairs: u64,
    /// Stop once this test decides.
    pub sprt: Option<SprtSpec>,
    /// Write every game down.
    pub record: bool,
}

/// What a match gave.
#[derive(Clone, Debug, Default)]
pub struct MatchOutcome {
    /// The totals.
    pub result: MatchResult,
    /// Every game, in pair order (empty unless recorded).
    pub logs: Vec<GameLog>,
    /// Where the SPRT stood at the end (None without one).
    pub decision: Option<Decision>,
}

/// Plays a match as `plan` says on `exec` (threads, or processes under `mpirun`);
/// opening `i` and its games are seeded from (`seed`, i) (see [`crate::seeds::match_pair`]).
pub fn play_match<G: Features>(
    exec: &dyn Executor,
    ctx: &MatchContext<G>,
    seed: u64,
    plan: &MatchPlan,
    on_game: &(dyn Fn() + Sync),
) -> Result<MatchOutcome, DistError> {
    let batch = if plan.sprt.is_some() {
        SPRT_BATCH_PAIRS
    } else {
        plan.pairs.max(1)
    };
    let mut out = MatchOutcome::default();
    let mut next = 0;
    while next < plan.pairs {
        let end = (next + batch).min(plan.pairs);
        let pairs = PairsBatch::<G>::new(seed, next..end, plan.record);
        let played = dist::execute(exec, ctx, &pairs, &|_| {
            on_game();
            on_game();
        })?;
        for (pair, logs) in played {
            out.result.add_pair(&pair);
            out.logs.extend(logs.into_iter().flatten());
        }
        next = end;
        if let Some(sprt) = &plan.sprt {
            let decision = sprt.decide(&out.result.ptnml);
            out.decision = Some(decision);
            if decision != Decision::Continue {
                break;
            }
        }
    }
    Ok(out)
}
