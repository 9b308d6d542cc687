//! The validation of a run's best genome as the reports show it: one result per
//! opponent, the `validation.txt` summary, and the file the validation games go to.

use crate::matches::result::MatchResult;
use crate::sprt::{Decision, SprtSpec};
use crate::stats::{self, EloEstimate};

/// The validation games' record file in a report folder.
pub const VALIDATION_GAMES: &str = "validation-games.jsonl";

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

    /// The verdict in a few words: `H1 accepted — better than the start at 100000
    /// nodes`.
    pub fn headline(&self) -> String {
        let b = &self.budget;
        match self.decision {
            Decision::H1 => format!("H1 accepted — better than the start at {b}"),
            Decision::H0 => format!("H0 accepted — not better than the start at {b}"),
            Decision::Continue => format!("not proven better than the start at {b}"),
        }
    }

    /// The run's last line: `gate: H1 accepted — better than the start at 100000 nodes
    /// (LLR 2.96, +87.0 ± 30.2 Elo, 240 games)`.
    pub fn line(&self) -> String {
        let (lo, hi) = self.sprt.bounds();
        format!(
            "gate: {} (LLR {:.2} in [{lo:.2}, {hi:.2}], {:+.1} ± {:.1} Elo, {} games)",
            self.headline(),
            self.llr(),
            self.elo.elo,
            self.elo.error(),
            self.result.games()
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
