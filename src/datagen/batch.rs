//! A chunk of datagen games as a [`Batch`]: the plan and the games' numbers, all a
//! process needs (the players are in the plan), so MPI ranks serve it with no context.

use std::marker::PhantomData;

use serde::{Deserialize, Serialize};

use super::play::{play_game, DatagenGame};
use super::DatagenPlan;
use crate::dist::{Batch, Units};
use crate::game::Features;
use crate::matches::openings::Openings;
use crate::played_game::SetupError;

/// Games `games` of `plan`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct DatagenBatch<G> {
    /// The plan.
    pub plan: DatagenPlan,
    /// The games' numbers, in unit order.
    pub games: Vec<u64>,
    #[serde(skip)]
    game: PhantomData<fn() -> G>,
}

impl<G> DatagenBatch<G> {
    /// Games `games` of `plan`.
    pub fn new(plan: DatagenPlan, games: Vec<u64>) -> Self {
        DatagenBatch {
            plan,
            games,
            game: PhantomData,
        }
    }
}

/// A prepared chunk: its openings read once.
pub struct DatagenUnits<'a, G> {
    batch: &'a DatagenBatch<G>,
    openings: Openings<G>,
}

impl<G: Features> Batch for DatagenBatch<G> {
    const KIND: &'static str = "datagen";
    type Context = ();
    type Output = DatagenGame;
    type Units<'a> = DatagenUnits<'a, G>;

    fn prepare<'a>(&'a self, _: &'a ()) -> Result<DatagenUnits<'a, G>, SetupError> {
        Ok(DatagenUnits {
            batch: self,
            openings: self.plan.settings.openings::<G>()?,
        })
    }
}

impl<G: Features> Units for DatagenUnits<'_, G> {
    type Output = DatagenGame;

    fn count(&self) -> usize {
        self.batch.games.len()
    }

    /// Every game of a plan costs alike (one budget for every move).
    fn cost(&self, _: usize) -> u64 {
        1
    }

    fn run(&self, unit: usize) -> Result<DatagenGame, SetupError> {
        play_game(&self.batch.plan, &self.openings, self.batch.games[unit])
    }
}
