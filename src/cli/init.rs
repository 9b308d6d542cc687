//! `weightforge init`: a commented experiment file to start a new run from.

use anyhow::{bail, Context, Result};
use weightforge::tune::template::experiment_template;

use super::args::InitArgs;

/// Prints the game's experiment template, or writes it to `--out` (never over a file).
pub fn init(a: InitArgs) -> Result<()> {
    let game = a.game.name();
    let Some(text) = experiment_template(game) else {
        bail!("{game} has no committed experiment to start from");
    };
    let Some(path) = a.out else {
        print!("{text}");
        return Ok(());
    };
    if path.exists() {
        bail!("{}: already exists; choose another --out", path.display());
    }
    std::fs::write(&path, text).with_context(|| format!("{}: cannot write", path.display()))?;
    println!(
        "wrote {}; run it with `weightforge evolve {}`",
        path.display(),
        path.display()
    );
    Ok(())
}
