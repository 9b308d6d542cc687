//! `weightforge tournament`: a round robin of every ordered pair, printed as the War of
//! Life coursework's table and optionally written as CSV.

use std::time::Instant;

use anyhow::{bail, Context, Result};
use weightforge::game::Game;
use weightforge::tournament::{self, TournamentSettings};
use weightforge::with_game;

use super::args::TournamentArgs;
use super::progress;

/// `weightforge tournament`
pub fn tournament(a: TournamentArgs) -> Result<()> {
    with_game!(a.game, G => tournament_for::<G>(&a))
}

fn tournament_for<G: Game>(a: &TournamentArgs) -> Result<()> {
    if a.games == 0 {
        bail!("--games must be at least 1 (games per ordered pair of players)");
    }
    super::check_flag("--games", a.games, &weightforge::limits::GAMES)?;
    super::check_play_flags(None, a.ply_cap, a.opening_plies)?;
    super::check_budget_flags(a.nodes, a.move_time)?;
    let players = tournament::resolve_players::<G>(&a.players)?;
    let mut settings = TournamentSettings::defaults::<G>(a.games, a.seed);
    if let Some(plies) = a.opening_plies {
        settings.openings.opening_plies = plies;
    }
    if let Some(cap) = a.ply_cap {
        settings.openings.ply_cap = cap;
    }
    settings.openings.nodes = a.nodes;
    settings.openings.move_time_ms = a.move_time;
    let total = players.len() as u64 * players.len() as u64 * a.games;
    let bar = progress::games_bar(total, a.quiet);
    bar.set_prefix(format!("{} players ", players.len()));
    let t0 = Instant::now();
    let (rows, logs) =
        tournament::run::<G>(&players, &settings, a.record.is_some(), &|| bar.inc(1))?;
    bar.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();

    println!(
        "{} round robin: {} players, {} games per ordered pair ({total} games), seed {}, \
         {} opening plies, ply cap {}; P1 plays {}, P2 plays {}",
        G::NAME,
        players.len(),
        a.games,
        a.seed,
        settings.openings.opening_plies,
        settings.openings.ply_cap,
        G::ROLES[0],
        G::ROLES[1]
    );
    if let Some(line) = super::play::budget_line(&settings.openings) {
        println!("{line}");
    }
    print!("{}", tournament::to_table(&rows));
    for line in tournament::fault_lines(&rows) {
        println!("{line}");
    }
    println!(
        "{total} games in {secs:.1} s wall clock ({:.1} games/s)",
        total as f64 / secs.max(1e-9)
    );
    if let Some(path) = &a.record {
        weightforge::record::write(path, &logs)?;
        eprintln!("{} games written to {}", logs.len(), path.display());
    }
    if let Some(path) = &a.csv {
        weightforge::fsutil::write_atomic(path, tournament::to_csv(&rows).as_bytes())
            .with_context(|| format!("writing --csv {}", path.display()))?;
    }
    Ok(())
}
