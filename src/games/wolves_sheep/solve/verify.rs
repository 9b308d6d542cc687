//! The `verify` pass: checks every stored position against its legal moves, generated
//! by the game's own rules ([`crate::game::Game::legal_moves`]), not the solver's
//! un-moves:
//! * a finished board is a win or loss in 0 as the rules say, and nothing else is;
//! * a win in `d` has a move to a loss in `d - 1` and none to a faster loss;
//! * a loss in `d` has only moves to wins, the slowest a win in `d - 1`;
//! * a draw has a move to a draw and none to a loss of the opponent.

use rayon::prelude::*;

use super::index::{self, MIN_SHEEP};
use super::solution::Solution;
use crate::solved::Value;
use crate::solved::SolveError;
use crate::game::{Game, Status};
use crate::games::wolves_sheep::WolvesSheep;

/// Positions found wrong: how many, and the first few with what is wrong.
#[derive(Debug, Default)]
pub struct Verdict {
    /// Entries checked.
    pub checked: u64,
    /// Entries found wrong.
    pub wrong: u64,
    /// Up to [`SHOWN`] of them: position, stored value, what is wrong.
    pub examples: Vec<String>,
}

/// Wrong positions kept as examples.
pub const SHOWN: usize = 10;

/// Checks every entry of the layers of 3 up to `max_sheep` sheep (at most the file's).
pub fn verify(sol: &Solution, max_sheep: u32) -> Result<Verdict, SolveError> {
    let mut total = Verdict::default();
    for k in MIN_SHEEP..=sol.max_sheep().min(max_sheep) {
        let v = verify_layer(sol, k)?;
        total.checked += v.checked;
        total.wrong += v.wrong;
        for e in v.examples {
            if total.examples.len() < SHOWN {
                total.examples.push(e);
            }
        }
    }
    Ok(total)
}

/// Checks every entry of the layer of `k` sheep.
pub fn verify_layer(sol: &Solution, k: u32) -> Result<Verdict, SolveError> {
    let len = sol.layer(k).len() as u64;
    let chunk = 1u64 << 16;
    let parts: Vec<Verdict> = (0..len.div_ceil(chunk))
        .into_par_iter()
        .map(|c| {
            let mut v = Verdict::default();
            for e in c * chunk..((c + 1) * chunk).min(len) {
                v.checked += 1;
                if let Some(problem) = check_entry(sol, k, e)? {
                    v.wrong += 1;
                    if v.examples.len() < SHOWN {
                        v.examples.push(problem);
                    }
                }
            }
            Ok(v)
        })
        .collect::<Result<_, SolveError>>()?;
    let mut total = Verdict::default();
    for p in parts {
        total.checked += p.checked;
        total.wrong += p.wrong;
        total.examples.extend(p.examples);
    }
    total.examples.truncate(SHOWN);
    Ok(total)
}

/// What is wrong with one entry, if anything.
fn check_entry(sol: &Solution, k: u32, e: u64) -> Result<Option<String>, SolveError> {
    let (wolves, sheep, side) = index::position(e, k);
    let pos = WolvesSheep::from_parts(wolves, sheep, side).expect("an index position is legal");
    let stored = Value::from_code(sol.layer(k)[e as usize]).unwrap_or(Value::Draw);
    let problem = match pos.status() {
        Status::Ongoing => check_moves(stored, &sol.move_values(&pos)?),
        Status::Win(r) => {
            let expected = if r == side {
                Value::Win(0)
            } else {
                Value::Loss(0)
            };
            (stored != expected).then(|| format!("a finished board, expected {expected}"))
        }
        Status::Draw => Some("a drawn board cannot arise".into()),
    };
    Ok(problem.map(|p| format!("{} stored {stored}: {p}", pos.to_text())))
}

/// Checks a stored value against the values its moves reach (for the mover).
fn check_moves(stored: Value, moves: &[(impl Copy, Value)]) -> Option<String> {
    let best = moves.iter().map(|&(_, v)| v).max_by_key(|v| v.rank());
    let Some(best) = best else {
        return Some("an unfinished board without a legal move".into());
    };
    if best == stored {
        return None;
    }
    let why = match stored {
        Value::Win(_) => "no move to a loss one ply closer, or a faster one exists",
        Value::Loss(_) => "a move avoids the loss, or no move reaches it one ply closer",
        Value::Draw => "a move wins, or no move keeps the draw",
    };
    Some(format!("best move reaches {best}: {why}"))
}
