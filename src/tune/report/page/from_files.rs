//! The summary of a run folder that has no `summary.json` (a run written before run
//! pages, like the committed reference run), read from the files every run writes:
//! `experiment.ron` (name, game, algorithm, generations planned), `generations.csv`
//! (the last generation and its games) and `validation.txt` (one Elo line per
//! reference), so the index lists every run, not only the newer ones.

use std::path::Path;

use super::data::RunState;
use super::summary::Summary;
use super::write::PageError;
use crate::tune::experiment::Experiment;
use crate::tune::report::generations::{read_generations_csv, CSV};
use crate::tune::report::validation::VALIDATION_TEXT;

/// The experiment file every run folder holds.
pub const EXPERIMENT: &str = "experiment.ron";

/// The summary of the run in `dir` from its files; `None` when `dir` holds no
/// `generations.csv` (not a run folder). A file that is there but cannot be read is an
/// error naming it.
pub fn summary(dir: &Path) -> Result<Option<Summary>, PageError> {
    let csv = dir.join(CSV);
    if !csv.is_file() {
        return Ok(None);
    }
    let bad = |path: &Path, message: String| PageError {
        path: path.display().to_string(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, message),
    };
    let table = read_generations_csv(&csv).map_err(|e| bad(&csv, e.to_string()))?;
    let last = |column: &str| {
        table
            .column(column)
            .and_then(|v| v.last().copied())
            .filter(|v| v.is_finite() && *v >= 0.0)
            .unwrap_or(0.0)
    };
    let exp_path = dir.join(EXPERIMENT);
    let exp = Experiment::load(&exp_path).map_err(|e| bad(&exp_path, e.to_string()))?;
    let validation = dir.join(VALIDATION_TEXT);
    let (state, elo) = if validation.is_file() {
        let text = std::fs::read_to_string(&validation).map_err(|source| PageError {
            path: validation.display().to_string(),
            source,
        })?;
        (RunState::Finished, elo_lines(&text))
    } else {
        (RunState::Stopped, Vec::new())
    };
    let updated = std::fs::metadata(&csv)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs());
    Ok(Some(Summary {
        name: exp.name.clone(),
        game: exp.game.clone(),
        algorithm: exp.algorithm.name().to_string(),
        state,
        generation: (last("generation") as u32, exp.generations),
        games: last("games") as u64,
        elo,
        updated,
    }))
}

/// `Elo ± half interval vs reference` for each match of a `validation.txt`: a line
/// `<genome> vs <reference>: …` followed by `Elo difference: X +/- Y, …`.
fn elo_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut opponent: Option<&str> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("Elo difference: ") {
            let mut parts = rest.split(',').next().unwrap_or("").split("+/-");
            let (elo, half) = (parts.next(), parts.next());
            if let (Some(who), Some(elo), Some(half)) = (opponent.take(), elo, half) {
                out.push(format!("{} ± {} vs {who}", elo.trim(), half.trim()));
            }
        } else if let Some((head, _)) = line.split_once(": ") {
            opponent = head.rsplit_once(" vs ").map(|(_, who)| who);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn elo_lines_pair_each_match_with_its_elo() {
        let text = "a-best vs luo2023: 800 games, +374 =417 -9, Ptnml(0-2): [0, 3, 118, 190, 89]\n\
                    Elo difference: 171.1 +/- 15.8, LOS: 100.0 %, DrawRatio: 52.1 %\n\
                    a-best vs li2023: 800 games, +359 =411 -30\n\
                    Elo difference: 151.9 +/- 8.1, LOS: 100.0 %, DrawRatio: 51.4 %\n";
        assert_eq!(
            super::elo_lines(text),
            ["171.1 ± 15.8 vs luo2023", "151.9 ± 8.1 vs li2023"]
        );
        assert!(super::elo_lines("Elo difference: 1 +/- 2\n").is_empty());
    }
}
