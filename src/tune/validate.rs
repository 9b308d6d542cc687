//! Validating the chosen genome and writing it: it plays each opponent at the final
//! budget (both sides at the experiment's target, else at the opponent's own search
//! settings) on openings neither training nor selection used, and
//! is written (genome file, its copy in the report folder, the validation summary and
//! the charts) with its provenance: where it came from and what it was measured to be
//! worth.

use std::collections::HashSet;
use std::path::PathBuf;

use super::checkpoint::Checkpoint;
use super::error::TuneError;
use super::fitness;
use super::job::{Job, JobResult, Pairing, Round, Weights};
use super::report::charts;
use super::report::standing::Standing;
use super::report::validation::{self, GateVerdict, OpponentValidation, VALIDATION_TEXT};
use super::run_observer::RunObserver;
use super::session::{write_text, Session};
use crate::engine::constants::ConstantsFile;
use crate::engine::EngineSpec;
use crate::game::Features;
use crate::genome::{Genome, Provenance, Validation};
use crate::stats;

/// Plays the chosen weights against each opponent on openings not in `excluded`.
pub(super) fn validate<G: Features>(
    run: &Session,
    best: &Weights,
    excluded: &HashSet<u64>,
    obs: &dyn RunObserver,
) -> Result<(Vec<OpponentValidation>, JobResult), TuneError> {
    let r = run.r;
    let job = Job {
        round: Round::Validation,
        candidates: vec![best.clone()],
        hall_of_fame: Vec::new(),
        pairings: (0..r.opponents.len())
            .map(|i| Pairing::at_final_settings(r, 0, i, r.exp.validation.pairs))
            .collect(),
    };
    obs.phase("validation", job.game_count());
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

/// The best genome, with where it came from (the chosen finalist's label and newest
/// generation) and what it was measured to be worth (validation, and the gate's line).
pub(super) fn best_genome(
    run: &Session,
    cp: &Checkpoint,
    weights: Weights,
    (label, generation): (&str, u32),
    validation: &[OpponentValidation],
    (gate, standing): (Option<&GateVerdict>, &Standing),
) -> Genome {
    let exp = &run.r.exp;
    let budget = match (&run.r.target, exp.nodes) {
        (Some(t), _) => match t.nodes {
            Some(n) => format!("{n} nodes a move"),
            None => format!("depth {:?} per role", t.depth),
        },
        (None, Some(n)) => format!("{n} nodes a move"),
        (None, None) => "each opponent's own search settings".into(),
    };
    let provenance = Provenance {
        source: format!("weightforge evolve {}", run.origin),
        notes: format!(
            "started from {}; tuned roles: {}; chosen: {}; validation with both sides at {}, \
             on openings not used in training",
            exp.start,
            roles(&exp.tune_roles),
            label,
            budget
        ) + &gate.map_or(String::new(), |g| format!("; {}", g.line())),
        experiment: Some(run.origin.to_string()),
        seed: Some(exp.seed),
        algorithm: Some(exp.algorithm.name().to_string()),
        generation: Some(generation),
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
        warning: standing.warning(),
    };
    Genome {
        name: exp.best_name(),
        weights,
        provenance,
        ..run.r.start.clone()
    }
}

/// Writes the genome, its copy in the report folder, the validation text and the
/// charts; returns where the genome went and its text (for an engine: the constants
/// file, which is what the run page shows).
pub(super) fn write_outputs<G: Features>(
    run: &Session,
    cp: &Checkpoint,
    best: &Genome,
    validation: &[OpponentValidation],
) -> Result<(PathBuf, String), TuneError> {
    let genome_path = run.genome_path.clone();
    let text = match &run.r.engine {
        Some(e) => {
            // A fit that went wrong (a NaN, a value past the declared bounds) is an
            // error here, never a constants file to paste into the engine.
            let values = (best.weights[0].iter().enumerate())
                .map(|(i, &v)| e.checked_value(i, v))
                .collect::<Result<Vec<f64>, _>>()
                .map_err(|e| TuneError::Probe(e.into()))?;
            let tuned = EngineSpec {
                values,
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
    let summary = validation::text(&best.name, validation);
    write_text(&run.dir.join(VALIDATION_TEXT), &summary)?;
    let exported = run.tuned_values(&best.weights);
    charts::draw_charts(&run.dir, &cp.rows, &run.names, &run.labels, Some(&exported))?;
    Ok((genome_path, text))
}

/// The tuned roles in words (an engine's run has none: its constants serve both).
fn roles(tune_roles: &[String]) -> String {
    if tune_roles.is_empty() {
        "all (the engine's constants)".into()
    } else {
        tune_roles.join(", ")
    }
}

/// `x` to one decimal (for the provenance).
fn round1(x: f64) -> f64 {
    if x.is_finite() {
        (x * 10.0).round() / 10.0
    } else {
        x
    }
}
