//! Printing helpers more than one command shares: the search budget line (`match`,
//! `tournament`) and the score lines of a series of games (`match`, `vvw arena`).

use weightforge::matches::{result::MatchResult, settings::MatchSettings};
use weightforge::player::PlayerSpec;

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

/// `Search: ...` for a match between two players: the match's budget when it sets one,
/// else each player's own settings (a genome's depth per role and node budget), so a
/// reader knows whether the two searched alike.
pub fn search_line(
    roles: &[&str],
    settings: &MatchSettings,
    (pa, pb): (&PlayerSpec, &PlayerSpec),
) -> String {
    if let Some(line) = budget_line(settings) {
        return line;
    }
    if let Some(d) = settings.depth {
        return format!("Search: both players at depth {d}");
    }
    format!(
        "Search: each player's own settings: A {}; B {}",
        own_search(roles, pa),
        own_search(roles, pb)
    )
}

/// How a player searches when the match sets nothing.
fn own_search(roles: &[&str], p: &PlayerSpec) -> String {
    match p {
        PlayerSpec::Random => "random moves".into(),
        PlayerSpec::Engine(_) => "the engine's own settings".into(),
        PlayerSpec::Perfect(q) => match &q.tie_break {
            Some(g) => format!("the solved game; ties by {}", g.name),
            None => "the solved game; ties drawn at random from the game's seed".to_string(),
        },
        PlayerSpec::Genome(g) => {
            let depths: Vec<String> = roles
                .iter()
                .zip(g.depth)
                .map(|(role, d)| format!("{role} {d}"))
                .collect();
            let nodes = g
                .nodes
                .map_or(String::new(), |n| format!(", at most {n} nodes"));
            format!("depth {}{nodes}", depths.join(", "))
        }
    }
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
