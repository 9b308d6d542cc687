//! A batch of self-play games: played in parallel against the same frozen weights,
//! each from its own seed (run seed, game number), then learned from one after another
//! in game order, so the weights after a batch do not depend on the thread count.

use rayon::prelude::*;

use super::self_play::{SelfPlayer, Trajectory};
use super::settings::LearnSettings;
use super::td;
use super::values::LearnedValues;
use crate::game::Features;
use crate::seeds;

/// What a batch played.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BatchStats {
    /// Games played.
    pub games: u64,
    /// Moves played.
    pub moves: u64,
    /// The first role's results summed (+1 win, −1 loss).
    pub outcome_sum: f64,
}

/// Plays games `first .. first + count` of the run against `v` (on the current rayon
/// pool) and learns from them in game order.
pub fn learn_batch<G: Features>(
    v: &mut LearnedValues,
    s: &LearnSettings,
    start: &G,
    first: u64,
    count: u64,
) -> BatchStats {
    let frozen: &LearnedValues = v;
    let games: Vec<Trajectory> = (first..first + count)
        .into_par_iter()
        .map_init(
            || SelfPlayer::<G>::new(frozen),
            |player, i| {
                let mut rng = seeds::learn_game(s.seed, i);
                let mut t = Trajectory::default();
                player.play(frozen, start, s.epsilon_at(i), &mut rng, &mut t);
                t
            },
        )
        .collect();
    let mut stats = BatchStats::default();
    let mut updates = Vec::new();
    let tuples = v.layout.active_count().max(1);
    for (k, game) in games.iter().enumerate() {
        let alpha = (s.alpha_at(first + k as u64) / tuples as f64) as f32;
        td::updates(
            &game.values,
            &game.explored,
            game.outcome,
            s.lambda as f32,
            &mut updates,
        );
        for (p, &u) in updates.iter().enumerate() {
            for &i in &game.active[p * tuples..(p + 1) * tuples] {
                v.update(i, alpha, u);
            }
        }
        stats.games += 1;
        stats.moves += game.values.len() as u64 + 1;
        stats.outcome_sum += f64::from(game.outcome);
    }
    stats
}
