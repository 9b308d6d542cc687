//! Position rows from game records (`weightforge replay FILE --positions OUT`): every
//! position of every recorded game where the game goes on, the side to move as the row's
//! role and the game's result from its view, so a fit can learn the positions a player
//! actually meets (its own games against the opponents it plays).

use std::collections::HashSet;

use crate::game::{Game, Status};
use crate::limits::AROUND_ROWS;
use crate::record::GameLog;

use super::positions_file::PositionRow;

/// The result of `log` from role `role`'s view: 1 won, ½ drawn, 0 lost.
fn result_for(log: &GameLog, role: usize) -> Result<f32, String> {
    let first = match log.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        other => return Err(format!("result {other:?}: expected 1-0, 0-1 or 1/2-1/2")),
    };
    Ok(if role == 0 { first } else { 1.0 - first })
}

/// The rows of one game (checked before: `record_check::check`): its start and the
/// position after each ply, those where the game goes on, in order; no score (`-`).
pub fn game_rows<G: Game>(log: &GameLog) -> Result<Vec<PositionRow>, String> {
    let texts = std::iter::once(&log.start).chain(log.moves.iter().map(|p| &p.after));
    let mut rows = Vec::with_capacity(log.moves.len() + 1);
    for (ply, text) in texts.enumerate() {
        let pos = G::parse(text).map_err(|e| format!("ply {ply}: {e}"))?;
        if pos.status() != Status::Ongoing {
            continue;
        }
        let role = pos.side_to_move();
        rows.push(PositionRow {
            role,
            result: result_for(log, role)?,
            score: f32::NAN,
            text: pos.to_text(),
        });
    }
    Ok(rows)
}

/// `rows` each once (the first time its position appears), then every ongoing position
/// `plies` or fewer plies from one of them (every move, every outcome of a move), each
/// once, with no result and no score: the positions a search from the recorded ones
/// meets. Errs past [`AROUND_ROWS`] positions.
pub fn around<G: Game>(rows: Vec<PositionRow>, plies: u32) -> Result<Vec<PositionRow>, String> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut out: Vec<PositionRow> = rows
        .into_iter()
        .filter(|r| seen.insert(r.text.clone()))
        .collect();
    let mut frontier: Vec<G> = out
        .iter()
        .map(|r| G::parse(&r.text).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..plies {
        let mut next = Vec::new();
        for mut pos in frontier {
            pos.legal_moves(&mut moves);
            for &mv in &moves {
                pos.outcomes(mv, &mut outcomes);
                for &(outcome, _) in &outcomes {
                    let undo = pos.make(mv, outcome);
                    if pos.status() == Status::Ongoing && seen.insert(pos.to_text()) {
                        out.push(unlabelled(&pos));
                        next.push(pos.clone());
                    }
                    pos.unmake(mv, undo);
                }
            }
            if out.len() as u64 > AROUND_ROWS.max {
                return Err(format!(
                    "more than {} positions ({})",
                    AROUND_ROWS.max, AROUND_ROWS.why
                ));
            }
        }
        frontier = next;
    }
    Ok(out)
}

fn unlabelled<G: Game>(pos: &G) -> PositionRow {
    PositionRow {
        role: pos.side_to_move(),
        result: f32::NAN,
        score: f32::NAN,
        text: pos.to_text(),
    }
}
