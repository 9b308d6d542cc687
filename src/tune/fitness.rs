//! Measuring a generation: every candidate plays paired games against its rivals.
//!
//! [`evaluate`] is a pure function from (experiment, job) to game results: the job
//! ([`Job`]) and the results ([`JobResult`]) are plain serialisable data, and every
//! opening and game is seeded from (run seed, round, candidate, rival, pair), so a job
//! can be cut up and run anywhere (threads here; machines later) with the same outcome.

use std::collections::HashSet;
use std::sync::Arc;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::resolve::Resolved;
use crate::arena::{self, ArenaError, GameRecord, MatchResult, MatchSettings};
use crate::game::Game;
use crate::genome::Genome;
use crate::player::PlayerSpec;
use crate::seeds::{self, Stream};

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
}

impl Rival {
    /// A number identifying the rival in seeds.
    fn slot(self) -> u64 {
        match self {
            Rival::Pool(i) => i as u64,
            Rival::HallOfFame(i) => 1_000 + i as u64,
            Rival::Candidate(i) => 2_000 + i as u64,
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
}

impl Round {
    /// The opening stream and the seed prefix of this round's games.
    fn seed_parts(self, run_seed: u64) -> (Stream, Vec<u64>) {
        match self {
            Round::Training(g) => (Stream::Opening, vec![run_seed, 0, g as u64]),
            Round::Selection => (Stream::Validation, vec![run_seed, 1, 0]),
            Round::Validation => (Stream::Validation, vec![run_seed, 2, 0]),
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

/// The games of a job, in pairing order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobResult {
    /// Per pairing, its pairs' games (candidate = A).
    pub games: Vec<Vec<[GameRecord; 2]>>,
    /// Hashes of the opening positions used.
    pub openings: Vec<u64>,
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

/// Games in a job.
pub fn job_games(job: &Job) -> u64 {
    job.pairings.iter().map(|p| 2 * p.pairs as u64).sum()
}

/// Plays a job. `exclude` lists opening positions that must not be reused.
pub fn evaluate<G: Game>(
    r: &Resolved,
    job: &Job,
    exclude: Option<&HashSet<u64>>,
    on_game: &(dyn Fn() + Sync),
) -> Result<JobResult, ArenaError> {
    let (open_stream, base) = job.round.seed_parts(r.exp.seed);
    let settings = MatchSettings {
        starts: r.starts.clone(),
        opening_plies: r.exp.openings.plies,
        ply_cap: r.ply_cap,
        depth: None,
        adjudicate: r.exp.adjudicate,
    };
    let openings = settings.openings::<G>()?;
    // The players of every pairing, built once.
    let players: Vec<(PlayerSpec, PlayerSpec)> = job
        .pairings
        .iter()
        .map(|p| {
            let cand = r.player(&job.candidates[p.candidate], p.depth, p.nodes);
            let rival = match p.rival {
                Rival::Pool(i) => match &r.opponents[i].spec {
                    PlayerSpec::Random => PlayerSpec::Random,
                    PlayerSpec::Engine(e) => PlayerSpec::Engine(Arc::clone(e)),
                    PlayerSpec::Genome(g) => PlayerSpec::Genome(Arc::new(Genome {
                        depth: p.depth,
                        nodes: p.nodes,
                        ..(**g).clone()
                    })),
                },
                Rival::HallOfFame(i) => r.player(&job.hall_of_fame[i], p.depth, p.nodes),
                Rival::Candidate(i) => r.player(&job.candidates[i], p.depth, p.nodes),
            };
            (cand, rival)
        })
        .collect();
    let tasks: Vec<(usize, u32)> = job
        .pairings
        .iter()
        .enumerate()
        .flat_map(|(i, p)| (0..p.pairs).map(move |k| (i, k)))
        .collect();
    let played: Vec<(usize, [GameRecord; 2], u64)> = tasks
        .par_iter()
        .map(|&(i, k)| {
            let p = &job.pairings[i];
            // Openings depend on the rival and pair, not the candidate: every candidate
            // of a generation meets the same openings (common random numbers).
            let rival_slot = match p.rival {
                Rival::Candidate(_) => p.rival.slot() + 10_000 * p.candidate as u64,
                _ => p.rival.slot(),
            };
            let mut parts = base.clone();
            parts.extend([rival_slot, k as u64]);
            let mut rng = seeds::rng(open_stream, &parts);
            let start: G = arena::opening(&openings, k as u64, &mut rng, exclude)?;
            let mut game_parts = base.clone();
            game_parts.extend([p.candidate as u64, rival_slot, k as u64]);
            let (a, b) = &players[i];
            let pair = arena::play_pair(a, b, &start, None, openings.rules(), &game_parts);
            on_game();
            on_game();
            Ok((i, pair, start.hash()))
        })
        .collect::<Result<_, ArenaError>>()?;
    let mut games: Vec<Vec<[GameRecord; 2]>> = job.pairings.iter().map(|_| Vec::new()).collect();
    let mut openings = Vec::with_capacity(played.len());
    for (i, pair, hash) in played {
        games[i].push(pair);
        openings.push(hash);
    }
    Ok(JobResult { games, openings })
}

/// Each candidate's fitness: its mean score against each rival, averaged over its rivals
/// with the pairings' weights, so that an opponent weighs what the experiment says
/// however many games it plays (more pairs make its score less noisy, not more
/// important).
pub fn candidate_scores(job: &Job, result: &JobResult) -> Vec<f64> {
    let mut sum = vec![0.0; job.candidates.len()];
    let mut rivals = vec![0.0; job.candidates.len()];
    for (p, games) in job.pairings.iter().zip(&result.games) {
        let n = 2 * games.len();
        if n == 0 {
            continue;
        }
        let score: f64 = games.iter().flatten().map(|g| g.a_score).sum::<f64>() / n as f64;
        sum[p.candidate] += p.weight * score;
        rivals[p.candidate] += p.weight;
    }
    sum.iter()
        .zip(&rivals)
        .map(|(s, n)| if *n > 0.0 { s / n } else { 0.5 })
        .collect()
}
