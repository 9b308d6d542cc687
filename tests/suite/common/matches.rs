//! A match played in-process the way `weightforge match` plays it (the runner's
//! batches on this process's threads), for tests that look at its totals.

use weightforge::dist::Threads;
use weightforge::game::Features;
use weightforge::matches::batches::{self, MatchPlan};
use weightforge::matches::pairs_batch::MatchContext;
use weightforge::matches::result::MatchResult;
use weightforge::matches::settings::MatchSettings;
use weightforge::player::PlayerSpec;

/// `pairs` pairs of A against B under `settings`, seeded `seed`.
pub fn play_match<G: Features>(
    a: &PlayerSpec,
    b: &PlayerSpec,
    settings: &MatchSettings,
    seed: u64,
    pairs: u64,
) -> MatchResult {
    let ctx = MatchContext::<G>::new(a.clone(), b.clone(), settings.clone()).expect("openings");
    let plan = MatchPlan {
        pairs,
        sprt: None,
        record: false,
    };
    batches::play_match(&Threads::default(), &ctx, seed, &plan, &|| {})
        .expect("match")
        .result
}
