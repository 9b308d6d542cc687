//! The validation of a run's best genome as the reports show it: one result per
//! opponent, the `validation.txt` summary, and the file the validation games go to.

use crate::matches::result::MatchResult;
use crate::sprt::{Decision, SprtSpec};
use crate::stats::{self, EloEstimate};

/// The validation games' record file in a report folder.
pub const VALIDATION_GAMES: &str = "validation-games.jsonl";

/// Where the concepts page explains the verdicts (the console names it, the page
/// links it).
pub const CONCEPTS: &str = "docs/guide/concepts.md";

/// The validation summary's file in a report folder.
pub const VALIDATION_TEXT: &str = "validation.txt";

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

/// The gate: the best genome against the start at the final budget, stopped by an
/// SPRT.
#[derive(Clone, Debug)]
pub struct GateVerdict {
    /// The test.
    pub sprt: SprtSpec,
    /// The budget both sides played at, in words (`100000 nodes`).
    pub budget: String,
    /// The games (best genome = A).
    pub result: MatchResult,
    /// The Elo estimate (pentanomial) of the best genome over the start.
    pub elo: EloEstimate,
    /// Where the test stopped.
    pub decision: Decision,
}

impl GateVerdict {
    /// The log-likelihood ratio at the end.
    pub fn llr(&self) -> f64 {
        self.sprt.llr(&self.result.ptnml)
    }

    /// The verdict in a few plain words: `better than the start at 100000 nodes`,
    /// `not better than the start at ...`, or `undecided after 400 games at ...`.
    pub fn headline(&self) -> String {
        let b = &self.budget;
        match self.decision {
            Decision::H1 => format!("better than the start at {b}"),
            Decision::H0 => format!("not better than the start at {b}"),
            Decision::Continue => {
                format!("undecided after {} games at {b}", self.result.games())
            }
        }
    }

    /// How the test got there, in words: `the test accepted it after 240 games (LLR
    /// 2.96 reached 2.94)`, or, when it ran out of games, what it needed and what to do.
    pub fn how(&self) -> String {
        let (lo, hi) = self.sprt.bounds();
        let (llr, n) = (self.llr(), self.result.games());
        match self.decision {
            Decision::H1 => {
                format!("the test accepted it after {n} games (LLR {llr:.2} reached {hi:.2})")
            }
            Decision::H0 => {
                format!("the test rejected it after {n} games (LLR {llr:.2} reached {lo:.2})")
            }
            Decision::Continue => format!(
                "the test ran out of games (LLR {llr:.2}; it needed {hi:.2} to call it better, \
                 {lo:.2} to call it no better); to decide, give the gate more games \
                 (gate.max_pairs) or test it further with `weightforge match ... --sprt \
                 elo0={},elo1={}`",
                self.sprt.elo0, self.sprt.elo1
            ),
        }
    }

    /// The run's last line: `gate: better than the start at 100000 nodes: the test
    /// accepted it after 240 games (LLR 2.96 reached 2.94); +87.0 ± 30.2 Elo (see
    /// docs/guide/concepts.md#gate)`.
    pub fn line(&self) -> String {
        format!(
            "gate: {}: {}; {:+.1} ± {:.1} Elo over the start (see {}#gate)",
            self.headline(),
            self.how(),
            self.elo.elo,
            self.elo.error(),
            CONCEPTS
        )
    }
}

/// `validation.txt`: for each opponent, the games, W/D/L, pentanomial counts and Elo of
/// the genome named `name`.
pub fn text(name: &str, validation: &[OpponentValidation]) -> String {
    let mut summary = String::new();
    for v in validation {
        let lines = stats::paired_lines(&v.result.wdl, &v.result.ptnml);
        summary.push_str(&format!(
            "{} vs {}: {} games, {}, {}\n{}\n",
            name,
            v.opponent,
            v.result.games(),
            lines.wdl,
            lines.ptnml,
            lines.elo
        ));
    }
    summary
}
