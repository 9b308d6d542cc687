//! Measuring a generation: every candidate plays paired games against its rivals.
//!
//! [`evaluate_on`] is a pure function from (experiment, job) to game results: the job
//! ([`Job`]) and the results ([`JobResult`]) are plain serialisable data
//! ([`super::job`]), and every
//! opening and game is seeded from (run seed, round, candidate, rival, pair), so a job
//! can be cut up into pairs ([`super::job_batch`]) and run anywhere (threads, or processes
//! under `mpirun`: [`crate::dist`]) with the same outcome.

use std::collections::HashSet;

use super::job::{Job, JobResult};
use super::job_batch::JobBatch;
use super::resolved::Resolved;
use crate::dist::{self, DistError, Executor};
use crate::fit::label::Label;
use crate::fit::positions_file::Labelled;
use crate::fit::samples::{Filter, Rows, Samples};
use crate::game::Features;
use crate::played_game::GameRecord;

/// Plays a job on `exec` (threads, or processes under `mpirun`) at its round's budget
/// ([`super::job::Round::budget`]); validation games are written down. `exclude` lists opening positions that must not be reused.
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
