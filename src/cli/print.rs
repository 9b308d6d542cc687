//! Printing helpers more than one command shares: the search budget line (`match`,
//! `tournament`) and the score lines of a series of games (`match`, `vvw arena`).

use weightforge::matches::{result::MatchResult, settings::MatchSettings};

/// `Search: 20000 nodes per move ...` when the match sets a node budget or a move time.
pub fn budget_line(settings: &MatchSettings) -> Option<String> {
    let upto = settings
        .depth
        .map_or(String::new(), |d| format!(" up to depth {d}"));
    if let Some(n) = settings.nodes {
        return Some(format!(
            "Search: {n} nodes per move, deepening{upto} (deterministic)"
        ));
    }
    settings.move_time_ms.map(|t| {
        format!("Search: {t} ms per move, deepening{upto} (not deterministic: results vary from run to run)")
    })
}

/// Prints W/D/L by role, the score and the speed: the lines every series of games shows
/// (`match`, `vvw arena`).
pub fn score(roles: &[&str], (na, nb): (&str, &str), result: &MatchResult, secs: f64) {
    for (role, w) in roles.iter().zip(&result.by_role) {
        println!(
            "  A as {role}: {} wins, {} draws, {} losses",
            w.wins, w.draws, w.losses
        );
    }
    let w = &result.wdl;
    println!(
        "Score of {na} vs {nb}: {} - {} - {} [{:.3}] {}",
        w.wins,
        w.losses,
        w.draws,
        w.score(),
        result.games()
    );
    println!(
        "Average game length: {:.1} plies; {:.1} s wall clock, {:.1} games/s",
        result.plies as f64 / result.games().max(1) as f64,
        secs,
        result.games() as f64 / secs.max(1e-9)
    );
}
