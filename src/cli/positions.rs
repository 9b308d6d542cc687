//! `weightforge positions`: writes the labelled quiet positions of an experiment's games
//! (its start genome against its opponents and itself, as Texel's first generation
//! plays them) to a position file (docs/positions.md), for a fit or for inspection.

use anyhow::Result;
use weightforge::fit::positions_file;
use weightforge::game::Features;
use weightforge::tune::experiment::Experiment;
use weightforge::tune::positions_stage;
use weightforge::with_game;

use super::args::PositionsArgs;
use super::checks::unknown_game;

/// `weightforge positions`
pub fn positions(a: PositionsArgs) -> Result<()> {
    let exp = Experiment::load(&a.experiment)?;
    let game = exp.game.clone();
    with_game!(game.as_str(), G => positions_for::<G>(exp, &a), Err(unknown_game(&game)))
}

fn positions_for<G: Features>(exp: Experiment, a: &PositionsArgs) -> Result<()> {
    let origin = a.experiment.display().to_string();
    let r = exp.resolve::<G>(&origin)?;
    let mut filter = r
        .exp
        .algorithm
        .position_source()
        .map(|s| s.filter)
        .unwrap_or_default();
    if let Some(p) = a.skip_plies {
        filter.skip_plies = p;
    }
    if a.all {
        filter.quiet = false;
    }
    let (result, positions) = positions_stage::play::<G>(&r, &filter, &|| {})?;
    positions_file::write::<G>(&a.out, &positions)?;
    println!(
        "{} games, {} positions (skip {} plies, quiet only: {}) written to {}",
        result.game_count(),
        positions.len(),
        filter.skip_plies,
        filter.quiet,
        a.out.display()
    );
    Ok(())
}
