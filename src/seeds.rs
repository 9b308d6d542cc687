//! Seed derivation: every random stream of a run is seeded from a tuple such as
//! (run seed, generation, candidate, opponent, game index), never from a generator
//! shared between threads, so results do not depend on scheduling or thread count.
//!
//! The tuples are built here only, one named function per purpose (a match's openings
//! and games, a tournament's games, a tuning run's rounds, samples and mutations), so
//! that no two purposes share a stream by accident and a tuple's layout is written once.

use rand::SeedableRng;

use crate::game::GameRng;

/// Domain tags keep streams for different purposes apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
enum Stream {
    /// Random openings of matches.
    Opening = 1,
    /// In-game randomness (tie-breaks, chance outcomes).
    Game = 2,
    /// Mutations and sampling of a tuner.
    Tuner = 3,
    /// Validation openings (never used in training).
    Validation = 4,
    /// Texel's detours from kept positions (random plies off the game).
    Detours = 5,
    /// Datagen's games (openings, tie-breaks, chance outcomes).
    Datagen = 6,
    /// The games that make the accuracy sample, and the tie-breaks of a judged move.
    Accuracy = 7,
    /// Self-play learning's games and its curve's openings.
    Learn = 8,
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A 64-bit seed from a stream tag and a tuple of integers.
fn derive(stream: Stream, parts: &[u64]) -> u64 {
    let mut h = mix(0x9E37_79B9_7F4A_7C15 ^ stream as u64);
    for &p in parts {
        h = mix(h ^ mix(p.wrapping_add(0x9E37_79B9_7F4A_7C15)));
    }
    h
}

/// A generator for the given stream and tuple.
fn rng(stream: Stream, parts: &[u64]) -> GameRng {
    GameRng::seed_from_u64(derive(stream, parts))
}

/// The tuple one game's generator (tie-breaks, chance outcomes) is derived from; a
/// game record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSeed(Vec<u64>);

impl GameSeed {
    /// The game's generator.
    pub fn rng(&self) -> GameRng {
        rng(Stream::Game, &self.0)
    }

    /// The tuple, as a game record writes it.
    pub fn into_parts(self) -> Vec<u64> {
        self.0
    }
}

/// The tuple a pair of games (one opening, roles swapped) is derived from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairSeed(Vec<u64>);

impl PairSeed {
    /// Game `j` of the pair (A in role `j`): the pair's tuple and `j`.
    pub fn game(&self, j: usize) -> GameSeed {
        let mut parts = self.0.clone();
        parts.push(j as u64);
        GameSeed(parts)
    }

    /// Texel's detours from the positions kept in the pair's games.
    pub fn detours(&self) -> GameRng {
        rng(Stream::Detours, &self.0)
    }
}

/// Opening `i` of a match or tournament seeded `seed` (and the random map of `vvw
/// arena`'s pair `i`): (`seed`, i).
pub fn opening(seed: u64, i: u64) -> GameRng {
    rng(Stream::Opening, &[seed, i])
}

/// Pair `i` of a match seeded `seed`: its games from (`seed`, i, game).
pub fn match_pair(seed: u64, i: u64) -> PairSeed {
    PairSeed(vec![seed, i])
}

/// Game `k` between tournament players `p1` (first role) and `p2`: (`seed`, k, p1, p2).
pub fn tournament_game(seed: u64, k: u64, p1: usize, p2: usize) -> GameSeed {
    GameSeed(vec![seed, k, p1 as u64, p2 as u64])
}

/// Opening `k` of the datagen run seeded `seed`: (`seed`, 0, k).
pub fn datagen_opening(seed: u64, k: u64) -> GameRng {
    rng(Stream::Datagen, &[seed, 0, k])
}

/// Game `i` of the datagen run seeded `seed` (tie-breaks, chance outcomes): (`seed`, 1,
/// i).
pub fn datagen_game(seed: u64, i: u64) -> GameRng {
    rng(Stream::Datagen, &[seed, 1, i])
}

/// Game `i` of the accuracy sample (its opening and its tie-breaks): (0, i).
pub fn accuracy_game(i: u64) -> GameRng {
    rng(Stream::Accuracy, &[0, i])
}

/// The tie-breaks of the judged player's move in sample position `i`: (1, i), the same
/// whatever thread judges it.
pub fn accuracy_move(i: u64) -> GameRng {
    rng(Stream::Accuracy, &[1, i])
}

/// Training game `i` of the learning run seeded `seed` (exploration, tie-breaks):
/// (`seed`, 0, i).
pub fn learn_game(seed: u64, i: u64) -> GameRng {
    rng(Stream::Learn, &[seed, 0, i])
}

/// The seed of the learning run's curve and gate matches (their openings and games):
/// never the seed of a training game.
pub fn learn_curve(seed: u64) -> u64 {
    derive(Stream::Learn, &[seed, 1])
}

/// The seed of the learning run's gate against its reference (openings and games).
pub fn learn_gate(seed: u64) -> u64 {
    derive(Stream::Learn, &[seed, 2])
}

/// The tuner's draws (mutations, sampling) for generation `g` of the run seeded `seed`.
pub fn tuner_generation(seed: u64, g: u32) -> GameRng {
    rng(Stream::Tuner, &[seed, u64::from(g)])
}

/// Sample game `i` that measures the features' spread for the run seeded `seed`.
pub fn feature_sample(seed: u64, i: u64) -> GameRng {
    rng(Stream::Tuner, &[seed, u64::MAX, i])
}

/// The random constants that check an engine's evaluation for linearity in a position
/// (`key`: a stable hash of the position's text) for role `role`: the same whatever
/// order the positions are probed in.
pub fn probe_check(role: usize, key: u64) -> GameRng {
    rng(Stream::Tuner, &[u64::MAX - 1, role as u64, key])
}

/// A tuning pairing's rival as its seeds number it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RivalSeed {
    /// The experiment's opponent `i`.
    Pool(usize),
    /// Hall-of-fame entry `i`.
    HallOfFame(usize),
    /// Candidate `rival` of the same job, met by candidate `candidate`: such pairs get
    /// openings of their own.
    Candidate {
        /// The rival candidate.
        rival: usize,
        /// The candidate that meets it.
        candidate: usize,
    },
}

impl RivalSeed {
    fn number(self) -> u64 {
        match self {
            RivalSeed::Pool(i) => i as u64,
            RivalSeed::HallOfFame(i) => 1_000 + i as u64,
            RivalSeed::Candidate { rival, candidate } => {
                2_000 + rival as u64 + 10_000 * candidate as u64
            }
        }
    }
}

/// The seeds of one round of a tuning run: its opening stream and tuple prefix. The
/// rounds never share openings by construction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundSeeds {
    openings: Stream,
    prefix: Vec<u64>,
}

impl RoundSeeds {
    /// Training generation `g` of the run seeded `seed`.
    pub fn training(seed: u64, g: u32) -> Self {
        RoundSeeds {
            openings: Stream::Opening,
            prefix: vec![seed, 0, u64::from(g)],
        }
    }

    /// The re-measuring of the finalists of the run seeded `seed`.
    pub fn selection(seed: u64) -> Self {
        RoundSeeds {
            openings: Stream::Validation,
            prefix: vec![seed, 1, 0],
        }
    }

    /// The final validation match of the run seeded `seed`.
    pub fn validation(seed: u64) -> Self {
        RoundSeeds {
            openings: Stream::Validation,
            prefix: vec![seed, 2, 0],
        }
    }

    /// Batch `b` of the gate of the run seeded `seed` (the best genome against the
    /// start, at the target budget): openings of its own.
    pub fn gate(seed: u64, b: u32) -> Self {
        RoundSeeds {
            openings: Stream::Validation,
            prefix: vec![seed, 5, u64::from(b)],
        }
    }

    /// Halving round `round` of the promotion after training generation `g` (staged
    /// tuning) of the run seeded `seed`.
    pub fn promotion(seed: u64, g: u32, round: u32) -> Self {
        RoundSeeds {
            openings: Stream::Validation,
            prefix: vec![seed, 3, u64::from(g), u64::from(round)],
        }
    }

    /// Budget `k` of the Elo-against-budget chart of the run seeded `seed`.
    pub fn budget(seed: u64, k: u32) -> Self {
        RoundSeeds {
            openings: Stream::Validation,
            prefix: vec![seed, 4, u64::from(k)],
        }
    }

    /// The opening of pair `k` against `rival`. It depends on the rival and the pair,
    /// not the candidate: every candidate of a generation meets the same openings
    /// (common random numbers).
    pub fn opening(&self, rival: RivalSeed, k: u32) -> GameRng {
        let mut parts = self.prefix.clone();
        parts.extend([rival.number(), u64::from(k)]);
        rng(self.openings, &parts)
    }

    /// Pair `k` of `candidate` against `rival`.
    pub fn pair(&self, candidate: usize, rival: RivalSeed, k: u32) -> PairSeed {
        let mut parts = self.prefix.clone();
        parts.extend([candidate as u64, rival.number(), u64::from(k)]);
        PairSeed(parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn different_tuples_give_different_seeds() {
        let mut seen = std::collections::HashSet::new();
        for a in 0..20 {
            for b in 0..20 {
                assert!(seen.insert(derive(Stream::Game, &[a, b])));
            }
        }
        assert_ne!(derive(Stream::Game, &[1]), derive(Stream::Opening, &[1]));
        assert_ne!(derive(Stream::Game, &[1, 0]), derive(Stream::Game, &[1]));
    }

    #[test]
    fn named_tuples_keep_their_layout() {
        assert_eq!(match_pair(5, 3).game(1), GameSeed(vec![5, 3, 1]));
        assert_eq!(tournament_game(4, 2, 0, 1), GameSeed(vec![4, 2, 0, 1]));
        let rival = RivalSeed::Candidate {
            rival: 1,
            candidate: 2,
        };
        let pair = RoundSeeds::training(7, 3).pair(2, rival, 4);
        assert_eq!(pair.game(0), GameSeed(vec![7, 0, 3, 2, 22_001, 4, 0]));
    }
}
