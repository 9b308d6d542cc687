//! A record file is outside input (it may have been edited, truncated or written by
//! another program), so `weightforge replay` checks each game before it shows it: the
//! roles are the game's, every move is legal in the position before it, every position
//! follows from the one before by that move, and the result and the reason agree with
//! the final position. In a game of chance (Vampires vs Werewolves) a position after a
//! move that none of the outcomes the search models gives (a battle's drawn survivors)
//! is taken as written: the move is checked, the drawn outcome is not.

use crate::game::{Game, Status};
use crate::played_game::EndReason;
use crate::record::GameLog;

/// Checks `log` as a game of `G`; the error says what is wrong and at which ply.
pub fn check<G: Game>(log: &GameLog) -> Result<(), String> {
    if log.roles != G::ROLES.map(str::to_string) {
        return Err(format!("roles {:?}, expected {:?}", log.roles, G::ROLES));
    }
    let mut pos = G::parse(&log.start).map_err(|e| format!("start: {e}"))?;
    let mut outcomes = Vec::new();
    for (i, ply) in log.moves.iter().enumerate() {
        let at = |why: String| format!("ply {}: {why}", i + 1);
        let mv = pos.parse_move(&ply.mv).map_err(|_| {
            at(format!(
                "{:?} is not a legal move in {}",
                ply.mv,
                pos.to_text()
            ))
        })?;
        let after = G::parse(&ply.after)
            .map_err(|e| at(format!("position after: {e}")))?
            .to_text();
        pos.outcomes(mv, &mut outcomes);
        let next = outcomes.iter().find_map(|&(outcome, _)| {
            let mut p = pos.clone();
            p.make(mv, outcome);
            (p.to_text() == after).then_some(p)
        });
        // A game of chance may draw outcomes the search's list lumps together (a
        // Vampires vs Werewolves battle): its position is taken as written.
        let next = next.or_else(|| G::HAS_CHANCE.then(|| G::parse(&after).ok()).flatten());
        pos = next.ok_or_else(|| {
            at(format!(
                "{after} does not follow from {} by {}",
                pos.to_text(),
                ply.mv
            ))
        })?;
    }
    check_result(&pos, log)
}

fn result_text(s: Status) -> &'static str {
    match s {
        Status::Win(0) => "1-0",
        Status::Win(_) => "0-1",
        _ => "1/2-1/2",
    }
}

/// The result and the reason against the final position `pos`.
fn check_result<G: Game>(pos: &G, log: &GameLog) -> Result<(), String> {
    let status = pos.status();
    let allowed: Vec<&str> = match log.reason {
        EndReason::Rules if status == Status::Ongoing => {
            return Err("the reason is `rules` but the final position is not over".into())
        }
        EndReason::Rules => vec![result_text(status)],
        EndReason::PlyCap => vec![
            result_text(pos.capped_status(false)),
            result_text(pos.capped_status(true)),
        ],
        EndReason::NoMove => vec!["1/2-1/2"],
        EndReason::Fault { role, .. } if role > 1 => {
            return Err(format!("fault of role {role}; roles are 0 and 1"))
        }
        EndReason::Fault { role, .. } => vec![if role == 0 { "0-1" } else { "1-0" }],
    };
    if !allowed.contains(&log.result.as_str()) {
        return Err(format!(
            "result {:?}, but the final position and the reason give {}",
            log.result,
            allowed.join(" or ")
        ));
    }
    Ok(())
}
