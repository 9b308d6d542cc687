//! A match's pairs as work units ([`dist::Batch`](crate::dist::Batch)), so that
//! `weightforge match` plays them on threads or, under `mpirun`, on several processes.
//! Pair `i` is seeded from (match seed, i) whoever plays it
//! ([`arena::play_numbered_pair`]).

use std::marker::PhantomData;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::arena::{self, ArenaError, LoggedPair, MatchSettings, Openings};
use crate::dist::{Batch, Units};
use crate::game::Features;
use crate::player::PlayerSpec;

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
    pub fn new(a: PlayerSpec, b: PlayerSpec, settings: MatchSettings) -> Result<Self, ArenaError> {
        let openings = settings.openings::<G>()?;
        Ok(MatchContext {
            a,
            b,
            settings,
            openings,
        })
    }
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
    type Context = MatchContext<G>;
    type Output = LoggedPair;
    type Units<'a> = PairsUnits<'a, G>;

    fn prepare<'a>(&'a self, ctx: &'a MatchContext<G>) -> Result<PairsUnits<'a, G>, ArenaError> {
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

    fn run(&self, unit: usize) -> Result<LoggedPair, ArenaError> {
        let c = self.ctx;
        let b = self.batch;
        let i = b.range.start + unit as u64;
        arena::play_numbered_pair(&c.a, &c.b, &c.settings, &c.openings, b.seed, i, b.log)
    }
}
