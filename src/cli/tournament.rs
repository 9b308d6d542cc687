//! `weightforge tournament`: a round robin of every ordered pair, printed as the War of
//! Life coursework's table and optionally written as CSV.

use std::time::Instant;

use anyhow::{Context, Result};
use weightforge::game::Features;
use weightforge::tournament;
use weightforge::with_game;

use super::args::TournamentArgs;
use super::{print, progress, resolve};

/// `weightforge tournament`
pub fn tournament(a: TournamentArgs) -> Result<()> {
    with_game!(a.game, G => tournament_for::<G>(&a))
}

fn tournament_for<G: Features>(a: &TournamentArgs) -> Result<()> {
    let t = resolve::tournament_flags::<G>(a)?;
    let (players, settings) = (&t.players, &t.settings);
    let total = players.len() as u64 * players.len() as u64 * settings.games;
    let bar = progress::games_bar(total, t.quiet);
    bar.set_prefix(format!("{} players ", players.len()));
    let t0 = Instant::now();
    let (rows, logs) = tournament::run::<G>(players, settings, t.record.is_some(), &|| bar.inc(1))?;
    bar.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();

    println!(
        "{} round robin: {} players, {} games per ordered pair ({total} games), seed {}, \
         {} opening plies, ply cap {}; P1 plays {}, P2 plays {}",
        G::NAME,
        players.len(),
        settings.games,
        settings.seed,
        settings.openings.opening_plies,
        settings.openings.ply_cap,
        G::ROLES[0],
        G::ROLES[1]
    );
    if let Some(line) = print::budget_line(&settings.openings) {
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
    if let Some(path) = &t.record {
        weightforge::record::write(path, &logs)?;
        eprintln!("{} games written to {}", logs.len(), path.display());
    }
    if let Some(path) = &t.csv {
        weightforge::fsutil::write_atomic(path, tournament::to_csv(&rows).as_bytes())
            .with_context(|| format!("writing --csv {}", path.display()))?;
    }
    Ok(())
}
