//! The validation of a run's best genome as the reports show it: one result per
//! opponent, the `validation.txt` summary, and the file the validation games go to.

use crate::matches::result::MatchResult;
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
