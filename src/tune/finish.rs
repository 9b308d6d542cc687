//! The end of a run: re-measure the finalists (recent means and their average) on
//! openings training never used, choose the best, validate it against each opponent on
//! other fresh openings, and write the genome with its provenance, the validation text
//! and the charts.

use std::collections::HashSet;
use std::path::PathBuf;

use super::checkpoint::Checkpoint;
use super::fitness::{self, Job, JobResult, Pairing, Rival, Round, Weights};
use super::page::{Finished, RunState};
use super::report;
use super::run::{write_text, Observer, Run, RunSummary, TuneError};
use crate::engine::constants::ConstantsFile;
use crate::engine::EngineSpec;
use crate::game::Game;
use crate::genome::{Genome, Provenance, Validation};
use crate::matches::result::MatchResult;
use crate::stats::{self, EloEstimate};

/// The validation games' record file in a report folder.
pub const VALIDATION_GAMES: &str = "validation-games.jsonl";

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

/// A genome re-measured at the end of a run.
struct Finalist {
    /// How it is named in the log and the provenance.
    label: String,
    /// The newest generation it comes from.
    generation: u32,
    /// Its parameters.
    theta: Vec<f64>,
}

/// Chooses, validates and writes the best genome of a trained run.
pub(super) fn finish<G: Game>(
    run: &Run,
    cp: &Checkpoint,
    obs: &dyn Observer,
) -> Result<RunSummary, TuneError> {
    let seen: HashSet<u64> = cp.training_openings.iter().copied().collect();
    let finalists = finalists(cp, run.r.exp.validation.finalists as usize);
    let (chosen, sel, scores) = select::<G>(run, &finalists, &seen, obs)?;
    let mut excluded = seen;
    excluded.extend(sel.openings.iter().copied());
    let best_weights = run
        .space
        .decode(&finalists[chosen].theta, &run.r.start.weights);
    let (validation, val) = validate::<G>(run, &best_weights, &excluded, obs)?;
    let games_path = run.dir.join(VALIDATION_GAMES);
    crate::record::write(&games_path, &val.logs).map_err(TuneError::Record)?;
    let best = best_genome(run, cp, best_weights, &finalists[chosen], &validation);
    let genome_path = write_outputs::<G>(run, cp, &best, &validation)?;
    let finished = Finished {
        finalists: finalists
            .iter()
            .zip(&scores)
            .map(|(f, s)| (f.label.clone(), *s))
            .collect(),
        chosen,
        validation: &validation,
        genome_text: best.to_ron::<G>(),
        genome_path: genome_path.display().to_string(),
        games: &val.logs,
    };
    run.write_page(cp, RunState::Finished, Some(finished))?;
    Ok(RunSummary {
        best,
        genome_path,
        report_dir: run.dir.clone(),
        validation,
        training_games: cp.games,
        total_games: cp.games + sel.game_count() + val.game_count(),
        seconds: run.seconds(),
    })
}

/// Candidate `candidate` against opponent `i` at the opponent's own search settings.
fn at_own_settings(run: &Run, candidate: usize, i: usize, pairs: u32) -> Pairing {
    let o = &run.r.opponents[i];
    Pairing {
        candidate,
        rival: Rival::Pool(i),
        pairs,
        depth: o.own_depth,
        nodes: o.own_nodes,
        weight: 1.0,
    }
}

/// Re-measures the finalists on openings not in `seen`; returns the best one's index
/// and the games.
fn select<G: Game>(
    run: &Run,
    finalists: &[Finalist],
    seen: &HashSet<u64>,
    obs: &dyn Observer,
) -> Result<(usize, JobResult, Vec<f64>), TuneError> {
    let r = run.r;
    let pairs = r.exp.validation.selection_pairs;
    let job = Job {
        round: Round::Selection,
        candidates: finalists
            .iter()
            .map(|f| run.space.decode(&f.theta, &r.start.weights))
            .collect(),
        hall_of_fame: Vec::new(),
        pairings: (0..finalists.len())
            .flat_map(|c| (0..r.opponents.len()).map(move |i| (c, i)))
            .map(|(c, i)| at_own_settings(run, c, i, pairs))
            .collect(),
    };
    obs.phase("selection", fitness::job_games(&job));
    let sel = fitness::evaluate_on::<G>(run.exec, r, &job, Some(seen), &|| obs.game())?;
    let scores = fitness::candidate_scores(&job, &sel);
    let mut chosen = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores[chosen] {
            chosen = i;
        }
    }
    obs.message(&format!(
        "selection on fresh openings: {}",
        finalists
            .iter()
            .zip(&scores)
            .map(|(f, s)| format!("{}: {:.1} %", f.label, 100.0 * s))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    Ok((chosen, sel, scores))
}

/// Plays the chosen weights against each opponent on openings not in `excluded`.
fn validate<G: Game>(
    run: &Run,
    best: &Weights,
    excluded: &HashSet<u64>,
    obs: &dyn Observer,
) -> Result<(Vec<OpponentValidation>, JobResult), TuneError> {
    let r = run.r;
    let job = Job {
        round: Round::Validation,
        candidates: vec![best.clone()],
        hall_of_fame: Vec::new(),
        pairings: (0..r.opponents.len())
            .map(|i| at_own_settings(run, 0, i, r.exp.validation.pairs))
            .collect(),
    };
    obs.phase("validation", fitness::job_games(&job));
    let val = fitness::evaluate_on::<G>(run.exec, r, &job, Some(excluded), &|| obs.game())?;
    let validation = r
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
    Ok((validation, val))
}

/// The best genome, with where it came from and what it was measured to be worth.
fn best_genome(
    run: &Run,
    cp: &Checkpoint,
    weights: Weights,
    chosen: &Finalist,
    validation: &[OpponentValidation],
) -> Genome {
    let exp = &run.r.exp;
    let provenance = Provenance {
        source: format!("weightforge evolve {}", run.origin),
        notes: format!(
            "started from {:?}; tuned roles {:?}; chosen: {}; validation at each opponent's own \
             search depth, this genome at the same depth, on openings not used in training",
            exp.start, exp.tune_roles, chosen.label
        ),
        experiment: Some(run.origin.to_string()),
        seed: Some(exp.seed),
        algorithm: Some(exp.algorithm.name().to_string()),
        generation: Some(chosen.generation),
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
    Genome {
        name: format!("{}-best", exp.name),
        weights,
        provenance,
        ..run.r.start.clone()
    }
}

/// Writes the genome, its copy in the report folder, the validation text and the
/// charts; returns where the genome went.
fn write_outputs<G: Game>(
    run: &Run,
    cp: &Checkpoint,
    best: &Genome,
    validation: &[OpponentValidation],
) -> Result<PathBuf, TuneError> {
    let genome_path = run.genome_path.clone();
    let text = match &run.r.engine {
        Some(e) => {
            let tuned = EngineSpec {
                values: best.weights[0].clone(),
                ..(**e).clone()
            };
            let file = ConstantsFile::new(G::NAME, &tuned, best.provenance.clone());
            crate::ronfile::to_string(&file)
        }
        None => best.to_ron::<G>(),
    };
    match run.r.engine {
        Some(_) => write_text(&genome_path, &format!("{text}\n"))?,
        None => best.save::<G>(&genome_path)?,
    }
    write_text(&run.dir.join("best.ron"), &text)?;
    let mut summary = String::new();
    for v in validation {
        let lines = stats::paired_lines(&v.result.wdl, &v.result.ptnml);
        summary.push_str(&format!(
            "{} vs {}: {} games, {}, {}\n{}\n",
            best.name,
            v.opponent,
            v.result.games(),
            lines.wdl,
            lines.ptnml,
            lines.elo
        ));
    }
    write_text(&run.dir.join("validation.txt"), &summary)?;
    report::draw_charts(&run.dir, &cp.rows, &run.names, &run.labels)?;
    Ok(genome_path)
}

fn round1(x: f64) -> f64 {
    if x.is_finite() {
        (x * 10.0).round() / 10.0
    } else {
        x
    }
}

/// The means of the last `n` generations (newest first) and, when there are several,
/// their average: under noisy fitness the average of recent means is often better than
/// any one of them. The start when no generation ran.
fn finalists(cp: &Checkpoint, n: usize) -> Vec<Finalist> {
    let mut out: Vec<Finalist> = Vec::new();
    for row in cp.rows.iter().rev() {
        if out.len() >= n {
            break;
        }
        if !out.iter().any(|f| f.theta == row.theta) {
            out.push(Finalist {
                label: format!("generation {}", row.generation),
                generation: row.generation,
                theta: row.theta.clone(),
            });
        }
    }
    if out.len() >= 2 {
        let k = out.len() as f64;
        let dims = out[0].theta.len();
        let theta = (0..dims)
            .map(|i| out.iter().map(|f| f.theta[i]).sum::<f64>() / k)
            .collect();
        let (newest, oldest) = (out[0].generation, out[out.len() - 1].generation);
        out.push(Finalist {
            label: format!("average of generations {oldest}-{newest}"),
            generation: newest,
            theta,
        });
    }
    if out.is_empty() {
        out.push(Finalist {
            label: "start".into(),
            generation: 0,
            theta: cp.algorithm.mean().to_vec(),
        });
    }
    out
}
