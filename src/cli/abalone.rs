//! The BCIT COMP 3981 Abalone front end on the command line: `moves --format bcit` (the
//! Part 2 state space of a `.input` file) and `move --game abalone` (an agent's answer:
//! the chosen move and the resulting board).

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use weightforge::frontends::bcit;
use weightforge::game::Game;
use weightforge::games::abalone::Abalone;

use super::args::{MoveArgs, MovesArgs, MovesFormat};

/// The game name these commands serve.
pub const GAME: &str = Abalone::NAME;

/// `weightforge moves --game abalone --format bcit|bcit-moves [FILE.input]`: every
/// legal move's resulting board (or the moves), one per line, in the instructor's order.
pub fn moves_bcit(a: &MovesArgs) -> Result<()> {
    let pos = match &a.position {
        Some(path) => {
            let text = std::fs::read_to_string(Path::new(path))
                .with_context(|| format!("reading {path}"))?;
            bcit::parse_input(&text).with_context(|| path.clone())?
        }
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("reading standard input")?;
            bcit::parse_input(&text).context("standard input")?
        }
    };
    let out = match a.format {
        MovesFormat::BcitMoves => bcit::move_file(&pos),
        _ => bcit::board_file(&pos),
    };
    print!("{out}");
    Ok(())
}

/// `weightforge move --game abalone`: prints the chosen move (the `.move` line) and the
/// board after it (the `.board` line); with `--output STEM` also writes both files.
pub fn best_move(a: &MoveArgs) -> Result<()> {
    let (pos, mv) = super::play::choose_move::<Abalone>(a)?;
    let (move_line, board_line) = bcit::move_and_board(&pos, mv);
    print!("{move_line}{board_line}");
    if let Some(stem) = &a.output {
        for (ext, text) in [("move", &move_line), ("board", &board_line)] {
            let path = stem.with_extension(ext);
            std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        }
    }
    Ok(())
}
