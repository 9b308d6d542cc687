//! A finished pair of games read back from a unit journal (`units/<hash>.units`) is
//! outside input: the file may be damaged or edited. Before a resumed run takes it, it
//! must be the pair that unit plays: its pairing, its opening, A in role 0 then in
//! role 1, scores of 1, ½ or 0 that agree with a fault's loser, and (in validation)
//! two game records whose every move is legal and whose results are the scores. A
//! unit that fails is refused with what is wrong (the journal names the file and line).

use crate::fit::positions_file::Labelled;
use crate::fit::samples::Samples;
use crate::game::{Features, Status};
use crate::played_game::{EndReason, GameRecord};
use crate::record::GameLog;

/// What a unit's definition says its pair must be.
pub struct Expected<'a, G> {
    /// The opening it starts from.
    pub start: &'a G,
    /// Whether its games are written down (validation).
    pub logged: bool,
}

/// What a unit's pair holds, as read back.
pub struct Found<'a> {
    /// The opening's hash.
    pub opening: u64,
    /// The two games.
    pub games: &'a [GameRecord; 2],
    /// Their records, if kept.
    pub logs: Option<&'a [GameLog; 2]>,
    /// The positions kept for a fit.
    pub samples: &'a Samples,
    /// The same positions as text.
    pub texts: &'a [Labelled],
}

/// Checks what a pair holds against `want`.
pub fn check<G: Features>(pair: &Found<'_>, want: &Expected<'_, G>) -> Result<(), String> {
    if pair.opening != want.start.hash() {
        return Err("its opening is not the one this unit draws".into());
    }
    for (j, g) in pair.games.iter().enumerate() {
        record(g, j).map_err(|m| format!("game {}: {m}", j + 1))?;
    }
    match (pair.logs, want.logged) {
        (Some(logs), true) => {
            for (j, log) in logs.iter().enumerate() {
                logged::<G>(log, &pair.games[j], want.start)
                    .map_err(|m| format!("game {} record: {m}", j + 1))?;
            }
        }
        (None, false) => {}
        (Some(_), false) => return Err("game records in a phase that keeps none".into()),
        (None, true) => return Err("no game records in a validation pair".into()),
    }
    samples::<G>(pair.samples)?;
    match pair.texts.iter().find(|t| !(0.0..=1.0).contains(&t.label)) {
        Some(t) => Err(format!("a position label of {}", t.label)),
        None => Ok(()),
    }
}

/// A game's record: legal moves from the unit's opening, and the result its score says.
fn logged<G: Features>(log: &GameLog, game: &GameRecord, start: &G) -> Result<(), String> {
    crate::record_check::check::<G>(log)?;
    if log.start != start.to_text() {
        return Err("it does not start from this unit's opening".into());
    }
    let end = game.end();
    if log.result != result_text(end.status) || log.reason != end.reason {
        return Err(format!(
            "result {} ({:?}), but the score says {}",
            log.result,
            log.reason,
            result_text(end.status)
        ));
    }
    Ok(())
}

/// Game `j` of a pair: A in role `j`, a score of 1, ½ or 0, a fault's role a role of the
/// game and its loser, a time that is a time.
fn record(g: &GameRecord, j: usize) -> Result<(), String> {
    if g.a_role != j {
        return Err(format!("A plays role {}, expected {j}", g.a_role));
    }
    if ![0.0, 0.5, 1.0].contains(&g.a_score) {
        return Err(format!("score {}: expected 1, 0.5 or 0", g.a_score));
    }
    if !(g.seconds.is_finite() && g.seconds >= 0.0) {
        return Err(format!("{} seconds", g.seconds));
    }
    if g.plies as u64 > crate::limits::PLY_CAP.max {
        return Err(format!(
            "{} plies: no game is longer than the ply cap",
            g.plies
        ));
    }
    if let EndReason::Fault { role, .. } = g.reason {
        if role > 1 {
            return Err(format!("a fault by role {role}"));
        }
        if g.end().status != Status::Win(1 - role) {
            return Err(format!("role {role} faulted, but did not lose"));
        }
    }
    Ok(())
}

/// The kept positions' rows: as wide as `G`'s features, one label and one score per row,
/// finite features and labels from 0 to 1 (or unknown).
fn samples<G: Features>(s: &Samples) -> Result<(), String> {
    let width = G::feature_info().len();
    if s.width != width && s.rows(0) + s.rows(1) > 0 {
        return Err(format!(
            "rows {} wide, {} has {width} features",
            s.width,
            G::NAME
        ));
    }
    for r in 0..2 {
        let n = s.labels[r].len();
        if s.features[r].len() != n * s.width || s.scores[r].len() != n {
            return Err(format!("role {r}'s rows are not whole"));
        }
        let bad_label = s.labels[r]
            .iter()
            .any(|l| !(l.is_nan() || (0.0..=1.0).contains(l)));
        let bad_feature = s.features[r].iter().any(|f| !f.is_finite());
        if bad_label || bad_feature {
            return Err(format!(
                "role {r}'s rows hold a label or feature out of range"
            ));
        }
    }
    Ok(())
}

/// A status as a game record writes it.
fn result_text(s: Status) -> &'static str {
    match s {
        Status::Win(0) => "1-0",
        Status::Win(_) => "0-1",
        _ => "1/2-1/2",
    }
}
