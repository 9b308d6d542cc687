//! `weightforge engine`: the built-in player as a protocol engine on stdin/stdout.

use anyhow::{bail, Context, Result};
use weightforge::game::Features;
use weightforge::player::PlayerSpec;
use weightforge::served_engine::serve;
use weightforge::with_game;

use super::args::EngineArgs;

/// `weightforge engine`
pub fn run(a: EngineArgs) -> Result<()> {
    with_game!(a.game, G => engine_for::<G>(&a))
}

fn engine_for<G: Features>(a: &EngineArgs) -> Result<()> {
    let PlayerSpec::Genome(genome) =
        PlayerSpec::resolve::<G>(&a.genome).with_context(|| format!("--genome {}", a.genome))?
    else {
        bail!(
            "--genome {}: a genome is needed (a built-in player does not search)",
            a.genome
        );
    };
    let stdin = std::io::stdin();
    serve::<G>(&genome, stdin.lock(), std::io::stdout().lock())?;
    Ok(())
}
