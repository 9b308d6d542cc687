//! Reading a board handed over by a course runner, per game.

use anyhow::{bail, Result};
use weightforge::game::{Game, Role};
use weightforge::games::wolves_sheep::{state_file, WolvesSheep};

/// Reads `text` as the state format of game `G`: the course's 5×5 state file for
/// Wolves & Sheep (which needs `role`), the game's position notation otherwise.
pub fn read_state<G: Game>(text: &str, role: Option<Role>) -> Result<G> {
    if G::NAME == WolvesSheep::NAME {
        let Some(role) = role else {
            bail!("the state file does not say who moves: give --role wolves or --role sheep");
        };
        let pos = state_file::parse_state(text, role)?;
        return Ok(G::parse(&pos.to_text())?);
    }
    let pos = G::parse(text.trim())?;
    if let Some(r) = role {
        if r != pos.side_to_move() {
            bail!(
                "--role {} does not match the position's side to move ({})",
                G::ROLES[r],
                G::ROLES[pos.side_to_move()]
            );
        }
    }
    Ok(pos)
}
