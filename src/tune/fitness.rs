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
use crate::game::{Game, MatchRules, Status};
use crate::genome::Genome;
use crate::player::{PlayerSpec, SearchBudget};
use crate::record::GameLog;
use crate::seeds::{self, Stream};
use crate::texel::file::Labelled;
use crate::texel::samples::{Collector, Filter, Samples};

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

/// Games in a job.
pub fn job_games(job: &Job) -> u64 {
    job.pairings.iter().map(|p| 2 * p.pairs as u64).sum()
}

/// One pair of a job: its pairing, its opening's hash, and what was played (the records,
/// the written-down games of a validation, the positions kept for Texel and their text).
type PlayedPair = (
    usize,
    u64,
    (
        [GameRecord; 2],
        Option<[GameLog; 2]>,
        Samples,
        Vec<Labelled>,
    ),
);

/// Plays a job (validation games are written down). `exclude` lists opening positions
/// that must not be reused.
pub fn evaluate<G: Game>(
    r: &Resolved,
    job: &Job,
    exclude: Option<&HashSet<u64>>,
    on_game: &(dyn Fn() + Sync),
) -> Result<JobResult, ArenaError> {
    Ok(play_job::<G>(r, job, exclude, None, on_game)?.0)
}

/// Plays a job and keeps the positions `filter` lets through, labelled with their
/// games' results, in game order (a pure function of the job, like [`evaluate`]).
pub fn evaluate_collecting<G: Game>(
    r: &Resolved,
    job: &Job,
    filter: &Filter,
    on_game: &(dyn Fn() + Sync),
) -> Result<(JobResult, Samples, Vec<Labelled>), ArenaError> {
    play_job::<G>(r, job, None, Some(filter), on_game)
}

/// Plays two games and, with a filter, collects their positions.
fn pair_with_positions<G: Game>(
    players: &(PlayerSpec, PlayerSpec),
    start: &G,
    (budget, rules): (SearchBudget, MatchRules),
    seed_parts: &[u64],
    filter: Option<&Filter>,
) -> ([GameRecord; 2], Samples, Vec<Labelled>) {
    let (a, b) = players;
    let mut samples = Samples::new(G::feature_info().len());
    let Some(filter) = filter else {
        let pair = arena::play_pair(a, b, start, budget, rules, seed_parts);
        return (pair, samples, Vec::new());
    };
    let mut c0 = Collector::<G>::new(filter, rules);
    let mut c1 = Collector::<G>::new(filter, rules);
    let pair =
        arena::play_pair_observed(a, b, start, budget, rules, seed_parts, [&mut c0, &mut c1]);
    let mut texts = Vec::new();
    for (c, rec) in [&c0, &c1].into_iter().zip(&pair) {
        let score0 = if rec.a_role == 0 {
            rec.a_score
        } else {
            1.0 - rec.a_score
        };
        let status = match score0 {
            s if s > 0.5 => Status::Win(0),
            s if s < 0.5 => Status::Win(1),
            _ => Status::Draw,
        };
        c.label(status, &mut samples);
        for pos in c.positions() {
            let mover = pos.side_to_move();
            texts.push(Labelled {
                text: pos.to_text(),
                label: if mover == 0 { score0 } else { 1.0 - score0 },
            });
        }
    }
    (pair, samples, texts)
}

fn play_job<G: Game>(
    r: &Resolved,
    job: &Job,
    exclude: Option<&HashSet<u64>>,
    filter: Option<&Filter>,
    on_game: &(dyn Fn() + Sync),
) -> Result<(JobResult, Samples, Vec<Labelled>), ArenaError> {
    let (open_stream, base) = job.round.seed_parts(r.exp.seed);
    let settings = MatchSettings {
        starts: r.starts.clone(),
        opening_plies: r.exp.openings.plies,
        ply_cap: r.ply_cap,
        depth: None,
        nodes: r.exp.nodes,
        move_time_ms: None,
        adjudicate: r.exp.adjudicate,
    };
    let openings = settings.openings::<G>()?;
    // The players of every pairing, built once.
    let players: Vec<(PlayerSpec, PlayerSpec)> = job
        .pairings
        .iter()
        .map(|p| {
            let mut cand = r.player(&job.candidates[p.candidate], p.depth, p.nodes);
            if let (Round::Validation, PlayerSpec::Genome(g)) = (job.round, &mut cand) {
                // Named as the run's result is, for the game records.
                Arc::make_mut(g).name = format!("{}-best", r.exp.name);
            }
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
    let played: Vec<PlayedPair> = tasks
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
            let rules = openings.rules();
            let budget = settings.budget();
            let played = if job.round == Round::Validation {
                let (a, b) = &players[i];
                let (pair, logs) =
                    arena::play_pair_logged(a, b, &start, budget, rules, &game_parts, true);
                let samples = Samples::new(G::feature_info().len());
                (pair, logs, samples, Vec::new())
            } else {
                let (pair, samples, texts) =
                    pair_with_positions(&players[i], &start, (budget, rules), &game_parts, filter);
                (pair, None, samples, texts)
            };
            on_game();
            on_game();
            Ok((i, start.hash(), played))
        })
        .collect::<Result<_, ArenaError>>()?;
    let mut games: Vec<Vec<[GameRecord; 2]>> = job.pairings.iter().map(|_| Vec::new()).collect();
    let mut openings = Vec::with_capacity(played.len());
    let mut logs = Vec::new();
    let mut samples = Samples::new(G::feature_info().len());
    let mut texts = Vec::new();
    for (i, hash, (pair, log, s, t)) in played {
        games[i].push(pair);
        openings.push(hash);
        logs.extend(log.into_iter().flatten());
        samples.append(&s);
        texts.extend(t);
    }
    let result = JobResult {
        games,
        openings,
        logs,
    };
    Ok((result, samples, texts))
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
