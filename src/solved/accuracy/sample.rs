//! The accuracy sample: positions of a solved game reached in games between its
//! reference players ([`Solvable::sample_players`]), kept where some move changes the
//! solved value (a position whose every move keeps its value cannot tell a good player
//! from a bad one). The sample is a version 2 position file whose results are the
//! solved values (exact labels), made by `weightforge accuracy --make-sample FILE` and
//! shipped with the game ([`Solvable::sample`]).

use std::collections::HashSet;
use std::path::Path;

use rayon::prelude::*;

use super::AccuracyError;
use crate::fit::positions_file::{parse_rows, read_rows, write_rows, PositionRow};
use crate::game::{Features, Game, Status};
use crate::matches::one_game::play_seated;
use crate::matches::settings::MatchSettings;
use crate::played_game::{ChoiceReport, Observer};
use crate::player::{Agent, PlayerSpec, SearchBudget};
use crate::seeds::accuracy_game;
use crate::solved::labels::exact_result;
use crate::solved::{Oracle, OracleSettings, Solvable, SolveError, Value};

/// Win, draw or loss, without the distance.
fn class(v: Value) -> i8 {
    match v {
        Value::Win(_) => 1,
        Value::Draw => 0,
        Value::Loss(_) => -1,
    }
}

/// Whether `a` and `b` are the same result (a win, a draw or a loss), however far.
pub(super) fn same_result(a: Value, b: Value) -> bool {
    class(a) == class(b)
}

/// Whether some legal move of the side to move changes the position's solved value (a
/// win into a draw or a loss, a draw into a loss): only such positions can show a
/// mistake.
pub fn mistake_possible<G: Game>(sol: &dyn Oracle<G>, pos: &G) -> Result<bool, SolveError> {
    if pos.status() != Status::Ongoing {
        return Ok(false);
    }
    let value = sol.value(pos)?;
    let moves = sol.move_values(pos)?;
    Ok(moves.iter().any(|&(_, v)| !same_result(v, value)))
}

/// Keeps the positions of a game where a mistake is possible.
struct Keep<'a, G: Game> {
    sol: &'a dyn Oracle<G>,
    kept: Vec<G>,
    error: Option<SolveError>,
}

impl<G: Game> Observer<G> for Keep<'_, G> {
    fn chose(&mut self, before: &G, _chosen: Option<G::Move>, _report: &dyn ChoiceReport<G>) {
        match mistake_possible(self.sol, before) {
            Ok(true) => self.kept.push(before.clone()),
            Ok(false) => {}
            Err(e) => self.error = self.error.take().or(Some(e)),
        }
    }
}

/// Plays sample game `i`: the seating `i` names among the references, from an opening
/// of random plies drawn from the game's own generator.
fn sample_game<G: Features>(
    sol: &dyn Oracle<G>,
    specs: &[PlayerSpec],
    settings: &MatchSettings,
    i: u64,
) -> Result<Vec<G>, AccuracyError> {
    let n = specs.len() as u64;
    let seating = i % (n * n);
    let (wolves, sheep) = (
        &specs[(seating / n) as usize],
        &specs[(seating % n) as usize],
    );
    let mut rng = accuracy_game(i);
    let rules = settings.rules();
    let start = settings.openings::<G>()?.draw(0, &mut rng, None)?;
    let budget = SearchBudget::default();
    let mut agents = [
        Agent::with_budget(wolves, 0, budget, rules),
        Agent::with_budget(sheep, 1, budget, rules),
    ];
    let mut keep = Keep {
        sol,
        kept: Vec::new(),
        error: None,
    };
    play_seated(&start, &mut agents, &rules, &mut rng, &mut keep);
    match keep.error {
        Some(e) => Err(e.into()),
        None => Ok(keep.kept),
    }
}

/// Plays the game's [`Solvable::sample_games`] sample games on `threads` threads and returns
/// their positions where a mistake is possible, each once, in game order: the same
/// whatever the thread count.
pub fn make_sample<G: Features>(
    solvable: &Solvable<G>,
    sol: &dyn Oracle<G>,
    threads: usize,
) -> Result<Vec<G>, AccuracyError> {
    let specs = solvable
        .sample_players
        .iter()
        .map(|name| PlayerSpec::resolve_with::<G>(name, &OracleSettings::default()))
        .collect::<Result<Vec<_>, _>>()?;
    let settings = MatchSettings::defaults::<G>(solvable.sample_opening_plies);
    let games: Vec<u64> = (0..solvable.sample_games).collect();
    let per_game: Vec<Vec<G>> = in_pool(threads, || {
        games
            .par_iter()
            .map(|&i| sample_game(sol, &specs, &settings, i))
            .collect()
    })?;
    let mut seen = HashSet::new();
    Ok(per_game
        .into_iter()
        .flatten()
        .filter(|p| seen.insert(p.to_text()))
        .collect())
}

/// Runs `work` on a pool of `threads` threads (rayon keeps the items' order, so the
/// result does not depend on the count).
pub(super) fn in_pool<R: Send>(
    threads: usize,
    work: impl FnOnce() -> Result<R, AccuracyError> + Send,
) -> Result<R, AccuracyError> {
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// Writes `positions` to `path` as a sample: a version 2 position file, one row per
/// position for its side to move, labelled with its solved value, the comments saying
/// how the sample was made.
pub fn write_sample<G: Features>(
    solvable: &Solvable<G>,
    sol: &dyn Oracle<G>,
    positions: &[G],
    path: &Path,
) -> Result<(), AccuracyError> {
    let rows = positions
        .iter()
        .map(|p| {
            let role = p.side_to_move();
            Ok(PositionRow {
                role,
                result: exact_result(sol, p, role)?,
                score: f32::NAN,
                text: p.to_text(),
            })
        })
        .collect::<Result<Vec<_>, SolveError>>()?;
    let comments = [
        "the accuracy sample of `weightforge accuracy`: every position where some move \
         changes the solved value, each once, from the games below"
            .to_string(),
        format!(
            "games: {}, every seating of {} in turn at their own \
             depths, each opened by {} random plies (weightforge::seeds::accuracy_game)",
            solvable.sample_games,
            solvable.sample_players.join(" and "),
            solvable.sample_opening_plies
        ),
        "results: the solved value for the side to move (win 1, draw 0.5, loss 0)".into(),
        format!(
            "made by `weightforge accuracy --game {} --make-sample FILE`",
            G::NAME
        ),
    ];
    write_rows::<G>(path, &comments, &rows)?;
    Ok(())
}

/// The positions of a sample file (each row's position once, in file order).
pub fn read_sample<G: Features>(path: &Path) -> Result<Vec<G>, AccuracyError> {
    Ok(distinct(read_rows::<G>(path)?.rows))
}

/// The positions of the game's built-in sample.
pub fn built_in_sample<G: Features>(solvable: &Solvable<G>) -> Result<Vec<G>, AccuracyError> {
    let name = format!("the built-in sample ({})", solvable.sample_name);
    let rows = parse_rows::<G>(solvable.sample, Path::new(&name))?.rows;
    Ok(distinct(rows))
}

fn distinct<G>(rows: Vec<(G, PositionRow)>) -> Vec<G> {
    let mut seen = HashSet::new();
    rows.into_iter()
        .filter(|(_, r)| seen.insert(r.text.clone()))
        .map(|(p, _)| p)
        .collect()
}
