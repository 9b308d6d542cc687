//! Playing a pair: two games from one opening with the roles swapped (A as the first
//! role against B, then B as the first role against A), which cancels most of an
//! opening's bias. Game `j` (A in role `j`) draws its randomness from the pair's seed
//! and `j` ([`PairSeed::game`]).

use super::one_game::{play_one, Seating};
use crate::game::Features;
use crate::played_game::{GameRecord, Observer};
use crate::player::PlayerSpec;
use crate::record::{GameLog, Recorder};
use crate::seeds::PairSeed;

/// A pair's games and, when asked for, their records.
pub type LoggedPair = ([GameRecord; 2], Option<[GameLog; 2]>);

/// Plays the pair of games from `start`: A (`seating.players[0]`) in role 0, then in
/// role 1, with `observers[j]` seeing every ply of game `j`.
pub fn play_pair<G: Features>(
    seating: &Seating,
    start: &G,
    seed: &PairSeed,
    observers: [&mut dyn Observer<G>; 2],
) -> [GameRecord; 2] {
    let mut records = [GameRecord::UNPLAYED; 2];
    for (j, (record, observer)) in records.iter_mut().zip(observers).enumerate() {
        let played = play_one(&seating.with_a_in(j), start, &seed.game(j), observer);
        *record = GameRecord::of(&played.end, j, played.seconds);
    }
    records
}

/// [`play_pair`], writing both games down.
pub fn play_pair_recorded<G: Features>(
    seating: &Seating,
    start: &G,
    seed: &PairSeed,
) -> ([GameRecord; 2], [GameLog; 2]) {
    let mut recorders = [Recorder::default(), Recorder::default()];
    let [r0, r1] = &mut recorders;
    let records = play_pair(seating, start, seed, [r0, r1]);
    let [r0, r1] = recorders;
    let logs = [(0, r0), (1, r1)].map(|(j, recorder)| {
        let names = seating.with_a_in(j).players.map(PlayerSpec::name);
        recorder.finish(names, seed.game(j).into_parts(), start, &records[j].end())
    });
    (records, logs)
}
