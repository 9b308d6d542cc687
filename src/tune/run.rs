//! The tuning loop: ask the algorithm for candidates, measure them by self-play, tell it
//! the results, log and checkpoint; at the end re-measure the finalists on fresh
//! openings, validate the best on other fresh openings, and write genome and charts.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::algorithm::{Algorithm, Plan};
use super::checkpoint::{Checkpoint, CheckpointError, GenerationRow, FORMAT};
use super::experiment::Resolved;
use super::fitness::{self, Job, Pairing, Rival, Round, Weights};
use super::space::Space;
use crate::arena::{ArenaError, MatchResult};
use crate::game::Game;
use crate::genome::{Genome, GenomeError, Validation};
use crate::seeds::{self, Stream};
use crate::stats::{self, EloEstimate};

/// A run that could not go on.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// Games could not be set up.
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// A checkpoint could not be read or written.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The result genome could not be written.
    #[error(transparent)]
    Genome(#[from] GenomeError),
    /// A report could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A report could not be drawn.
    #[error("drawing {path}: {message}")]
    Plot {
        /// The chart.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// What a run reports as it goes (a progress bar, a log).
pub trait Observer: Sync {
    /// A phase starts: `games` games will be played in it.
    fn phase(&self, name: &str, games: u64);
    /// A game has finished.
    fn game(&self);
    /// A generation has finished.
    fn generation(&self, row: &GenerationRow, opponents: &[String]);
    /// Free text for the log.
    fn message(&self, text: &str);
}

/// An observer that ignores everything (tests, quiet runs).
pub struct Silent;

impl Observer for Silent {
    fn phase(&self, _: &str, _: u64) {}
    fn game(&self) {}
    fn generation(&self, _: &GenerationRow, _: &[String]) {}
    fn message(&self, _: &str) {}
}

/// Validation of the best genome against one opponent.
#[derive(Clone, Debug)]
pub struct OpponentValidation {
    /// The opponent.
    pub opponent: String,
    /// The games.
    pub result: MatchResult,
    /// The Elo estimate (pentanomial).
    pub elo: EloEstimate,
}

/// How a run ended.
#[derive(Clone, Debug)]
pub enum RunEnd {
    /// Stopped on request after a generation; `--resume` continues it.
    Interrupted {
        /// Generations completed.
        completed: u32,
    },
    /// Finished.
    Finished(Box<RunSummary>),
}

/// The results of a finished run.
#[derive(Clone, Debug)]
pub struct RunSummary {
    /// The best genome.
    pub best: Genome,
    /// Where it was written.
    pub genome_path: PathBuf,
    /// The report folder.
    pub report_dir: PathBuf,
    /// Validation against each opponent.
    pub validation: Vec<OpponentValidation>,
    /// Training games.
    pub training_games: u64,
    /// All games, including selection and validation.
    pub total_games: u64,
    /// Wall-clock seconds of the whole run (over all sessions).
    pub seconds: f64,
}

/// Options that do not change the result.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Stop after this generation (as if interrupted).
    pub stop_after: Option<u32>,
}

/// The report folder of a run.
pub fn report_dir(r: &Resolved) -> PathBuf {
    r.exp.output.reports.join(&r.exp.name)
}

/// Games training generation `g` (from 1) plays: the hall of fame fills up over the
/// first generations.
pub fn games_in_generation(r: &Resolved, g: u32) -> u64 {
    match &r.exp.algorithm {
        super::experiment::AlgorithmSpec::Es { lambda, .. }
        | super::experiment::AlgorithmSpec::CmaEs { lambda, .. } => {
            let hof = (g.saturating_sub(1)).min(r.exp.hall_of_fame) as u64;
            let per_candidate: u64 = r.opponents.iter().map(|o| o.pairs as u64).sum::<u64>()
                + r.exp.pairs_per_opponent as u64 * hof;
            2 * per_candidate * *lambda as u64
        }
        super::experiment::AlgorithmSpec::Spsa { perturbations, .. } => {
            2 * r.exp.pairs_per_opponent as u64 * *perturbations as u64
        }
    }
}

/// Games a training generation plays once the hall of fame is full.
pub fn games_per_generation(r: &Resolved) -> u64 {
    games_in_generation(r, r.exp.hall_of_fame + 1)
}

/// Runs (or resumes) an experiment for game `G`.
pub fn evolve<G: Game>(
    r: &Resolved,
    origin: &str,
    resume: Option<Checkpoint>,
    options: &RunOptions,
    obs: &dyn Observer,
) -> Result<RunEnd, TuneError> {
    let t0 = Instant::now();
    let dir = report_dir(r);
    let space = Space::new::<G>(r);
    let mut cp = match resume {
        Some(cp) => cp,
        None => Checkpoint {
            format: FORMAT,
            experiment: r.exp.clone(),
            origin: origin.to_string(),
            completed: 0,
            algorithm: Algorithm::new(&r.exp.algorithm, space.encode(&r.start), r.exp.generations),
            rows: Vec::new(),
            hall_of_fame: Vec::new(),
            training_openings: Vec::new(),
            games: 0,
            seconds: 0.0,
        },
    };
    let prior_seconds = cp.seconds;
    write_text(&dir.join("experiment.ron"), &r.exp.to_ron())?;
    let names: Vec<String> = r.opponents.iter().map(|o| o.name.clone()).collect();
    let labels: Vec<String> = space.dims.iter().map(|d| d.label.clone()).collect();

    let remaining: u64 = (cp.completed + 1..=r.exp.generations)
        .map(|g| games_in_generation(r, g))
        .sum();
    obs.phase("training", remaining);
    let mut seen: HashSet<u64> = cp.training_openings.iter().copied().collect();
    for g in cp.completed + 1..=r.exp.generations {
        if r.exp.max_games.is_some_and(|m| cp.games >= m) {
            obs.message(&format!("game budget reached after {} games", cp.games));
            break;
        }
        let mut rng = seeds::rng(Stream::Tuner, &[r.exp.seed, g as u64]);
        let ask = cp.algorithm.ask(&mut rng);
        let candidates: Vec<Weights> = ask
            .candidates
            .iter()
            .map(|t| space.decode(t, &r.start.weights))
            .collect();
        let hof: Vec<Weights> = cp
            .hall_of_fame
            .iter()
            .map(|t| space.decode(t, &r.start.weights))
            .collect();
        let pairs = r.exp.pairs_per_opponent;
        let mut pairings = Vec::new();
        match ask.plan {
            Plan::AgainstPool => {
                for c in 0..candidates.len() {
                    for (i, o) in r.opponents.iter().enumerate() {
                        pairings.push(Pairing {
                            candidate: c,
                            rival: Rival::Pool(i),
                            pairs: o.pairs,
                            depth: o.depth,
                            nodes: o.nodes,
                        });
                    }
                    for h in 0..hof.len() {
                        let o = &r.opponents[0];
                        pairings.push(Pairing {
                            candidate: c,
                            rival: Rival::HallOfFame(h),
                            pairs,
                            depth: o.depth,
                            nodes: o.nodes,
                        });
                    }
                }
            }
            Plan::Pairwise => {
                let o = &r.opponents[0];
                for k in 0..candidates.len() / 2 {
                    pairings.push(Pairing {
                        candidate: 2 * k,
                        rival: Rival::Candidate(2 * k + 1),
                        pairs,
                        depth: o.depth,
                        nodes: o.nodes,
                    });
                }
            }
        }
        let job = Job {
            round: Round::Training(g),
            candidates,
            hall_of_fame: hof,
            pairings,
        };
        let result = fitness::evaluate::<G>(r, &job, None, &|| obs.game())?;
        let scores = fitness::candidate_scores(&job, &result);
        let (feedback, opponent_scores) = match ask.plan {
            Plan::AgainstPool => {
                let per_opp: Vec<f64> = (0..r.opponents.len())
                    .map(|i| {
                        let (s, n) = job
                            .pairings
                            .iter()
                            .enumerate()
                            .filter(|(_, p)| p.rival == Rival::Pool(i))
                            .fold((0.0, 0.0), |(s, n), (k, _)| {
                                let t = result.totals(k);
                                (s + t.wdl.score() * t.games() as f64, n + t.games() as f64)
                            });
                        if n > 0.0 {
                            s / n
                        } else {
                            0.5
                        }
                    })
                    .collect();
                (scores.clone(), per_opp)
            }
            Plan::Pairwise => {
                let wl: Vec<f64> = (0..job.pairings.len())
                    .map(|k| {
                        let t = result.totals(k);
                        t.wdl.wins as f64 - t.wdl.losses as f64
                    })
                    .collect();
                (wl, Vec::new())
            }
        };
        cp.algorithm.tell(&ask, &feedback);
        cp.games += result.game_count();
        for h in &result.openings {
            if seen.insert(*h) {
                cp.training_openings.push(*h);
            }
        }
        if r.exp.hall_of_fame > 0 {
            cp.hall_of_fame.push(cp.algorithm.mean().to_vec());
            let excess = cp
                .hall_of_fame
                .len()
                .saturating_sub(r.exp.hall_of_fame as usize);
            cp.hall_of_fame.drain(..excess);
        }
        let theta = cp.algorithm.mean().to_vec();
        let w = space.decode(&theta, &r.start.weights);
        let row = GenerationRow {
            generation: g,
            games: cp.games,
            seconds: prior_seconds + t0.elapsed().as_secs_f64(),
            sigma: cp.algorithm.sigma(),
            best: scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            mean: scores.iter().sum::<f64>() / scores.len().max(1) as f64,
            opponent_scores,
            weights: space.dims.iter().map(|d| w[d.role][d.feature]).collect(),
            theta,
        };
        obs.generation(&row, &names);
        cp.rows.push(row);
        cp.completed = g;
        cp.seconds = prior_seconds + t0.elapsed().as_secs_f64();
        cp.save(&dir)?;
        crate::report::write_generations_csv(&dir, &cp.rows, &names, &labels).map_err(|e| {
            TuneError::Io {
                path: dir.join(crate::report::CSV).display().to_string(),
                source: e,
            }
        })?;
        if options.stop_after == Some(g) && g < r.exp.generations {
            return Ok(RunEnd::Interrupted { completed: g });
        }
    }

    // Choose the best on fresh openings, then validate it on other fresh openings.
    let finalists = finalists(&cp, r.exp.validation.finalists as usize);
    let vs = &r.exp.validation;
    let own = |i: usize| (r.opponents[i].own_depth, r.opponents[i].own_nodes);
    let sel_job = Job {
        round: Round::Selection,
        candidates: finalists
            .iter()
            .map(|(_, t)| space.decode(t, &r.start.weights))
            .collect(),
        hall_of_fame: Vec::new(),
        pairings: (0..finalists.len())
            .flat_map(|c| (0..r.opponents.len()).map(move |i| (c, i)))
            .map(|(c, i)| Pairing {
                candidate: c,
                rival: Rival::Pool(i),
                pairs: vs.selection_pairs,
                depth: own(i).0,
                nodes: own(i).1,
            })
            .collect(),
    };
    obs.phase("selection", fitness::job_games(&sel_job));
    let sel = fitness::evaluate::<G>(r, &sel_job, Some(&seen), &|| obs.game())?;
    let sel_scores = fitness::candidate_scores(&sel_job, &sel);
    let mut chosen = 0;
    for (i, s) in sel_scores.iter().enumerate() {
        if *s > sel_scores[chosen] {
            chosen = i;
        }
    }
    obs.message(&format!(
        "selection on fresh openings: {}",
        finalists
            .iter()
            .zip(&sel_scores)
            .map(|((g, _), s)| format!("generation {g}: {:.1} %", 100.0 * s))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let mut excluded = seen.clone();
    excluded.extend(sel.openings.iter().copied());

    let best_weights = space.decode(&finalists[chosen].1, &r.start.weights);
    let val_job = Job {
        round: Round::Validation,
        candidates: vec![best_weights.clone()],
        hall_of_fame: Vec::new(),
        pairings: (0..r.opponents.len())
            .map(|i| Pairing {
                candidate: 0,
                rival: Rival::Pool(i),
                pairs: vs.pairs,
                depth: own(i).0,
                nodes: own(i).1,
            })
            .collect(),
    };
    obs.phase("validation", fitness::job_games(&val_job));
    let val = fitness::evaluate::<G>(r, &val_job, Some(&excluded), &|| obs.game())?;
    let validation: Vec<OpponentValidation> = r
        .opponents
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let result = val.totals(i);
            let elo = stats::pentanomial(&result.ptnml, &result.wdl);
            OpponentValidation {
                opponent: o.name.clone(),
                result,
                elo,
            }
        })
        .collect();

    let mut best = Genome {
        name: format!("{}-best", r.exp.name),
        weights: best_weights,
        ..r.start.clone()
    };
    best.provenance = crate::genome::Provenance {
        source: format!("weightforge evolve {origin}"),
        notes: format!(
            "started from {:?}; tuned roles {:?}; validation at each opponent's own search depth, \
             this genome at the same depth, on openings not used in training",
            r.exp.start, r.exp.tune_roles
        ),
        experiment: Some(origin.to_string()),
        seed: Some(r.exp.seed),
        algorithm: Some(r.exp.algorithm.name().to_string()),
        generation: Some(finalists[chosen].0),
        games: Some(cp.games),
        validation: validation
            .iter()
            .map(|v| Validation {
                opponent: v.opponent.clone(),
                games: v.result.games(),
                wins: v.result.wdl.wins,
                draws: v.result.wdl.draws,
                losses: v.result.wdl.losses,
                elo: round1(v.elo.elo),
                elo_95: round1(v.elo.error()),
                los: round1(100.0 * v.elo.los),
            })
            .collect(),
    };
    let genome_path = r
        .exp
        .output
        .genomes
        .join(G::NAME)
        .join(format!("{}-best.ron", r.exp.name));
    best.save::<G>(&genome_path)?;
    write_text(&dir.join("best.ron"), &best.to_ron::<G>())?;
    let mut summary = String::new();
    for v in &validation {
        summary.push_str(&format!(
            "{} vs {}: {} games, +{} ={} -{}, Ptnml(0-2): {:?}\n{}\n",
            best.name,
            v.opponent,
            v.result.games(),
            v.result.wdl.wins,
            v.result.wdl.draws,
            v.result.wdl.losses,
            v.result.ptnml.0,
            v.elo.cutechess_line()
        ));
    }
    write_text(&dir.join("validation.txt"), &summary)?;
    crate::report::draw_charts(&dir, &cp.rows, &names, &labels)?;
    let total_games = cp.games + sel.game_count() + val.game_count();
    Ok(RunEnd::Finished(Box::new(RunSummary {
        best,
        genome_path,
        report_dir: dir,
        validation,
        training_games: cp.games,
        total_games,
        seconds: prior_seconds + t0.elapsed().as_secs_f64(),
    })))
}

fn round1(x: f64) -> f64 {
    if x.is_finite() {
        (x * 10.0).round() / 10.0
    } else {
        x
    }
}

/// The means of the last `n` generations (newest first), or the start if none ran.
fn finalists(cp: &Checkpoint, n: usize) -> Vec<(u32, Vec<f64>)> {
    let mut out: Vec<(u32, Vec<f64>)> = Vec::new();
    for row in cp.rows.iter().rev() {
        if out.len() >= n {
            break;
        }
        if !out.iter().any(|(_, t)| *t == row.theta) {
            out.push((row.generation, row.theta.clone()));
        }
    }
    if out.is_empty() {
        out.push((0, cp.algorithm.mean().to_vec()));
    }
    out
}

fn write_text(path: &Path, text: &str) -> Result<(), TuneError> {
    crate::fsutil::write_atomic(path, text.as_bytes()).map_err(|source| TuneError::Io {
        path: path.display().to_string(),
        source,
    })
}
