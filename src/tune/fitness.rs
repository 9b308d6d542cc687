//! Measuring a generation: every candidate plays paired games against its rivals.
//!
//! [`evaluate_on`] is a pure function from (experiment, job) to game results: the job
//! ([`Job`]) and the results ([`JobResult`]) are plain serialisable data, and every
//! opening and game is seeded from (run seed, round, candidate, rival, pair), so a job
//! can be cut up into pairs ([`super::job_batch`]) and run anywhere (threads, or processes
//! under `mpirun`: [`crate::dist`]) with the same outcome.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::job_batch::JobBatch;
use super::resolve::Resolved;
use crate::dist::{self, DistError, Executor};
use crate::fit::label::Label;
use crate::fit::positions_file::Labelled;
use crate::fit::samples::{Filter, Rows, Samples};
use crate::game::Features;
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
}

impl Rival {
    /// The rival as the seeds of candidate `candidate`'s games against it name it.
    pub(super) fn seed(self, candidate: usize) -> RivalSeed {
        match self {
            Rival::Pool(i) => RivalSeed::Pool(i),
            Rival::HallOfFame(i) => RivalSeed::HallOfFame(i),
            Rival::Candidate(rival) => RivalSeed::Candidate { rival, candidate },
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

/// Plays a job on `exec` (threads, or processes under `mpirun`) at its round's budget
/// ([`Round::budget`]); validation games are written down. `exclude` lists opening positions that must not be reused.
pub fn evaluate_on<G: Features>(
    exec: &dyn Executor,
    r: &Resolved,
    job: &Job,
    exclude: Option<&HashSet<u64>>,
    on_game: &(dyn Fn() + Sync),
) -> Result<JobResult, DistError> {
    let batch = JobBatch::<G>::new(job.clone(), exclude, None);
    Ok(play_job(exec, r, &batch, on_game)?.0)
}

/// Plays a job and keeps the positions `filter` lets through, labelled with their
/// games' results (and `label`'s search scores), as rows of the roles `rows` names, in
/// game order (a pure function of the
/// job, like [`evaluate_on`]).
pub fn evaluate_collecting<G: Features>(
    exec: &dyn Executor,
    r: &Resolved,
    job: &Job,
    (filter, label, rows): (&Filter, Label, Rows),
    on_game: &(dyn Fn() + Sync),
) -> Result<(JobResult, Samples, Vec<Labelled>), DistError> {
    let batch = JobBatch::<G>::new(job.clone(), None, Some((filter.clone(), label, rows)));
    play_job(exec, r, &batch, on_game)
}

/// Plays the batch's pairs and merges them in pair order.
fn play_job<G: Features>(
    exec: &dyn Executor,
    r: &Resolved,
    batch: &JobBatch<G>,
    on_game: &(dyn Fn() + Sync),
) -> Result<(JobResult, Samples, Vec<Labelled>), DistError> {
    let played = dist::execute(exec, r, batch, &|_| {
        on_game();
        on_game();
    })?;
    let mut games: Vec<Vec<[GameRecord; 2]>> =
        batch.job.pairings.iter().map(|_| Vec::new()).collect();
    let mut openings = Vec::with_capacity(played.len());
    let mut logs = Vec::new();
    let mut samples = Samples::new(G::feature_info().len());
    let mut texts = Vec::new();
    for p in played {
        games[p.pairing].push(p.games);
        openings.push(p.opening);
        logs.extend(p.logs.into_iter().flatten());
        samples.append(&p.samples);
        texts.extend(p.texts);
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
