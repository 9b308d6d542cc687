//! A match's pairs as work units ([`dist::Batch`](crate::dist::Batch)), so that
//! `weightforge match` plays them on threads or, under `mpirun`, on several processes.
//! Pair `i` is seeded from (match seed, i) whoever plays it ([`play_numbered_pair`]).

use std::marker::PhantomData;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::one_game::Seating;
use super::openings::Openings;
use super::pair::{play_pair, play_pair_recorded, LoggedPair};
use super::settings::MatchSettings;
use crate::dist::{Batch, Units};
use crate::game::Features;
use crate::played_game::{NoObserver, Observer, SetupError};
use crate::player::PlayerSpec;
use crate::seeds;

/// What every process of a match knows from the command line: the players and the
/// settings.
pub struct MatchContext<G> {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// How games start and end.
    pub settings: MatchSettings,
    openings: Openings<G>,
}

impl<G: Features> MatchContext<G> {
    /// The context of A against B under `settings` (its openings read once).
    pub fn new(a: PlayerSpec, b: PlayerSpec, settings: MatchSettings) -> Result<Self, SetupError> {
        let openings = settings.openings::<G>()?;
        Ok(MatchContext {
            a,
            b,
            settings,
            openings,
        })
    }
}

/// Pair `i` of a match: its opening seeded from (`seed`, i), its games from (`seed`, i,
/// game), with their records when `log` is set.
fn play_numbered_pair<G: Features>(
    ctx: &MatchContext<G>,
    seed: u64,
    i: u64,
    log: bool,
) -> Result<LoggedPair, SetupError> {
    let start = ctx.openings.draw(i, &mut seeds::opening(seed, i), None)?;
    let seating = Seating {
        players: [&ctx.a, &ctx.b],
        budget: ctx.settings.budget(),
        rules: ctx.openings.rules(),
    };
    let pair_seed = seeds::match_pair(seed, i);
    Ok(if log {
        let (records, logs) = play_pair_recorded(&seating, &start, &pair_seed);
        (records, Some(logs))
    } else {
        let observers: [&mut dyn Observer<G>; 2] = [&mut NoObserver, &mut NoObserver];
        (play_pair(&seating, &start, &pair_seed, observers), None)
    })
}

/// Pairs `range` of a match seeded by `seed`, written down when `log` is set.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct PairsBatch<G> {
    /// The match seed.
    pub seed: u64,
    /// The pairs' numbers.
    pub range: Range<u64>,
    /// Write the games down.
    pub log: bool,
    #[serde(skip)]
    game: PhantomData<fn() -> G>,
}

impl<G> PairsBatch<G> {
    /// Pairs `range` of the match seeded by `seed`.
    pub fn new(seed: u64, range: Range<u64>, log: bool) -> Self {
        PairsBatch {
            seed,
            range,
            log,
            game: PhantomData,
        }
    }
}

/// A batch of pairs with its context.
pub struct PairsUnits<'a, G> {
    batch: &'a PairsBatch<G>,
    ctx: &'a MatchContext<G>,
}

impl<G: Features> Batch for PairsBatch<G> {
    const KIND: &'static str = "pairs";
    type Context = MatchContext<G>;
    type Output = LoggedPair;
    type Units<'a> = PairsUnits<'a, G>;

    fn prepare<'a>(&'a self, ctx: &'a MatchContext<G>) -> Result<PairsUnits<'a, G>, SetupError> {
        Ok(PairsUnits { batch: self, ctx })
    }
}

impl<G: Features> Units for PairsUnits<'_, G> {
    type Output = LoggedPair;

    fn count(&self) -> usize {
        (self.batch.range.end - self.batch.range.start) as usize
    }

    /// Every pair of a match costs alike.
    fn cost(&self, _: usize) -> u64 {
        1
    }

    fn run(&self, unit: usize) -> Result<LoggedPair, SetupError> {
        let b = self.batch;
        play_numbered_pair(self.ctx, b.seed, b.range.start + unit as u64, b.log)
    }
}
