//! Whether a run's result is shown better than the start it came from, in plain words:
//! the gate's decision, else the validation against an opponent that is the start
//! itself. The console, the run page and the genome's provenance say it, and a run
//! whose result is not better never advises pasting it (`weightforge export` warns when
//! asked for it: [`Standing::warning`]).

use super::validation::{GateVerdict, OpponentValidation};
use crate::sprt::Decision;
use crate::tune::experiment::Experiment;

pub use super::validation::CONCEPTS;

/// A run's result against its start.
#[derive(Clone, Debug, PartialEq)]
pub enum Standing {
    /// Shown better: why, in words.
    Better(String),
    /// Not shown better (the gate refused it, the validation against the start has
    /// an interval reaching 0 or below, or the run kept the start): why, in words.
    NotBetter(String),
    /// No round compared it with the start (no gate that decided, no opponent that is
    /// the start): why, in words.
    Unmeasured(String),
}

impl Standing {
    /// What a run whose result is not better writes into its genome's provenance, for
    /// `weightforge export` to print (`None` for any other run).
    pub fn warning(&self) -> Option<String> {
        match self {
            Standing::NotBetter(why) => Some(format!(
                "this run's result is not better than its start: {why}; keep the start's \
                 values (see {CONCEPTS}#is-the-result-better-than-the-start)"
            )),
            _ => None,
        }
    }

    /// The console's line about it.
    pub fn line(&self) -> String {
        match self {
            Standing::Better(why) => format!("result: better than the start ({why})"),
            Standing::NotBetter(why) => {
                format!("result: NOT better than the start ({why}); do not use it in place of the start")
            }
            Standing::Unmeasured(why) => format!("result: not compared with the start ({why})"),
        }
    }
}

/// The standing of a run of `exp` whose result validated as `validation` (one per
/// opponent, in the experiment's order) and, when it has one, went through `gate`;
/// `kept_start` when selection kept the start's own weights.
pub fn standing(
    exp: &Experiment,
    validation: &[OpponentValidation],
    gate: Option<&GateVerdict>,
    kept_start: bool,
) -> Standing {
    if kept_start {
        return Standing::NotBetter(
            "selection kept the start's own values: no point the run found scored better".into(),
        );
    }
    match gate.map(|g| (g, g.decision)) {
        Some((g, Decision::H1)) => return Standing::Better(format!("the gate: {}", g.headline())),
        Some((g, Decision::H0)) => {
            return Standing::NotBetter(format!("the gate: {}", g.headline()))
        }
        _ => {}
    }
    // An opponent that is the start at other search settings (a `depth` or `nodes` of
    // its own) still measures the start's values: validation plays both sides at them.
    let against_start: Vec<&OpponentValidation> = validation
        .iter()
        .zip(&exp.opponents)
        .filter(|(_, o)| o.player == exp.start)
        .map(|(v, _)| v)
        .collect();
    if let Some(v) = against_start
        .iter()
        .find(|v| v.elo.elo_low <= 0.0 || v.elo.elo_low.is_nan())
    {
        let reach = if v.elo.elo_high < 0.0 {
            "an interval below 0: worse than the start"
        } else {
            "an interval that reaches 0"
        };
        return Standing::NotBetter(format!(
            "validation against the start: {:+.1} ± {:.1} Elo, {reach}",
            v.elo.elo,
            v.elo.error()
        ));
    }
    if let Some(v) = against_start.first() {
        return Standing::Better(format!(
            "validation against the start: {:+.1} ± {:.1} Elo",
            v.elo.elo,
            v.elo.error()
        ));
    }
    Standing::Unmeasured(match gate {
        Some(g) => format!(
            "the gate was {}, and no opponent is the start",
            g.headline()
        ),
        None => "no gate, and no opponent is the start: read the validation".into(),
    })
}
