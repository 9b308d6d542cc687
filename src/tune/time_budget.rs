//! A time budget for a run's training (`evolve --time 5m`): after generation 1 the run
//! knows what a generation costs here, estimates the end of the run (selection,
//! validation, the gate at its most, the budget chart) at the same pace per game, and
//! chooses how many generations fit. The choice is recorded in the checkpoint with
//! generation 1, so a resumed run trains to the same generation, and a run with
//! `--train-generations N` (N the recorded count) plays the same games: a run stays a
//! pure function of its experiment file, its seed and that count; the clock only chose
//! the count.

use serde::{Deserialize, Serialize};

use super::resolved::Resolved;
use super::schedule::planned_generations;
use crate::tunables::BUDGET_CHART_PAIRS;

/// What a time budget chose, and from what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimeBudget {
    /// The budget asked for, in seconds (the whole run).
    pub seconds: f64,
    /// Seconds spent before generation 1 ended (positions made first included).
    pub spent: f64,
    /// What generation 1 took, in seconds.
    pub generation_seconds: f64,
    /// The end of the run's games, and their estimated seconds.
    pub end_games: u64,
    /// Estimated seconds of the end of the run.
    pub end_seconds: f64,
    /// Generations chosen (the run trains to this one).
    pub generations: u32,
}

impl TimeBudget {
    /// The choice for a run of `r` given `seconds` in all, `spent` so far (to the end of
    /// generation 1), generation 1's seconds and games, and the games the end of the
    /// run plays (`end_games`): as many generations as fit, at least 1 and at most the
    /// experiment's.
    pub fn choose(
        r: &Resolved,
        seconds: f64,
        spent: f64,
        generation: (f64, u64),
        end_games: u64,
    ) -> Self {
        let (generation_seconds, games) = generation;
        let per_game = if games > 0 {
            generation_seconds / games as f64
        } else {
            0.0
        };
        let end_seconds = per_game * end_games as f64;
        let room = seconds - spent - end_seconds;
        let more = if generation_seconds > 0.0 {
            (room / generation_seconds).floor().max(0.0)
        } else {
            f64::from(u32::MAX)
        };
        let most = planned_generations(r);
        let generations = (1.0 + more).min(f64::from(most)) as u32;
        TimeBudget {
            seconds,
            spent,
            generation_seconds,
            end_games,
            end_seconds,
            generations: generations.max(1),
        }
    }

    /// The choice in words, for the console and the run page.
    pub fn words(&self, of: u32) -> String {
        format!(
            "time budget {}: generation 1 took {:.1} s ({:.1} s spent by then), the end of \
             the run ({} games) is estimated at {:.0} s, so training runs {} generation{} \
             of the experiment's {of}; this run is reproduced with `--train-generations \
             {}` (recorded in checkpoint.json)",
            duration_words(self.seconds),
            self.generation_seconds,
            self.spent,
            self.end_games,
            self.end_seconds,
            self.generations,
            if self.generations == 1 { "" } else { "s" },
            self.generations
        )
    }
}

/// The games the end of a run of `r` plays at most: selection (each finalist: the
/// last generations' means, their average, the line's points), validation, the gate
/// at its most, and `chart_budgets` budgets of the budget chart.
pub fn end_games(r: &Resolved, chart_budgets: usize) -> u64 {
    let v = &r.exp.validation;
    let opponents = r.opponents.len() as u64;
    let means = u64::from(v.finalists);
    let finalists = means + u64::from(means >= 2) + v.line.len() as u64;
    let selection = finalists * u64::from(v.selection_pairs) * 2 * opponents;
    let validation = u64::from(v.pairs) * 2 * opponents;
    let gate = r
        .exp
        .gate
        .as_ref()
        .map_or(0, |g| u64::from(g.max_pairs) * 2);
    let pairs = u64::from(v.budget_pairs.unwrap_or(BUDGET_CHART_PAIRS));
    let chart = chart_budgets as u64 * pairs * 2 * opponents;
    selection + validation + gate + chart
}

/// `--time`'s text: a number and a unit, `90s`, `5m`, `1.5h` (a bare number is
/// seconds); the seconds, positive and at most a year.
pub fn parse_duration(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let (number, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => t.split_at(i),
        None => (t, "s"),
    };
    let scale = match unit {
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        other => return Err(format!("{text:?}: unknown unit {other:?} (s, m or h)")),
    };
    let n: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("{text:?}: not a number and a unit, e.g. 90s, 5m, 1.5h"))?;
    let seconds = n * scale;
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 366.0 * 86400.0) {
        return Err(format!("{text:?}: must be above 0 and at most a year"));
    }
    Ok(seconds)
}

/// `300 s`, `5 min`, `1.5 h`.
fn duration_words(seconds: f64) -> String {
    if seconds >= 3600.0 {
        format!("{} h", seconds / 3600.0)
    } else if seconds >= 60.0 {
        format!("{} min", seconds / 60.0)
    } else {
        format!("{seconds} s")
    }
}

#[cfg(test)]
mod tests {
    use super::parse_duration;

    #[test]
    fn durations_read_with_their_units() {
        assert_eq!(parse_duration("90s"), Ok(90.0));
        assert_eq!(parse_duration("5m"), Ok(300.0));
        assert_eq!(parse_duration("1.5h"), Ok(5400.0));
        assert_eq!(parse_duration("20"), Ok(20.0));
        for bad in ["", "m", "5x", "-3m", "0s", "1e9h", "NaNs"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
