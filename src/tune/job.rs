//! A batch of games to play ([`Job`]: why, who, how many) and its games ([`JobResult`]):
//! plain serialisable data, so a job can be cut up into pairs
//! ([`super::job_batch`]) and run anywhere with the same outcome.

use serde::{Deserialize, Serialize};

use super::resolved::Resolved;
use crate::matches::result::MatchResult;
use crate::played_game::GameRecord;
use crate::record::GameLog;
use crate::seeds::{RivalSeed, RoundSeeds};

/// Weights per role, in the game's feature order.
pub type Weights = [Vec<f64>; 2];

/// Who a candidate plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rival {
    /// The experiment's opponent `i`.
    Pool(usize),
    /// Hall-of-fame entry `i`.
    HallOfFame(usize),
    /// Another candidate of the same job.
    Candidate(usize),
    /// The experiment's start genome without the tables the run fitted (a table run's
    /// gate); seeded as the gate's candidate 1, the start, is.
    HandStart,
}

impl Rival {
    /// The rival as the seeds of candidate `candidate`'s games against it name it.
    pub(super) fn seed(self, candidate: usize) -> RivalSeed {
        match self {
            Rival::Pool(i) => RivalSeed::Pool(i),
            Rival::HallOfFame(i) => RivalSeed::HallOfFame(i),
            Rival::Candidate(rival) => RivalSeed::Candidate { rival, candidate },
            Rival::HandStart => RivalSeed::Candidate {
                rival: 1,
                candidate,
            },
        }
    }
}

/// Why games are played: it selects the seed stream, so training, selection and
/// validation never share openings by construction of their seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Round {
    /// Training generation `g`.
    Training(u32),
    /// Re-measuring the finalists to choose the best.
    Selection,
    /// The final validation match.
    Validation,
    /// Batch `b` of the gate's SPRT (the best genome against the start).
    Gate(u32),
    /// Halving round `round` of the promotion after generation `generation`.
    Promotion {
        /// The generation the promotion follows.
        generation: u32,
        /// The halving round, from 0.
        round: u32,
    },
    /// Budget `k` of the Elo-against-budget chart.
    Budget(u32),
}

impl Round {
    /// The seeds of this round's openings and games in the run seeded `run_seed`.
    pub(super) fn seeds(self, run_seed: u64) -> RoundSeeds {
        match self {
            Round::Training(g) => RoundSeeds::training(run_seed, g),
            Round::Selection => RoundSeeds::selection(run_seed),
            Round::Validation => RoundSeeds::validation(run_seed),
            Round::Gate(b) => RoundSeeds::gate(run_seed, b),
            Round::Promotion { generation, round } => {
                RoundSeeds::promotion(run_seed, generation, round)
            }
            Round::Budget(k) => RoundSeeds::budget(run_seed, k),
        }
    }

    /// The node budget that overrides both players' searches in this round's games:
    /// training plays at the run's `nodes` (else each pairing's depth), the final rounds
    /// (selection, validation, gate) at the target budget ([`Resolved::final_nodes`]),
    /// and promotions and the budget chart at each pairing's own depth and nodes.
    pub fn budget(self, r: &Resolved) -> Option<u64> {
        match self {
            Round::Training(_) => r.exp.nodes,
            Round::Selection | Round::Validation | Round::Gate(_) => r.final_nodes(),
            Round::Promotion { .. } | Round::Budget(_) => None,
        }
    }
}

/// One candidate against one rival.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// The candidate's index in the job.
    pub candidate: usize,
    /// Its rival.
    pub rival: Rival,
    /// Game pairs.
    pub pairs: u32,
    /// Search depth per role, for both sides.
    pub depth: [u32; 2],
    /// Node budget per move, for both sides.
    pub nodes: Option<u64>,
    /// Weight of this pairing's score in the candidate's fitness.
    pub weight: f64,
}

impl Pairing {
    /// Candidate `candidate` against opponent `i` of `r`, `pairs` pairs, full weight,
    /// at the final budget (selection and validation at a run's end): both sides at the
    /// target budget when the experiment names one, else at the opponent's own search
    /// settings.
    pub fn at_final_settings(r: &Resolved, candidate: usize, i: usize, pairs: u32) -> Self {
        let o = &r.opponents[i];
        let (depth, nodes) = match &r.target {
            Some(t) => (t.depth, t.nodes),
            None => (o.own_depth, o.own_nodes),
        };
        Pairing {
            candidate,
            rival: Rival::Pool(i),
            pairs,
            depth,
            nodes,
            weight: 1.0,
        }
    }
}

/// A batch of games to play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// Why (selects seeds).
    pub round: Round,
    /// Candidate weights.
    pub candidates: Vec<Weights>,
    /// Hall-of-fame weights.
    pub hall_of_fame: Vec<Weights>,
    /// Who plays whom.
    pub pairings: Vec<Pairing>,
}

impl Job {
    /// Games in the job.
    pub fn game_count(&self) -> u64 {
        self.pairings.iter().map(|p| 2 * p.pairs as u64).sum()
    }
}

/// The games of a job, in pairing order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobResult {
    /// Per pairing, its pairs' games (candidate = A).
    pub games: Vec<Vec<[GameRecord; 2]>>,
    /// Hashes of the opening positions used.
    pub openings: Vec<u64>,
    /// The games written down, in pairing and pair order (validation only).
    #[serde(default)]
    pub logs: Vec<GameLog>,
}

impl JobResult {
    /// A pairing's totals.
    pub fn totals(&self, pairing: usize) -> MatchResult {
        let mut m = MatchResult::default();
        for pair in &self.games[pairing] {
            m.add_pair(pair);
        }
        m
    }

    /// Games played.
    pub fn game_count(&self) -> u64 {
        self.games.iter().map(|g| 2 * g.len() as u64).sum()
    }
}
